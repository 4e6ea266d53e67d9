# ctest entries for `kibitz othello`. Included from tests/cli.cmake.

# ---- Perft: the published leaf counts (a pass is a ply; a finished game counts as a leaf) ----
add_test(NAME othello_perft_6 COMMAND kibitz othello perft 6)
set_tests_properties(othello_perft_6 PROPERTIES PASS_REGULAR_EXPRESSION "Nodes: 8200\n")
add_test(NAME othello_perft_divide COMMAND kibitz othello perft 3 --divide)
set_tests_properties(othello_perft_divide PROPERTIES PASS_REGULAR_EXPRESSION
    "D3: 14\nC4: 14\nF5: 14\nE6: 14\n\nNodes: 56\n")
if(NOT KIBITZ_SANITIZE)
    # About 0.1 s in a Release build.
    add_test(NAME othello_perft_9 COMMAND kibitz othello perft 9)
    set_tests_properties(othello_perft_9 PROPERTIES PASS_REGULAR_EXPRESSION "Nodes: 3005288\n")
endif()

# ---- Bench: 24 positions searched to a fixed depth; the same count on every run -------------
add_test(NAME othello_bench_3
         COMMAND sh -c "a=$(\"$<TARGET_FILE:kibitz>\" othello bench 3 2>/dev/null | head -1) && b=$(\"$<TARGET_FILE:kibitz>\" othello bench 3 2>/dev/null | head -1) && test \"$a\" = \"$b\" && echo \"$a\"")
set_tests_properties(othello_bench_3 PROPERTIES PASS_REGULAR_EXPRESSION
                     "^Nodes searched: [1-9][0-9]+\n$")

# ---- Endgame solver: FFO positions with known exact scores and best moves ------------------
set(othello_data "${PROJECT_SOURCE_DIR}/data/othello")
# #1-#19 (14-16 empties): about 0.1 s in a Release build; the sanitizer build solves #1-#3.
if(KIBITZ_SANITIZE)
    set(othello_ffo_last 3)
else()
    set(othello_ffo_last 19)
endif()
add_test(NAME othello_solve_ffo_1_19
         COMMAND kibitz othello solve ${othello_data}/fforum-1-19.obf --last ${othello_ffo_last}
                 --hash 16)
set_tests_properties(othello_solve_ffo_1_19 PROPERTIES
    PASS_REGULAR_EXPRESSION "total: ${othello_ffo_last} positions, 0 wrong"
    FAIL_REGULAR_EXPRESSION "WRONG")
if(NOT KIBITZ_SANITIZE)
    # #40 (20 empties), the first of the standard benchmark: about 0.4 s in a Release build
    # (#40-#44 take about 7 s: run them by hand, see data/othello/README.md).
    add_test(NAME othello_solve_ffo_40
             COMMAND kibitz othello solve ${othello_data}/fforum-40-59.obf --first 40 --last 40)
    set_tests_properties(othello_solve_ffo_40 PROPERTIES
        PASS_REGULAR_EXPRESSION "total: 1 position, 0 wrong" FAIL_REGULAR_EXPRESSION "WRONG")
endif()
# Two threads sharing each solve: the same answers (#1-#19 in Release, #1-#3 sanitized).
add_test(NAME othello_solve_ffo_threads
         COMMAND kibitz othello solve ${othello_data}/fforum-1-19.obf --last ${othello_ffo_last}
                 --hash 16 --threads 2)
set_tests_properties(othello_solve_ffo_threads PROPERTIES
    PASS_REGULAR_EXPRESSION "total: ${othello_ffo_last} positions, 0 wrong"
    FAIL_REGULAR_EXPRESSION "WRONG")
add_test(NAME othello_solve_threads_range
         COMMAND kibitz othello solve ${othello_data}/fforum-1-19.obf --threads 0)
set_tests_properties(othello_solve_threads_range PROPERTIES
    PASS_REGULAR_EXPRESSION "--threads: Value 0 not in range")

# A wrong stated answer is reported and fails (exit status 1).
file(WRITE "${CMAKE_BINARY_DIR}/othello_wrong.obf"
     "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+16;\n")
add_test(NAME othello_solve_wrong_fails
         COMMAND kibitz othello solve "${CMAKE_BINARY_DIR}/othello_wrong.obf")
set_tests_properties(othello_solve_wrong_fails PROPERTIES WILL_FAIL TRUE)
add_test(NAME othello_solve_wrong_reports
         COMMAND kibitz othello solve "${CMAKE_BINARY_DIR}/othello_wrong.obf")
set_tests_properties(othello_solve_wrong_reports PROPERTIES PASS_REGULAR_EXPRESSION
    "G8 +\\+18 .*WRONG \\(expected G8 \\+16\\).*1 wrong")

# A malformed file: the error names the file, the line and the problem (exit status 2).
file(WRITE "${CMAKE_BINARY_DIR}/othello_bad.obf"
     "% a comment\n--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- Z\n")
add_test(NAME othello_solve_bad_file
         COMMAND kibitz othello solve "${CMAKE_BINARY_DIR}/othello_bad.obf")
set_tests_properties(othello_solve_bad_file PROPERTIES PASS_REGULAR_EXPRESSION
    "othello_bad.obf:2: board text: side to move 'Z'")
add_test(NAME othello_solve_bad_file_fails
         COMMAND kibitz othello solve "${CMAKE_BINARY_DIR}/othello_bad.obf")
set_tests_properties(othello_solve_bad_file_fails PROPERTIES WILL_FAIL TRUE)

# ---- Pattern evaluation: a tiny self-play file, then the fit on it --------------------------
set(othello_pattern_data "${CMAKE_BINARY_DIR}/othello_pattern_smoke.bin")
add_test(NAME othello_pattern_fit_clean COMMAND ${CMAKE_COMMAND} -E rm -f ${othello_pattern_data})
set_tests_properties(othello_pattern_fit_clean PROPERTIES FIXTURES_SETUP othello_pattern_clean)
add_test(NAME othello_pattern_fit_generate
         COMMAND kibitz othello pattern-fit generate --out ${othello_pattern_data} --games 3
                 --depth 1 --solve-empties 8 --threads 2)
set_tests_properties(othello_pattern_fit_generate PROPERTIES
    FIXTURES_REQUIRED othello_pattern_clean FIXTURES_SETUP othello_pattern_data
    PASS_REGULAR_EXPRESSION "generated 3 games, [0-9]+ positions")
add_test(NAME othello_pattern_fit_fit
         COMMAND kibitz othello pattern-fit fit --data ${othello_pattern_data} --iterations 5
                 --holdout 3 --out ${CMAKE_BINARY_DIR}/othello_pattern_smoke.inc)
set_tests_properties(othello_pattern_fit_fit PROPERTIES FIXTURES_REQUIRED othello_pattern_data
    PASS_REGULAR_EXPRESSION "all: 3 games, [0-9]+ positions.*wrote ")

# ---- Solver input that cannot be solved: a clear error, exit status 2 ----------------------
# (kibitz_expect_exit is in tests/cli_files.cmake.) Each of these used to report success with 0
# positions, or, for the 60 empties of the start position, run for ever.
set(othello_solve "\"$<TARGET_FILE:kibitz>\" othello solve")
kibitz_expect_exit(othello_solve_empty_file 2
    "touch empty.obf && ${othello_solve} empty.obf"
    "OBF file 'empty.obf' has no positions")
kibitz_expect_exit(othello_solve_comments_only 2
    "printf '%% only a comment\\n\\n' > notes.obf && ${othello_solve} notes.obf"
    "OBF file 'notes.obf' has no positions")
kibitz_expect_exit(othello_solve_folder 2
    "mkdir suite && ${othello_solve} suite"
    "cannot read OBF file 'suite': it is a folder")
kibitz_expect_exit(othello_solve_first_after_last 2
    "${othello_solve} '${othello_data}/fforum-40-59.obf' --first 45 --last 41"
    "--first 45 is after --last 41")
kibitz_expect_exit(othello_solve_out_of_range 2
    "${othello_solve} '${othello_data}/fforum-40-59.obf' --first 70"
    "--first 70 is out of range: '.*fforum-40-59.obf' has positions 40 to 59")
kibitz_expect_exit(othello_solve_start_position 2
    "echo '---------------------------OX------XO--------------------------- X' > start.obf && ${othello_solve} start.obf"
    "position 1 \\(start.obf:1\\) has 60 empty squares; the solver takes at most 36 \\(beyond, one position can take days\\): pass --force to solve it anyway")
kibitz_expect_exit(othello_solve_dev_zero 2
    "${othello_solve} /dev/zero"
    "OBF file '/dev/zero' is larger than 64 MiB, the most Kibitz reads of one OBF file")
