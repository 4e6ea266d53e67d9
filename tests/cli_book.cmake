# ctest entries for `kibitz book`. Included from tests/cli.cmake.

# ---- The default book --------------------------------------------------------------------
# Makes book.bin next to the binary exactly as the default_book target does
# (cmake/default_book.cmake), so that these tests also run after building only kibitz.
add_test(NAME book_default_build COMMAND kibitz ${default_book_args})
set_tests_properties(book_default_build PROPERTIES FIXTURES_SETUP book_default
    PASS_REGULAR_EXPRESSION "games read [0-9]+, used [0-9]+, skipped [0-9]+\n.*entries [1-9][0-9]*, positions [1-9][0-9]*")

# Without --book, probe and stats read the default book; the start position has e4 and d4.
add_test(NAME book_probe_default COMMAND kibitz book probe)
add_test(NAME book_probe_moves COMMAND kibitz book probe --moves "e2e4 e7e5")
add_test(NAME book_probe_fen
         COMMAND kibitz book probe --fen "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
add_test(NAME book_probe_none COMMAND kibitz book probe --fen "8/8/8/8/8/8/k7/4K3 w - - 0 1")
add_test(NAME book_stats COMMAND kibitz book stats)
set_tests_properties(book_probe_default book_probe_moves book_probe_fen book_probe_none book_stats
                     PROPERTIES FIXTURES_REQUIRED book_default)
set_tests_properties(book_probe_default PROPERTIES PASS_REGULAR_EXPRESSION
    "key 0x463b96181691fc9c .*\ne4 +e2e4 +[0-9]+ +[0-9.]+%\nd4 +d2d4 ")
set_tests_properties(book_probe_moves book_probe_fen PROPERTIES PASS_REGULAR_EXPRESSION
    "key 0x0844931a6ef4b9a0 .*\nNf3 +g1f3 ")
set_tests_properties(book_probe_none PROPERTIES PASS_REGULAR_EXPRESSION "\nno book moves\n")
set_tests_properties(book_stats PROPERTIES PASS_REGULAR_EXPRESSION
    "file .*book.bin\nentries [1-9][0-9]*\npositions [1-9][0-9]*\ntotal weight [1-9][0-9]*\nlargest weight [1-9][0-9]*\nlearn fields set 0\nstart position:\n.*e4 +e2e4 ")

# ---- Errors: a message naming what was wrong, exit status 2 ----------------------------------
set(book_bad_dir "${CMAKE_BINARY_DIR}/book_bad")
function(kibitz_book_error name command expected)
    add_test(NAME ${name} COMMAND sh -c
             "mkdir -p '${book_bad_dir}' && ${command} 2>&1; test $? -eq 2 || echo UNEXPECTED-EXIT-STATUS")
    set_tests_properties(${name} PROPERTIES PASS_REGULAR_EXPRESSION "${expected}"
                         FAIL_REGULAR_EXPRESSION "UNEXPECTED-EXIT-STATUS")
endfunction()
kibitz_book_error(book_error_missing_file
    "\"$<TARGET_FILE:kibitz>\" book stats --book '${book_bad_dir}/no-such.bin'"
    "cannot open book '.*book_bad/no-such.bin'")
kibitz_book_error(book_error_size
    "printf '0123456789abcdefX' > '${book_bad_dir}/size17.bin' && \"$<TARGET_FILE:kibitz>\" book probe --book '${book_bad_dir}/size17.bin'"
    "size17.bin': size 17 bytes is not a multiple of 16")
kibitz_book_error(book_error_bad_fen
    "\"$<TARGET_FILE:kibitz>\" book probe --book '${book_bad_dir}/no-such.bin' --fen 'rnbqkbnr/pppppppp/8/8 w'"
    "bad --fen 'rnbqkbnr/pppppppp/8/8 w'")
kibitz_book_error(book_error_bad_move
    "\"$<TARGET_FILE:kibitz>\" book probe --moves 'e2e4 e2e4'"
    "--moves: move 'e2e4'")
kibitz_book_error(book_error_missing_pgn
    "\"$<TARGET_FILE:kibitz>\" book build --pgn '${book_bad_dir}/no-such.pgn' --out '${book_bad_dir}/x.bin'"
    "cannot open PGN file '.*book_bad/no-such.pgn'")

# ---- Compatibility with Debian's polyglot --------------------------------------------------
# `kibitz book build` and `polyglot make-book` with the same options must write byte-identical
# files. Skipped (exit status 77) when /usr/games/polyglot is not installed. polyglot always
# exits with 0, so a missing output file is what shows its failure (compare_files fails).
set(book_compat_dir "${CMAKE_BINARY_DIR}/book_compat")
function(kibitz_book_compat name pgn kibitz_options polyglot_options)
    set(k "${book_compat_dir}/${name}.kibitz.bin")
    set(p "${book_compat_dir}/${name}.polyglot.bin")
    add_test(NAME ${name} COMMAND sh -c
             "test -x /usr/games/polyglot || { echo 'SKIP: /usr/games/polyglot is not installed'; exit 77; }; mkdir -p '${book_compat_dir}' && rm -f '${k}' '${p}' && \"$<TARGET_FILE:kibitz>\" book build --pgn '${pgn}' ${kibitz_options} --out '${k}' && /usr/games/polyglot make-book -pgn '${pgn}' -bin '${p}' ${polyglot_options} >/dev/null && \"${CMAKE_COMMAND}\" -E compare_files '${k}' '${p}' && echo \"identical: $(wc -c < '${k}') bytes\"")
    set_tests_properties(${name} PROPERTIES SKIP_RETURN_CODE 77)
endfunction()
set(book_games "${PROJECT_SOURCE_DIR}/data/games")
kibitz_book_compat(book_polyglot_same_worldchamp1972 "${book_games}/pgnviewer_WorldChamp1972.pgn"
    "--max-ply 24 --min-games 2" "-max-ply 24 -min-game 2")
kibitz_book_compat(book_polyglot_same_moscow64_white "${book_games}/pgnviewer_moscow64.pgn"
    "--max-ply 60 --min-games 1 --only-white" "-max-ply 60 -min-game 1 -only-white")
kibitz_book_compat(book_polyglot_same_great_masters_black "${book_games}/pgnviewer_great_masters.pgn"
    "--max-ply 1024 --min-games 1 --only-black --uniform"
    "-max-ply 1024 -min-game 1 -only-black -uniform")

# ---- Files: size limits, write errors (kibitz_expect_exit is in tests/cli_files.cmake) ---------
# /dev/zero never ends and has size 0 to stat: the book reader counts the bytes and stops at
# its limit (a few seconds) instead of filling the memory.
kibitz_expect_exit(book_stats_dev_zero 2
    "\"$<TARGET_FILE:kibitz>\" book stats --book /dev/zero"
    "book '/dev/zero' is larger than 512 MiB, the most Kibitz reads of one book")
kibitz_expect_exit(book_build_dev_zero 2
    "\"$<TARGET_FILE:kibitz>\" book build --pgn /dev/zero --out z.bin; s=$?; test -e z.bin || echo NOT-WRITTEN; exit $s"
    "/dev/zero:1: the line is longer than 1 MiB, the most a PGN line may hold; reading stops here\nNOT-WRITTEN")
kibitz_expect_exit(book_build_pgn_folder 2
    "mkdir games && \"$<TARGET_FILE:kibitz>\" book build --pgn games --out z.bin"
    "cannot read PGN file 'games': it is a folder")
kibitz_expect_exit(book_build_out_full_disk 2
    "\"$<TARGET_FILE:kibitz>\" book build --pgn '${PROJECT_SOURCE_DIR}/tests/fuzz/corpus/pgn/variations.pgn' --min-games 1 --out /dev/full"
    "cannot write '/dev/full': No space left on device")
# An existing book is replaced whole: a new file (another inode), the old one never truncated.
kibitz_expect_exit(book_build_replaces_whole 0
    "\"$<TARGET_FILE:kibitz>\" book build --pgn '${PROJECT_SOURCE_DIR}/tests/fuzz/corpus/pgn/variations.pgn' --min-games 1 --out b.bin >/dev/null && ln b.bin old.bin && \"$<TARGET_FILE:kibitz>\" book build --pgn '${PROJECT_SOURCE_DIR}/tests/fuzz/corpus/pgn/multi.pgn' --min-games 1 --out b.bin >/dev/null && cmp -s b.bin old.bin || echo REPLACED; ls; \"$<TARGET_FILE:kibitz>\" book stats --book b.bin | head -2"
    "REPLACED\nb.bin\nold.bin\nfile b.bin\nentries [1-9]")
# The PGN input as the output would lose the games: refused, the file kept.
kibitz_expect_exit(book_build_out_is_input 2
    "cp '${PROJECT_SOURCE_DIR}/tests/fuzz/corpus/pgn/variations.pgn' g.pgn && cp g.pgn before.pgn && \"$<TARGET_FILE:kibitz>\" book build --pgn g.pgn --out g.pgn; s=$?; cmp g.pgn before.pgn && echo INTACT; exit $s"
    "--out 'g.pgn' is the input file 'g.pgn': write the book to another file\nINTACT")
