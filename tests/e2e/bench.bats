#!/usr/bin/env bats
# bench.bats: the benchmark programs build from the objects sqlsoak is
# linked from, and the reference loop runs (the timing itself is
# bench/run.sh's, never a test's).

bats_require_minimum_version 1.5.0

load helpers/common

# build.sh (and its `make all`) once, before the tests: run by several
# tests at once in one tree, a make with work to do would link
# build/sqlsoak over itself while another test runs it.  Its programs, in
# BUILT_BENCH, serve the tests that run them; the first test builds them
# again in a folder of its own, and run.sh and estimate.sh as they do.
setup_file() {
    [ "$SQLSOAK" != "$BUILT" ] && return 0
    export BUILT_BENCH=$BATS_FILE_TMPDIR/bench
    BENCH_BIN=$BUILT_BENCH sh "$TOP/bench/build.sh" >&2
}

setup() {
    [ "$SQLSOAK" = "$BUILT" ] ||
        skip "the bench programs build with the native objects of build/ only"
    # a folder of the test's own: build.sh rewrites it while sibling tests run
    export BENCH_BIN=$BATS_TEST_TMPDIR/bench
}

@test "bench: ref and genspeed build and the reference loop inserts and reads its rows" {
    run sh "$TOP/bench/build.sh"
    echo "$output"
    [ "$status" -eq 0 ]
    [ -x "$BENCH_BIN/ref" ] && [ -x "$BENCH_BIN/genspeed" ]
    run "$BENCH_BIN/ref" --db "$BATS_TEST_TMPDIR/ref.db" --rows 2000 --chunk 1000 --reads 100
    echo "$output"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "chunk,write_s,read_s" ]
    [[ "${lines[1]}" == 0,* ]] && [[ "${lines[2]}" == 1,* ]]
    [[ "$output" == *"2000 rows, 200 reads found a row"* ]]
}

@test "bench: the reference reader reads, beside the reference writer, rows it committed" {
    [ -x "$BUILT_BENCH/refreader" ]
    db=$BATS_TEST_TMPDIR/pair.db gate=$BATS_TEST_TMPDIR/gate
    # states, not moments: the writer starts once the reader waits for its
    # database (a loaded machine could otherwise see the writer done, and
    # its database gone, before the reader started)
    mkfifo "$gate"
    (read -r _ <"$gate" && exec "$BUILT_BENCH/ref" --db "$db" --rows 100k --chunk 10k --reads 0 \
        >"$BATS_TEST_TMPDIR/w.csv" 2>"$BATS_TEST_TMPDIR/w.log") 3>&- &
    writer=$!
    "$BUILT_BENCH/refreader" --db "$db" --while-pid "$writer" >"$BATS_TEST_TMPDIR/r.csv" \
        2>"$BATS_TEST_TMPDIR/r.log" 3>&- &
    reader=$!
    local i
    for ((i = 0; i < 6000; i++)); do
        grep -q "^refreader: waiting for" "$BATS_TEST_TMPDIR/r.log" && break
        kill -0 "$reader" || break
        sleep 0.01
    done
    echo go >"$gate"
    status=0
    wait "$reader" || status=$?
    wait "$writer"
    output=$(cat "$BATS_TEST_TMPDIR/r.csv")
    stderr=$(cat "$BATS_TEST_TMPDIR/r.log")
    lines=()
    mapfile -t lines <"$BATS_TEST_TMPDIR/r.csv"
    echo "$output $stderr"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "reads,seconds,reads_per_s" ]
    reads=$(echo "${lines[1]}" | cut -d, -f1)
    [ "$reads" -ge 1024 ]
    # every key it drew was a row the writer had committed
    [[ "$stderr" == *"$reads reads, $reads found a row"* ]]
}

@test "bench: a reference writer that ended, its database removed, before its reader looked gives the reader a round of 0 reads, not a failure" {
    # a writer that has ended: a process reaped before the reader starts
    true &
    local gone=$!
    wait "$gone"
    run --separate-stderr "$BUILT_BENCH/refreader" --db "$BATS_TEST_TMPDIR/never.db" --while-pid "$gone"
    echo "$output $stderr"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "reads,seconds,reads_per_s" ]
    [ "${lines[1]}" = "0,0.000000,0.0" ]
    [[ "$stderr" == *"the writer ended before "*"never.db could be read: 0 reads"* ]]
    [ ! -e "$BATS_TEST_TMPDIR/never.db" ]
}

@test "bench: ratio.awk sets each sqlsoak round against the reference rounds on both sides, and prints the noise" {
    # ref 1.0 s then 1.21 s around sqlsoak's 1.1 s: 1.1 / sqrt(1.0 * 1.21) = 1.000,
    # where the ref of the same round alone would give 1.100
    printf '%s\n' round,tool,chunk,write_s,read_s 1,ref,0,1.0,2.0 1,sqlsoak,0,1.1,2.2 \
        2,ref,0,1.21,2.0 > "$BATS_TEST_TMPDIR/samples.csv"
    run awk -F, -f "$TOP/bench/ratio.awk" "$BATS_TEST_TMPDIR/samples.csv"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"write: median ratio over 1 chunk x round ratios =  1.000 "* ]]
    [[ "$output" == *"read: median ratio over 1 chunk x round ratios =  1.100 "* ]]
    [[ "$output" == *"write: noise, "*": ref 21.0% over 1, "* ]]
    [[ "$output" == *"noise ref/ref: write 21.0%, read 0.0%"* ]]
}

@test "bench: with --updates the reference loop times an update phase, and ratio.awk adds its ratio against 1.05" {
    run "$BUILT_BENCH/ref" --db "$BATS_TEST_TMPDIR/ref.db" --rows 2000 --chunk 1000 --reads 0 \
        --updates 300 --update-keys hot:7
    echo "$output"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "chunk,write_s,read_s,update_s" ]
    [[ "${lines[2]}" =~ ^1,[0-9.]+,[0-9.]+,[0-9.]+$ ]]
    run "$BUILT_BENCH/ref" --db "$BATS_TEST_TMPDIR/ref2.db" --rows 2000 --chunk 1000 \
        --updates 1001
    [ "$status" -eq 2 ]
    # 0.52 / sqrt(0.5 * 0.5): 1.040, within 1.05 and not 1.03
    printf '%s\n' round,tool,chunk,write_s,read_s,update_s 1,ref,0,1.0,2.0,0.5 \
        1,sqlsoak,0,1.1,2.2,0.52 2,ref,0,1.21,2.0,0.5 > "$BATS_TEST_TMPDIR/samples.csv"
    run awk -F, -f "$TOP/bench/ratio.awk" "$BATS_TEST_TMPDIR/samples.csv"
    echo "$output"
    [[ "$output" == *"update: median ratio over 1 chunk x round ratios =  1.040 "*"target <= 1.05: MET"* ]]
    [[ "$output" == *"SUMMARY  update ratio  1.040  (target <= 1.05)"* ]]
}

@test "bench: run.sh runs sqlsoak with the counting VFS off, so that the pair measures what it always did" {
    local r=$BATS_TEST_TMPDIR/results
    ROWS=2000 CHUNK=1000 READS=100 ROUNDS=1 DB_DIR=$BATS_TEST_TMPDIR/db RESULTS=$r \
        run bash "$TOP/bench/run.sh"
    echo "$output"
    [ "$status" -eq 0 ]
    grep -q -- '/sqlsoak run .* --vfs-counts off ' "$r/commands.txt"
    # the reader pair's figures reach its table, not files named after them
    [[ "$output" == *"sqlsoak "*" reads/s (median of 1): ratio "* ]]
    [ ! -e "$TOP/0" ] && [ ! -e "$TOP/NOT MET" ] && [ ! -e "$TOP/MET" ]
    python3 - "$r/sqlsoak-r1/chunks.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 2 and all(r["vfs_db_write_bytes"] == r["commits"] == "" for r in rows), rows
PY
}

@test "bench: estimate.sh prints, per preset, the dry run's estimate, the real run's time and their ratio" {
    local r=$BATS_TEST_TMPDIR/results
    # every preset, at 10k rows in 5k chunks (two a cell): the structure, not the timing;
    # each dry run calibrates its first shape alone, the others' estimates
    # from the nearest settings calibrated
    SQLSOAK_TEST_CALIBRATION_SHAPES=1 ROWS=10k CHUNK=5k DB_DIR=$BATS_TEST_TMPDIR/db RESULTS=$r \
        run bash "$TOP/bench/estimate.sh"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"preset       estimate_s       real_s   real/est  dry_run_s  within 30%"* ]]
    for p in quick uuid updates readers churn; do
        grep -Eq "^$p +[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]{2} +[0-9]+\.[0-9]  (yes|NO)$" <<<"$output"
        # the dry run was a dry run (a calibration), then the run a run
        grep -q "^  calibration: " "$r/$p/plan.txt"
        [ -s "$r/$p/run/summary.csv" ]
        grep -q -- "--preset $p --rows 10k --chunk 5k .* --dry-run --out $r/$p/run$" "$r/commands.txt"
    done
    # reads, updates, deletes and hot rows scaled to the 5k chunk
    grep -q -- "--preset updates --rows 10k --chunk 5k --reads 1000 --updates 1000 --update-keys hot:10 " "$r/commands.txt"
    grep -q -- "--preset churn --rows 10k --chunk 5k --reads 1000 --deletes 2500 " "$r/commands.txt"
    # a line a cell: 2 + 4 + 7 + 12 + 3
    [ "$(wc -l < "$r/cells.txt")" -eq 28 ]
    grep -Eq '^readers +cell 12  estimate +[0-9.]+ s  real +[0-9.]+ s  real/est +[0-9.]+  \(from calibration [0-9]+(, the nearest settings calibrated)?\)$' "$r/cells.txt"
    # no database left, no file named after a figure
    [ -z "$(ls -A "$BATS_TEST_TMPDIR/db")" ]
    [ ! -e "$TOP/0" ] && [ ! -e "$TOP/1" ]
}
