# Matches, datagen and the genetic algorithm over MPI (src/dist/dist.h, docs/scale.md).
# Included from tests/cli.cmake.

if(KIBITZ_MPI AND MPI_CXX_FOUND)
    # Under `mpirun --oversubscribe -np 3` on localhost against the same command in one
    # process (tests/mpi/compare.sh): identical games, data and populations, and a match that
    # loses a worker rank resumes to the same end; SIGUSR1 to mpirun stops a match the way
    # Ctrl-C does without MPI. Each runs in its own folder of the build.
    foreach(what match datagen ga killed-rank usr1)
        add_test(NAME cli_mpi_${what}
                 COMMAND bash ${PROJECT_SOURCE_DIR}/tests/mpi/compare.sh $<TARGET_FILE:kibitz>
                         ${MPIEXEC_EXECUTABLE} ${CMAKE_CURRENT_BINARY_DIR}/mpi_${what} ${what})
        set_tests_properties(cli_mpi_${what} PROPERTIES FAIL_REGULAR_EXPRESSION "FAIL"
                             PASS_REGULAR_EXPRESSION "identical" TIMEOUT 300)
    endforeach()
else()
    # A build without MPI started as several processes by mpirun or srun refuses to run (each
    # process would run the whole match and write the same files) and says what to install.
    add_test(NAME cli_mpi_absent_refuses
             COMMAND ${CMAKE_COMMAND} -E env OMPI_COMM_WORLD_SIZE=3
                     $<TARGET_FILE:kibitz> datagen --out ${CMAKE_CURRENT_BINARY_DIR}/no_mpi.data)
    set_tests_properties(cli_mpi_absent_refuses PROPERTIES PASS_REGULAR_EXPRESSION
        "started as 3 processes by mpirun or srun, but this kibitz was built without MPI.*libopenmpi-dev")
endif()
