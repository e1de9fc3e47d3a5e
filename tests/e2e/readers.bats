#!/usr/bin/env bats
# readers.bats: --readers N reader processes beside the writer.  Results
# are asserted, never timings: COMMITs are made long by a test hook
# (SQLSOAK_TEST_SLOW_SYNC_MS), a reader's stall by another
# (SQLSOAK_TEST_READER_STALL), a reader held in a read by a third
# (SQLSOAK_TEST_READER_HOLD), and waits are on files and processes.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/runs

setup() {
    runs_setup
}

teardown() {
    runs_teardown
}

# sums DIR FILE COLUMN...: each column's sum over DIR/FILE's rows, one a
# line (an empty field fails).
sums() {
    python3 - "$@" <<'PY'
import csv, sys
d, f, cols = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = list(csv.DictReader(open(d + "/" + f)))
for c in cols:
    print(int(sum(float(r[c]) for r in rows)))
PY
}

# readers_of PID: the pids of the reader processes under runner PID (the
# children of its cell's process), one a line.
readers_of() {
    local cell
    for cell in $(ps -o pid= --ppid "$1"); do
        ps -o pid= --ppid "$cell"
    done
}

# wait_readers PID N: until runner PID's cell has N readers.
wait_readers() {
    local i
    for ((i = 0; i < 3000; i++)); do
        [ "$(readers_of "$1" | wc -l)" -eq "$2" ] && return 0
        sleep 0.01
    done
    echo "runner $1 has $(readers_of "$1" | wc -l) readers, not $2" >&2
    return 1
}

# reader_exact DIR RAW:FROM:TO...: summary.csv's reader percentiles against
# every raw latency of a chunk FROM <= c < TO in each RAW file (those of
# the chunks DIR records), within the histogram's 1/128 (max and mean exact).
reader_exact() {
    python3 - "$@" <<'PY'
import csv, sys
d = sys.argv[1]
chunks = list(csv.DictReader(open(d + "/chunks.csv")))
v = []
for spec in sys.argv[2:]:
    raw, lo, hi = spec.rsplit(":", 2)
    for l in open(raw):
        c, lat = map(int, l.split())
        if int(lo) <= c < int(hi):   # reads after a run's last chunk are in none
            v.append(lat)
v.sort()
s = list(csv.DictReader(open(d + "/summary.csv")))[0]
assert len(v) == int(s["reader_ops"]) == sum(int(r["reader_ops"]) for r in chunks) > 0
def pct(p):                      # nearest rank in integers, as src/model/hist.c
    rank = (round(p * 10000) * len(v) + 999999) // 1000000
    return v[max(1, min(len(v), rank)) - 1]
for col, p in (("reader_p50_us", 50), ("reader_p90_us", 90), ("reader_p99_us", 99),
               ("reader_p999_us", 99.9)):
    want, got = pct(p) / 1000, float(s[col])
    assert abs(got - want) <= want / 128 + 0.0015, (col, got, want)
assert abs(float(s["reader_max_us"]) - v[-1] / 1000) <= 0.0015, (s["reader_max_us"], v[-1])
assert abs(float(s["reader_mean_us"]) - sum(v) / len(v) / 1000) <= 0.0015
print("percentiles of", len(v), "reader reads agree")
PY
}

@test "readers 0: the reader columns are there, and empty; readers is 0" {
    small_run
    [ "$status" -eq 0 ]
    python3 - "$OUT" <<'PY'
import csv, sys
d = sys.argv[1]
for f in ("chunks.csv", "summary.csv", "timeline.csv"):
    rows = list(csv.DictReader(open(d + "/" + f)))
    cols = [c for c in rows[0] if c.startswith("reader_")]
    assert len(cols) >= 2, (f, cols)
    for r in rows:
        assert all(r[c] == "" for c in cols), (f, r)
        if f != "timeline.csv" or "readers" in r:
            assert r["readers"] == "0", r
print("reader columns empty")
PY
}

@test "readers: delete journal, 2 readers meet the writer's lock while it commits, and go on" {
    SQLSOAK_TEST_SLOW_SYNC_MS=30 run "$S" run --rows 4000 --chunk 1000 --reads 200 \
        --journal delete --readers 2 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(field status "$OUT/summary.csv")" = ok ]
    [ "$(field readers "$OUT/summary.csv")" = 2 ]
    set -- $(sums "$OUT" chunks.csv reader_ops reader_busy_during_commit verify_failures)
    ops=$1 busy_commit=$2 verify=$3
    [ "$ops" -gt 0 ]
    [ "$busy_commit" -gt 0 ]
    [ "$verify" -eq 0 ]
    python3 - "$OUT" <<'PY'
import csv, sys
s = list(csv.DictReader(open(sys.argv[1] + "/summary.csv")))[0]
assert float(s["reader_wait_s"]) > 0, s["reader_wait_s"]
assert int(s["reader_busy"]) >= int(s["reader_busy_during_commit"]) > 0, s
PY
}

@test "readers: wal, 2 readers read during the write phase and the COMMIT, and never meet a lock" {
    SQLSOAK_TEST_SLOW_SYNC_MS=30 run "$S" run --rows 20k --chunk 5k --commit-every 1000 \
        --value-size 1000 --reads 200 --journal wal --readers 2 --db-dir "$DB" --out "$OUT" \
        "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    set -- $(sums "$OUT" chunks.csv reader_ops_during_write reader_ops_during_commit reader_busy)
    w=$1 c=$2 busy=$3
    [ "$w" -gt 0 ]
    [ "$c" -gt 0 ]
    [ "$busy" -eq 0 ]
    [ "$(field reader_busy "$OUT/summary.csv")" = 0 ]
}

@test "readers: every value a reader reads is verified (a corrupted row, found by readers alone)" {
    SQLSOAK_TEST_SLOW_SYNC_MS=30 SQLSOAK_TEST_CORRUPT_ROW=1 run "$S" run --rows 8 --chunk 2 \
        --reads 0 --journal wal --readers 2 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 1 ]
    [ "$(field status "$OUT/summary.csv")" = verify_failed ]
    [ "$(sums "$OUT" chunks.csv reads)" -eq 0 ]
    [ "$(sums "$OUT" chunks.csv verify_failures)" -gt 0 ]
}

@test "readers: their percentiles are those of every raw latency, their count every read tallied" {
    SQLSOAK_TEST_READER_LATENCIES="$T/raw" run "$S" run --rows 40k --chunk 10k --reads 2k \
        --journal wal --readers 2 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    reader_exact "$OUT" "$T/raw:0:4"
}

@test "readers: a lock held for long: a read gives up at the busy timeout, counted, and the reader goes on" {
    # a transaction spanning chunks, its pages spilled into the database
    # under the exclusive lock, held while the writer hangs in chunk 1
    SQLSOAK_TEST_HANG=1:read:1 start run --rows 4000 --chunk 1000 --commit-every 1500 \
        --value-size 1000 --cache-size 10 --reads 10 --journal delete --readers 1 \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    for ((i = 0; i < 3000; i++)); do
        grep -q "hangs at read of chunk 1" "$T/stderr" && break
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.01
    done
    cat "$T/stderr"
    grep -q "hangs at read of chunk 1" "$T/stderr"
    kill -TERM "$PID"
    finish
    [ "$RC" -eq 130 ]
    python3 - "$OUT" <<'PY'
import csv, sys
c = list(csv.DictReader(open(sys.argv[1] + "/chunks.csv")))
assert len(c) == 2, len(c)          # the chunk the stop came in is recorded
# the reader met the lock and waited out the busy timeout (5 s): the writer
# held it until the reader had handed back its chunk, which it did
assert sum(int(r["reader_busy"]) for r in c) >= 1, c
assert sum(float(r["reader_wait_s"]) for r in c) >= 4.99, [r["reader_wait_s"] for r in c]
assert all(r["verify_failures"] == "0" for r in c), c
PY
}

@test "readers: kill -9 of the runner leaves no reader, nor the cell's process" {
    start run --rows 100M --chunk 10k --reads 100 --readers 2 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    wait_rows "$OUT/chunks.csv" 1 || { cat "$T/stdout" "$T/stderr"; false; }
    wait_readers "$PID" 2
    pids=$(readers_of "$PID" | tr '\n' ' ')
    cell=$(ps -o pid= --ppid "$PID")
    kill -9 "$PID"
    finish
    for p in $pids $cell; do gone "$p"; done
}

@test "readers: a reader that dies fails the cell, named in its reason; the other one ends" {
    start run --rows 100M --chunk 10k --reads 100 --readers 2 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    wait_rows "$OUT/chunks.csv" 1 || { cat "$T/stdout" "$T/stderr"; false; }
    wait_readers "$PID" 2
    set -- $(readers_of "$PID")
    first=$1 second=$2
    kill -9 "$first"
    finish
    [ "$RC" -eq 1 ]
    [ "$(field status "$OUT/summary.csv")" = failed ]
    field reason "$OUT/summary.csv" | grep -Eq '^reader [12] of 2 was killed by SIGKILL$'
    gone "$second"
}

@test "readers: a reader stopped (SIGSTOP) holding its read transaction: the writer's COMMIT waits the busy timeout and the cell ends locked" {
    # delete journal: the COMMIT needs every reader's SHARED lock gone.
    # The test hook holds reader 1 at a read begun in the write phase, its
    # transaction open, and says so; then the test stops it
    # (a busy timeout of 1 s: the other reader reads on all the while)
    SQLSOAK_TEST_READER_HOLD=1:write start run --rows 100M --chunk 10k --reads 100 --readers 2 \
        --journal delete --busy-timeout 1000 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    held=$(hook_pid)
    kill -STOP "$held"
    finish
    cat "$T/stderr"
    [ "$RC" -eq 1 ]
    [ "$(field status "$OUT/summary.csv")" = locked ]
    [ "$(field reason "$OUT/summary.csv")" = "COMMIT: database is locked (busy timeout 1000 ms)" ]
    gone "$held"                            # the stopped reader killed at the cell's end
    # the busy timeout bounded the wait: the cell's end did not wait for
    # the stopped reader's tally (30 s and more, before)
    python3 - "$OUT" <<'PY'
import csv, json, sys
r = list(csv.DictReader(open(sys.argv[1] + "/summary.csv", newline="")))[0]
assert float(r["writer_wait_s"]) >= 0.98, r     # the timeout, in the handler
run_s = json.load(open(sys.argv[1] + "/run.json"))["run_s"]
assert run_s < 25, run_s
PY
}

@test "readers: a reader late with its tally but running (starved of CPU) is waited for, not given up on" {
    # the writer waits for a tally the busy timeout and the slack (here
    # 100 + 100 ms); asked for its first, the reader spins on the CPU
    # 600 ms before it hands it back, three times that wait: runnable all
    # along, as a reader a loaded machine starves is.  WAL:
    # under the delete journal a reader slowed by the load can hold its
    # lock past that short busy timeout, and the COMMIT ends locked
    SQLSOAK_TEST_READER_SPIN=600 SQLSOAK_TEST_HAND_BACK_SLACK_MS=100 run "$S" run \
        --rows 4000 --chunk 2000 --reads 100 --readers 1 --busy-timeout 100 --journal wal \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(field status "$OUT/summary.csv")" = ok ]
    [ "$(sums "$OUT" chunks.csv reader_ops | head -n 1)" -gt 0 ]
}

@test "readers: a reader starved of CPU between the parts of its tally is waited for, not given up on" {
    # a tally is larger than a pipe holds: the reader writes it in two
    # parts and spins on the CPU 600 ms between them, three times the
    # writer's 100 + 100 ms for a tally, as a reader a loaded machine starves
    # mid-write is: the writer waits for the rest as for the first part
    SQLSOAK_TEST_READER_SPIN_PART=600 SQLSOAK_TEST_HAND_BACK_SLACK_MS=100 run "$S" run \
        --rows 4000 --chunk 2000 --reads 100 --readers 1 --busy-timeout 100 --journal wal \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(field status "$OUT/summary.csv")" = ok ]
    [ "$(sums "$OUT" chunks.csv reader_ops | head -n 1)" -gt 0 ]
}

@test "readers: a reader the machine started after the writer's first chunk hands back an empty tally of it, and the cell goes on" {
    # the test hook holds reader 2 until the writer has ended chunk 0 and
    # waits for every reader's tally of it; a reader that began at the
    # page's chunk then would never hand that one back: the writer would
    # wait for it until the watchdog (an hour before a first chunk), so
    # timeout turns that hang into a failure (a generous cap on the wait for
    # the run's end, the state the test waits for, never a time it needs)
    SQLSOAK_TEST_READER_LATE=2 run timeout 300 "${SIGDFL[@]}" "$S" run --rows 6000 --chunk 2000 --reads 100 \
        --readers 2 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"sqlsoak test hook: reader 2 starts once the first chunk has ended"* ]]
    [ "$(field status "$OUT/summary.csv")" = ok ]
    # every chunk recorded; from the second on, the readers read in each
    python3 - "$OUT/chunks.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert [r["chunk"] for r in rows] == ["0", "1", "2"], rows
assert all(int(r["reader_ops"]) > 0 for r in rows[1:]), rows
PY
}

@test "readers: a killed cell's process ends its readers" {
    start run --rows 100M --chunk 10k --reads 100 --readers 2 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    wait_rows "$OUT/chunks.csv" 1 || { cat "$T/stdout" "$T/stderr"; false; }
    wait_readers "$PID" 2
    pids=$(readers_of "$PID" | tr '\n' ' ')
    kill -9 "$(ps -o pid= --ppid "$PID")"
    for p in $pids; do gone "$p"; done
    finish
    [ "$RC" -ne 0 ]
}

@test "readers: after SIGINT and resume, the readers start again, their columns continue, their histograms merge" {
    # held after its second chunk (the test hook) until the SIGINT: it
    # cannot run on to its end first, however slow the test's shell
    SQLSOAK_TEST_HANG=1:between:1 SQLSOAK_TEST_READER_LATENCIES="$T/raw1" start run --rows 120k \
        --chunk 10k --reads 1k --readers 2 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    wait_rows "$OUT/chunks.csv" 2 || { cat "$T/stdout" "$T/stderr"; false; }
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ]
    before=$(data_rows "$OUT/chunks.csv")
    [ "$before" -lt 12 ]
    SQLSOAK_TEST_READER_LATENCIES="$T/raw2" run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$OUT" "$before" <<'PY'
import csv, sys
d, before = sys.argv[1], int(sys.argv[2])
c = list(csv.DictReader(open(d + "/chunks.csv")))
assert len(c) == 12, len(c)
assert [r["resumed"] for r in c] == ["0"] * before + ["1"] * (12 - before)
for r in c:
    assert r["readers"] == "2" and int(r["reader_ops"]) > 0, r
s = list(csv.DictReader(open(d + "/summary.csv")))[0]
assert s["status"] == "ok", s
assert int(s["reader_ops"]) == sum(int(r["reader_ops"]) for r in c), s["reader_ops"]
print("reader columns continue over", len(c), "chunks")
PY
    # and their histograms merge exactly across the interruption
    reader_exact "$OUT" "$T/raw1:0:$before" "$T/raw2:$before:12"
}

@test "reader-rate: a reader's stall counts in its latency when paced, not when unpaced" {
    for rate in 1000 0; do
        SQLSOAK_TEST_SLOW_SYNC_MS=100 SQLSOAK_TEST_READER_STALL=500 run "$S" run --rows 8000 \
            --chunk 1000 --reads 100 --journal wal --readers 1 --reader-rate "$rate" \
            --db-dir "$DB" --out "$OUT.$rate" "${Q[@]}"
        echo "$output"
        [ "$status" -eq 0 ]
    done
    python3 - "$OUT" <<'PY'
import csv, sys
d = sys.argv[1]
paced = list(csv.DictReader(open(d + ".1000/summary.csv")))[0]
free = list(csv.DictReader(open(d + ".0/summary.csv")))[0]
# paced: the read due 1 ms after the first waits out the stall (500 ms)
assert float(paced["reader_max_us"]) >= 499000, paced["reader_max_us"]
assert float(free["reader_max_us"]) < 499000, free["reader_max_us"]
print("paced max", paced["reader_max_us"], "unpaced max", free["reader_max_us"])
PY
}

@test "readers: the timeline counts the readers' reads of each interval" {
    SQLSOAK_TEST_SLOW_SYNC_MS=30 run "$S" run --rows 4000 --chunk 1000 --reads 200 \
        --journal wal --readers 2 --timeline-interval 10 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 - "$OUT" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1] + "/timeline.csv")))
ops = [int(float(r["reader_ops"])) for r in rows]
assert sum(ops) > 0, ops
assert all(r["reader_max_us"] != "" for r, o in zip(rows, ops) if o > 0)
PY
}

@test "readers, reader-rate: bad values are refused with one line, nothing created" {
    run "$S" run --readers 65 --db-dir "$DB" --out "$OUT"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" == *--readers* ]]
    run "$S" run --reader-rate -1 --db-dir "$DB" --out "$OUT"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" == *--reader-rate* ]]
    [ ! -e "$OUT" ] && [ ! -e "$DB" ]
}

@test "readers read the cell's shape and distribution: text keys in a WITHOUT ROWID table, zipf reads, every value verified" {
    run "$S" run --rows 20k --chunk 10k --reads 0 --readers 2 --key-type text --table without-rowid \
        --read-dist zipf:0.9 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 -c 'import csv,sys; r=list(csv.DictReader(open(sys.argv[1]))); assert [(x["status"], x["verify_failures"]) for x in r] == [("ok", "0")], r' "$OUT/summary.csv"
    [ "$(sums "$OUT" summary.csv reader_ops)" -gt 0 ]
    # a stored value changed after its COMMIT is found by the readers alone
    SQLSOAK_TEST_SLOW_SYNC_MS=30 SQLSOAK_TEST_CORRUPT_ROW=1 run "$S" run --rows 8 --chunk 2 \
        --reads 0 --journal wal --readers 2 --key-type text --read-dist zipf:0.9 --db-dir "$DB" \
        --out "$T/bad" "${Q[@]}"
    [ "$(field status "$T/bad/summary.csv")" = verify_failed ]
    [ "$(sums "$T/bad" chunks.csv verify_failures)" -gt 0 ]
}

@test "readers verify against the schedule: rows updated and deleted in the chunk they read are right before, between and after" {
    run "$S" run --rows 40k --chunk 10k --reads 1k --updates 2000 --deletes 1000 --delete-keys uniform \
        --readers 2 --verify --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(field status "$OUT/summary.csv")" = ok ]
    [ "$(sums "$OUT" chunks.csv verify_failures reader_ops | tr '\n' ' ' | cut -d' ' -f1)" -eq 0 ]
    [ "$(sums "$OUT" summary.csv reader_ops)" -gt 0 ]
}

@test "a real run with readers draws their three graphs and says what a COMMIT cost them" {
    run "$S" run --rows 40k --chunk 10k --reads 1k --journal delete,wal --readers 2 \
        --db-dir "$DB" --out "$OUT" --progress never
    [ "$status" -eq 0 ]
    for g in readers_p99 readers_commit readers_busy; do
        [ -s "$OUT/plots/$g.png" ] && [ -s "$OUT/plots/$g.svg" ]
    done
    grep -Eq 'Under DELETE, readers waited [0-9.]+ (µs|ms|s) per COMMIT; under WAL, [0-9.]+ (µs|ms|s)\.' "$OUT/report.html"
}
