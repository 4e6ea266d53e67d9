# ctest entries for Othello's protocols: `kibitz othello gtp` and `kibitz othello nboard` fed a
# short script each, and one game over GTP against GRhino's gtp-rhino when it is installed.
# Included from tests/cli.cmake. GGF's ';' is written as printf's \073: a ';' in a CMake
# argument would split it.

# ---- GTP ---------------------------------------------------------------------------------
add_test(NAME cli_othello_gtp_session
         COMMAND sh -c "printf '1 name\\n2 boardsize 8\\n3 play black f5\\n4 play black d6\\n5 play white d6\\n6 genmove black\\n7 boardsize 10\\n8 final_score\\n9 play white z9\\n10 quit\\n' | \"$<TARGET_FILE:kibitz>\" othello gtp --depth 2")
set_tests_properties(cli_othello_gtp_session PROPERTIES PASS_REGULAR_EXPRESSION
    "=1 Kibitz\n\n=2\n\n=3\n\n\\?4 illegal move: it is white's turn, not black's\n\n=5\n\n=6 [A-H][1-8]\n\n\\?7 unacceptable size: 10[^\n]*\n\n\\?8 cannot score: the game is not over\n\n\\?9 syntax error: invalid vertex 'z9'[^\n]*\n\n=10\n")
add_test(NAME cli_othello_gtp_bad_eval
         COMMAND sh -c "\"$<TARGET_FILE:kibitz>\" othello gtp --eval psychic < /dev/null 2>&1; test $? -eq 2 || echo UNEXPECTED-EXIT-STATUS")
set_tests_properties(cli_othello_gtp_bad_eval PROPERTIES
                     PASS_REGULAR_EXPRESSION "--eval: .*psychic"
                     FAIL_REGULAR_EXPRESSION "UNEXPECTED-EXIT-STATUS")

# A search without limits (depth 60, no movetime) must not outlive its input: at the end of
# the input, or at quit while the input stays open (a FIFO here), the genmove answers with
# its best move so far (after a grace period of a second) and the program exits.
add_test(NAME cli_othello_gtp_eof_stops_search
         COMMAND sh -c "printf '1 kibitz-depth 60\\n2 kibitz-movetime 0\\n3 genmove black\\n' | \"$<TARGET_FILE:kibitz>\" othello gtp")
set_tests_properties(cli_othello_gtp_eof_stops_search PROPERTIES
                     PASS_REGULAR_EXPRESSION "^=1\n\n=2\n\n=3 [A-H][1-8]\n\n$"
                     TIMEOUT 20)
file(WRITE "${CMAKE_BINARY_DIR}/othello_gtp_quit.sh" [=[
#!/bin/sh
# usage: othello_gtp_quit.sh KIBITZ: quit during a search without limits, the input left open.
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/in"
"$1" othello gtp < "$dir/in" &
pid=$!
exec 3> "$dir/in"
printf '1 kibitz-depth 60\n2 kibitz-movetime 0\n3 genmove black\n4 quit\n' >&3
wait "$pid"
echo "kibitz exited with status $? while its input was still open"
exec 3>&-
]=])
add_test(NAME cli_othello_gtp_quit_stops_search
         COMMAND sh "${CMAKE_BINARY_DIR}/othello_gtp_quit.sh" "$<TARGET_FILE:kibitz>")
set_tests_properties(cli_othello_gtp_quit_stops_search PROPERTIES
                     PASS_REGULAR_EXPRESSION "=3 [A-H][1-8]\n\n=4\n\nkibitz exited with status 0 while"
                     TIMEOUT 20)

# ---- NBoard ------------------------------------------------------------------------------
set(nboard_start "---------------------------O*------*O---------------------------")
# "go" then "ping": the move first, the pong last (the input ends; the session still answers).
add_test(NAME cli_othello_nboard_go_ping
         COMMAND sh -c "printf 'nboard 2\\nset depth 3\\nset game (\\073GM[Othello]TY[8]BO[8 ${nboard_start} *]B[F5]W[D6]\\073)\\ngo\\nping 2\\n' | \"$<TARGET_FILE:kibitz>\" othello nboard")
set_tests_properties(cli_othello_nboard_go_ping PROPERTIES PASS_REGULAR_EXPRESSION
    "^set myname Kibitz\n.*=== [A-H][1-8]/-?[0-9]+\\.[0-9][0-9]/[0-9]+\\.[0-9][0-9]\n.*pong 2\n$")
# "go" at depth 60, then the end of the input: the search stops after the grace period and
# still sends its move.
add_test(NAME cli_othello_nboard_eof_stops_search
         COMMAND sh -c "printf 'nboard 2\\nset depth 60\\ngo\\n' | \"$<TARGET_FILE:kibitz>\" othello nboard")
set_tests_properties(cli_othello_nboard_eof_stops_search PROPERTIES PASS_REGULAR_EXPRESSION
    "=== [A-H][1-8]/-?[0-9]+\\.[0-9][0-9]/[0-9]+\\.[0-9][0-9]\nstatus Kibitz is waiting\n$"
    TIMEOUT 20)
# A line over 1 MiB is refused with a message; the session goes on (GTP and NBoard).
add_test(NAME cli_othello_nboard_long_line
         COMMAND sh -c "{ printf 'nboard 2\\n'; head -c 2000000 /dev/zero; printf '\\nping 3\\n'; } | \"$<TARGET_FILE:kibitz>\" othello nboard")
set_tests_properties(cli_othello_nboard_long_line PROPERTIES PASS_REGULAR_EXPRESSION
    "status error: input line ignored: longer than 1 MiB\npong 3\n" TIMEOUT 30)
add_test(NAME cli_othello_gtp_long_line
         COMMAND sh -c "{ printf '1 name\\n'; head -c 2000000 /dev/zero; printf '\\n2 name\\n'; } | \"$<TARGET_FILE:kibitz>\" othello gtp")
set_tests_properties(cli_othello_gtp_long_line PROPERTIES PASS_REGULAR_EXPRESSION
    "=1 Kibitz\n\n\\? input line ignored: longer than 1 MiB\n\n=2 Kibitz\n" TIMEOUT 30)
add_test(NAME cli_othello_nboard_hint
         COMMAND sh -c "printf 'nboard 2\\nset depth 2\\nset game (\\073GM[Othello]BO[8 ${nboard_start} *]B[F5]\\073)\\nhint 2\\n' | \"$<TARGET_FILE:kibitz>\" othello nboard")
set_tests_properties(cli_othello_nboard_hint PROPERTIES PASS_REGULAR_EXPRESSION
    "status Kibitz is thinking\n(search [A-H][1-8][-A-H1-8PA]* -?[0-9]+\\.[0-9][0-9] 0 [12]\n)+status Kibitz is waiting\n$")
add_test(NAME cli_othello_nboard_bad_game
         COMMAND sh -c "printf 'nboard 2\\nset game (\\073GM[Othello]B[F5]W[A1]\\073)\\nping 1\\n' | \"$<TARGET_FILE:kibitz>\" othello nboard")
set_tests_properties(cli_othello_nboard_bad_game PROPERTIES PASS_REGULAR_EXPRESSION
    "status error: set game: GGF: move 2 W\\[A1\\]: move A1 is not legal here\npong 1\n")

# --hash beyond the memory (ulimit -v makes that 2 GB here): refused by name at the start, not
# "std::bad_alloc". Not under the sanitizers, which need more address space than that.
if(NOT KIBITZ_SANITIZE)
    add_test(NAME cli_othello_nboard_hash_beyond_memory
             COMMAND sh -c "ulimit -v 2000000 && \"$<TARGET_FILE:kibitz>\" othello nboard --hash 65536 < /dev/null 2>&1; test $? -eq 2 || echo UNEXPECTED-EXIT-STATUS")
    set_tests_properties(cli_othello_nboard_hash_beyond_memory PROPERTIES
                         PASS_REGULAR_EXPRESSION "--hash 65536: the search's table and the solver's take 131072 MB together, but only [0-9]+ MB of memory are available"
                         FAIL_REGULAR_EXPRESSION "UNEXPECTED-EXIT-STATUS"
                         TIMEOUT 20)
endif()

# ---- A game against gtp-rhino (Debian's grhino) -----------------------------------------
# A POSIX sh driver: both engines on FIFOs, genmove to the side to move, the move relayed to
# the other with play. Passes are not relayed (gtp-rhino takes no "play <colour> pass"; both
# pass for the side to move themselves). At the end both must report the same final_score.
file(WRITE "${CMAKE_BINARY_DIR}/othello_gtp_match.sh" [=[
#!/bin/sh
# usage: othello_gtp_match.sh KIBITZ [kibitz options...]: kibitz black, gtp-rhino white.
set -u
kibitz=$1
shift
rhino=$(command -v gtp-rhino || true)
[ -z "$rhino" ] && [ -x /usr/games/gtp-rhino ] && rhino=/usr/games/gtp-rhino
if [ -z "$rhino" ]; then
    echo "SKIPPED: gtp-rhino is not installed (Debian package grhino)"
    exit 0
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/k_in" "$dir/k_out" "$dir/r_in" "$dir/r_out"
"$kibitz" othello gtp "$@" < "$dir/k_in" > "$dir/k_out" &
"$rhino" -l 1 < "$dir/r_in" > "$dir/r_out" &
exec 3> "$dir/k_in" 4< "$dir/k_out" 5> "$dir/r_in" 6< "$dir/r_out"
# ask OUT IN COMMAND: sends a command, reads the response; answer is its first line.
ask() {
    echo "$3" >&"$1"
    answer=""
    while IFS= read -r line <&"$2"; do
        [ -z "$line" ] && return 0
        [ -z "$answer" ] && answer=$line
    done
    echo "ERROR: no response to '$3'"
    exit 1
}
for engine in "3 4" "5 6"; do
    set -- $engine
    ask "$1" "$2" "boardsize 8"
    ask "$1" "$2" "clear_board"
done
color=black
passes=0
turns=0
moves=""
while [ "$passes" -lt 2 ] && [ "$turns" -lt 130 ]; do
    if [ "$color" = black ]; then me="3 4"; other="5 6"; else me="5 6"; other="3 4"; fi
    set -- $me
    ask "$1" "$2" "genmove $color"
    case $answer in
        "= "*) move=${answer#= } ;;
        *) echo "ERROR: genmove $color: $answer"; exit 1 ;;
    esac
    moves="$moves $move"
    turns=$((turns + 1))
    if [ "$move" = pass ]; then
        passes=$((passes + 1))
    else
        passes=0
        set -- $other
        ask "$1" "$2" "play $color $move"
        case $answer in
            "="*) ;;
            *) echo "ERROR: play $color $move: $answer"; exit 1 ;;
        esac
    fi
    if [ "$color" = black ]; then color=white; else color=black; fi
done
ask 3 4 final_score
kibitz_score=$answer
ask 5 6 final_score
rhino_score=$answer
ask 3 4 quit
ask 5 6 quit
wait
echo "moves:$moves"
echo "final_score: kibitz (black) '$kibitz_score', gtp-rhino (white) '$rhino_score'"
if [ "$kibitz_score" = "$rhino_score" ]; then echo "scores agree"; else echo "scores DISAGREE"; fi
]=])
add_test(NAME cli_othello_gtp_vs_rhino
         COMMAND sh "${CMAKE_BINARY_DIR}/othello_gtp_match.sh" "$<TARGET_FILE:kibitz>"
                 --depth 2 --solve-empties 8)
set_tests_properties(cli_othello_gtp_vs_rhino PROPERTIES
                     PASS_REGULAR_EXPRESSION "final_score: kibitz \\(black\\) '= (B\\+|W\\+)?[0-9]+'.*scores agree"
                     FAIL_REGULAR_EXPRESSION "ERROR|DISAGREE"
                     SKIP_REGULAR_EXPRESSION "SKIPPED"
                     TIMEOUT 120)

# `kibitz othello match` against gtp-rhino: its GTP player relays passes that gtp-rhino
# refuses ("play <colour> pass"), so every game must finish without a player error.
add_test(NAME cli_othello_match_vs_rhino
         COMMAND sh -c "r=$(command -v gtp-rhino || echo /usr/games/gtp-rhino)\ntest -x \"$r\" || exec echo SKIPPED\nexec \"$<TARGET_FILE:kibitz>\" othello match kibitz:depth=1,solve=6 \"gtp:$r -l 1\" --pairs 2 --opening-plies 8")
set_tests_properties(cli_othello_match_vs_rhino PROPERTIES
                     PASS_REGULAR_EXPRESSION "Score of kibitz:depth=1,solve=6 vs "
                     FAIL_REGULAR_EXPRESSION "game [0-9]+: [^\n]*\\["
                     SKIP_REGULAR_EXPRESSION "SKIPPED"
                     TIMEOUT 120)

# `kibitz othello match` against an NBoard engine: Kibitz's own, so that no other program is
# needed; every game must finish without a player error, with each side's CPU time.
add_test(NAME cli_othello_match_vs_nboard
         COMMAND "$<TARGET_FILE:kibitz>" othello match kibitz:depth=1,solve=6
                 "nboard:depth=2,name=nb:$<TARGET_FILE:kibitz> othello nboard --solve-empties 6"
                 --pairs 2)
set_tests_properties(cli_othello_match_vs_nboard PROPERTIES
                     PASS_REGULAR_EXPRESSION "Score of kibitz:depth=1,solve=6 vs nb: .*Thinking time a move \\(wall, CPU\\): kibitz:depth=1,solve=6 [0-9.]+ s \\(CPU [0-9.]+ s\\), nb "
                     FAIL_REGULAR_EXPRESSION "game [0-9]+: [^\n]*\\["
                     TIMEOUT 120)

# `kibitz othello match --state`: two pairs saved, then the same match with four pairs resumes
# after them, and a state file written for another player is refused by name.
add_test(NAME cli_othello_match_state
         COMMAND sh -c "f=\"${CMAKE_CURRENT_BINARY_DIR}/othello_match_state_$$.state\"\nrm -f \"$f\"\nk=\"$<TARGET_FILE:kibitz>\"\n\"$k\" othello match kibitz:depth=1 kibitz:depth=2 --pairs 2 --state \"$f\" >/dev/null || exit 1\n\"$k\" othello match kibitz:depth=1 kibitz:depth=2 --pairs 4 --state \"$f\" | grep -E 'Resuming|^Score'\n\"$k\" othello match kibitz:depth=3 kibitz:depth=2 --pairs 4 --state \"$f\" 2>&1 | tail -1\nrm -f \"$f\"")
set_tests_properties(cli_othello_match_state PROPERTIES
                     PASS_REGULAR_EXPRESSION "Resuming: 4 games read from the state file\nScore of kibitz:depth=1 vs kibitz:depth=2: [0-9]+ - [0-9]+ - [0-9]+  \\[[0-9.]+\\] 8\n.*was written for a different first: kibitz:depth=1 vs kibitz:depth=3"
                     TIMEOUT 120)

# `kibitz othello probcut-fit --cpp --out FILE`, then a match player with those models and the
# shallower check (`models=FILE,check=3`); a models file that is not one is refused by name.
add_test(NAME cli_othello_match_probcut_models
         COMMAND sh -c "f=\"${CMAKE_CURRENT_BINARY_DIR}/othello_models_$$.inc\"\nk=\"$<TARGET_FILE:kibitz>\"\n\"$k\" othello probcut-fit --positions 20 --max-depth 4 --cpp --out \"$f\" 2>/dev/null || exit 1\n\"$k\" othello match \"kibitz:depth=5,models=$f,check=3,name=new\" kibitz:depth=5 --pairs 1 | grep '^Score'\necho '{{1, 2}}' > \"$f\"\n\"$k\" othello match \"kibitz:depth=5,models=$f\" kibitz:depth=5 --pairs 1 2>&1 | tail -1\nrm -f \"$f\"")
set_tests_properties(cli_othello_match_probcut_models PROPERTIES
                     PASS_REGULAR_EXPRESSION "Score of new vs kibitz:depth=5: [0-9]+ - [0-9]+ - [0-9]+  \\[[0-9.]+\\] 2\n.*player option models: ProbCut models file '[^']*othello_models_[0-9]+\\.inc', line 1: a '\\{' is expected, not '1'"
                     TIMEOUT 120)
