#!/bin/sh
# A fake UCI engine that plays a fixed list of UCI moves, for tests/unit/match_game_test.cpp.
# Arguments: [score=CP] MOVE... ; for a position with n moves played it answers the (n+1)-th
# move of the list (both players get the same list), after "info depth 1 score cp CP" (0 by
# default). When the list has no move for the position it exits with status 3 (a crash).
score=0
case "$1" in
    score=*) score="${1#score=}"; shift ;;
esac
i=0
for move in "$@"; do
    eval "MOVES_$i=$move"
    i=$((i + 1))
done
played=0
while read -r line; do
    case "$line" in
        uci) echo "id name Fake Scripted"; echo "uciok" ;;
        isready) echo "readyok" ;;
        position*)
            set -- $line
            played=0
            seen=0
            for word in "$@"; do
                if [ "$seen" = 1 ]; then played=$((played + 1)); fi
                if [ "$word" = moves ]; then seen=1; fi
            done
            ;;
        go*)
            eval "move=\${MOVES_$played:-}"
            if [ -z "$move" ]; then exit 3; fi
            echo "info depth 1 score cp $score nodes 1 pv $move"
            echo "bestmove $move"
            ;;
        quit) exit 0 ;;
    esac
done
