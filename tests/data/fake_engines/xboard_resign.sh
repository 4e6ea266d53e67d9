#!/bin/bash
# A fake xboard engine that gives up, for xboard_engine_test.cpp. Argument: resign (go answers
# "resign"), result (go answers "0-1 {White resigns}": it plays White), claim (go answers a
# false claim "1-0 {White mates}" and then e2e4), later (go answers e2e4, then resigns while
# the opponent is on move).
mode="$1"
while IFS= read -r line; do
    case "$line" in
        protover\ *) echo 'feature myname="Fake Resign" ping=1 done=1' ;;
        ping\ *) echo "pong ${line#ping }" ;;
        go)
            case "$mode" in
                resign) echo "resign" ;;
                result) echo "0-1 {White resigns}" ;;
                claim) echo "1-0 {White mates}"; echo "move e2e4" ;;
                later) echo "move e2e4"; echo "resign" ;;
            esac
            ;;
        quit) exit 0 ;;
    esac
done
