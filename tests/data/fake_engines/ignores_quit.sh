#!/bin/sh
# A fake UCI engine that answers uci, isready and go but ignores "quit" (and end of input),
# like an engine that hangs on shutdown: only a kill ends it.
trap '' TERM INT HUP
while :; do
    if read -r line; then
        case "$line" in
            uci) echo "id name Fake Stubborn"; echo "uciok" ;;
            isready) echo "readyok" ;;
            go*) echo "bestmove e2e4" ;;
        esac
    else
        sleep 30
    fi
done
