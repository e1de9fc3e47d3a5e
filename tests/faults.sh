#!/usr/bin/env bash
# faults.sh COUNT [SEED]: a randomized soak of faults.  Each trial starts a
# 2-cell run (with --verify) in a process group of its own and, at a random
# moment, sends a random signal (INT, TERM, HUP or KILL) to the runner, to
# the cell's process, or to the whole group; then resumes, the resume itself
# faulted the same way half the time, until the run finishes.  Every trial
# must end with a complete verified run: every chunk recorded exactly once,
# every cell ok, the databases gone.  A faulted process may exit 0 (the
# fault came too late), 130 (stopped by a signal) or 137 (the runner
# killed); anything else, or a resume that refuses, fails the trial.
#
#   SQLSOAK=build/sqlsoak tests/faults.sh 50
#
# Prints one line per trial and a total; exits 1 when any trial failed.
set -u
COUNT=${1:?usage: faults.sh COUNT [SEED]}
SEED=${2:-$RANDOM}
RANDOM=$SEED
HERE=$(cd "$(dirname "$0")" && pwd)
S=${SQLSOAK:-$HERE/../build/sqlsoak}
CHECK=$HERE/e2e/helpers/robust_check.py
WORK=$(mktemp -d "${TMPDIR:-/tmp}/sqlsoak-faults.XXXXXX")
ROWS=1000000
CHUNK=50000
PID=
trap '[ -n "$PID" ] && kill -9 -- "-$PID" 2>/dev/null; rm -rf "$WORK"' EXIT

# launch ARGS...: sqlsoak in a new session and process group; pid in PID.
launch() {
    setsid "$S" "$@" >>"$WORK/log" 2>&1 </dev/null &
    PID=$!
}

# launch_run: the trial's run, into $out with its databases in $db.
launch_run() {
    launch run --rows $ROWS --chunk $CHUNK --reads 1k --page-size 4k,8k --verify \
        --db-dir "$db" --out "$out" --no-plot --progress never
}

# fault: at a random moment within 1.3 s, one random signal to the
# runner, its cell's process or the group; waits for the runner; RC.
fault() {
    local sigs=(INT TERM HUP KILL) sig target child
    sig=${sigs[RANDOM % 4]}
    local ms=$((RANDOM % 1300))       # a run takes about 1.5 s on a 2-core machine
    sleep "$((ms / 1000)).$(printf %03d $((ms % 1000)))"
    case $((RANDOM % 3)) in
    0) target=runner; kill -"$sig" "$PID" 2>/dev/null ;;
    1) target=cell
       child=$(ps -o pid= --ppid "$PID" 2>/dev/null | head -n 1 | tr -d ' ')
       if [ -n "$child" ]; then kill -"$sig" "$child" 2>/dev/null; else target="cell(none)"; fi ;;
    2) target=group; kill -"$sig" -- "-$PID" 2>/dev/null ;;
    esac
    RC=0
    { wait "$PID"; } 2>/dev/null || RC=$?
    settle
    NOTE+=" $sig>$target:$RC"
}

# settle: until no process of the group is left (a cell's process outlives
# a runner killed with SIGKILL by a moment), as a person at the shell
# prompt would find it.
settle() {
    local i
    for ((i = 0; i < 1000 && $(pgrep -g "$PID" | wc -l) > 0; i++)); do
        sleep 0.01
    done
    PID=
}

passed=0
for ((t = 1; t <= COUNT; t++)); do
    out=$WORK/out$t db=$WORK/db$t
    NOTE=""
    ok=1
    launch_run
    fault
    case $RC in 0 | 130 | 137) ;; *) ok=0 ;; esac
    for ((round = 1; ok && RC != 0 && round <= 20; round++)); do
        if [ ! -e "$out/run.json" ]; then
            # killed before run.json was first written: nothing was
            # measured, and resume rightly refuses the folder; start again
            rm -rf "$out" "$db"
            NOTE+=" (no run.json: run again)"
            launch_run
        else
            launch resume "$out" --progress never
        fi
        if ((RANDOM % 2)); then
            fault
        else
            RC=0
            wait "$PID" || RC=$?
            settle
            NOTE+=" resume:$RC"
        fi
        case $RC in 0 | 130 | 137) ;; *) ok=0 ;; esac
    done
    if ((ok)) && [ "$RC" -eq 0 ] && python3 "$CHECK" final "$out" $ROWS $CHUNK 2 >/dev/null 2>"$WORK/check" &&
        [ -z "$(ls -A "$db")" ]; then
        passed=$((passed + 1))
        echo "trial $t:$NOTE PASS"
    else
        echo "trial $t:$NOTE FAIL $(cat "$WORK/check" 2>/dev/null)"
        tail -n 5 "$WORK/log"
    fi
    rm -rf "$out" "$db"
    : >"$WORK/log"
done
echo "faults: $passed of $COUNT trials ended with a complete verified run (seed $SEED)"
[ "$passed" -eq "$COUNT" ]
