# ctest entries for kibitz analyse: a file of three games, the second illegal (reported by its
# number and skipped, the others annotated), and a run that resumes after the games an earlier
# run wrote to --out. Included from tests/cli.cmake.
set(analyse_data "${PROJECT_SOURCE_DIR}/tests/data/analyse")

add_test(NAME cli_analyse_games
         COMMAND sh -c "\"$<TARGET_FILE:kibitz>\" analyse '${analyse_data}/games.pgn' --depth 4 2>&1")
set_tests_properties(cli_analyse_games PROPERTIES
                     PASS_REGULAR_EXPRESSION "Kibitz analyse: game 1\\.[^}]*White accuracy.*2\\. g4 \\$4[ \n]\\{\\[%eval[ \n]#-1\\][ \n][^}]*Qh4#.*game 2 skipped: [^\n]*Ke3.*Kibitz analyse: game 3\\..*3\\.\\.\\.[ \n]Nf6[ \n]\\$4[ \n].*2 games analysed, 1 skipped")

add_test(NAME cli_analyse_resume
         COMMAND sh -c "out=\"$<TARGET_FILE_DIR:kibitz>/cli_analyse_resume.pgn\"; rm -f \"$out\"; \"$<TARGET_FILE:kibitz>\" analyse '${analyse_data}/first.pgn' --out \"$out\" --depth 4 2>/dev/null && \"$<TARGET_FILE:kibitz>\" analyse '${analyse_data}/games.pgn' --out \"$out\" --depth 4 2>&1 && echo \"markers: $(grep -c 'Kibitz analyse: game' \"$out\") $(grep -c 'analyse: game 3' \"$out\")\"")
set_tests_properties(cli_analyse_resume PROPERTIES
                     PASS_REGULAR_EXPRESSION "holds games 1 to 1 already: resuming after them.*1 games analysed, 1 skipped.*markers: 2 1")

add_test(NAME cli_analyse_missing_file
         COMMAND sh -c "\"$<TARGET_FILE:kibitz>\" analyse /nonexistent/games.pgn 2>&1; test $? -eq 2 || echo UNEXPECTED-EXIT-STATUS")
set_tests_properties(cli_analyse_missing_file PROPERTIES
                     PASS_REGULAR_EXPRESSION "/nonexistent/games.pgn"
                     FAIL_REGULAR_EXPRESSION "UNEXPECTED-EXIT-STATUS")
