# kibitz play on the kept database of an earlier release (tests/data/store/README.md): it starts
# with every game loaded and stops cleanly, leaving the copy made before migration 2 (the move
# tree) beside it; with its schema version raised beyond this build's
# (byte 60 of the file holds PRAGMA user_version) it is refused, naming the versions, untouched.
set(kibitz_release_db "${PROJECT_SOURCE_DIR}/tests/data/store/v1-bd750b8.sqlite")
add_test(NAME cli_play_release_db
         COMMAND sh -c "d=$(mktemp -d) && cp \"${kibitz_release_db}\" \"$d/games.db\" && timeout -s TERM 8 \"$<TARGET_FILE:kibitz>\" play --db \"$d/games.db\" --port 0 --engines 1 --hash 1 --no-book --tables '' 2>&1; echo exit=$?; ls \"$d\"; rm -rf \"$d\"")
set_tests_properties(cli_play_release_db PROPERTIES
                     PASS_REGULAR_EXPRESSION "Kibitz is running at .*kibitz play: stopped\nexit=124\ngames.db\ngames.db.v1.bak\n$"
                     FAIL_REGULAR_EXPRESSION "not loaded|cannot|[.]part"
                     TIMEOUT 30)
add_test(NAME cli_play_newer_db
         COMMAND sh -c "d=$(mktemp -d) && cp \"${kibitz_release_db}\" \"$d/games.db\" && printf '\\000\\000\\000\\143' | dd of=\"$d/games.db\" bs=1 seek=60 conv=notrunc 2>/dev/null && cp \"$d/games.db\" \"$d/before.db\" && \"$<TARGET_FILE:kibitz>\" play --db \"$d/games.db\" --port 0 2>&1; echo exit=$?; cmp \"$d/games.db\" \"$d/before.db\" && echo unchanged; ls \"$d\"; rm -rf \"$d\"")
set_tests_properties(cli_play_newer_db PROPERTIES
                     PASS_REGULAR_EXPRESSION "database [^ ]*/games.db has schema version 99, but this kibitz knows versions up to [0-9]+: it was written by a newer release.*\nexit=[1-9][0-9]*\nunchanged\nbefore.db\ngames.db\n$"
                     TIMEOUT 30)
