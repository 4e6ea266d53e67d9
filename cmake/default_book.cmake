# The default opening book: book.bin in the build directory, next to the kibitz executable
# (where book::default_book_path() finds it), made by `kibitz book build` from every PGN file of
# data/games/ as part of ALL; it is not committed. Included from CMakeLists.txt after the kibitz
# target. tests/cli_book.cmake reuses default_book_args to make the same file.
file(GLOB default_book_pgns CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/data/games/*.pgn")
list(SORT default_book_pgns)
set(default_book "${CMAKE_BINARY_DIR}/book.bin")
set(default_book_args book build --pgn ${default_book_pgns} --max-ply 24 --min-games 2
                      --out "${default_book}")
add_custom_command(
    OUTPUT "${default_book}"
    COMMAND kibitz ${default_book_args}
    DEPENDS kibitz ${default_book_pgns}
    COMMENT "Building the default opening book ${default_book}"
    VERBATIM)
add_custom_target(default_book ALL DEPENDS "${default_book}")
