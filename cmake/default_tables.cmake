# The default endgame tables: every 3-man table (KQK KRK KBK KNK KPK, under a second) in tb/ of
# the build directory, next to the kibitz executable (where tb::default_dir() finds them), made
# by `kibitz tb generate` as part of ALL; not committed. More tables go into the same directory
# with `kibitz tb generate --men 4 --dir build/tb` (docs/tablebases.md). Included from
# CMakeLists.txt after the kibitz target.
set(default_tables_dir "${CMAKE_BINARY_DIR}/tb")
set(default_tables "")
foreach(name KQK KRK KBK KNK KPK)
    list(APPEND default_tables "${default_tables_dir}/${name}.ktb")
endforeach()
add_custom_command(
    OUTPUT ${default_tables}
    COMMAND kibitz tb generate --men 3 --dir "${default_tables_dir}"
    DEPENDS kibitz
    COMMENT "Generating the 3-man endgame tables in ${default_tables_dir}"
    VERBATIM)
add_custom_target(default_tables ALL DEPENDS ${default_tables})
