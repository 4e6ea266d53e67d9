#!/bin/bash
# A fake xboard engine that moves badly, for xboard_engine_test.cpp. Its 1st go answers the
# illegal e2e5, the 2nd the unparsable xyz, the 3rd a legal Nf3 in the old "My move is:" form.
# With the argument refuse it answers every move it is sent with "Illegal move: MOVE".
refuse="$1"
k=0
while IFS= read -r line; do
    case "$line" in
        protover\ *) echo 'feature myname="Fake Illegal" ping=1 setboard=1 done=1' ;;
        ping\ *) echo "pong ${line#ping }" ;;
        go)
            k=$((k + 1))
            case $k in
                1) echo "move e2e5" ;;
                2) echo "move xyz" ;;
                *) echo "My move is: Nf3" ;;
            esac
            ;;
        quit) exit 0 ;;
        [a-h][1-8][a-h][1-8]*) if [ "$refuse" = refuse ]; then echo "Illegal move: $line"; fi ;;
    esac
done
