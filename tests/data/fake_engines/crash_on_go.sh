#!/bin/sh
# A fake UCI engine that dies (status 5) in the middle of a search.
while read -r line; do
    case "$line" in
        uci) echo "id name Fake Fragile"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) echo "info depth 1 score cp 5 nodes 10 pv e2e4"; exit 5 ;;
        quit) exit 0 ;;
    esac
done
