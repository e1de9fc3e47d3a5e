#!/usr/bin/env bats
# A trial of `sqlsoak crash` is a power cut only when its process reached
# the cut.  One killed from outside (a signal sqlsoak did not send) is a
# failed trial: never counted intact, lost or corrupt, and it fails its
# cell, so the run exits 1.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    runs_setup
}

teardown() {
    runs_teardown
}

load helpers/runs

# failed_rows: trials.csv rows whose outcome is failed, so far.
failed_rows() {
    grep -c ',failed,' "$OUT/trials.csv" 2>/dev/null || true
}

# children PID: the pids of PID's child processes (read at once from /proc
# where the kernel offers it: a trial lives for milliseconds).
children() {
    cat "/proc/$1/task/$1/children" 2>/dev/null || ps -o pid= --ppid "$1"
}

@test "crash: trial processes killed by SIGKILL from outside are failed trials, and the run exits 1" {
    start crash --journal delete --sync full --trials 400 --db-dir "$DB" --out "$OUT" --no-plot
    wait_rows "$OUT/trials.csv" 1           # the calibration is over: trials are running
    # SIGKILL to whatever trial process is alive, until three of them
    # show up as failed rows (or the run ends)
    while kill -0 "$PID" 2>/dev/null && [ "$(failed_rows)" -lt 3 ]; do
        for c in $(children "$PID"); do
            kill -KILL "$c" 2>/dev/null || true     # (one that just ended: no matter)
        done
    done
    finish
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 1 ]
    [ "$(jget status)" = failed ]
    python3 - "$OUT" <<'PY'
import csv, sys
out = sys.argv[1]
trials = list(csv.DictReader(open(f"{out}/trials.csv", newline="")))
(dur,) = csv.DictReader(open(f"{out}/durability.csv", newline=""))
failed = [t for t in trials if t["outcome"] == "failed"]
judged = [t for t in trials if t["outcome"] != "failed"]
assert len(trials) == 400, len(trials)
assert len(failed) >= 3, len(failed)
assert all(t["integrity"] == "no cut: killed by SIGKILL" for t in failed), failed
# every trial counted as a result reached its power cut
assert not [t for t in judged if "no cut" in t["integrity"]], judged
assert all(t["outcome"] in ("intact", "lost") for t in judged), judged  # DELETE/FULL never corrupts
assert dur["status"] == "failed", dur
assert dur["reason"] == f"{len(failed)} trials could not run (trials.csv)", dur
assert int(dur["trials"]) == len(judged), dur
assert int(dur["intact"]) + int(dur["lost_trials"]) == len(judged), dur
PY
    [ -z "$(ls -A "$DB")" ]
}

@test "crash: a graph gnuplot does not finish (killed by a signal) is exit 1, run.json naming it, and plot draws it" {
    need_strace
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    mkdir -p "$OUT"
    faulted "$OUT/plots/durability.png" write signal=SIGKILL \
        crash --journal wal --sync full --trials 4 --db-dir "$DB" --out "$OUT"
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 1 ]
    grep -q "killed by a signal" "$T/stdout"
    [[ "$(jget status_detail)" == "graphs not drawn: "* ]]
    tail -n 1 "$T/stdout" | grep -q "to draw them: $S plot '$OUT'"
    run "$S" plot "$OUT"
    [ "$status" -eq 0 ]
    [ -s "$OUT/plots/durability.png" ]
    [ "$(jget status_detail)" = None ]
}
