#!/usr/bin/env bats
# plots.bats: graphs, report.html, `sqlsoak plot` and `sqlsoak compare`
# from small real runs (a single cell, a matrix over two libraries, and
# two cells run twice each: a colour per cell, its repeats thin under
# their median).

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/images

load helpers/libs

setup_file() {
    export TINY="--rows 20k --chunk 5k --reads 2k --progress never --no-plot"
    export RUNS="$BATS_FILE_TMPDIR/runs"
    mkdir -p "$RUNS"
    "$SQLSOAK" run $TINY --db-dir "$RUNS/db1" --out "$RUNS/one" >/dev/null
    libs=libsqlite3.so.0
    second=$(second_core)
    [ -n "$second" ] && libs="$libs,$second"
    export SECOND=$second
    "$SQLSOAK" run $TINY --db-dir "$RUNS/db2" --out "$RUNS/matrix" --sqlite-lib "$libs" \
        --page-size 4k,8k --journal delete,wal --commit-every 1k,5k >/dev/null
    "$SQLSOAK" run --rows 20k --chunk 5k --reads 500 --journal delete,wal --repeat 2 \
        --progress never --db-dir "$RUNS/db3" --out "$RUNS/twice" >/dev/null
}

# lines SVG ARGS...: the data lines of a graph, checked (helpers/svglines.py)
lines() {
    python3 "$BATS_TEST_DIRNAME/helpers/svglines.py" "$@"
}


check_graph() {
    local dir=$1 name=$2; shift 2
    [ -s "$dir/plots/$name.png" ] && [ -s "$dir/plots/$name.svg" ]
    check_png "$dir/plots/$name.png" 800 1
    check_svg "$dir/plots/$name.svg" "$@"
}

# Every src/href of report.html names a file that exists.
check_report() {
    local dir=$1
    check_report_refs "$dir"
    grep -q '<table' "$dir/report.html"
}

@test "plot: a single-cell run draws its graphs and a report" {
    run "$SQLSOAK" plot "$RUNS/one"
    [ "$status" -eq 0 ]
    [[ "$output" == *"graphs not drawn"* ]]  # heatmap, versions, commit: nothing to show
    check_graph "$RUNS/one" write "Write rate per chunk" "SQLite $(lib_version "$SYS") · 4k pages · delete · full"
    check_graph "$RUNS/one" write_log "Write rate per chunk"
    check_graph "$RUNS/one" read "Point reads" "reads per second"
    check_graph "$RUNS/one" latency "p99.9 latency"
    check_graph "$RUNS/one" amplification "bytes written to storage per row"
    [ ! -e "$RUNS/one/plots/heatmap_write.png" ]
    [ ! -e "$RUNS/one/plots/versions.png" ]
    [ ! -e "$RUNS/one/plots/commit.png" ]
    check_report "$RUNS/one"
}

@test "plot: a matrix over two libraries draws every graph" {
    [ -n "$SECOND" ] || skip "no second SQLite release (sqlcipher's core, of another version than the system's)"
    run "$SQLSOAK" plot "$RUNS/matrix"
    [ "$status" -eq 0 ]
    sys_v=$(lib_version "$SYS") second_v=$(lib_version "$SECOND")
    for g in write write_log read latency amplification; do
        check_graph "$RUNS/matrix" $g "$second_v" "$sys_v"
    done
    check_graph "$RUNS/matrix" heatmap_write "Sustained write rate" "wal" "8k"
    check_graph "$RUNS/matrix" heatmap_read "Sustained point-read rate"
    check_graph "$RUNS/matrix" versions "SQLite $second_v" "SQLite $sys_v"
    check_graph "$RUNS/matrix" commit "Transaction size" "rows per transaction"
    check_report "$RUNS/matrix"
    grep -q 'heatmap_write.png' "$RUNS/matrix/report.html"
}

@test "plot: an unsupported cell is shown as such in the heatmap" {
    d="$BATS_TEST_TMPDIR/unsup"
    cp -r "$RUNS/matrix" "$d"
    rm -rf "$d/plots"
    python3 - "$d/summary.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
h = rows[0]
r = rows[2]
for c in range(h.index('chunks'), len(h)): r[c] = ''
r[h.index('status')] = 'unsupported'
r[h.index('reason')] = 'journal_mode: requested wal, library answered delete'
csv.writer(open(sys.argv[1], 'w'), lineterminator='\n').writerows(rows)
PY
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 0 ]
    check_svg "$d/plots/heatmap_write.svg" unsupported
    grep -q 'library answered delete' "$d/report.html"
}

@test "plot: a heatmap panel whose cells are all unsupported is drawn as such, without warnings" {
    d="$BATS_TEST_TMPDIR/unsupported-panel"
    # 4G is past the library's compiled maximum mmap size: that panel's
    # cells are all unsupported, the other panel's all measured
    run "$SQLSOAK" run --rows 2000 --chunk 1000 --reads 100 --page-size 4k,8k \
        --mmap-size default,4G --db-dir "$BATS_TEST_TMPDIR/db" --out "$d" --progress never
    [ "$status" -eq 0 ]
    [[ "$output" != *"failed"* ]]
    [[ "$output" != *"arning"* ]]
    ! grep -q arning "$d/plots/gnuplot.log" || return 1
    check_png "$d/plots/heatmap_write.png" 800 1
    check_svg "$d/plots/heatmap_write.svg" unsupported
}

@test "plot: a latency percentile equal in every chunk (one histogram bucket) draws without warnings" {
    d="$BATS_TEST_TMPDIR/flat"
    cp -r "$RUNS/one" "$d"
    rm -rf "$d/plots"
    python3 - "$d/chunks.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
c = rows[0].index('read_p50_us')
for r in rows[1:]:
    r[c] = '12.096'
csv.writer(open(sys.argv[1], 'w'), lineterminator='\n').writerows(rows)
PY
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 0 ]
    [[ "$output" != *"arning"* ]]
    ! grep -q arning "$d/plots/gnuplot.log" || return 1
    check_png "$d/plots/latency.png" 800 1
}

@test "plot: gnuplot's messages go to plots/gnuplot.log, not the terminal; a WAL run without checkpoints draws without warnings" {
    d="$BATS_TEST_TMPDIR/wal"
    cp -r "$RUNS/twice" "$d"
    rm -rf "$d/plots"
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 0 ]
    check_png "$d/plots/wal.png" 800 1
    [ -f "$d/plots/gnuplot.log" ]
    ! grep -q arning "$d/plots/gnuplot.log" || return 1
    # a script that warns: its warning is in the log, and the terminal is quiet
    mkdir "$BATS_TEST_TMPDIR/scripts"
    cp "$BATS_TEST_DIRNAME"/../../plots/*.gp "$BATS_TEST_TMPDIR/scripts/"
    sed -i 's/^    plot @PLOTS$/    plot @PLOTS, TL using 1:(NaN) notitle/' "$BATS_TEST_TMPDIR/scripts/wal.gp"
    grep -q 'plot @PLOTS, TL using 1:(NaN) notitle' "$BATS_TEST_TMPDIR/scripts/wal.gp"
    rm -rf "$d/plots"
    SQLSOAK_PLOTS_DIR="$BATS_TEST_TMPDIR/scripts" run "$SQLSOAK" plot "$d"
    [ "$status" -eq 0 ]
    [[ "$output" != *"arning"* ]]
    grep -q "wal.gp.*arning" "$d/plots/gnuplot.log"
}

@test "plot: a folder named with spaces, quotes and a semicolon" {
    d="$BATS_TEST_TMPDIR/it's a \"test\"; print 'pwned' ; system('touch HACKED')"
    cp -r "$RUNS/one" "$d"
    rm -rf "$d/plots" "$d/report.html"
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 0 ]
    if grep -qx pwned <<<"$output"; then return 1; fi
    [ ! -e HACKED ] && [ ! -e "$BATS_TEST_TMPDIR/HACKED" ]
    check_graph "$d" write "Write rate per chunk"
    check_report "$d"
}

@test "plot: missing folder, missing or malformed CSV exit 2 with one line" {
    run "$SQLSOAK" plot "$BATS_TEST_TMPDIR/nowhere"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    d="$BATS_TEST_TMPDIR/bad"
    mkdir "$d"
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 2 ]
    [[ "$output" == *chunks.csv* ]]
    [ "${#lines[@]}" -eq 1 ]
    cp "$RUNS/one/summary.csv" "$RUNS/one/run.json" "$d/"
    printf 'cell,rows,write_s\n1,5000,0.1\n' >"$d/chunks.csv"
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 2 ]
    [[ "$output" == *header* ]]
    [ ! -e "$d/plots" ] && [ ! -e "$d/report.html" ]
    cp "$RUNS/one/chunks.csv" "$d/"
    echo '1,2,3' >>"$d/chunks.csv"
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 2 ]
    [[ "$output" == *malformed* ]]
}

@test "compare: two runs matched per cell, overlays and comparison.csv" {
    out="$BATS_TEST_TMPDIR/cmp out"
    run "$SQLSOAK" compare "$RUNS/one" "$RUNS/matrix" --out "$out"
    [ "$status" -eq 0 ]
    [[ "$output" == *"one run only"* ]]
    [ -s "$out/comparison.csv" ]
    head -1 "$out/comparison.csv" | grep -q '^schema_version,match,run,run_dir,host,storage,'
    [ "$(tail -n +2 "$out/comparison.csv" | cut -d, -f2 | sort -u | wc -l)" -ge 1 ]
    check_graph "$out" write "across runs" "one" "matrix"
    check_graph "$out" versions "The same cells across runs"
}

@test "compare: bad input exits 2 and creates nothing" {
    out="$BATS_TEST_TMPDIR/cmp2"
    run "$SQLSOAK" compare "$RUNS/one" "$BATS_TEST_TMPDIR/nowhere" --out "$out"
    [ "$status" -eq 2 ]
    [ ! -e "$out" ]
    run "$SQLSOAK" compare "$RUNS/one" --out "$out"
    [ "$status" -eq 2 ]
    [ ! -e "$out" ]
    run "$SQLSOAK" compare "$RUNS/one" "$RUNS/matrix" --out "$RUNS/one"
    [ "$status" -eq 2 ]
}

@test "plot: cells run twice: a colour per cell, its repeats thin, their median bold and named once" {
    d=$RUNS/twice
    # 2 cells x 2 repeats: 2 colours (6 lines in as many colours before),
    # 2 bold medians named delete and wal, 4 thin repeats, 2 of each colour
    for g in write write_log; do
        run -0 lines "$d/plots/$g.svg" --colours 2 --medians 2 --thin 4
        echo "$output"
        check_svg "$d/plots/$g.svg" "thin: each repeat, bold: their median"
    done
    [ "$(grep -c '<title>delete</title>' "$d/plots/write.svg")" -eq 1 ]
    [ "$(grep -c '<title>wal</title>' "$d/plots/write.svg")" -eq 1 ]
    if grep -q '<title>[^<]*repeat [12]</title>' "$d/plots/write.svg"; then return 1; fi
    # delete cannot be told from WAL no more in the other graphs of lines
    for g in read latency; do
        run -0 lines "$d/plots/$g.svg" --colours 2
    done
    # the bold line is the median over the repeats, chunk by chunk: with
    # two, their mean; the bundles list them
    python3 - "$d/plots/data" <<'PY'
import csv, statistics, sys
d = sys.argv[1]
tsv = lambda n: list(csv.DictReader(open("%s/%s.tsv" % (d, n)), delimiter="\t"))
bundles, series = tsv("bundles"), tsv("series")
assert [(b["label"], b["repeats"]) for b in bundles] == [("delete", "2"), ("wal", "2")], bundles
for b in bundles:
    members = [tsv("s-%d" % (i + 1)) for i, s in enumerate(series) if s["bundle"] == b["bundle"]]
    assert len(members) == 2
    med = tsv("b-" + b["bundle"])
    assert len(med) == len(members[0]) == 4
    for j, row in enumerate(med):
        for col in ("write_rows_per_s", "read_ops_per_s", "read_p99_us"):
            want = statistics.median(float(m[j][col]) for m in members)
            assert abs(float(row[col]) - want) <= 1e-6 * abs(want), (col, j, row[col], want)
PY
    # the timeline colours a cell's repeats alike: cells.tsv's colour per cell
    python3 - "$d/plots/data/cells.tsv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
colour = {}
for r in rows:
    cell = r["label"].split()[1].split(".")[0]
    assert colour.setdefault(cell, r["colour"]) == r["colour"], rows
assert sorted(colour.values()) == ["1", "2"], rows
PY
}

@test "compare: runs of repeats overlaid: a colour per run, a dash per cell, each run's median bold" {
    out=$BATS_TEST_TMPDIR/cmp
    cp -r "$RUNS/twice" "$BATS_TEST_TMPDIR/again"
    rm -rf "$BATS_TEST_TMPDIR/again/plots"
    run -0 "$SQLSOAK" compare "$RUNS/twice" "$BATS_TEST_TMPDIR/again" --out "$out"
    # 2 runs x 2 cells: 4 medians in 2 colours, each over its 2 repeats
    run -0 lines "$out/plots/write.svg" --colours 2 --medians 4 --thin 8
    echo "$output"
    [[ "$output" == *$'twice · wal\t3.2\trgb(31, 119, 180)\tdashed'* ]]
    [[ "$output" == *$'again · delete\t3.2\trgb(214, 39, 40)'* ]]
    check_svg "$out/plots/write.svg" "across runs"
    # a panel per cell (not per repeat), its runs in their colours
    run -0 lines "$out/plots/versions.svg" --colours 2
    [ "$(grep -o 'id="gnuplot_plot_[0-9]*[a-z]"' "$out/plots/versions.svg" | sed 's/.*[0-9]//' |
        sort -u | wc -l)" -eq 2 ]
    check_svg "$out/plots/versions.svg" "The same cells across runs" twice again
}
