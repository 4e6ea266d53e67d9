#!/bin/bash
# A well-behaved fake xboard engine for tests/unit/xboard_engine_test.cpp.
# Arguments: [log=FILE] [usermove] [san] [noping] [nosetboard] [nps] [reuse0] [nosd] MOVE...
# It answers protover with features (done=0 first, several per line, quoted strings), ping with
# pong, and go with the (n+1)-th MOVE, where n counts the moves on its board since new or
# setboard (those it was sent and its own), after thinking output and chatter that an interface
# must skip; after its move it claims a result, which the interface must ignore. With nosd it
# answers "sd N" with "Illegal move: sd N" and takes "depth" + "N" instead. With no MOVE
# left it exits with status 3. Every line it receives is appended to FILE.
log=/dev/null
usermove=0 san=0 ping=1 setboard=1 nps=0 reuse=1 sd=1
moves=()
for arg in "$@"; do
    case "$arg" in
        log=*) log="${arg#log=}" ;;
        usermove) usermove=1 ;;
        san) san=1 ;;
        noping) ping=0 ;;
        nosetboard) setboard=0 ;;
        nps) nps=1 ;;
        reuse0) reuse=0 ;;
        nosd) sd=0 ;;
        *) moves+=("$arg") ;;
    esac
done
n=0
while IFS= read -r line; do
    printf '%s\n' "$line" >>"$log"
    case "$line" in
        xboard | accepted\ * | rejected\ * | force | post | hard | easy | computer | \?) ;;
        level\ * | st\ * | time\ * | otim\ * | nps\ * | memory\ * | cores\ * | depth | [0-9]*) ;;
        sd\ *) if [ "$sd" = 0 ]; then echo "Illegal move: $line"; fi ;;
        option\ * | variant\ *) ;;
        edit | \# | c | . | [PNBRQK][a-h][1-8]) ;;  # edit mode (without setboard)
        protover\ *)
            echo 'feature done=0'
            echo "feature myname=\"Fake Xboard\" ping=$ping setboard=$setboard usermove=$usermove san=$san"
            echo "feature colors=0 sigint=0 sigterm=0 reuse=$reuse nps=$nps memory=1 smp=1 xedit=1 variants=\"normal,fischerandom\""
            echo 'feature option="Style -combo Solid /// *Normal" option="Depth Bonus -spin 0 0 10"'
            echo 'feature option="Clear Hash -button" option="Ponder Hard -check 0"'
            echo 'feature done=1'
            ;;
        ping\ *) echo "pong ${line#ping }" ;;
        new | setboard\ *) n=0 ;;
        go)
            move="${moves[$n]}"
            if [ -z "$move" ]; then exit 3; fi
            echo "telluser thinking about $move"
            echo " 1     20      0     20 $move"
            echo "Error (unknown command): computer"
            echo " 2    -31      3    150 3 7 $move"
            echo "                  cont"
            echo "tellics say hello"
            echo "# a debug line"
            echo "move $move"
            echo "1/2-1/2 {Draw claimed}"
            n=$((n + 1))
            ;;
        quit) exit 0 ;;
        usermove\ *) n=$((n + 1)) ;;
        *) if [ "$usermove" = 0 ]; then n=$((n + 1)); fi ;;
    esac
done
