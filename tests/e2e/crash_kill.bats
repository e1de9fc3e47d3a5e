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

# kill_held N: SIGKILL, from outside, to each of the first N trials the
# test hook holds, as each says so on stderr (tail -F follows the file as
# it is written: no poll), until N are killed or the run ends.
kill_held() {
    local n=0 line
    while [ "$n" -lt "$1" ] && read -r line; do
        kill -KILL "${line##*(pid }" && n=$((n + 1))
    done < <(timeout 300 tail -n +1 -F -s 0.01 --pid="$PID" "$T/stderr" 2>/dev/null 3>&- |
        sed -un 's/^sqlsoak test hook: trial [0-9]* holds (pid \([0-9]*\))$/(pid \1/p')
    [ "$n" -eq "$1" ]
}

@test "crash: trial processes killed by SIGKILL from outside are failed trials, and the run exits 1" {
    # the test hook holds trials 1, 3 and 4, each in its process before its
    # workload, where the kill finds it alive every time (a kill at a random
    # moment needed hundreds of trials to land three); the others run to
    # their cuts
    SQLSOAK_TEST_HOLD_TRIAL=1,3,4 start crash --journal delete --sync full --trials 8 \
        --db-dir "$DB" --out "$OUT" --no-plot
    kill_held 3
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
assert len(trials) == 8, len(trials)
assert [t["trial"] for t in failed] == ["1", "3", "4"], failed
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
