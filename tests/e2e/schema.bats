#!/usr/bin/env bats
# schema.bats: results folders are read by column name.  Folders written by
# sqlsoak 0.1.0 (tests/fixtures/, schema_version 1) are plotted and
# compared; an unknown column is ignored and a missing optional one is
# empty; a missing required column or a newer schema_version is refused
# with one line, exit 2, nothing created; resume carries on only a folder
# with exactly this build's headers.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/images
load helpers/interrupt

setup() {
    FX=$BATS_TEST_DIRNAME/../fixtures
    scratch
    PY=$(python3 -c 'import sys; print(sys.executable)')
}

# fixture NAME DEST: a copy of tests/fixtures/v0.1.0-NAME.
fixture() {
    cp -r "$FX/v0.1.0-$1" "$2"
}

# edit_csv FILE SCRIPT: runs SCRIPT (python, on `rows`, a list of lists
# whose first is the header) and writes FILE back as csvout does.
edit_csv() {
    "$PY" - "$1" "$2" <<'PY'
import csv, sys
path, script = sys.argv[1], sys.argv[2]
rows = list(csv.reader(open(path, newline='')))
exec(script)
with open(path, 'w', newline='') as f:
    csv.writer(f, lineterminator='\n').writerows(rows)
PY
}

# drop_column FILE NAME
drop_column() {
    edit_csv "$1" "i = rows[0].index('$2')
for r in rows: del r[i]"
}

# snapshot DIR: every file with its checksum, every entry by name (bats's
# own files left out).
snapshot() {
    find "$1" -type f ! -name 'separate-stderr-*' -print0 | sort -z | xargs -0 -r sha256sum
    find "$1" ! -name 'separate-stderr-*' | sort
}

# refused COMMAND ARGS...: exits 2 with one line on stderr naming
# $WANT, nothing on stdout, $T unchanged.
refused() {
    local before after
    before=$(snapshot "$T")
    run --separate-stderr "$S" "$@"
    echo "status $status; stdout: $output; stderr: $stderr"
    after=$(snapshot "$T")
    [ "$status" -eq 2 ]
    [ "${#stderr_lines[@]}" -eq 1 ]
    [[ "$stderr" == *"$WANT"* ]]
    [ -z "$output" ]
    [ "$before" = "$after" ] || { diff <(echo "$before") <(echo "$after"); return 1; }
}

check_drawn() {
    local dir=$1; shift
    for g in "$@"; do
        [ -s "$dir/plots/$g.svg" ]
        check_png "$dir/plots/$g.png" 800 0
    done
    check_report_refs "$dir"
    grep -q '<table' "$dir/report.html"
}

@test "0.1.0 run folder: plot draws its graphs and report.html" {
    fixture run "$T/run"
    run "$S" plot "$T/run"
    echo "$output"
    [ "$status" -eq 0 ]
    # one setting varies (the journal mode): the spread graph, no heatmap
    check_drawn "$T/run" write write_log read latency amplification spread
    grep -q 'wal' "$T/run/report.html"
}

@test "0.1.0 crash folder: plot draws the durability graph and report.html" {
    fixture crash "$T/crash"
    run "$S" plot "$T/crash"
    echo "$output"
    [ "$status" -eq 0 ]
    check_drawn "$T/crash" durability
    grep -q 'durability.png' "$T/crash/report.html"
}

@test "0.1.0 run folder: compared with a copy of itself and with a fresh run" {
    fixture run "$T/old"
    fixture run "$T/copy"
    run "$S" compare "$T/old" "$T/copy" --out "$T/cmp"
    echo "$output"
    [ "$status" -eq 0 ]
    # both cells matched, each in both runs
    [ "$(tail -n +2 "$T/cmp/comparison.csv" | wc -l)" -eq 4 ]
    [ "$(tail -n +2 "$T/cmp/comparison.csv" | cut -d, -f2 | sort -u | wc -l)" -eq 2 ]
    check_png "$T/cmp/plots/write.png" 800 0
    check_svg "$T/cmp/plots/write.svg" "across runs" "old" "copy"

    # with the settings 0.1.0 left to the library, as it did
    run "$S" run --rows 20k --chunk 5k --reads 2k --journal delete,wal --no-plot \
        --cache-size default --mmap-size default --secure-delete default \
        --progress never --db-dir "$T/db" --out "$T/new"
    [ "$status" -eq 0 ]
    # cells match by settings and SQLite version: the fixture's cells, with
    # the fresh run's library put in their place, match both fresh cells
    newver=$(sed -n 2p "$T/new/summary.csv" | cut -d, -f4)
    newid=$(sed -n 2p "$T/new/summary.csv" | cut -d, -f5)
    [ -n "$newver" ] && [ -n "$newid" ]
    for f in summary chunks; do
        edit_csv "$T/old/$f.csv" "v = rows[0].index('sqlite_version'); s = rows[0].index('sqlite_source_id')
for r in rows[1:]: r[v], r[s] = '$newver', '$newid'"
    done
    run "$S" compare "$T/old" "$T/new" --out "$T/cmp2"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"2 cells matched across 2 runs, 0 unmatched"* ]]
    [ "$(tail -n +2 "$T/cmp2/comparison.csv" | wc -l)" -eq 4 ]
    check_svg "$T/cmp2/plots/write.svg" "across runs" "old" "new"
}

@test "0.2.0 interrupted folder: plot draws its graphs and report.html; compared with a copy of itself" {
    cp -r "$BATS_TEST_DIRNAME/../fixtures/v0.2.0-interrupted/out" "$T/v2"
    cp -r "$T/v2" "$T/v2copy"
    run "$S" plot "$T/v2"
    echo "$output"
    [ "$status" -eq 0 ]
    check_drawn "$T/v2" write write_log read latency amplification
    run "$S" compare "$T/v2" "$T/v2copy" --out "$T/cmp"
    echo "$output"
    [ "$status" -eq 0 ]
    # the cell it recorded; the interrupted one has no summary row
    [[ "$output" == *"1 cell matched across 2 runs, 0 unmatched"* ]]
    check_svg "$T/cmp/plots/write.svg" "across runs" "v2" "v2copy"
}

@test "a file whose schema_version is 99 is refused: one line naming it and the version, exit 2" {
    fixture run "$T/run"
    edit_csv "$T/run/chunks.csv" "rows[2][0] = '99'"
    WANT="sqlsoak plot: $T/run/chunks.csv: schema_version 99 is newer than this sqlsoak reads"
    refused plot "$T/run"
    WANT="sqlsoak compare: $T/run/chunks.csv: schema_version 99"
    refused compare "$FX/v0.1.0-run" "$T/run" --out "$T/cmp"
    fixture crash "$T/crash"
    edit_csv "$T/crash/durability.csv" "rows[1][0] = '99'"
    WANT="sqlsoak plot: $T/crash/durability.csv: schema_version 99 is newer"
    refused plot "$T/crash"
}

@test "a chunks.csv with an extra unknown column plots as without it" {
    mkdir "$T/a" "$T/b"
    fixture run "$T/a/run"
    fixture run "$T/b/run"
    edit_csv "$T/b/run/chunks.csv" "for i, r in enumerate(rows): r.insert(17, 'future_metric' if i == 0 else '9.5')"
    head -1 "$T/b/run/chunks.csv" | grep -q ',future_metric,'
    run "$S" plot "$T/a/run"
    [ "$status" -eq 0 ]
    run "$S" plot "$T/b/run"
    echo "$output"
    [ "$status" -eq 0 ]
    check_drawn "$T/b/run" write read latency amplification
    # the data drawn is the same
    diff -r "$T/a/run/plots/data" "$T/b/run/plots/data"
}

@test "a summary.csv missing optional columns still plots" {
    fixture run "$T/run"
    drop_column "$T/run/summary.csv" wall_s
    drop_column "$T/run/summary.csv" read_p99_us_median
    drop_column "$T/run/chunks.csv" read_p999_us
    run "$S" plot "$T/run"
    echo "$output"
    [ "$status" -eq 0 ]
    check_drawn "$T/run" write read latency spread
    check_svg "$T/run/plots/latency.svg" "p99 latency" "not in chunks.csv"
}

@test "a file missing a required column is refused: one line naming it and the column" {
    fixture run "$T/run"
    drop_column "$T/run/summary.csv" repeat
    WANT="sqlsoak plot: $T/run/summary.csv: not a sqlsoak summary.csv (its header has no repeat column)"
    refused plot "$T/run"
    fixture crash "$T/crash"
    drop_column "$T/crash/durability.csv" status
    WANT="sqlsoak plot: $T/crash/durability.csv: not a sqlsoak durability.csv (its header has no status column)"
    refused plot "$T/crash"
}

@test "resume carries on only a folder whose headers are this build's" {
    out=$T/out
    SQLSOAK_TEST_HANG=1:between:1 interrupt_after 3 "$out/chunks.csv" "$T/stdout" "$S" run --rows 40k --chunk 10k --reads 1k \
        --db-dir "$T/db" --out "$out" --no-plot --progress never
    cp "$out/chunks.csv" "$T/chunks.orig"
    edit_csv "$out/chunks.csv" "for i, r in enumerate(rows): r.append('future_metric' if i == 0 else '1')"
    WANT="sqlsoak resume: $out/chunks.csv"
    refused resume "$out" --no-plot --progress never
    cp "$T/chunks.orig" "$out/chunks.csv"
    run "$S" resume "$out" --no-plot --progress never
    echo "$output"
    [ "$status" -eq 0 ]
}

@test "formula injection: texts starting with =, +, - or @ are guarded in every CSV, numbers stay numbers, resume, plot and compare read the texts back" {
    load helpers/libs
    cd "$T"
    mkdir "=lib"
    ln -s "$LIBDIR/$SYS" "=lib/$SYS"
    local a="$T/=1+2" b="$T/@SUM(A1)"
    local opts=(--rows 40k --chunk 10k --reads 1k --sqlite-lib "=lib/$SYS" --cache-size -4000
        --db-dir "$T/db" --no-plot --progress never)
    SQLSOAK_TEST_HANG=1:between:1 interrupt_after 3 "$a/chunks.csv" "$T/log" "$S" run "${opts[@]}" --out "$a"
    run "$S" resume "$a" --no-plot --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    "$S" run "${opts[@]}" --rows 20k --out "$b" >/dev/null
    run "$S" compare "$a" "$b" --out "$T/cmp"
    echo "$output"
    [ "$status" -eq 0 ]
    run "$S" plot "$a"
    [ "$status" -eq 0 ]
    # what a spreadsheet reads: a quote, then the text (once, after resume
    # rewrote summary.csv); a number as it is
    run "$PY" - "$a" "$T/cmp/comparison.csv" "$SYS" <<'PY'
import csv, sys
out, cmp, lib = sys.argv[1], sys.argv[2], sys.argv[3]
def rows(path):
    return list(csv.DictReader(open(path, newline='')))
for name in ('chunks', 'summary', 'histograms', 'timeline'):
    path = f'{out}/{name}.csv'
    assert f'"\'=lib/{lib}"' in open(path).read(), path
    for r in rows(path):
        assert r['sqlite_lib'] == f"'=lib/{lib}", (path, r['sqlite_lib'])
        assert r['cache_size'] == '-4000', (path, r['cache_size'])
c = rows(cmp)
assert sorted({r['run'] for r in c}) == ["'=1+2", "'@SUM(A1)"], c
assert all(r['sqlite_lib'] == f"'=lib/{lib}" and r['cache_size'] == '-4000' for r in c)
PY
    echo "$output"
    [ "$status" -eq 0 ]
    # sqlsoak's own readers give the texts back as they were (the report
    # writes a quote as &#39;)
    grep -q "=lib/$SYS" "$a/report.html"
    ! grep -q "&#39;=lib/$SYS" "$a/report.html" || return 1
    grep -q '=1+2' "$T/cmp/report.html"
    ! grep -q "&#39;=1+2" "$T/cmp/report.html" || return 1
    grep -q '@SUM(A1)' "$T/cmp/report.html"
    ! grep -q "&#39;@SUM" "$T/cmp/report.html"
}
