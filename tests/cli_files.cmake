# ctest entries for how kibitz writes and reads files (docs/files.md): an output replaces its
# file only when it is whole, every write error fails the command with the file and the reason,
# and every reader stops at its limit. Included from tests/cli.cmake, before the book and Othello
# tests, which use kibitz_expect_exit too.

set(files_dir "${CMAKE_BINARY_DIR}/cli_files")
set(pgn_corpus_dir "${PROJECT_SOURCE_DIR}/tests/fuzz/corpus/pgn")

# kibitz_expect_exit(<name> <status> <shell command> <expected output regex>): runs the command
# in a fresh folder ${files_dir}/<name> (stdout and stderr together); the test fails unless the
# exit status is <status> and the output matches. Runaways are cut at 60 s.
function(kibitz_expect_exit name status command expected)
    set(dir "${files_dir}/${name}")
    add_test(NAME ${name} COMMAND sh -c
             "rm -rf '${dir}' && mkdir -p '${dir}' && cd '${dir}' && { ${command} ; } 2>&1; s=$?; test $s -eq ${status} || echo \"UNEXPECTED-EXIT-STATUS $s\"")
    set_tests_properties(${name} PROPERTIES PASS_REGULAR_EXPRESSION "${expected}"
                         FAIL_REGULAR_EXPRESSION "UNEXPECTED-EXIT-STATUS" TIMEOUT 60)
endfunction()

set(k "\"$<TARGET_FILE:kibitz>\"")

# ---- kibitz pgn --out -------------------------------------------------------------------
# The input as the output is refused (it used to be emptied, with exit status 0).
kibitz_expect_exit(cli_pgn_out_same_file 2
    "cp '${pgn_corpus_dir}/variations.pgn' g.pgn && cp g.pgn before.pgn && ${k} pgn g.pgn --out ./g.pgn; s=$?; cmp g.pgn before.pgn && echo INTACT; exit $s"
    "--out './g.pgn' is the input file 'g.pgn': write the games to another file\nINTACT")
# An existing output is replaced by the whole re-export, which reads back cleanly; no temporary
# file is left.
kibitz_expect_exit(cli_pgn_out_replaces 0
    "echo 'junk, no PGN' > out.pgn && ${k} pgn '${pgn_corpus_dir}/variations.pgn' '${pgn_corpus_dir}/comments.pgn' --out out.pgn >/dev/null && ls && ${k} pgn out.pgn && ${k} pgn out.pgn --out again.pgn >/dev/null && cmp out.pgn again.pgn && echo SAME"
    "^out.pgn\ngames read [1-9][0-9]*, malformed 0.*\nSAME\n$")
# A full disk: the command fails with the file and the reason (it used to report success).
kibitz_expect_exit(cli_pgn_out_full_disk 2
    "${k} pgn '${pgn_corpus_dir}/variations.pgn' --out /dev/full"
    "kibitz pgn: cannot write '/dev/full': No space left on device")
kibitz_expect_exit(cli_pgn_out_missing_folder 2
    "${k} pgn '${pgn_corpus_dir}/variations.pgn' --out no-such-folder/out.pgn"
    "cannot write 'no-such-folder/out.pgn': No such file or directory")
kibitz_expect_exit(cli_pgn_out_folder 2
    "mkdir out && ${k} pgn '${pgn_corpus_dir}/variations.pgn' --out out"
    "cannot write 'out': it is a folder")
# An output under a regular file cannot be made: the error says why, and nothing is written.
kibitz_expect_exit(cli_pgn_out_under_a_file 2
    "touch plain && ${k} pgn '${pgn_corpus_dir}/variations.pgn' --out plain/out.pgn; s=$?; ls; exit $s"
    "cannot write 'plain/out.pgn': Not a directory\nplain\n")

# ---- PGN readers: nesting and size limits --------------------------------------------------
# 100,000 nested variations (about 800 KB) crashed `kibitz pgn --out` with SIGSEGV (the writer
# recursed once per level): now the game is reported with the limit, and the next game is read
# and written.
set(deep_pgn "awk 'BEGIN { printf \"[Event \\\"deep\\\"]\\n\\n1. e4 \"; for (i = 0; i < 100000; i++) printf \"(1. d4 \"; for (i = 0; i < 100000; i++) printf \")\"; printf \" *\\n\\n[Event \\\"next\\\"]\\n\\n1. e4 e5 *\\n\" }' > deep.pgn")
kibitz_expect_exit(cli_pgn_deep_nesting 1
    "${deep_pgn} && ${k} pgn deep.pgn --out out.pgn; s=$?; grep -c Event out.pgn; exit $s"
    "deep.pgn:3: game 1: variations nested more than 256 deep, the most the PGN reader follows\ngames read 2, malformed 1.*\n1\n")
kibitz_expect_exit(cli_book_build_deep_nesting 0
    "${deep_pgn} && ${k} book build --pgn deep.pgn --out deep.bin --min-games 1"
    "games read 2, used 1, skipped 1\n  skipped deep.pgn:3: game 1: variations nested more than 256 deep")
# /dev/zero has no line ends: reading stops at the line limit instead of filling the memory.
kibitz_expect_exit(cli_pgn_dev_zero 2
    "${k} pgn /dev/zero"
    "kibitz pgn: /dev/zero:1: the line is longer than 1 MiB, the most a PGN line may hold; reading stops here")
kibitz_expect_exit(cli_pgn_dev_zero_keeps_out 2
    "echo kept > out.pgn && ${k} pgn /dev/zero --out out.pgn; s=$?; cat out.pgn; exit $s"
    "reading stops here \\('out.pgn' is left as it was\\)\nkept\n")

# ---- Other writers: the same checks through core::write_file ------------------------------
kibitz_expect_exit(cli_tune_weights_full_disk 2
    "${k} tune weights --out /dev/full"
    "cannot write '/dev/full': No space left on device")
# (kibitz lab exists only in builds with KIBITZ_LAB: not the sanitizer build.)
if(KIBITZ_LAB)
    kibitz_expect_exit(cli_lab_positions_full_disk 2
        "${k} lab positions '${pgn_corpus_dir}/annotated.pgn' --max 1 --out /dev/full"
        "cannot write '/dev/full': No space left on device")
endif()
# A weights file that never ends is refused at the limit.
kibitz_expect_exit(cli_weights_dev_zero 2
    "${k} tune weights --in /dev/zero"
    "weights file '/dev/zero' is larger than 16 MiB, the most Kibitz reads of one weights file")

# ---- An output that is an input is refused before any work --------------------------------
if(KIBITZ_LAB)
    kibitz_expect_exit(cli_lab_positions_out_is_input 2
        "cp '${pgn_corpus_dir}/variations.pgn' g.pgn && cp g.pgn before.pgn && ${k} lab positions g.pgn --out g.pgn; s=$?; cmp g.pgn before.pgn && echo INTACT; exit $s"
        "--out 'g.pgn' is the input file 'g.pgn': write the positions to another file\nINTACT")
endif()
kibitz_expect_exit(cli_tune_weights_out_is_input 2
    "${k} tune weights --out w.json && cp w.json before.json && ${k} tune weights --in w.json --out w.json; s=$?; cmp w.json before.json && echo INTACT; exit $s"
    "--out 'w.json' is the input file 'w.json': write the weights to another file\nINTACT")
