#!/bin/sh
# A fake UCI engine that does not answer "go" by itself: only "stop" makes it play e2e4.
while read -r line; do
    case "$line" in
        uci) echo "id name Fake Slow"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1 score cp 5 nodes 10 pv e2e4" ;;
        stop) echo "bestmove e2e4" ;;
        quit) exit 0 ;;
    esac
done
