#!/bin/bash
# A fake xboard engine that exits unasked, for xboard_engine_test.cpp. Argument: handshake (it
# exits with status 3 after its first feature line) or go (it exits with status 5 on go, after
# one line of thinking output).
mode="$1"
while IFS= read -r line; do
    case "$line" in
        protover\ *)
            echo 'feature myname="Fake Fragile" ping=1'
            if [ "$mode" = handshake ]; then exit 3; fi
            echo 'feature done=1'
            ;;
        ping\ *) echo "pong ${line#ping }" ;;
        go) echo " 1 10 0 5 e2e4"; exit 5 ;;
        quit) exit 0 ;;
    esac
done
