#!/bin/bash
# A fake xboard engine whose handshake never ends with done=1, for xboard_engine_test.cpp.
# Argument: v1 (protocol version 1: no feature at all), partial (features but no done),
# done0 (done=0 and nothing more). It answers ping with pong and go with e2e4.
mode="$1"
while IFS= read -r line; do
    case "$line" in
        protover\ *)
            case "$mode" in
                v1) echo "Error (unknown command): protover" ;;
                partial) echo 'feature myname="Fake Partial" ping=1' ;;
                done0) echo 'feature done=0' ;;
            esac
            ;;
        ping\ *) echo "pong ${line#ping }" ;;
        go) echo "move e2e4" ;;
        quit) exit 0 ;;
    esac
done
