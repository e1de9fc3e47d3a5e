#!/usr/bin/env bats
# Cells of one round that ran one after another (--interleave off), and a
# cell of two runs in `compare`: decided by their chunk pairs at matched
# table sizes, with an allowance for drift (chunkpair.h), when the
# difference is far beyond what drift could make; identical cells are not
# called different.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    scratch
}

@test "two very different cells one after another are decided in one round" {
    # a COMMIT per row against one per 500: tens of times apart, on any file
    # system (28 chunks of 500 rows: a COMMIT per row is the run's cost)
    run "$S" run --rows 14k --chunk 500 --reads 100 --commit-every 1,500 --sync off \
        --interleave off --probe off --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    line=$(dimline "$OUT" commit_every)
    [[ "$line" =~ ^commit_every:\ 500\ writes\ [0-9.]+x\ as\ fast\ as\ 1\ \([0-9.]+\.\.[0-9.]+\):\ a\ difference,\ from\ 28\ chunk\ pairs\ one\ after\ another ]]
    [[ "$line" != *"not decided: 1 round"* && "$line" != *"lockstep"* ]]
    [[ "$output" == *"$line"* ]]
    # the ranked table says the same of cell 2, and not that nothing is decided
    [[ "$output" == *"): a difference, from its chunk pairs one after another  cell 2 "* ]]
    [[ "$output" != *"every one here is not decided"* ]]
    # summary.csv and summary.json type it, the interval widened yet past 1
    python3 - "$OUT" <<'PY'
import csv, json, sys
d = sys.argv[1]
r = [x for x in csv.DictReader(open(d + "/summary.csv")) if x["cell"] == "2"][0]
assert r["write_vs_baseline_method"] == "sequential" and r["write_verdict"] == "a difference", r
assert 1 < float(r["write_vs_baseline_lo"]) < float(r["write_vs_baseline"]) < float(r["write_vs_baseline_hi"]), r
said = [v for f in json.load(open(d + "/summary.json"))["findings"] for v in f.get("verdicts", [])
        if v["phase"] == "write"]
assert said and all(v["method"] == "sequential" and v["evidence"] == 28 for v in said), said
assert said[0]["verdict"] == "a difference" and said[0]["lo"] > 1, said
PY
    # the markdown, its table from summary.csv's method too
    run "$S" report "$OUT" --format markdown
    [ "$status" -eq 0 ]
    [[ "$output" == *"a difference, from 28 chunk pairs one after another"* ]]
    [[ "$output" == *"a difference, from its chunk pairs one after another"* ]]
    # and report.html
    run "$S" plot "$OUT"
    [ "$status" -eq 0 ]
    grep -q "a difference, from 28 chunk pairs one after another" "$OUT/report.html"
}

@test "identical cells one after another are not called different" {
    # a chance call (at most 5% of runs, chunkpair.h) must repeat to fail
    local calls=0 try
    for try in 1 2; do
        rm -rf "$OUT" "$DB"
        run "$S" run --rows 28k --chunk 1k --reads 100 --cache-size 2000,2001 \
            --interleave off --probe off --db-dir "$DB" --out "$OUT" "${Q[@]}"
        [ "$status" -eq 0 ]
        line=$(dimline "$OUT" cache_size)
        [[ "$line" == *"chunk pairs one after another"* ]]
        [[ "$line" != *"no difference"* ]]
        [[ "$line" != *"a difference"* ]] && break
        calls=$((calls + 1))
    done
    [ "$calls" -lt 2 ]
}

# cmp_verdict DIR: the write method and verdict of comparison.csv's row
# that is not the baseline run's: "sequential:a difference".
cmp_verdict() {
    python3 - "$1/comparison.csv" <<'PY'
import csv, sys
r = [x for x in csv.DictReader(open(sys.argv[1], newline="")) if x["run"] != x["baseline_run"]][0]
print(r["write_vs_baseline_run_method"] + ":" + r["write_vs_baseline_run_verdict"])
PY
}

@test "compare of two runs of one round each decides a large difference from their chunk pairs" {
    # the same cell, its syncs 20 ms slower, then 200 ms: a device far
    # slower (28 chunks of one COMMIT each, every COMMIT syncing); the
    # sleeps, which do not stretch with the machine's load, outweigh what
    # does, so that a chunk of the first run slowed by the load is not
    # taken for one of the second
    local A=(run --rows 2800 --chunk 100 --reads 10 --sync full --probe off --db-dir "$DB" "${Q[@]}")
    SQLSOAK_TEST_SLOW_SYNC_MS=20 "$S" "${A[@]}" --out "$T/fast" >/dev/null
    SQLSOAK_TEST_SLOW_SYNC_MS=200 "$S" "${A[@]}" --out "$T/slow" >/dev/null
    run "$S" compare "$T/fast" "$T/slow" --out "$T/cmp" --no-plot
    [ "$status" -eq 0 ]
    [[ "$output" =~ write\ 0\.[0-9]+x\ \(0\.[0-9]+\.\.0\.[0-9]+\):\ a\ difference,\ from\ 28\ chunk\ pairs\ one\ after\ another ]]
    [ "$(cmp_verdict "$T/cmp")" = "sequential:a difference" ]
    # the report of the comparison folder says it as the terminal did
    run "$S" report "$T/cmp" --format markdown
    [ "$status" -eq 0 ]
    [[ "$output" == *"): a difference, from 28 chunk pairs one after another"* ]]
}

@test "compare of two runs of one identical cell does not call them different" {
    local calls=0 try
    local A=(run --rows 28k --chunk 1k --reads 100 --sync off --probe off "${Q[@]}")
    for try in 1 2; do
        rm -rf "$T/a" "$T/b" "$T/cmp" "$DB"
        "$S" "${A[@]}" --db-dir "$DB" --out "$T/a" >/dev/null
        "$S" "${A[@]}" --db-dir "$DB" --out "$T/b" >/dev/null
        run "$S" compare "$T/a" "$T/b" --out "$T/cmp" --no-plot
        [ "$status" -eq 0 ]
        verdict=$(cmp_verdict "$T/cmp")
        [[ "$verdict" == "sequential:not decided" || "$verdict" == "sequential:a difference" ]]
        [ "$verdict" = "sequential:not decided" ] && break
        calls=$((calls + 1))
    done
    [ "$calls" -lt 2 ]
}
