# ctest entries for `kibitz tb`. Included from tests/cli.cmake.

# ---- Generate, probe, verify, list: the 3-man tables in a fresh directory ----------------------
set(tb_cli_dir "${CMAKE_BINARY_DIR}/tb_cli_test")
add_test(NAME cli_tb_clean COMMAND ${CMAKE_COMMAND} -E rm -rf "${tb_cli_dir}")
set_tests_properties(cli_tb_clean PROPERTIES FIXTURES_SETUP tb_clean)

# KPK needs the four other 3-man tables; the published longest mates: KQK 10, KRK 16, KPK 28.
add_test(NAME cli_tb_generate COMMAND kibitz tb generate KPK --dir "${tb_cli_dir}" --threads 2)
set_tests_properties(cli_tb_generate PROPERTIES FIXTURES_REQUIRED tb_clean FIXTURES_SETUP tb_3men
    PASS_REGULAR_EXPRESSION
    "KQK: .*longest mate 10 moves.*KRK: .*longest mate 16 moves.*KPK: .*longest mate 28 moves.*5 tables in .* \\(5 generated, 0 present\\)")
# The same command again keeps the valid files.
add_test(NAME cli_tb_generate_again COMMAND kibitz tb generate KPK --dir "${tb_cli_dir}")
set_tests_properties(cli_tb_generate_again PROPERTIES FIXTURES_REQUIRED tb_3men
    PASS_REGULAR_EXPRESSION "5 tables in .* \\(0 generated, 5 present\\)")

# The queen promotion stalemates; the rook mates.
add_test(NAME cli_tb_probe
         COMMAND kibitz tb probe "8/k1P5/2K5/8/8/8/8/8 w - - 0 1" --dir "${tb_cli_dir}" --line)
set_tests_properties(cli_tb_probe PROPERTIES FIXTURES_REQUIRED tb_3men PASS_REGULAR_EXPRESSION
    "^win, mate in 2\nbest move: c8=R \\(c7c8r\\)\nline: 1\\. c8=R Ka6 2\\. Ra8#\n$")
add_test(NAME cli_tb_probe_loss
         COMMAND kibitz tb probe "8/4k3/8/4K3/4P3/8/8/8 b - - 0 1" --dir "${tb_cli_dir}")
set_tests_properties(cli_tb_probe_loss PROPERTIES FIXTURES_REQUIRED tb_3men
    PASS_REGULAR_EXPRESSION "^loss, mated in 14\nbest move: ")
add_test(NAME cli_tb_probe_draw
         COMMAND kibitz tb probe "k7/8/K7/P7/8/8/8/8 w - - 0 1" --dir "${tb_cli_dir}")
set_tests_properties(cli_tb_probe_draw PROPERTIES FIXTURES_REQUIRED tb_3men
    PASS_REGULAR_EXPRESSION "^draw\nbest move: ")

add_test(NAME cli_tb_verify COMMAND kibitz tb verify --all --dir "${tb_cli_dir}")
set_tests_properties(cli_tb_verify PROPERTIES FIXTURES_REQUIRED tb_3men PASS_REGULAR_EXPRESSION
    "KBK: [0-9]+ positions checked, 0 mismatches.*KPK: [0-9]+ positions checked, 0 mismatches.*KRK: [0-9]+ positions checked, 0 mismatches")
set_tests_properties(cli_tb_verify PROPERTIES FAIL_REGULAR_EXPRESSION "mismatch:")

add_test(NAME cli_tb_list COMMAND kibitz tb list --dir "${tb_cli_dir}")
set_tests_properties(cli_tb_list PROPERTIES FIXTURES_REQUIRED tb_3men PASS_REGULAR_EXPRESSION
    "KPK .* 28 moves, .*KQK .* 10 moves, .*KRK .* 16 moves, .*5 tables, ")

# ---- Errors: a message naming what was wrong and a non-zero exit status ------------------------
function(kibitz_tb_error name status command expected)
    add_test(NAME ${name} COMMAND sh -c
             "${command} 2>&1; test $? -eq ${status} || echo UNEXPECTED-EXIT-STATUS")
    set_tests_properties(${name} PROPERTIES PASS_REGULAR_EXPRESSION "${expected}"
                         FAIL_REGULAR_EXPRESSION "UNEXPECTED-EXIT-STATUS")
endfunction()
kibitz_tb_error(cli_tb_error_bad_name 2
    "\"$<TARGET_FILE:kibitz>\" tb generate KQXK --dir '${CMAKE_BINARY_DIR}/tb_cli_bad'"
    "table name 'KQXK': 'X' is not a piece")
kibitz_tb_error(cli_tb_error_too_many_men 2
    "\"$<TARGET_FILE:kibitz>\" tb verify KQRBKN --dir '${CMAKE_BINARY_DIR}/tb_cli_bad'"
    "table name 'KQRBKN': has 6 men")
kibitz_tb_error(cli_tb_error_bad_fen 2
    "\"$<TARGET_FILE:kibitz>\" tb probe '8/8/8/8 w - - 0 1' --dir '${tb_cli_dir}'"
    "kibitz tb probe: FEN ")
kibitz_tb_error(cli_tb_error_not_covered 1
    "\"$<TARGET_FILE:kibitz>\" tb probe '4k3/8/8/8/8/8/8/RR2K3 w - - 0 1' --dir '${tb_cli_dir}'"
    "position not covered: 4 men: the tables in .*tb_cli_test have at most 3")
kibitz_tb_error(cli_tb_error_no_table 1
    "\"$<TARGET_FILE:kibitz>\" tb probe '4k3/8/8/8/8/8/8/R3K3 w - - 0 1' --dir '${CMAKE_BINARY_DIR}/tb_cli_missing'"
    "position not covered: no tables in .*tb_cli_missing")
kibitz_tb_error(cli_tb_error_list_missing_dir 2
    "\"$<TARGET_FILE:kibitz>\" tb list --dir '${CMAKE_BINARY_DIR}/tb_cli_missing'"
    "tb_cli_missing: no such directory")
kibitz_tb_error(cli_tb_error_verify_missing 2
    "\"$<TARGET_FILE:kibitz>\" tb verify KQKR --dir '${tb_cli_dir}'"
    "KQKR.ktb: cannot open the file")
set_tests_properties(cli_tb_error_bad_fen cli_tb_error_not_covered cli_tb_error_verify_missing
                     PROPERTIES FIXTURES_REQUIRED tb_3men)

# ---- Heavy: 4-man tables (LABELS heavy; left out of the sanitizer build) -----------------------
# About a minute in a Release build: KBNK (33 moves), KQKR (35 moves), and KPKP with its
# closure, verified position by position (en passant included), and one e.p. probe where the
# capture turns a loss into a draw.
if(NOT KIBITZ_SANITIZE)
    set(tb_heavy_dir "${CMAKE_BINARY_DIR}/tb_heavy_test")
    add_test(NAME tb_heavy_clean COMMAND ${CMAKE_COMMAND} -E rm -rf "${tb_heavy_dir}")
    set_tests_properties(tb_heavy_clean PROPERTIES FIXTURES_SETUP tb_heavy_clean LABELS heavy)
    add_test(NAME tb_heavy_generate
             COMMAND kibitz tb generate KBNK KQKR KPKP --dir "${tb_heavy_dir}")
    set_tests_properties(tb_heavy_generate PROPERTIES FIXTURES_REQUIRED tb_heavy_clean
        FIXTURES_SETUP tb_heavy LABELS heavy TIMEOUT 900 PASS_REGULAR_EXPRESSION
        "KBNK: .*longest mate 33 moves.*KQKR: .*longest mate 35 moves.*KPKP: .*longest mate.*\\(21 generated, 0 present\\)")
    add_test(NAME tb_heavy_verify_kpkp COMMAND kibitz tb verify KPKP KBNK --dir "${tb_heavy_dir}")
    set_tests_properties(tb_heavy_verify_kpkp PROPERTIES FIXTURES_REQUIRED tb_heavy LABELS heavy
        TIMEOUT 900 PASS_REGULAR_EXPRESSION
        "KPKP: [0-9]+ positions checked, 0 mismatches.*KBNK: [0-9]+ positions checked, 0 mismatches")
    add_test(NAME tb_heavy_probe_ep
             COMMAND kibitz tb probe "8/8/8/8/pP6/8/8/K1k5 b - b3 0 1" --dir "${tb_heavy_dir}")
    add_test(NAME tb_heavy_probe_no_ep
             COMMAND kibitz tb probe "8/8/8/8/pP6/8/8/K1k5 b - - 0 1" --dir "${tb_heavy_dir}")
    set_tests_properties(tb_heavy_probe_ep tb_heavy_probe_no_ep PROPERTIES
                         FIXTURES_REQUIRED tb_heavy LABELS heavy)
    set_tests_properties(tb_heavy_probe_ep PROPERTIES
                         PASS_REGULAR_EXPRESSION "^draw\nbest move: axb3 \\(a4b3\\)\n")
    set_tests_properties(tb_heavy_probe_no_ep PROPERTIES
                         PASS_REGULAR_EXPRESSION "^loss, mated in 15\n")
endif()

# ---- Syzygy: the 3-man tables of tests/data/syzygy, and the shared 4-man ones when present ------
set(syzygy_fixtures "${PROJECT_SOURCE_DIR}/tests/data/syzygy")
add_test(NAME cli_tb_syzygy_probe
         COMMAND kibitz tb probe "k7/8/1K6/8/8/8/8/1Q6 w - - 0 1" --syzygy "${syzygy_fixtures}")
set_tests_properties(cli_tb_syzygy_probe PROPERTIES PASS_REGULAR_EXPRESSION
    "^syzygy: win \\(WDL 2\\), DTZ 3\nbest move: [KQ][a-h][1-8]\\+? \\([a-h][1-8][a-h][1-8]\\)\n$")
add_test(NAME cli_tb_syzygy_probe_json
         COMMAND kibitz tb probe "8/8/8/4k3/8/8/8/KQ6 b - - 0 1" --syzygy "${syzygy_fixtures}" --json)
set_tests_properties(cli_tb_syzygy_probe_json PROPERTIES PASS_REGULAR_EXPRESSION
    "^{\"wdl\": -2, \"dtz\": -18, \"best\": \"e5[a-h][1-8]\"}\n$")
add_test(NAME cli_tb_syzygy_probe_mated
         COMMAND kibitz tb probe "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1" --syzygy "${syzygy_fixtures}" --json)
set_tests_properties(cli_tb_syzygy_probe_mated PROPERTIES PASS_REGULAR_EXPRESSION
    "^{\"wdl\": -2, \"dtz\": -1, \"best\": null}\n$")
kibitz_tb_error(cli_tb_error_syzygy_no_tables 2
    "\"$<TARGET_FILE:kibitz>\" tb probe '8/8/8/4k3/8/8/8/KQ6 b - - 0 1' --syzygy '${CMAKE_BINARY_DIR}'"
    "kibitz tb probe: no Syzygy tables \\(\\*.rtbw\\) in ")
kibitz_tb_error(cli_tb_error_syzygy_not_covered 1
    "\"$<TARGET_FILE:kibitz>\" tb probe '8/8/8/4k3/8/8/8/KQR5 b - - 0 1' --syzygy '${syzygy_fixtures}'"
    "position not covered: 4 men: the Syzygy tables in .* have at most 3")
if(NOT KIBITZ_SANITIZE)
    # Every position of the five 3-man tables against the own tables (about 10 s).
    add_test(NAME cli_tb_syzygy_verify
             COMMAND kibitz tb verify --all --dir "${tb_cli_dir}" --syzygy "${syzygy_fixtures}")
    set_tests_properties(cli_tb_syzygy_verify PROPERTIES FIXTURES_REQUIRED tb_3men
        PASS_REGULAR_EXPRESSION
        "KBK: [0-9]+ positions, .*WDL 0 mismatches, DTZ 0 mismatches.*KPK: [0-9]+ positions, .*WDL 0 mismatches, DTZ 0 mismatches.*KRK: [0-9]+ positions, .*WDL 0 mismatches, DTZ 0 mismatches"
        FAIL_REGULAR_EXPRESSION "mismatch:")
    # The shared 4-man tables (every 101st index: about 15 s; `kibitz tb verify --syzygy`
    # without --stride checks them all, see docs/tablebases.md).
    set(shared_syzygy "${PROJECT_SOURCE_DIR}/../shared/data/chess/syzygy")
    if(EXISTS "${shared_syzygy}/KPvKP.rtbw")
        add_test(NAME tb_heavy_syzygy_verify
                 COMMAND kibitz tb verify KQKR KPKP KBNK --stride 101 --dir "${tb_heavy_dir}"
                         --syzygy "${shared_syzygy}")
        set_tests_properties(tb_heavy_syzygy_verify PROPERTIES FIXTURES_REQUIRED tb_heavy
            LABELS heavy TIMEOUT 600 FAIL_REGULAR_EXPRESSION "mismatch:" PASS_REGULAR_EXPRESSION
            "KQKR: [0-9]+ positions, .*WDL 0 mismatches, DTZ 0 mismatches.*KPKP: .*WDL 0 mismatches, DTZ 0 mismatches.*KBNK: .*WDL 0 mismatches, DTZ 0 mismatches")
    else()
        message(STATUS "No Syzygy 4-man tables in ${shared_syzygy}: tb_heavy_syzygy_verify skipped")
    endif()
endif()

# Gaviota's tables (Debian's gaviotatb) through `tb probe --gaviota`; skipped without them.
set(gaviota_dir /usr/share/gaviotatb/gtb4)
if(EXISTS ${gaviota_dir})
    add_test(NAME cli_tb_probe_gaviota
             COMMAND kibitz tb probe "8/8/8/4k3/8/8/8/KQ6 w - - 0 1" --gaviota ${gaviota_dir})
    set_tests_properties(cli_tb_probe_gaviota PROPERTIES
                         PASS_REGULAR_EXPRESSION "^gaviota: win, mate in 9\n$")
    add_test(NAME cli_tb_probe_gaviota_and_own
             COMMAND kibitz tb probe "8/8/8/4k3/8/8/8/KQ6 w - - 0 1" --gaviota ${gaviota_dir}
                     --dir "${tb_cli_dir}")
    set_tests_properties(cli_tb_probe_gaviota_and_own PROPERTIES FIXTURES_REQUIRED tb_3men
        PASS_REGULAR_EXPRESSION "^gaviota: win, mate in 9\nwin, mate in 9\nbest move: Kb2")
endif()
add_test(NAME cli_tb_probe_gaviota_bad
         COMMAND kibitz tb probe "8/8/8/4k3/8/8/8/KQ6 w - - 0 1" --gaviota /no/such/gaviota)
set_tests_properties(cli_tb_probe_gaviota_bad PROPERTIES WILL_FAIL TRUE)
