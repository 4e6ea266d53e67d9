# ctest entries that run the kibitz binary. Included from the top-level CMakeLists.txt.

add_test(NAME cli_help COMMAND kibitz --help)
set_tests_properties(cli_help PROPERTIES PASS_REGULAR_EXPRESSION "uci")

add_test(NAME cli_version COMMAND kibitz --version)
set_tests_properties(cli_version PROPERTIES PASS_REGULAR_EXPRESSION "^kibitz ${PROJECT_VERSION}")

add_test(NAME cli_uci_handshake
         COMMAND sh -c "printf 'uci\\nisready\\nquit\\n' | \"$<TARGET_FILE:kibitz>\"")
set_tests_properties(cli_uci_handshake PROPERTIES PASS_REGULAR_EXPRESSION "uciok.*readyok")

add_test(NAME cli_bad_option COMMAND kibitz --no-such-option)
set_tests_properties(cli_bad_option PROPERTIES WILL_FAIL TRUE)

# ---- Perft suites -----------------------------------------------------------------------
# Fast subsets of data/perft/*.epd (the full depths run by hand, see data/README.md). A suite
# exits non-zero on any mismatch, which fails the test. At depth 4 each takes about 0.1 s in a
# Release build and about 1 s in the ASan+UBSan build (mostly sanitizer start-up).
set(KIBITZ_PERFT_SUITE_DEPTH 4 CACHE STRING "Deepest ply the ctest perft suites check")
set(perft_data "${PROJECT_SOURCE_DIR}/data/perft")

add_test(NAME perft_startpos COMMAND kibitz perft 5)
set_tests_properties(perft_startpos PROPERTIES PASS_REGULAR_EXPRESSION "Nodes: 4865609\n")

add_test(NAME perft_suite_classic
         COMMAND kibitz perft --suite ${perft_data}/perftsuite.epd
                 --max-depth ${KIBITZ_PERFT_SUITE_DEPTH})
add_test(NAME perft_suite_cpw
         COMMAND kibitz perft --suite ${perft_data}/cpw_perft_results.epd
                 --max-depth ${KIBITZ_PERFT_SUITE_DEPTH})
add_test(NAME perft_suite_chess960
         COMMAND kibitz perft --suite ${perft_data}/chess960.epd --chess960
                 --max-depth ${KIBITZ_PERFT_SUITE_DEPTH})
set_tests_properties(perft_suite_classic perft_suite_cpw perft_suite_chess960
                     PROPERTIES FAIL_REGULAR_EXPRESSION "FAIL")

# A suite with a wrong count must fail: by exit status, and for the right reason.
add_test(NAME perft_suite_wrong_fails
         COMMAND kibitz perft --suite ${PROJECT_SOURCE_DIR}/tests/data/perft_wrong.epd)
set_tests_properties(perft_suite_wrong_fails PROPERTIES WILL_FAIL TRUE)
add_test(NAME perft_suite_wrong_reports
         COMMAND kibitz perft --suite ${PROJECT_SOURCE_DIR}/tests/data/perft_wrong.epd)
set_tests_properties(perft_suite_wrong_reports PROPERTIES PASS_REGULAR_EXPRESSION
                     "FAIL .*D2 got 400 expected 401.*mismatches 1")

# ---- PGN ---------------------------------------------------------------------------------
file(GLOB pgn_corpus ${PROJECT_SOURCE_DIR}/tests/fuzz/corpus/pgn/*.pgn)
list(FILTER pgn_corpus EXCLUDE REGEX "errors\\.pgn$")
add_test(NAME cli_pgn_read COMMAND kibitz pgn ${pgn_corpus})
set_tests_properties(cli_pgn_read PROPERTIES PASS_REGULAR_EXPRESSION "games read 15, malformed 0")
add_test(NAME cli_pgn_errors
         COMMAND kibitz pgn ${PROJECT_SOURCE_DIR}/tests/fuzz/corpus/pgn/errors.pgn)
set_tests_properties(cli_pgn_errors PROPERTIES PASS_REGULAR_EXPRESSION
    "errors.pgn:2: game 1: move 2. Ke3 is illegal.*games read 6, malformed 5")

# ---- Search ------------------------------------------------------------------------------
add_test(NAME cli_bench COMMAND kibitz bench 6)
set_tests_properties(cli_bench PROPERTIES PASS_REGULAR_EXPRESSION "Nodes searched: [1-9]")
add_test(NAME cli_uci_go_infinite_stop
         COMMAND sh -c "(printf 'uci\\nposition startpos moves e2e4\\ngo infinite\\n'; sleep 2; printf 'stop\\nquit\\n') | \"$<TARGET_FILE:kibitz>\"")
set_tests_properties(cli_uci_go_infinite_stop PROPERTIES PASS_REGULAR_EXPRESSION
    "info depth.*bestmove [a-h][1-8][a-h][1-8]")
# "bench" and "go perft" run like searches: "isready" is answered at once, "stop" ends them
# (both would run for hours otherwise), and a stopped bench prints no "Nodes searched" total.
add_test(NAME cli_uci_bench_isready_stop
         COMMAND sh -c "printf 'uci\\nbench 30\\nisready\\nstop\\nquit\\n' | \"$<TARGET_FILE:kibitz>\"")
set_tests_properties(cli_uci_bench_isready_stop PROPERTIES
                     PASS_REGULAR_EXPRESSION "uciok\n.*readyok\n.*info string bench stopped after [0-9]+ positions"
                     FAIL_REGULAR_EXPRESSION "Nodes searched"
                     TIMEOUT 30)
add_test(NAME cli_uci_perft_isready_stop
         COMMAND sh -c "printf 'position startpos\\ngo perft 9\\nisready\\nstop\\nquit\\n' | \"$<TARGET_FILE:kibitz>\"")
set_tests_properties(cli_uci_perft_isready_stop PROPERTIES
                     PASS_REGULAR_EXPRESSION "readyok\n.*info string go perft 9 stopped after [0-9]+ of 20 moves"
                     TIMEOUT 30)
# Numbers beyond their range are clamped and named, never wrapped (1e19 used to be refused
# without a search, and 9e18 ms to wrap into an instant move).
add_test(NAME cli_uci_go_huge_numbers
         COMMAND sh -c "printf 'position startpos\\ngo wtime 1000 btime 1000 winc 10000000000000000000 depth 2\\nisready\\n' | \"$<TARGET_FILE:kibitz>\"")
set_tests_properties(cli_uci_go_huge_numbers PROPERTIES
                     PASS_REGULAR_EXPRESSION "info string go winc 10000000000000000000 is out of range \\(0 to 1099511627776\\): 1099511627776 used\n.*bestmove [a-h][1-8][a-h][1-8]"
                     FAIL_REGULAR_EXPRESSION "-8446744073709551616|error"
                     TIMEOUT 30)
# A line over 1 MiB (here 2 MB of NUL bytes, as from /dev/zero) is refused with a message and the
# engine goes on; with a 600 MB memory cap, 800 MB without a line end cannot fill the memory.
add_test(NAME cli_uci_long_line
         COMMAND sh -c "{ printf 'uci\\n'; head -c 2000000 /dev/zero; printf '\\nisready\\n'; } | \"$<TARGET_FILE:kibitz>\"")
set_tests_properties(cli_uci_long_line PROPERTIES PASS_REGULAR_EXPRESSION
                     "uciok\ninfo string error: input line ignored: longer than 1 MiB\nreadyok\n"
                     TIMEOUT 30)
if(NOT KIBITZ_SANITIZE)
    add_test(NAME cli_uci_endless_line
             COMMAND sh -c "ulimit -v 600000 && { head -c 800000000 /dev/zero; printf '\\nisready\\n'; } | \"$<TARGET_FILE:kibitz>\" 2>&1")
    set_tests_properties(cli_uci_endless_line PROPERTIES
                         PASS_REGULAR_EXPRESSION "input line ignored: longer than 1 MiB\nreadyok\n"
                         FAIL_REGULAR_EXPRESSION "bad_alloc|terminate"
                         TIMEOUT 60)
endif()
# kibitz play: engine tables the memory cannot hold (ulimit -v: 2 GB) are refused at the start.
if(NOT KIBITZ_SANITIZE)
    add_test(NAME cli_play_hash_beyond_memory
             COMMAND sh -c "ulimit -v 2000000 && \"$<TARGET_FILE:kibitz>\" play --port 0 --hash 4096 --engines 2 --db /tmp/kibitz-cli-play-hash.db 2>&1; echo exit=$?")
    set_tests_properties(cli_play_hash_beyond_memory PROPERTIES PASS_REGULAR_EXPRESSION
                         "--hash 4096 with --engines 2: the tables take 8192 MB, but only [0-9]+ MB of memory are available.*exit=[1-9]"
                         TIMEOUT 20)
endif()
# A Hash the memory cannot hold (ulimit -v makes that 2 GB here) is refused and the engine
# plays on with its old table, instead of dying of std::bad_alloc. Not under the sanitizers,
# which need more address space than that.
if(NOT KIBITZ_SANITIZE)
    add_test(NAME cli_uci_hash_beyond_memory
             COMMAND sh -c "ulimit -v 2000000 && printf 'setoption name Hash value 65536\\nisready\\nposition startpos\\ngo depth 3\\n' | \"$<TARGET_FILE:kibitz>\" 2>&1")
    set_tests_properties(cli_uci_hash_beyond_memory PROPERTIES
                         PASS_REGULAR_EXPRESSION "info string error: Hash 65536 MB refused: only [0-9]+ MB of memory available; keeping 16 MB\nreadyok\n.*bestmove [a-h][1-8][a-h][1-8]"
                         TIMEOUT 30)
    # 256 threads' stacks do not fit in 1.5 GB: the search goes on with the helpers it got,
    # instead of std::terminate.
    add_test(NAME cli_uci_threads_beyond_memory
             COMMAND sh -c "ulimit -s 8192 && ulimit -v 1500000 && printf 'setoption name Threads value 256\\nisready\\nposition startpos\\ngo depth 4\\n' | \"$<TARGET_FILE:kibitz>\" 2>&1; echo \"exit status $?\"")
    set_tests_properties(cli_uci_threads_beyond_memory PROPERTIES
                         PASS_REGULAR_EXPRESSION "readyok\n.*bestmove [a-h][1-8][a-h][1-8].*exit status 0"
                         TIMEOUT 30)
endif()
add_test(NAME cli_epd_smoke
         COMMAND kibitz epd ${PROJECT_SOURCE_DIR}/tests/data/mates.epd --depth 6)
set_tests_properties(cli_epd_smoke PROPERTIES PASS_REGULAR_EXPRESSION "Solved 4 of 4")
if(EXISTS /usr/games/stockfish)
    # The suite runner scores an external UCI engine exactly as it scores Kibitz.
    add_test(NAME cli_epd_external_stockfish
             COMMAND kibitz epd ${PROJECT_SOURCE_DIR}/tests/data/mates.epd --movetime 100
                     --engine /usr/games/stockfish)
    set_tests_properties(cli_epd_external_stockfish PROPERTIES PASS_REGULAR_EXPRESSION
                         "Solved 4 of 4")
endif()

# ---- Matches -----------------------------------------------------------------------------
add_test(NAME cli_match_kibitz_pairs
         COMMAND kibitz match -engine cmd=$<TARGET_FILE:kibitz> name=A
                 -engine cmd=$<TARGET_FILE:kibitz> name=B -each depth=2 -games 2 -rounds 2
                 -concurrency 2 -maxmoves 40
                 -openings file=${PROJECT_SOURCE_DIR}/tests/data/mates.epd format=epd)
set_tests_properties(cli_match_kibitz_pairs PROPERTIES
                     PASS_REGULAR_EXPRESSION "Finished game 4 .*Score of A vs B: .*Finished match")
add_test(NAME cli_match_bad_tc COMMAND kibitz match -engine cmd=a tc=abc -engine cmd=b)
set_tests_properties(cli_match_bad_tc PROPERTIES WILL_FAIL TRUE)
add_test(NAME cli_match_crash_needs_recover
         COMMAND kibitz match -engine cmd=${PROJECT_SOURCE_DIR}/tests/data/fake_engines/scripted.sh
                 -engine cmd=$<TARGET_FILE:kibitz> -each st=0.05 -games 2)
set_tests_properties(cli_match_crash_needs_recover PROPERTIES WILL_FAIL TRUE)

# ---- Tournaments and resumable matches -------------------------------------------------------
# Three copies of Kibitz at depth 1, every pair meeting twice: standings after each game and the
# crosstable at the end.
add_test(NAME cli_match_round_robin
         COMMAND kibitz match -tournament round-robin -engine cmd=$<TARGET_FILE:kibitz> name=A
                 -engine cmd=$<TARGET_FILE:kibitz> name=B -engine cmd=$<TARGET_FILE:kibitz> name=C
                 -each depth=1 -games 2 -maxmoves 20)
set_tests_properties(cli_match_round_robin PROPERTIES PASS_REGULAR_EXPRESSION
    "Finished game 6 .*Standings after 6 of 6 games: .*average of the players is 0.*Rank Name +Elo +[+]/- +Games +Score +Draw +[|] [ABC] +[ABC] +[ABC]\n +1 [ABC] .*Finished match")
# The same match twice with one state file: the second run restores the four games, plays none
# and prints the same result block.
set(match_state "${CMAKE_CURRENT_BINARY_DIR}/cli_match_resume.state")
set(match_cmd "\"$<TARGET_FILE:kibitz>\" match -engine cmd=$<TARGET_FILE:kibitz> name=A -engine cmd=$<TARGET_FILE:kibitz> name=B -each depth=1 -games 2 -rounds 2 -maxmoves 20 -state ${match_state}")
add_test(NAME cli_match_state_resume
         COMMAND sh -c "rm -f '${match_state}' && ${match_cmd} >/dev/null && ${match_cmd}")
set_tests_properties(cli_match_state_resume PROPERTIES
                     PASS_REGULAR_EXPRESSION "^Resuming: 4 of 4 games already played\nScore of A vs B: [0-9 -]+ [[][0-9.]+[]] 4\n.*Finished match"
                     FAIL_REGULAR_EXPRESSION "Started game")
# A state file written for other settings is refused, naming the setting.
set(match_state_other "${CMAKE_CURRENT_BINARY_DIR}/cli_match_other.state")
add_test(NAME cli_match_state_mismatch
         COMMAND sh -c "rm -f '${match_state_other}' && \"$<TARGET_FILE:kibitz>\" match -engine cmd=$<TARGET_FILE:kibitz> -engine cmd=$<TARGET_FILE:kibitz> -each depth=1 -maxmoves 10 -state ${match_state_other} >/dev/null && \"$<TARGET_FILE:kibitz>\" match -engine cmd=$<TARGET_FILE:kibitz> -engine cmd=$<TARGET_FILE:kibitz> -each depth=2 -maxmoves 10 -state ${match_state_other} 2>&1")
set_tests_properties(cli_match_state_mismatch PROPERTIES PASS_REGULAR_EXPRESSION
    "state file .*cli_match_other.state was written for a different depth of engine 1: 1 vs 2")

# ---- The lab (src/lab) ------------------------------------------------------------------
if(KIBITZ_LAB)
add_test(NAME lab_list COMMAND kibitz lab list)
set_tests_properties(lab_list PROPERTIES PASS_REGULAR_EXPRESSION "cornell.*tournament.*no-pruning")

add_test(NAME lab_unknown_experiment COMMAND kibitz lab run no-such-experiment)
set_tests_properties(lab_unknown_experiment PROPERTIES WILL_FAIL TRUE)

add_test(NAME lab_bad_positions
         COMMAND kibitz lab run minimax --positions /nonexistent.epd --out ${CMAKE_BINARY_DIR}/lab-bad)
set_tests_properties(lab_bad_positions PROPERTIES PASS_REGULAR_EXPRESSION "/nonexistent.epd")

add_test(NAME lab_uci_variant
         COMMAND sh -c "printf 'uci\\nisready\\nposition startpos\\ngo depth 4\\nisready\\n' | \"$<TARGET_FILE:kibitz>\" lab uci no-null-move")
set_tests_properties(lab_uci_variant PROPERTIES
                     PASS_REGULAR_EXPRESSION "id name Kibitz no-null-move.*uciok.*readyok.*bestmove")

# Every experiment end to end at small sizes on three positions (tournaments of 2 games at
# 0.5+0.01): each must write its report, and none may say that its variants disagreed. Not in
# the sanitizer build, where its games and searches would take minutes of CI time; the unit
# tests (tests/unit/lab_test.cpp) run there.
if(NOT KIBITZ_SANITIZE)
add_test(NAME lab_all_quick
         COMMAND sh -c "rm -rf lab-quick && \"$<TARGET_FILE:kibitz>\" lab all --quick --positions ${PROJECT_SOURCE_DIR}/tests/data/lab_positions.epd --movetime 10 --out lab-quick && for e in cornell minimax ordering algorithms hashing pruning aspiration presets tournament othello-minimax othello-ordering othello-algorithms othello-hashing; do test -s lab-quick/$e/README.md || { echo missing $e; exit 1; }; done && ! grep -l 'NO\\*\\*' lab-quick/*/README.md"
         WORKING_DIRECTORY ${CMAKE_BINARY_DIR})
set_tests_properties(lab_all_quick PROPERTIES TIMEOUT 300)
endif()
endif()

# ---- Tuning: the genetic algorithm (src/tune/ga.h) ---------------------------------------
# One generation of four chromosomes at 200 nodes per move, in a fresh directory: the final
# line with the population mean, and every output written.
set(ga_cli_dir "${CMAKE_BINARY_DIR}/ga_cli_test")
add_test(NAME cli_tune_ga_smoke
         COMMAND sh -c "rm -rf '${ga_cli_dir}' && \"$<TARGET_FILE:kibitz>\" tune ga --population 4 --generations 1 --nodes 200 --out '${ga_cli_dir}' && test -s '${ga_cli_dir}/final.json' && test -s '${ga_cli_dir}/weights.svg'")
set_tests_properties(cli_tune_ga_smoke PROPERTIES PASS_REGULAR_EXPRESSION
    "Final population mean after 1 generations, [0-9]+ games, .*material.knight [0-9]+")
# An unknown gene prefix fails (exit status 2) with a message that names it.
add_test(NAME cli_tune_ga_unknown_gene
         COMMAND sh -c "\"$<TARGET_FILE:kibitz>\" tune ga --genes nosuch --out '${CMAKE_BINARY_DIR}/ga_cli_bad' 2>&1; test $? -eq 2 || echo UNEXPECTED-EXIT-STATUS")
set_tests_properties(cli_tune_ga_unknown_gene PROPERTIES
                     PASS_REGULAR_EXPRESSION "error: gene prefix 'nosuch' matches no weight"
                     FAIL_REGULAR_EXPRESSION "UNEXPECTED-EXIT-STATUS")

# ---- Tuning: datagen and Texel (src/tune/datagen.h, texel.h) ------------------------------
# A few self-play games at 300 nodes per move into a fresh file, then the same command again
# resumes it (the file grows to the new target), then Texel fits it for 20 epochs.
set(tune_cli_dir "${CMAKE_BINARY_DIR}/tune_cli_test")
add_test(NAME cli_datagen_resume_texel
         COMMAND sh -c "rm -rf '${tune_cli_dir}' && mkdir -p '${tune_cli_dir}' && \"$<TARGET_FILE:kibitz>\" datagen --out '${tune_cli_dir}/d.bin' --positions 300 --nodes 300 && \"$<TARGET_FILE:kibitz>\" datagen --out '${tune_cli_dir}/d.bin' --positions 600 --nodes 300 && \"$<TARGET_FILE:kibitz>\" tune texel '${tune_cli_dir}/d.bin' --out '${tune_cli_dir}/texel' --epochs 20 && test -s '${tune_cli_dir}/texel/weights.json' && \"$<TARGET_FILE:kibitz>\" bench 4 --weights '${tune_cli_dir}/texel/weights.json'")
set_tests_properties(cli_datagen_resume_texel PROPERTIES
    PASS_REGULAR_EXPRESSION "holds 300.*resuming .* with 300 positions.*holds 600.*error [0-9.]+ -> [0-9.]+ .*Nodes searched")
# A labelled EPD file with a line that has no result: the error names the file and the line.
add_test(NAME cli_texel_bad_epd
         COMMAND sh -c "printf '8/8/4k3/8/2K5/8/8/7R w - - c9 \"1-0\";\\n8/8/4k3/8/2K5/8/8/7R w - - bm Rh6;\\n' > '${CMAKE_BINARY_DIR}/texel_bad.epd' && \"$<TARGET_FILE:kibitz>\" tune texel '${CMAKE_BINARY_DIR}/texel_bad.epd' --out '${CMAKE_BINARY_DIR}/texel_bad' 2>&1; test $? -eq 2 || echo UNEXPECTED-EXIT-STATUS")
set_tests_properties(cli_texel_bad_epd PROPERTIES
                     PASS_REGULAR_EXPRESSION "texel_bad.epd' line 2: no game result"
                     FAIL_REGULAR_EXPRESSION "UNEXPECTED-EXIT-STATUS")
# A weights file that is not one: the UCI engine refuses to start and names it.
add_test(NAME cli_uci_bad_weights
         COMMAND sh -c "echo '{' > '${CMAKE_BINARY_DIR}/bad_weights.json' && echo quit | \"$<TARGET_FILE:kibitz>\" --weights '${CMAKE_BINARY_DIR}/bad_weights.json' 2>&1; test $? -eq 2 || echo UNEXPECTED-EXIT-STATUS")
set_tests_properties(cli_uci_bad_weights PROPERTIES
                     PASS_REGULAR_EXPRESSION "bad_weights.json': not valid JSON"
                     FAIL_REGULAR_EXPRESSION "UNEXPECTED-EXIT-STATUS")

# Writing and reading files: atomic outputs, write errors, reader limits.
include(tests/cli_files.cmake)
# Opening books and endgame tables.
include(tests/cli_book.cmake)
include(tests/cli_tb.cmake)
include(tests/cli_othello_proto.cmake)
include(tests/cli_othello.cmake)
include(tests/cli_store.cmake)
include(tests/cli_explain.cmake)
include(tests/cli_analyse.cmake)
include(tests/cli_mpi.cmake)
