#!/bin/sh
# A well-behaved fake UCI engine for tests/unit/uci_engine_test.cpp. It plays e2e4, or e7e5
# after "position startpos moves e2e4"; its last output line reaches the pipe in two pieces.
position=""
while read -r line; do
    case "$line" in
        uci)
            echo "id name Fake Good"
            echo "id author Kibitz tests"
            echo "option name Hash type spin default 16 min 1 max 1024"
            echo "option name Threads type spin default 1 min 1 max 8"
            echo "option name Clear Hash type button"
            echo "option name Style type combo default Normal var Solid var Normal"
            echo "uciok"
            ;;
        isready) echo "readyok" ;;
        position*) position="$line" ;;
        go*)
            move=e2e4
            reply=e7e5
            if [ "$position" = "position startpos moves e2e4" ]; then
                move=e7e5
                reply=g1f3
            fi
            echo "info depth 1 score cp 20 nodes 20 pv $move"
            echo "info depth 2 seldepth 4 multipv 1 score cp 31 lowerbound nodes 150 time 2 pv $move $reply"
            echo "info depth 2 multipv 2 score cp -50 nodes 160 pv a2a3"
            echo "info string this is not a pv $move"
            printf 'best'
            sleep 0.05
            printf 'move %s ponder %s\n' "$move" "$reply"
            ;;
        quit) exit 0 ;;
    esac
done
