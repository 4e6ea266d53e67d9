#!/usr/bin/env bash
# The distributed commands under `mpirun -np 3` (rank 0 and two workers) against the same
# command in one process, on localhost: with fixed nodes a game depends only on its engines,
# opening and seed, so the results must be identical. Run by ctest (tests/cli_mpi.cmake):
#
#   compare.sh KIBITZ MPIEXEC WORKDIR match|datagen|ga|killed-rank|usr1
#
#   match        a 12-game match: the state files' results and the PGN games' moves
#   datagen      3000 positions: the data files byte for byte
#   ga           two generations of the genetic algorithm: population, log and final weights
#   killed-rank  a worker rank killed (SIGKILL) during a match: the finished games are in the
#                state file, and the match resumed with 2 ranks ends as the one-process run
#   usr1         SIGUSR1 to mpirun stops the match the gentle way: no game is started after
#                it, every game started is finished and counted, and mpirun exits with 0
set -euo pipefail
kibitz=$1
mpiexec=$2
dir=$3
what=$4

openings=$(cd "$(dirname "$0")/../../data/openings" && pwd)/8moves_200.pgn
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"

# Root may run mpirun only when it says so (containers, CI); --oversubscribe: 3 ranks on 2 cores.
mpi=("$mpiexec" --oversubscribe)
[[ $(id -u) -eq 0 ]] && mpi+=(--allow-run-as-root)

fail() {
    echo "FAIL: $*"
    exit 1
}

# A match of kibitz against itself with different hash sizes (so the two sides differ).
match() {
    "$@" match -engine cmd="$kibitz" name=small option.Hash=1 -engine cmd="$kibitz" name=big \
        option.Hash=8 -each nodes="${nodes:-1500}" -openings file="$openings" format=pgn \
        -games 2 -rounds "${rounds:-6}" -repeat -concurrency "${concurrency:-1}" -pgnout "$pgn" -state "$state"
}

# The finished games of a state file, by number.
results() { grep '^game ' "$1" | sort -k2,2n; }

# Each PGN game's round and moves, without comments, tags or the order they were written in.
moves() {
    python3 - "$1" <<'EOF'
import re, sys
games = open(sys.argv[1]).read().split('[Event ')[1:]
out = []
for g in games:
    rnd = re.search(r'\[Round "(\d+)"\]', g).group(1)
    text = re.sub(r'\{[^}]*\}', ' ', g.split('\n\n', 1)[1])
    text = re.sub(r'\d+\.\.\.', ' ', text)
    out.append((int(rnd), ' '.join(text.split())))
for r, m in sorted(out):
    print(r, m)
EOF
}

case $what in
match)
    pgn=one.pgn state=one.state match "$kibitz" > one.log
    pgn=mpi.pgn state=mpi.state match "${mpi[@]}" -np 3 "$kibitz" > mpi.log
    grep -q 'on rank 1' mpi.log || fail "no game played on rank 1"
    grep -q 'on rank 2' mpi.log || fail "no game played on rank 2"
    grep -q '^\[Rank "1"\]' mpi.pgn || fail "no Rank tag in the PGN"
    grep -q '^\[Host ' mpi.pgn || fail "no Host tag in the PGN"
    diff <(results one.state) <(results mpi.state) || fail "the results differ"
    diff <(moves one.pgn) <(moves mpi.pgn) || fail "the games differ"
    # The closing result block is the single-process one.
    diff <(tail -4 one.log) <(tail -4 mpi.log) || fail "the result blocks differ"
    echo "match: $(results mpi.state | wc -l) games identical under mpirun -np 3"
    ;;
datagen)
    gen() {
        "$@" datagen --out "$out" --positions "${positions:-3000}" --nodes 800 --seed 7 --threads 1
    }
    out=one.data gen "$kibitz" 2> one.log
    out=mpi.data gen "${mpi[@]}" -np 3 "$kibitz" 2> mpi.log
    cmp one.data mpi.data || fail "the data files differ"
    # Resuming extends the file the same way too.
    positions=5000 out=one.data gen "$kibitz" 2>> one.log
    positions=5000 out=mpi.data gen "${mpi[@]}" -np 3 "$kibitz" 2>> mpi.log
    cmp one.data mpi.data || fail "the resumed data files differ"
    echo "datagen: $(stat -c %s mpi.data) bytes identical under mpirun -np 3, resumed included"
    ;;
ga)
    ga() {
        "$@" tune ga --out "$out" --population 6 --generations 2 --nodes 400 --max-games 4 \
            --wins 2 --seed 5 --concurrency 1
    }
    out=one ga "$kibitz" 2> one.log
    out=mpi ga "${mpi[@]}" -np 3 "$kibitz" 2> mpi.log
    diff one/population.csv mpi/population.csv || fail "the populations differ"
    diff one/final.json mpi/final.json || fail "the final weights differ"
    # Each match's line, without "match N/M" (the order they finished in).
    beats() { grep 'beats' "$1" | sed 's/, match [0-9]*\/[0-9]*:/:/' | sort; }
    diff <(beats one.log) <(beats mpi.log) ||
        fail "the matches differ"
    echo "ga: two generations identical under mpirun -np 3"
    ;;
killed-rank)
    nodes=8000 rounds=4
    concurrency=2 pgn=one.pgn state=one.state match "$kibitz" > one.log
    # The state file by its full path: it tells this run's ranks from those of the other
    # tests, which ctest may run at the same time.
    pgn=mpi.pgn state=$PWD/mpi.state match "${mpi[@]}" -np 3 "$kibitz" > mpi.log 2>&1 &
    job=$!
    # Once two games are written, kill the worker of rank 1 (found by its MPI environment).
    for _ in $(seq 600); do
        [[ -f mpi.state ]] && (($(grep -c '^game ' mpi.state) >= 2)) && break
        sleep 0.1
    done
    victim=
    for pid in $(pgrep -f -- "-state $PWD/mpi.state" || true); do
        if tr '\0' '\n' < /proc/"$pid"/environ 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1'; then
            victim=$pid
        fi
    done
    [[ -n $victim ]] || fail "rank 1 not found"
    kill -9 "$victim"
    if wait "$job"; then fail "mpirun did not report the killed rank"; fi
    saved=$(grep -c '^game ' mpi.state)
    ((saved >= 2)) || fail "the finished games were lost ($saved left)"
    pgn=mpi.pgn state=mpi.state match "${mpi[@]}" -np 2 "$kibitz" > resume.log
    grep -q "Resuming: $saved of 8 games already played" resume.log || fail "no resume"
    diff <(results one.state) <(results mpi.state) || fail "the resumed results differ"
    echo "killed-rank: $saved games kept, the rest played by 2 ranks, all identical"
    ;;
usr1)
    nodes=8000 rounds=10
    pgn=mpi.pgn state=mpi.state match "${mpi[@]}" -np 3 "$kibitz" > mpi.log 2>&1 &
    job=$!
    for _ in $(seq 600); do
        [[ -f mpi.state ]] && (($(grep -c '^game ' mpi.state) >= 1)) && break
        sleep 0.1
    done
    pkill -USR1 -P "$job"  # mpirun, the child of the background subshell
    wait "$job" || fail "mpirun failed after SIGUSR1: $(tail -5 mpi.log)"
    grep -q 'Interrupted: no more games started' mpi.log || fail "not stopped by SIGUSR1"
    started=$(grep -c '^Started game' mpi.log)
    finished=$(grep -c '^game ' mpi.state)
    ((started == finished)) || fail "$started games started, $finished finished"
    ((finished < 20)) || fail "the match was not stopped"
    echo "usr1: stopped after $finished games, each started game finished, identical to Ctrl-C"
    ;;
*)
    fail "unknown test '$what'"
    ;;
esac
