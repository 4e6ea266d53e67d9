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

# ---- Perft suites (to be added by the lead) --------------------------------------------
# e.g. add_test(NAME perft_startpos COMMAND kibitz perft 5)
#      set_tests_properties(perft_startpos PROPERTIES PASS_REGULAR_EXPRESSION "4865609")
