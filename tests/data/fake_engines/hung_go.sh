#!/bin/sh
# A fake UCI engine that hangs on "go": it sleeps and reads nothing more, not even stop or quit.
while read -r line; do
    case "$line" in
        uci) echo "id name Fake Hung"; echo "uciok" ;;
        isready) echo "readyok" ;;
        go*) sleep 30 ;;
        quit) exit 0 ;;
    esac
done
