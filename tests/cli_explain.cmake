# ctest entries for kibitz explain: one move, a batch, errors that name the bad input, and the
# motif table on a three-puzzle sample. Included from tests/cli.cmake.
set(explain_data "${PROJECT_SOURCE_DIR}/tests/data/explain")

add_test(NAME cli_explain_hanging
         COMMAND kibitz explain --fen "4k3/8/8/2n5/8/8/8/1R2K3 b - - 0 1" --move c5b3 --depth 4)
set_tests_properties(cli_explain_hanging PROPERTIES
                     PASS_REGULAR_EXPRESSION "Nb3 hangs the knight on b3: 2\\. Rxb3 wins it\\.")

add_test(NAME cli_explain_json
         COMMAND kibitz explain --fen "6k1/5ppp/8/8/4b3/8/7K/R7 b - - 0 1" --move Bb1 --depth 4
                 --json)
set_tests_properties(cli_explain_json PROPERTIES
                     PASS_REGULAR_EXPRESSION "\"line\":\\[\"e4b1\",\"a1a8\"\\].*\"motifs\":\\[\"mateIn1\",\"backRankMate\"\\]")

add_test(NAME cli_explain_batch
         COMMAND kibitz explain --batch ${explain_data}/batch.txt --depth 4)
set_tests_properties(cli_explain_batch PROPERTIES
                     PASS_REGULAR_EXPRESSION "hangs the knight on b3[^\n]*\n[^\n]*allows mate in 1")

add_test(NAME cli_explain_bad_fen
         COMMAND sh -c "\"$<TARGET_FILE:kibitz>\" explain --fen '8/8/8 w - - 0 1' --move e2e4 2>&1; test $? -eq 2 || echo UNEXPECTED-EXIT-STATUS")
set_tests_properties(cli_explain_bad_fen PROPERTIES PASS_REGULAR_EXPRESSION "FEN '8/8/8 w - - 0 1'"
                     FAIL_REGULAR_EXPRESSION "UNEXPECTED-EXIT-STATUS")

add_test(NAME cli_explain_illegal_move
         COMMAND sh -c "\"$<TARGET_FILE:kibitz>\" explain --fen '6k1/5ppp/8/8/8/8/r7/R5K1 b - - 0 1' --move e2e4 2>&1; test $? -eq 2 || echo UNEXPECTED-EXIT-STATUS")
set_tests_properties(cli_explain_illegal_move PROPERTIES PASS_REGULAR_EXPRESSION "e2e4"
                     FAIL_REGULAR_EXPRESSION "UNEXPECTED-EXIT-STATUS")

add_test(NAME cli_explain_puzzles
         COMMAND kibitz explain --puzzles ${explain_data}/puzzles_sample.csv --depth 6)
set_tests_properties(cli_explain_puzzles PROPERTIES
                     PASS_REGULAR_EXPRESSION "Motif test on 3 puzzles.*mateIn1 +\\| +1 +1 +100%")
