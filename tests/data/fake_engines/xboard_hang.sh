#!/bin/bash
# A fake xboard engine whose search does not end by itself, for xboard_engine_test.cpp. It
# answers the handshake and ping, never moves on go, and ignores "?" unless given the argument
# movenow, when "?" makes it move e2e4 at once.
mode="$1"
while IFS= read -r line; do
    case "$line" in
        protover\ *) echo 'feature myname="Fake Hung" ping=1 done=1' ;;
        ping\ *) echo "pong ${line#ping }" ;;
        go) echo " 1 10 0 5 e2e4" ;;
        \?) if [ "$mode" = movenow ]; then echo "move e2e4"; fi ;;
        quit) exit 0 ;;
    esac
done
