#!/bin/sh
# A fake UCI engine that answers "go" with an illegal move (depth 1: e2e5), a word that is not
# a move (depth 2: xyz) or no move at all (other searches).
while read -r line; do
    case "$line" in
        uci) echo "id name Fake Illegal"; echo "uciok" ;;
        isready) echo "readyok" ;;
        "go depth 1") echo "bestmove e2e5" ;;
        "go depth 2") echo "bestmove xyz" ;;
        go*) echo "bestmove" ;;
        quit) exit 0 ;;
    esac
done
