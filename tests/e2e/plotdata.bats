#!/usr/bin/env bats
# plotdata.bats: what the graphs draw comes from the tables: titles name
# the settings someone chose, the latency graph has a panel per latency
# figure of latency.c, the heatmaps take the median of a cell's repeats,
# as the console does, and their axes are the two settings that vary most.

load helpers/common
load helpers/images

# One run of two journal modes and its graphs, which the tests of the
# titles, the latency graph and the heatmap axes only read; its output
# and exit status in files beside it.
setup_file() {
    export JOURNALS=$BATS_FILE_TMPDIR/journals
    rc=0
    "$SQLSOAK" run --rows 4000 --chunk 1000 --reads 200 --journal delete,wal \
        --db-dir "$BATS_FILE_TMPDIR/db" --out "$JOURNALS" --progress never \
        >"$JOURNALS.out" 2>&1 || rc=$?
    echo "$rc" >"$JOURNALS.status"
}

setup() {
    scratch
    Q=(--rows 4000 --chunk 2000 --reads 500 --progress never)
}

@test "plot titles: chosen settings named, sqlsoak's defaults left out" {
    [ "$(cat "$JOURNALS.status")" -eq 0 ]
    check_svg "$JOURNALS/plots/write.svg" "4k pages" "full"
    if grep -q "16-byte values" "$JOURNALS/plots/write.svg"; then return 1; fi
    if grep -q "cache default" "$JOURNALS/plots/write.svg"; then return 1; fi
    run "$S" run "${Q[@]}" --journal delete,wal --value-size 100 --cache-size -4000 \
        --db-dir "$T/db" --out "$T/b"
    [ "$status" -eq 0 ]
    check_svg "$T/b/plots/write.svg" "100-byte values" "cache -4000"
}

@test "latency graph: a panel per latency figure of chunks.csv" {
    [ "$(cat "$JOURNALS.status")" -eq 0 ]
    check_svg "$JOURNALS/plots/latency.svg" "p50 latency" "p90 latency" "p99 latency" \
        "p99.9 latency" "max latency" "mean latency"
    # the panels' list is the table's, column by column
    cut -f1 "$JOURNALS/plots/data/latency.tsv" | tail -n +2 | tr '\n' ' ' >"$T/cols"
    [ "$(cat "$T/cols")" = "read_p50_us read_p90_us read_p99_us read_p999_us read_max_us read_mean_us " ]
    head -1 "$JOURNALS/chunks.csv" | tr ',' '\n' | grep -qx read_mean_us
}

@test "heatmap: the median of a cell's repeats' sustained rates, as the console ranks it" {
    run "$S" run "${Q[@]}" --journal delete,wal --page-size 1k,4k --repeat 3 --db-dir "$T/db" --out "$T/r"
    [ "$status" -eq 0 ]
    python3 - "$T/r" <<'PY'
import csv, statistics, sys
d = sys.argv[1]
rows = list(csv.DictReader(open(d + "/summary.csv")))
want = {}
for r in rows:
    page = {"1024": "1k", "4096": "4k"}[r["page_size"]]
    want.setdefault((page, r["journal_mode"]), []).append(float(r["write_rows_per_s_sustained"]))
cells = list(csv.DictReader(open(d + "/plots/data/heat-1.tsv"), delimiter="\t"))
assert len(cells) == 4, cells
for c in cells:
    got = float(c["write"])
    k = (c["xlab"], c["ylab"])
    med = statistics.median(want[k])
    assert abs(got - med) <= 1e-6 * med, (k, got, med)
    assert len(want[k]) == 3
print("ok")
PY
}

@test "plot: heatmap axes are the two settings that vary most; one setting varying draws none (make run's shape)" {
    d=$JOURNALS
    [ "$(cat "$JOURNALS.status")" -eq 0 ]
    if grep -q failed "$JOURNALS.out"; then return 1; fi
    # a 1 x 2 grid is no heatmap: the spread graph shows the one setting
    grep -q '<li>heatmap_write: fewer than two settings vary (the library aside)' "$d/report.html"
    [ ! -e "$d/plots/heatmap_write.png" ] && [ ! -e "$d/plots/heatmap_read.png" ]
    check_svg "$d/plots/spread.svg" delete wal
    # journal x synchronous: those are the axes, one panel, no page size
    d="$BATS_TEST_TMPDIR/journal-sync"
    run "$SQLSOAK" run --rows 2000 --chunk 1000 --reads 100 --journal delete,wal,truncate \
        --sync off,full --db-dir "$BATS_TEST_TMPDIR/db" --out "$d" --progress never
    [ "$status" -eq 0 ]
    for name in heatmap_write heatmap_read; do
        check_png "$d/plots/$name.png" 800 1
        check_svg "$d/plots/$name.svg" "by journal mode × synchronous" delete wal truncate off full
        if grep -q "page size" "$d/plots/$name.svg"; then return 1; fi
    done
    [ "$(wc -l < "$d/plots/data/heat.tsv")" -eq 2 ]     # its header and one panel
}
