#!/usr/bin/env bats
# The paced writer (--write-rate, src/cell/pace.h): transactions that
# arrive on a schedule, their latency counted from when each was due.
# SQLSOAK_TEST_SLOW_SYNC_MS makes every sync of the writer's files 50 ms
# slower, so that the storage's rate is one the test sets, whatever the
# machine: a 10-row transaction under a rollback journal syncs three
# times, about 150 ms, and 400 rows/s offers one every 25 ms.  The raw
# latencies (SQLSOAK_TEST_LATENCIES: "txn LATENCY QUEUE LOCK WORK COMMIT"
# in ns) are recounted against the CSV.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/runs
load helpers/images

setup() {
    runs_setup
    A=(--rows 200 --chunk 100 --commit-every 10 --reads 0 --journal delete --sync full)
}

teardown() {
    runs_teardown
}

@test "paced: an open-loop writer queues what the closed loop hides; late ones recount from the raw latencies; the parts add up" {
    SQLSOAK_TEST_SLOW_SYNC_MS=50 SQLSOAK_TEST_LATENCIES=$T/raw \
        run "$S" run "${A[@]}" --write-rate 0,400 --latency-limit 300 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$OUT" "$T/raw" <<'PY'
import csv, statistics, sys
out, raw = sys.argv[1:]
ch = list(csv.DictReader(open(out + "/chunks.csv", newline="")))
sm = {r["cell"]: r for r in csv.DictReader(open(out + "/summary.csv", newline=""))}
closed = [r for r in ch if r["write_rate"] == "0"]
paced = [r for r in ch if r["write_rate"] == "400"]
assert len(closed) == 2 and len(paced) == 2, ch
# the closed loop has no due times: its txn columns are empty
for r in closed:
    assert all(r[c] == "" for c in r if c.startswith("txn")), r
assert sm["1"]["txns"] == "", sm["1"]
# its transaction takes its service time: the chunk's write over its 10
service = statistics.median(float(r["write_s"]) / 10 for r in closed)
assert service > 0.15, service          # three syncs of 50 ms at least
# the paced one, at a rate the storage cannot keep: queued, from when due
lines = [l.split() for l in open(raw) if l.startswith("txn ")]
lat = [int(l[1]) for l in lines]
assert len(lat) == sum(int(r["txns"]) for r in paced), (len(lat), paced)
p50 = statistics.median(lat) / 1e9
assert p50 > 1.3 * service, (p50, service)
assert sum(int(l[2]) for l in lines) > 0
# each transaction's parts add up to its latency, to the nanosecond the
# clock gives (a part is never below 0)
for l in lines:
    total, parts = int(l[1]), [int(x) for x in l[2:]]
    assert min(parts) >= 0 and abs(sum(parts) - total) <= 1000, l
# the late ones recount from the raw latencies, and the cell's are its chunks'
late = sum(1 for x in lat if x > 300e6)
assert late == sum(int(r["txn_late"]) for r in paced) == int(sm["2"]["txn_late"]), late
assert late > 0
skipped = sum(int(r["txn_skipped"]) for r in paced)
assert skipped > 0 and int(sm["2"]["txn_skipped"]) == skipped
# a chunk still ends at --chunk rows
assert all(r["chunk_rows"] == "100" for r in paced), paced
# the summary's parts are the chunks' summed, and its max the slowest raw one
for c in ("txn_queue_s", "txn_lock_s", "txn_work_s", "txn_commit_s"):
    assert abs(float(sm["2"][c]) - sum(float(r[c]) for r in paced)) < 1e-5, c
assert abs(float(sm["2"]["txn_max_us"]) - max(lat) / 1e3) < 1, sm["2"]["txn_max_us"]
# summary.json's finding carries the figures its sentence gives, all of
# one scope, the cell's: its latencies (a chunk's are other figures) and
# its counts
import json
f = [x for x in json.load(open(out + "/summary.json"))["findings"] if x["kind"] == "paced"]
assert [x["cell"] for x in f] == [2], f
fig = {x["name"]: x["value"] for x in f[0]["figures"]}
for p in ("p50", "p99", "p999"):
    assert abs(fig["txn_%s_ms" % p] - float(sm["2"]["txn_%s_us" % p]) / 1e3) < 1e-6, (p, fig)
assert fig["late_txns"] == late and fig["skipped_txns"] == skipped, fig
assert fig["committed_txns"] == len(lat), fig
PY
    [[ "$output" == *"Paced writes (cell 2, 400 rows/s in 10-row transactions, even arrivals): over the whole cell, to 200 rows, a transaction took"* ]]
    [[ "$output" == *"committed late (over 300 ms)"* ]]
    [[ "$output" != *"Paced writes (cell 1"* ]]
    # the rates of paced cells are the storage's service: no ratio of them
    [[ "$output" != *"write_rate: "* ]]
    # the graph of the paced cell's latencies per chunk
    run "$S" plot "$OUT"
    [ "$status" -eq 0 ]
    check_png "$OUT/plots/txn.png" 800 1
    check_svg "$OUT/plots/txn.svg" "p99.9 transaction latency" "400 rows/s" "rows in the table"
    grep -q "plots/txn.png" "$OUT/report.html"
}

@test "paced: a writer --backlog-limit behind its schedule stops the cell as overloaded, a finding: the run exits 0 and says why" {
    # 20 transactions a chunk, each about 125 ms later than the one before
    SQLSOAK_TEST_SLOW_SYNC_MS=50 run "$S" run "${A[@]}" --chunk 200 --write-rate 400 \
        --backlog-limit 1s --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(field status "$OUT/summary.csv")" = overloaded ]
    reason=$(field reason "$OUT/summary.csv")
    [[ "$reason" == "the writer fell "*" s behind its schedule of 400 rows/s (--backlog-limit 1 s) at row "*": the storage cannot take the rate offered" ]]
    [[ "$output" == *"runs: 1 overloaded"* ]]
    [[ "$output" == *"Paced writes (cell 1, 400 rows/s in 10-row transactions, even arrivals): overloaded: the writer fell"* ]]
    # its database is deleted, as any ended cell's
    [ -z "$(ls "$DB")" ]
    # the page says it too
    run "$S" plot "$OUT"
    [ "$status" -eq 0 ]
    grep -q "overloaded: the writer fell" "$OUT/report.html"
}

@test "paced: --write-rate 0 is the closed-loop writer: every txn column empty, the histograms' too" {
    run "$S" run "${A[@]}" --write-rate 0 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 - "$OUT" <<'PY'
import csv, sys
for f in ("chunks", "summary", "histograms"):
    rows = list(csv.DictReader(open(f"{sys.argv[1]}/{f}.csv", newline="")))
    cols = [c for c in rows[0] if c.startswith("txn")]
    assert cols, f
    assert all(r[c] == "" for r in rows for c in cols), f
PY
}

@test "paced: Poisson arrivals are paced too, and a paced cell's transaction latencies survive a resume" {
    SQLSOAK_TEST_HANG=1:between:1 start run --rows 400 --chunk 100 --commit-every 10 --reads 0 \
        --write-rate 2000 --arrival poisson --keep-db --db-dir "$DB" --out "$OUT" "${Q[@]}"
    hook_pid >/dev/null
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$OUT" <<'PY'
import csv, sys
out = sys.argv[1]
ch = list(csv.DictReader(open(out + "/chunks.csv", newline="")))
sm = list(csv.DictReader(open(out + "/summary.csv", newline="")))[0]
assert [r["chunk"] for r in ch] == ["0", "1", "2", "3"], ch
assert [r["resumed"] for r in ch] == ["0", "0", "1", "1"], ch
assert sm["arrival"] == "poisson" and sm["status"] == "ok", sm
assert int(sm["txns"]) == 40 == sum(int(r["txns"]) for r in ch), sm["txns"]
# the cell's latencies are those of all its chunks, those before the
# resume too (their histograms came back from histograms.csv): its mean
# is the chunks' means weighted by their transactions, its slowest theirs
mean = sum(float(r["txn_mean_us"]) * int(r["txns"]) for r in ch) / 40
assert abs(float(sm["txn_mean_us"]) - mean) < 0.01, (sm["txn_mean_us"], mean)
assert float(sm["txn_max_us"]) == max(float(r["txn_max_us"]) for r in ch), sm
PY
}

@test "paced: bad pacing is refused in one line, exit 2, nothing created" {
    for bad in "--write-rate 100 --commit-every 200" "--latency-limit 100" "--arrival poisson" \
               "--write-rate 1.5" "--backlog-limit 0"; do
        run "$S" run --rows 200 --chunk 100 $bad --db-dir "$DB" --out "$OUT" "${Q[@]}"
        echo "$bad: $output"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [ ! -e "$OUT" ]
        [ ! -e "$DB" ]
    done
    run "$S" run --rows 200 --chunk 100 --latency-limit 100 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$output" = "sqlsoak run: --latency-limit applies to a paced writer: give --write-rate too" ]
    run "$S" run --rows 200 --chunk 100 --write-rate 100 --commit-every 200 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$output" = "sqlsoak run: --commit-every 200 is larger than --chunk 100: a paced writer (--write-rate) commits each transaction inside its chunk" ]
}

@test "paced: crash takes --write-rate: the durability matrix at the application's commit pattern" {
    run "$S" crash --rows 200 --chunk 100 --commit-every 10 --write-rate 20000 --journal wal \
        --sync full --trials 3 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"1 cell x 3 simulated power cuts, 200 rows in chunks of 100 rows"* ]]
    [ "$(field write_rate "$OUT/durability.csv")" = 20000 ]
    [ "$(field trials "$OUT/durability.csv")" = 3 ]
}

@test "paced: without a paced cell the txn graph is not drawn, and report.html says why" {
    run "$S" run "${A[@]}" --db-dir "$DB" --out "$OUT" --progress never
    [ "$status" -eq 0 ]
    [ ! -e "$OUT/plots/txn.png" ]
    grep -q "<li>txn: no paced writer ran (--write-rate)</li>" "$OUT/report.html"
}

@test "paced: the plan's time estimate holds the schedule: a chunk's writes last at least its rows at the rate" {
    run "$S" run --rows 20000 --chunk 10000 --commit-every 100 --reads 100 --write-rate 100 \
        --dry-run --db-dir "$DB" --out "$OUT"
    echo "$output"
    [ "$status" -eq 0 ]
    [ ! -e "$OUT" ]
    python3 - "$output" <<'PY'
import re, sys
m = re.search(r"cell 1 \(.*\)  about (?:(\d+)h)?(?:(\d+)m)?(?:([\d.]+) ?s)?  \(", sys.argv[1])
assert m, sys.argv[1]
h, mi, s = (float(x) if x else 0 for x in m.groups())
total = h * 3600 + mi * 60 + s
assert 200 <= total < 400, total      # 20000 rows at 100 rows/s, and a little more
PY
}

@test "paced: the schedule's waits are intervals without a row in the timeline, not stalls" {
    run "$S" run "${A[@]}" --write-rate 100 --timeline-interval 20 --db-dir "$DB" --out "$OUT" \
        --progress never
    [ "$status" -eq 0 ]
    python3 - "$OUT/plots/data/timeline.tsv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
waits = [r for r in rows if r["phase"] == "write" and float(r["rate"]) == 0]
assert waits, rows        # 10-row transactions 100 ms apart, 20 ms intervals
assert all(r["stall"] == "0" for r in waits), waits
PY
}
