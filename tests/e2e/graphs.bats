#!/usr/bin/env bats
# graphs.bats: which graphs are drawn (only those whose data was measured,
# from the one graph list), their tick labels, and what report.html shows.

load helpers/common
load helpers/images

load helpers/libs

setup_file() {
    export RUNS="$BATS_FILE_TMPDIR/runs"
    mkdir -p "$RUNS"
    # two journal modes: one setting varies, no heatmap; no reads: nothing of reads to draw
    "$SQLSOAK" run --rows 4000 --chunk 1000 --reads 0 --journal delete,wal \
        --db-dir "$RUNS/db0" --out "$RUNS/noreads" --progress never >"$RUNS/noreads.log"
    # its delete cell again, twice: repeat 1 matches, repeat 2 does not
    "$SQLSOAK" run --rows 4000 --chunk 1000 --reads 0 --repeat 2 --no-plot \
        --db-dir "$RUNS/db1" --out "$RUNS/other" --progress never >/dev/null
}

@test "plot: a run without reads draws no read graph and the report shows none" {
    d="$RUNS/noreads"
    # the terminal counts them in one line; the page names each, with why
    grep -Eq '^[0-9]+ graphs not drawn, as what they need was not measured here: report.html says which and why$' "$RUNS/noreads.log"
    if grep -q 'skipped' "$RUNS/noreads.log"; then return 1; fi
    grep -q '<li>heatmap_read: no reads were measured' "$d/report.html"
    grep -q '<li>read: no reads were measured' "$d/report.html"
    grep -q '<li>latency: no read latency was measured' "$d/report.html"
    check_png "$d/plots/write.png" 800 1
    [ ! -e "$d/plots/heatmap_read.png" ] && [ ! -e "$d/plots/heatmap_read.svg" ]
    [ ! -e "$d/plots/read.png" ] && [ ! -e "$d/plots/latency.png" ]
    check_report_refs "$d"
    grep -q 'plots/write.png' "$d/report.html"
    # no figure of them (the list of graphs not drawn names them)
    if grep -q 'alt="heatmap_read"\|plots/read\.\|alt="latency"' "$d/report.html"; then return 1; fi
}

@test "plot: an image left from an earlier drawing whose data is gone is not in the report" {
    d="$BATS_TEST_TMPDIR/stale"
    cp -r "$RUNS/noreads" "$d"
    cp "$d/plots/write.png" "$d/plots/heatmap_read.png"
    cp "$d/plots/write.png" "$d/plots/read.png"
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 0 ]
    grep -q 'plots/write.png' "$d/report.html"
    if grep -q 'alt="heatmap_read"\|plots/heatmap_read\|plots/read\.' "$d/report.html"; then return 1; fi
    [ -e "$d/plots/heatmap_read.png" ]       # not the tool's to delete
}

@test "plot: the x tick labels of a 2M-row run are distinct and do not overlap" {
    d="$BATS_TEST_TMPDIR/2M"
    libs=libsqlite3.so.0 graphs="write write_log read latency amplification"
    # two libraries add the versions graph, whose 2M-row axis once read "1M 1M 1M"
    second=$(second_core)
    [ -n "$second" ] && libs="$libs,$second" graphs="$graphs versions"
    # (values of one byte: the axis is the rows', whatever a row holds)
    run "$SQLSOAK" run --rows 2M --chunk 200k --reads 1k --value-size 1 --sqlite-lib "$libs" \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$d" --progress never
    [ "$status" -eq 0 ]
    files=()
    for g in $graphs; do
        [ -s "$d/plots/$g.svg" ]
        files+=("$d/plots/$g.svg")
    done
    python3 "$BATS_TEST_DIRNAME/helpers/xtics.py" "${files[@]}"
    # labels as a reader says the numbers: every 500k on the wide linear axes,
    # every 1M on the latency graph's narrow panels
    grep -q '<text>1.5M</text>' "$d/plots/write.svg"
    grep -q '<text>500k</text>' "$d/plots/read.svg"
    grep -q '<text>1M</text>' "$d/plots/latency.svg"
}

# check_graph_files DIR NAME...: DIR/plots/NAME.png and .svg drawn.
check_graph_files() {
    local dir=$1; shift
    for g in "$@"; do
        check_png "$dir/plots/$g.png" 800 1
        [ -s "$dir/plots/$g.svg" ] || { echo "no $g.svg"; return 1; }
    done
}

# The headings of report.html's summary table, one per line.
summary_heads() {
    python3 - "$1" <<'PY'
import re, sys
html = open(sys.argv[1], encoding='utf-8').read()
table = html[html.index('<table class=sum>'):]
print('\n'.join(re.findall(r'<th[^>]*>([^<]*)</th>', table[:table.index('</tr>')])))
PY
}

@test "report: the summary leads with the settings that vary, then the rates, p99 and status" {
    d="$RUNS/noreads"
    heads=$(summary_heads "$d/report.html" | head -9 | tr '\n' ,)
    [ "$heads" = "cell,journal mode,write rows/s,write cost last ÷ first,read ops/s,read p99 µs,in RAM %,write × cell 1,status," ]
    # the settings the same in every cell, once above the table
    grep -q "<p class=same>Every cell: sqlite_version <b>$(lib_version "$SYS")</b> · page_size <b>4k</b>" \
        "$d/report.html"
    if summary_heads "$d/report.html" | grep -qx 'page size\|repeat\|sqlite version'; then
        return 1
    fi
}

@test "report: a repeat column when cells ran more than once; a failed cell's reason in its status" {
    d="$BATS_TEST_TMPDIR/rep"
    run "$SQLSOAK" run --rows 2000 --chunk 1000 --reads 100 --repeat 2 --page-size 4k,8k \
        --mmap-size default,4G --db-dir "$BATS_TEST_TMPDIR/db" --out "$d" --progress never
    [ "$status" -eq 0 ]
    heads=$(summary_heads "$d/report.html" | head -5 | tr '\n' ,)
    [ "$heads" = "cell,repeat,page size,mmap size,write rows/s," ]
    grep -q '<td class=st>unsupported: mmap_size' "$d/report.html"
    # the repeats of a cell side by side, though they ran interleaved
    cells=$(grep -o '^<tr class="[a-z]*"><td>[0-9]*</td><td>[0-9]*</td>' "$d/report.html" |
        sed 's/.*<td>\([0-9]*\)<\/td><td>\([0-9]*\)<\/td>/\1.\2/' | tr '\n' ' ')
    [ "$cells" = "1.1 1.2 2.1 2.2 3.1 3.2 4.1 4.2 " ]
}

@test "compare: a report of the matched cells, what was not matched, and the graphs drawn" {
    out="$BATS_TEST_TMPDIR/cmp"
    run "$SQLSOAK" compare "$RUNS/noreads" "$RUNS/other" --out "$out"
    [ "$status" -eq 0 ]
    [[ "$output" == *"cell 2 of noreads has no match in other"* ]]
    [[ "$output" == *"cell 1 · repeat 2 of other has no match in noreads"* ]]
    [[ "$output" == *"1 cell matched across 2 runs, 2 unmatched"* ]]
    # no reads in either run: no read graphs, drawn or shown
    grep -q '<li>read: no reads were measured' "$out/report.html"
    check_graph_files "$out" write write_log amplification versions
    [ ! -e "$out/plots/read.png" ] && [ ! -e "$out/plots/heatmap_write.png" ]
    check_report_refs "$out"
    grep -q '<h1>sqlsoak comparison: cmp</h1>' "$out/report.html"
    grep -q '<h2>Runs</h2>' "$out/report.html"
    grep -q "<tr><th>noreads</th><td>$RUNS/noreads · host " "$out/report.html"
    grep -q '<li>cell 1 · repeat 2 of other has no match in noreads: the nearest, ' "$out/report.html"
    for g in write write_log amplification versions; do grep -q "plots/$g.png" "$out/report.html"; done
    heads=$(summary_heads "$out/report.html" | head -4 | tr '\n' ,)
    [ "$heads" = "match,run,cell,write rows/s," ]
}

@test "compare: no cell matched exits 1, and says so" {
    d="$BATS_TEST_TMPDIR/8k" out="$BATS_TEST_TMPDIR/cmp"
    "$SQLSOAK" run --rows 2000 --chunk 1000 --reads 10 --page-size 8k --no-plot \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$d" --progress never >/dev/null
    run "$SQLSOAK" compare "$RUNS/noreads" "$d" --out "$out"
    [ "$status" -eq 1 ]
    [[ "$output" == *"0 cells matched across 2 runs, 3 unmatched"* ]]
    [[ "$output" == *"no cell matched"* ]]
    grep -q 'No cell matched' "$out/report.html"
    if grep -q "<img" "$out/report.html"; then return 1; fi
    [ ! -e "$out/plots" ]
}

@test "compare: a folder given twice, by any path, exits 2 with one line and creates nothing" {
    out="$BATS_TEST_TMPDIR/cmp"
    ln -s "$RUNS/noreads" "$BATS_TEST_TMPDIR/link"
    for second in "$RUNS/noreads" "$RUNS/noreads/" "$RUNS/../runs/noreads" "$BATS_TEST_TMPDIR/link"; do
        run "$SQLSOAK" compare "$RUNS/noreads" "$RUNS/other" "$second" --out "$out"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [[ "$output" == *"are the same folder"* ]]
        [ ! -e "$out" ]
    done
}

@test "plot: graph titles name only settings that applied (no read_from without reads)" {
    d="$BATS_TEST_TMPDIR/commit0"
    run "$SQLSOAK" run --rows 2000 --chunk 1000 --reads 0 --commit-every 100,1000 \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$d" --progress never
    [ "$status" -eq 0 ]
    check_svg "$d/plots/commit.svg" "Transaction size" "4k pages"
    for g in commit write amplification; do
        if grep -q 'reads from' "$d/plots/$g.svg"; then echo "$g names read_from"; return 1; fi
    done
    if grep -q 'reads from' "$RUNS/noreads/plots/write.svg"; then return 1; fi
    # with reads, where they read from is a setting that applied
    d="$BATS_TEST_TMPDIR/commit1"
    "$SQLSOAK" run --rows 2000 --chunk 1000 --reads 100 --commit-every 100,1000 \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$d" --progress never >/dev/null
    grep -q 'reads from all' "$d/plots/commit.svg"
}

@test "compare --help states the exit statuses" {
    run "$SQLSOAK" compare --help
    [ "$status" -eq 0 ]
    [[ "$output" == *"0 when at least one cell matched, 1 when none did, 2 on bad input"* ]]
    [[ "$output" == *"a folder given twice included"* ]]
}
