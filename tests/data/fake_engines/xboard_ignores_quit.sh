#!/bin/bash
# A fake xboard engine that ignores "quit", SIGTERM, SIGINT and the end of its input, like an
# engine that hangs on shutdown: only a kill ends it.
trap '' TERM INT HUP
while :; do
    if IFS= read -r line; then
        case "$line" in
            protover\ *) echo 'feature myname="Fake Stubborn" ping=1 done=1' ;;
            ping\ *) echo "pong ${line#ping }" ;;
            go) echo "move e2e4" ;;
        esac
    else
        sleep 30
    fi
done
