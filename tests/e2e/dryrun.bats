#!/usr/bin/env bats
# The plan before the night: `run --dry-run` prints the cells, the room
# they need, the storage behind --db-dir and each cell's time estimated
# from earlier runs on that storage, creates nothing and exits 0; with
# --max-time it names the runs that fit; a normal run prints the same
# estimate before its first chunk.

bats_require_minimum_version 1.5.0

setup_file() {
    S=${SQLSOAK:-$BATS_TEST_DIRNAME/../../build/sqlsoak}
    RUNS=$BATS_FILE_TMPDIR/runs
    # the earlier run every estimate here is made from
    "$S" run --rows 40k --chunk 20k --reads 2000 --journal delete,wal --no-plot \
        --progress never --db-dir "$BATS_FILE_TMPDIR/db" --out "$RUNS/a" >/dev/null
}

setup() {
    S=${SQLSOAK:-$BATS_TEST_DIRNAME/../../build/sqlsoak}
    RUNS=$BATS_FILE_TMPDIR/runs
    T=$BATS_TEST_TMPDIR
}

# seconds TEXT: "1m05s", "42 s", "3.4 s", "2h01m" in seconds.
seconds() {
    python3 -c '
import re, sys
t = sys.argv[1]
m = re.fullmatch(r"(\d+(?:\.\d+)?) s", t) or re.fullmatch(r"(\d+)s", t)
if m: print(float(m.group(1))); sys.exit()
m = re.fullmatch(r"(\d+)m(\d+)s", t)
if m: print(int(m.group(1)) * 60 + int(m.group(2))); sys.exit()
m = re.fullmatch(r"(\d+)h(\d+)m", t)
print(int(m.group(1)) * 3600 + int(m.group(2)) * 60)' "$1"
}

# estimate N OUTPUT: run N's estimated time in seconds, from the plan.
estimate() {
    seconds "$(sed -nE "s/^    run $1 of [0-9]+: .*  about (.*)  \(from .*\)$/\1/p" <<<"$2")"
}

@test "dry run: creates nothing (no results folder, no --db-dir) and exits 0" {
    mkdir "$T/w"
    ( cd "$T/w" && find . | sort ) >"$T/before"
    run -0 "$S" run --rows 40k --chunk 20k --dry-run --db-dir "$T/w/new/db" --out "$T/w/new/out"
    [[ "$output" == *"1 run (1 cell x 1 repeat), 40000 rows each in chunks of 20000"* ]]
    [[ "$output" == *"results would be in $T/w/new/out"* ]]
    ( cd "$T/w" && find . | sort ) >"$T/after"
    diff "$T/before" "$T/after"
    [ ! -e "$T/w/new" ]
    # a bad input is still refused as by a run: exit 2
    run -2 "$S" run --rows 40k --chunk 20k --dry-run --db-dir "$T/db" --out "$RUNS/a"
    [ ! -e "$T/db" ]
}

@test "dry run: names the storage behind --db-dir and the room the databases need" {
    run -0 "$S" run --rows 2M --chunk 200k --dry-run --db-dir "$T/new/db" --out "$T/out"
    src=$(df --output=source "$T" | tail -1 | tr -d ' ')
    fs=$(df --output=fstype "$T" | tail -1 | tr -d ' ')
    grep -Eq "^  storage: $src \\($fs on /[^)]*\\).*, [0-9]+ MiB free$" <<<"$output"
    grep -Eq "^  databases in $T/new/db: about [0-9]+ MiB for the largest cell" <<<"$output"
}

@test "dry run: each cell's time is rows / the earlier cell's median write rate + reads / its read rate" {
    # another storage's run is not used: a copy of run a that says so
    cp -r "$RUNS/a" "$RUNS/other"
    python3 - "$RUNS/other/run.json" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1])); j["storage"]["device"] = "/dev/elsewhere"
json.dump(j, open(sys.argv[1], "w"))
EOF
    run -0 "$S" run --rows 2M --chunk 20k --reads 3k --journal wal,delete,memory --dry-run \
        --db-dir "$T/db" --out "$RUNS/b"
    rm -r "$RUNS/other"
    [[ "$output" == *"estimated time per cell, from 1 earlier run on this storage:"* ]]
    grep -q "run 1 of 3: cell 1 (.* wal .*(from $RUNS/a cell 2)$" <<<"$output"
    grep -q "run 2 of 3: cell 2 (.* delete .*(from $RUNS/a cell 1)$" <<<"$output"
    grep -q "run 3 of 3: cell 3 (.* memory .*(from $RUNS/a cell [12], the nearest settings)$" <<<"$output"
    for c in 1 2; do
        want=$(python3 - "$RUNS/a/summary.csv" "$((3 - c))" <<'EOF'
import csv, sys
r = [x for x in csv.DictReader(open(sys.argv[1])) if x["cell"] == sys.argv[2]][0]
print(2e6 / float(r["write_rows_per_s_median"]) + 100 * 3e3 / float(r["read_ops_per_s_median"]))
EOF
        )
        got=$(estimate "$c" "$output")
        python3 -c "import sys; w, g = map(float, sys.argv[1:]); sys.exit(abs(w - g) > max(0.6, w * 0.01))" "$want" "$got"
    done
    total=$(seconds "$(sed -nE 's/^  in all: about (.*)$/\1/p' <<<"$output")")
    sum=$(python3 -c "import sys; print(sum(map(float, sys.argv[1:])))" \
        "$(estimate 1 "$output")" "$(estimate 2 "$output")" "$(estimate 3 "$output")")
    python3 -c "import sys; a, b = map(float, sys.argv[1:]); sys.exit(abs(a - b) > max(1.5, a * 0.02))" "$sum" "$total"
}

@test "dry run: --estimate-from names earlier runs that are not beside --out" {
    run -0 "$S" run --rows 40k --chunk 20k --reads 2000 --dry-run --db-dir "$T/db" \
        --out "$T/elsewhere/out"
    [[ "$output" != *"from 1 earlier run"* ]]
    run -0 "$S" run --rows 40k --chunk 20k --reads 2000 --dry-run --db-dir "$T/db" \
        --out "$T/elsewhere/out" --estimate-from "$RUNS/a"
    [[ "$output" == *"estimated time per cell, from 1 earlier run on this storage:"* ]]
    grep -q "run 1 of 1: cell 1 (.* delete .*(from $RUNS/a cell 1)$" <<<"$output"
    # a folder that is no results folder: one line, exit 2, nothing created
    mkdir "$T/empty"
    run -2 --separate-stderr "$S" run --rows 40k --chunk 20k --db-dir "$T/db" \
        --out "$T/elsewhere/out" --estimate-from "$T/empty"
    [ "$stderr" = "sqlsoak run: --estimate-from $T/empty: not a results folder (no readable run.json)" ]
    [ ! -e "$T/elsewhere" ] && [ ! -e "$T/db" ]
}

@test "dry run: with no earlier run on the storage, a calibration in a folder it removes gives the times" {
    mkdir -p "$T/w/db"          # made in --db-dir (test 1: in the folder above one not made yet)
    ( cd "$T/w" && find . | sort ) >"$T/before"
    run -0 "$S" run --rows 1M --chunk 100k --reads 10k --journal delete,wal --repeat 2 \
        --dry-run --db-dir "$T/w/db" --out "$T/w/out"
    [[ "$output" == *"no earlier run on this storage: estimated time per cell from a 20000-row calibration of 2 cells (its folder removed;"* ]]
    grep -Eq '^    run 1 of 4: cell 1 · repeat 1 \(.* delete .*  about .*  \(from calibration of cell 1\)$' <<<"$output"
    grep -Eq '^    run 2 of 4: cell 2 · repeat 1 \(.* wal .*  about .*  \(from calibration of cell 2\)$' <<<"$output"
    # a repeat takes its cell's calibration
    grep -Eq '^    run 3 of 4: cell 1 · repeat 2 \(.* delete .*  about .*  \(from calibration of cell 1\)$' <<<"$output"
    grep -Eq '^  in all: about ' <<<"$output"
    ( cd "$T/w" && find . | sort ) >"$T/after"
    diff "$T/before" "$T/after"
    # 5 seconds in all: at 20 ms per 256 rows a calibration lasts 1.6 s,
    # so the sixth combination is not reached and takes the nearest's times
    SQLSOAK_TEST_SLOW=20000 run -0 "$S" run --rows 1M --chunk 100k --reads 10k \
        --journal delete,truncate,persist,memory,wal,off --dry-run --db-dir "$T/w/db" --out "$T/w/out"
    grep -Eq '^    run 1 of 6: cell 1 .*  \(from calibration of cell 1\)$' <<<"$output"
    grep -Eq '^    run 6 of 6: cell 6 \(.* off .*  \(from calibration of cell [1-4], the nearest settings\)$' <<<"$output"
    ( cd "$T/w" && find . | sort ) >"$T/after"
    diff "$T/before" "$T/after"
}

@test "run: without an earlier run on the storage, says how to get an estimate and calibrates nothing" {
    run -0 "$S" run --rows 4k --chunk 2k --reads 100 --no-plot --progress never \
        --db-dir "$T/db" --out "$T/alone/out"
    [[ "$output" == *"no earlier run on this storage to estimate the time from (--estimate-from DIR,... names results folders; --dry-run calibrates)"* ]]
    [ -z "$(ls -A "$T/db")" ]
}

@test "dry run: with --max-time, it names the runs that fit" {
    args=(run --rows 10M --chunk 200k --reads 30k --repeat 3 --dry-run --db-dir "$T/db" --out "$RUNS/c")
    run -0 "$S" "${args[@]}"
    one=$(estimate 1 "$output")
    # room for two and a half runs
    limit=$(python3 -c "import sys; print(int(float(sys.argv[1]) * 2.5))" "$one")
    run -0 "$S" "${args[@]}" --max-time "${limit}s"
    grep -Eq "^  --max-time .*: runs 1-2 fit \\(about .*\\); run 3 would end interrupted$" <<<"$output"
    run -0 "$S" "${args[@]}" --max-time 1s
    grep -Eq "^  --max-time 1s: no run fits: run 1 would end interrupted, the rest skipped$" <<<"$output"
    [ ! -e "$RUNS/c" ]
}

@test "run: prints the same estimate before its first chunk" {
    args=(run --rows 40k --chunk 20k --reads 2000 --journal wal --db-dir "$T/db")
    run -0 "$S" "${args[@]}" --dry-run --out "$RUNS/d"
    plan=$(grep -E '^  (estimated|  run|in all)' <<<"$output")
    [ -n "$plan" ]
    run -0 --separate-stderr "$S" "${args[@]}" --no-plot --progress never --out "$RUNS/d"
    rm -r "$RUNS/d"
    [ "$(grep -E '^  (estimated|  run|in all)' <<<"$output")" = "$plan" ]
    # before the first chunk: the plan ends before the tables of the results
    [ "$(grep -n 'in all: about' <<<"$output" | cut -d: -f1)" -lt "$(grep -n '^runs: ' <<<"$output" | cut -d: -f1)" ]
}

@test "dry run: presets with more updates, deletes or hot rows than a calibration chunk are estimated" {
    for p in churn updates; do
        run -0 --separate-stderr "$S" run --preset $p --dry-run --db-dir "$T/$p/db" --out "$T/$p/out"
        [[ "$output" == *"from calibration of cell 1"* ]]
        [[ "$output" == *"in all: about "* ]]
        [[ "$output" != *"no estimate"* ]]
        [[ "$stderr" != *Assertion* ]]
        [ -z "$stderr" ]
    done
}
