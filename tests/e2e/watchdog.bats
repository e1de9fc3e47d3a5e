#!/usr/bin/env bats
# The watchdog and the processes sqlsoak starts, end to end: a cell whose
# process stops moving (the test hook SQLSOAK_TEST_HANG hangs it at a
# phase) is killed and recorded `hung`, and the run goes on or stops as
# --on-error says; a bad --watchdog is one line and exit 2; crash's
# processes take a stop signal as a run's cell does.  Waits are on
# processes and files, never on fixed delays; `timeout 120` is a generous
# cap on the wait for a run to end (the state waited for), so that a
# watchdog that never fires fails the test rather than hanging the suite.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    runs_setup
}

teardown() {
    runs_teardown
}

load helpers/runs

# ended_within SECONDS: PID has ended within SECONDS (else it is killed
# and the test fails), its exit status in RC.
ended_within() {
    local i
    for ((i = 0; i < $1 * 100; i++)); do
        kill -0 "$PID" 2>/dev/null || { finish; return 0; }
        sleep 0.01
    done
    echo "still running after $1 s" >&2
    return 1
}

@test "watchdog: a cell that makes no progress is killed and recorded hung with what it was doing, and the next cell runs" {
    # (--sync off: no fsync of a loaded disk outlasts the short watchdog in
    # a cell that is not hung)
    SQLSOAK_TEST_HANG=1:write:1 start run --rows 3000 --chunk 1000 --reads 100 --sync off \
        --journal delete,wal --watchdog 2s --db-dir "$DB" --out "$OUT" "${Q[@]}"
    hung=$(hook_pid)
    ended_within 60
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 1 ]
    [ ! -e "/proc/$hung" ]                      # killed and reaped
    [ "$(field status "$OUT/summary.csv" | tr '\n' ' ')" = "hung ok " ]
    [ "$(field reason "$OUT/summary.csv" | head -n 1)" = \
      "no progress for 2 s in the write phase of chunk 1: killed (watchdog: --watchdog 2s)" ]
    [ "$(field chunks "$OUT/summary.csv" | tr '\n' ' ')" = "1 3 " ]
    [ -f "$DB/$(db_prefix "$OUT")-cell1-rep1.db" ]     # the hung cell's database kept
    [ ! -e "$DB/$(db_prefix "$OUT")-cell2-rep1.db" ]
    [ "$(jget status)" = failed ]
    python3 - "$OUT" <<'PY'
import json, sys
cells = json.load(open(f"{sys.argv[1]}/run.json"))["cells"]
assert [c["status"] for c in cells] == ["hung", "ok"], cells
assert cells[0]["reason"].startswith("no progress for 2 s in the write phase of chunk 1"), cells[0]
PY
}

@test "watchdog: with --on-error stop, a hung cell stops the run and the cells after it are skipped" {
    SQLSOAK_TEST_HANG=1:read:0 start run --rows 2000 --chunk 1000 --reads 100 --sync off \
        --journal delete,wal --interleave off --watchdog 1s --on-error stop --db-dir "$DB" \
        --out "$OUT" "${Q[@]}"
    ended_within 60
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 1 ]
    [ "$(field status "$OUT/summary.csv" | tr '\n' ' ')" = "hung skipped " ]
    [[ "$(field reason "$OUT/summary.csv" | head -n 1)" == "no progress for 1 s in the read phase of chunk 0: killed"* ]]
}

@test "watchdog: verify, which reads the whole table, is waited for as many chunks' worth as it reads, and the run ends ok" {
    # 20 small chunks; integrity_check made 3 s longer, without a beat, and
    # the automatic floor lowered to 1 s: 10x a chunk, at least 1 s, is far
    # below it, but the verify of 20 chunks' worth gets 20 times that
    SQLSOAK_TEST_SLOW_VERIFY=3000 SQLSOAK_TEST_WATCHDOG_FLOOR=1 run --separate-stderr \
        "$S" run --rows 20000 --chunk 1000 --reads 100 --verify \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output $stderr"
    [ "$status" -eq 0 ]
    [ "$(field status "$OUT/summary.csv")" = ok ]
    [ "$(field verify_failures "$OUT/summary.csv")" = 0 ]
    [ "$(jget status)" = ok ]
}

@test "watchdog: a cell killed in its verify keeps its chunks' figures, and resume runs its verify and closes the run ok" {
    # the automatic watchdog, its floor lowered to 1 s: 3 chunks' worth of it
    export SQLSOAK_TEST_WATCHDOG_FLOOR=1
    SQLSOAK_TEST_HANG=1:verify:2 run --separate-stderr timeout 120 "$S" run --rows 3000 \
        --chunk 1000 --reads 100 --verify --journal delete,wal \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output $stderr"
    [ "$status" -eq 1 ]
    [ "$(jget status)" = failed ]
    [ "$(field status "$OUT/summary.csv" | tr '\n' ' ')" = "hung ok " ]
    [[ "$(field reason "$OUT/summary.csv" | head -n 1)" == \
       "no progress for "*" s in the verify phase of chunk 2: killed (watchdog: 10x its slowest chunk, "*", at least 1 s, times 3 chunks' worth of work)" ]]
    # the hung cell's figures, from its chunks
    [ "$(field chunks "$OUT/summary.csv" | head -n 1)" = 3 ]
    [ "$(field rows "$OUT/summary.csv" | head -n 1)" = 3000 ]
    for col in write_last_over_first write_rows_per_s_first write_rows_per_s_last \
        read_p99_us_median db_bytes; do
        [ -n "$(field "$col" "$OUT/summary.csv" | head -n 1)" ] || { echo "$col empty"; false; }
    done
    db1=$DB/$(db_prefix "$OUT")-cell1-rep1.db
    [ -f "$db1" ]
    ok2=$(sed -n 3p "$OUT/summary.csv")

    # hung again in the verify resume runs: the watchdog knows the cell's
    # chunks from chunks.csv (not an hour, as before a first chunk): killed
    # as in the run; still resumable
    SQLSOAK_TEST_HANG=1:verify:2 run --separate-stderr timeout 120 "$S" resume "$OUT" "${Q[@]}"
    echo "$output $stderr"
    [ "$status" -eq 1 ]
    [ "$(jget status)" = failed ]
    [ "$(field status "$OUT/summary.csv" | tr '\n' ' ')" = "hung ok " ]
    [[ "$(field reason "$OUT/summary.csv" | head -n 1)" == \
       *"in the verify phase of chunk 2: killed (watchdog: 10x its slowest chunk, "*", at least 1 s, times 3 chunks' worth of work)" ]]
    [ -n "$(field write_last_over_first "$OUT/summary.csv" | head -n 1)" ]
    [ -f "$db1" ]

    run --separate-stderr timeout 120 "$S" resume "$OUT" "${Q[@]}"
    echo "$output $stderr"
    [ "$status" -eq 0 ]
    [[ "$output" == *"at run 1 of 2: cell 1: every chunk recorded, its verify was cut short: it runs again"* ]]
    [ "$(jget status)" = ok ]
    [ "$(field status "$OUT/summary.csv" | tr '\n' ' ')" = "ok ok " ]
    [ "$(field verify_failures "$OUT/summary.csv" | tr '\n' ' ')" = "0 0 " ]
    [ -n "$(field verify_s "$OUT/summary.csv" | head -n 1)" ]
    [ "$(field chunks "$OUT/summary.csv" | tr '\n' ' ')" = "3 3 " ]
    [ "$(data_rows "$OUT/chunks.csv")" -eq 6 ]         # no chunk measured again
    [ ! -e "$db1" ]                                     # verified, then deleted as a run does
    python3 - "$OUT/timeline.csv" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["phase"] == "verify"]
assert sorted(r["cell"] for r in rows) == ["1", "2"], rows     # each cell's verify, once
PY
    python3 - "$OUT" <<'PY'
import json, sys
cells = json.load(open(f"{sys.argv[1]}/run.json"))["cells"]
assert [c["status"] for c in cells] == ["ok", "ok"], cells
PY
    # the cell that was not hung is as the run recorded it, but for the
    # columns that compare cells, filled again as the run closes
    [ "$(sed -n 3p "$OUT/summary.csv" | cut -d, -f1-20)" = "$(echo "$ok2" | cut -d, -f1-20)" ]
}

@test "resume refuses a finished run whose verify reached a verdict, or whose hung cell left chunks unrecorded: nothing changed" {
    SQLSOAK_TEST_CORRUPT_ROW=5 run "$S" run --rows 2000 --chunk 1000 --reads 0 --verify \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 1 ]
    [ "$(field status "$OUT/summary.csv")" = verify_failed ]
    SQLSOAK_TEST_HANG=1:write:1 run timeout 120 "$S" run --rows 2000 --chunk 1000 --verify \
        --sync off --watchdog 1s --db-dir "$DB" --out "$T/hung" "${Q[@]}"
    [ "$status" -eq 1 ]
    [ "$(field status "$T/hung/summary.csv")" = hung ]
    for dir in "$OUT" "$T/hung"; do
        before=$(find "$dir" "$DB" -exec ls -ld --time-style=+%s.%N {} + 2>&1; find "$dir" "$DB" -type f -exec md5sum {} +)
        run --separate-stderr "$S" resume "$dir" "${Q[@]}"
        echo "$output $stderr"
        [ "$status" -eq 2 ]
        [ "$stderr" = "sqlsoak resume: $dir: the run has finished (status failed): nothing to resume" ]
        [ "$before" = "$(find "$dir" "$DB" -exec ls -ld --time-style=+%s.%N {} + 2>&1; find "$dir" "$DB" -type f -exec md5sum {} +)" ]
    done
}

@test "--watchdog: a bad value is one line naming it, exit 2, nothing created" {
    for v in 0 soon 5x -1s; do
        run --separate-stderr "$S" run --rows 1000 --chunk 1000 --watchdog "$v" \
            --db-dir "$DB" --out "$OUT" "${Q[@]}"
        [ "$status" -eq 2 ]
        [ "${#stderr_lines[@]}" -eq 1 ]
        [[ "$stderr" == "sqlsoak run: --watchdog: "* ]]
        [ ! -e "$OUT" ] && [ ! -e "$DB" ]
    done
}

@test "crash: its cell's process takes a stop signal as a run's does: the cell ends interrupted, exit 130" {
    # the calibration run of cell 1 held at its first write phase; SIGTERM
    # to that process alone
    SQLSOAK_TEST_HANG=1:write:0 start crash --journal delete --sync full --trials 3 \
        --db-dir "$DB" --out "$OUT" --no-plot
    kill -TERM "$(hook_pid)"
    ended_within 60
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 130 ]
    [ "$(jget status)" = interrupted ]
    [ "$(field status "$OUT/durability.csv")" = interrupted ]
    [ -z "$(ls -A "$DB")" ]
}
