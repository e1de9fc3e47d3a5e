#!/usr/bin/env bats
# graphs_time.bats: the graphs against time, checked on the drawn image.
# The timeline's and the WAL graph's legends show each series in the
# colour it is drawn in (helpers/svgkey.py on the SVG, and pngcheck.py
# --key on the PNG): in a matrix a sample per cell, in the cell's colour; the WAL graph draws a cross for each
# interval in which a checkpoint ran, SQLite's own at a COMMIT included;
# the timeline's caption in report.html tells the run's length, never "the
# night" of a run of seconds.  Shapes and colours only: the figures move
# with the machine's speed.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/images

KEY=$BATS_TEST_DIRNAME/helpers/svgkey.py
PNG=$BATS_TEST_DIRNAME/helpers/pngcheck.py

setup_file() {
    export RUNS="$BATS_FILE_TMPDIR/runs"
    mkdir -p "$RUNS"
    DB=$RUNS/db
    Q="--progress never"
    # a checkpoint once the WAL holds 50 pages: several in a run of any
    # speed; a stop of a second in each cell's writes, ten intervals
    # without a row: a stall's bar
    SQLSOAK_TEST_STALL=2000:1000 "$SQLSOAK" run --rows 20k --chunk 5k --reads 200 \
        --journal delete,wal --sync full,normal --wal-autocheckpoint 50 --timeline-interval 100 \
        --db-dir "$DB" --out "$RUNS/matrix" $Q >/dev/null 2>&1
    "$SQLSOAK" run --rows 20k --chunk 5k --reads 200 --journal wal --wal-autocheckpoint 50 \
        --db-dir "$DB" --out "$RUNS/one" $Q >/dev/null 2>&1
}

# The colours of svgkey.py's line for the plot titled $1 in $output:
# sample, points.
key_line() {
    printf '%s\n' "$output" | awk -F'\t' -v t="$1" '$1 == t { print $2 "\t" $3 "\t" $4 }'
}

BLUE='rgb(31,119,180)'
RED='rgb(214,39,40)'
GREEN='rgb(44,160,44)'
ORANGE='rgb(255,127,14)'

@test "timeline of a matrix: a legend entry per cell in the colour its points are drawn in" {
    d=$RUNS/matrix
    run -0 python3 "$KEY" "$d/plots/timeline.svg"
    echo "$output"
    [ "$(key_line 'cell 1' | cut -f1)" = "$BLUE" ]
    [ "$(key_line 'cell 2' | cut -f1)" = "$RED" ]
    [ "$(key_line 'cell 3' | cut -f1)" = "$GREEN" ]
    [ "$(key_line 'cell 4' | cut -f1)" = "$ORANGE" ]
    # and in the PNG report.html shows, as cairo drew it: every cell's
    # colour in the legend over the top panel (one red sample before)
    run -0 python3 "$PNG" --key "$d/plots/timeline.png"
    for c in '#1f77b4' '#d62728' '#2ca02c' '#ff7f0e'; do grep -qx "$c" <<<"$output"; done
    # no entry says "by cell" beside a sample of one colour
    [[ "$output" != *"by cell"* ]]
    # the stalls' bars are black, of no cell's colour
    run -0 python3 "$BATS_TEST_DIRNAME/helpers/svglines.py" "$d/plots/timeline.svg"
    echo "$output"
    [[ "$output" == *$'no row inserted / COMMIT\t8.0\trgb(0, 0, 0)'* ]]
    check_svg "$d/plots/timeline.svg" "rows inserted per second" "reads per second"
    check_png "$d/plots/timeline.png" 800 1
}

@test "timeline of one cell: the write and read phases' samples in their points' colours" {
    run -0 python3 "$KEY" "$RUNS/one/plots/timeline.svg"
    echo "$output"
    [ "$(key_line 'write phase')" = "$BLUE	$BLUE	0" ]
    [ "$(key_line 'read phase')" = "$ORANGE	$ORANGE	0" ]
}

@test "WAL graph: a cross for each interval in which a checkpoint ran, SQLite's own at a COMMIT; the legend names the WAL cells alone" {
    for d in "$RUNS/matrix" "$RUNS/one"; do
        run -0 python3 "$KEY" "$d/plots/wal.svg"
        echo "$output"
        # the intervals of a WAL cell in which the database file was written:
        # in WAL, only a checkpoint writes it
        want=$(python3 - "$d/timeline.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(sum(1 for r in rows if r["wal_bytes"] != "" and
          (r["phase"] == "checkpoint" or float(r["vfs_db_write_bytes"] or 0) > 0)))
PY
)
        echo "checkpointed intervals: $want"
        [ "$want" -ge 1 ]
        [ "$(key_line 'a checkpoint in the interval')" = "rgb(0,0,0)	-	$want" ]
        if [ "$d" = "$RUNS/one" ]; then
            [ "$(key_line "-wal file at an interval's end" | cut -f1,2)" = "$BLUE	$BLUE" ]
        else
            # the matrix: cells 1 and 2 (delete) have no -wal file, no entry
            [ -z "$(key_line 'cell 1')" ]
            [ -z "$(key_line 'cell 2')" ]
            [ "$(key_line 'cell 3' | cut -f1)" = "$GREEN" ]
            [ "$(key_line 'cell 4' | cut -f1)" = "$ORANGE" ]
        fi
        check_svg "$d/plots/wal.svg" "-wal file (MB)"
        check_png "$d/plots/wal.png" 800 1
    done
    # nor, in the matrix, a name or a line where they began: the axis
    # begins with cell 3
    ! grep -q "<text>cell [12]</text>" "$RUNS/matrix/plots/wal.svg" || return 1
    grep -q "<text>cell 3</text>" "$RUNS/matrix/plots/wal.svg"
    run -0 python3 "$PNG" --key "$RUNS/matrix/plots/wal.png"
    echo "$output"
    grep -qx '#2ca02c' <<<"$output" && grep -qx '#ff7f0e' <<<"$output"
    ! grep -qx '#1f77b4' <<<"$output"
}

@test "WAL graph with --vfs-counts off: SQLite's own checkpoints uncounted, no cross drawn, --checkpoint's still crossed" {
    t=$BATS_TEST_TMPDIR
    run -0 "$SQLSOAK" run --rows 20k --chunk 5k --reads 0 --journal wal --wal-autocheckpoint 50 \
        --vfs-counts off --db-dir "$t/db" --out "$t/off" --progress never
    run -0 python3 "$KEY" "$t/off/plots/wal.svg"
    echo "$output"
    [[ "$output" != *"checkpoint"* ]]
    run -0 "$SQLSOAK" run --rows 20k --chunk 5k --reads 0 --journal wal --checkpoint passive \
        --vfs-counts off --db-dir "$t/db" --out "$t/phase" --progress never
    run -0 python3 "$KEY" "$t/phase/plots/wal.svg"
    echo "$output"
    [ "$(key_line 'a checkpoint in the interval' | cut -f3)" -ge 4 ]
}

@test "svgkey: a legend sample in a colour its points are not drawn in fails" {
    f=$BATS_TEST_TMPDIR/bad.svg
    gnuplot -e "set terminal svg size 1280,800; set output '$f'; set linetype 1 lc rgb '#1f77b4'; set linetype 2 lc rgb '#d62728'; plot '+' using 1:1:(\$0 < 50 ? 1 : 2) with points pt 7 lc variable title 'by cell', '+' using 1:(-\$1) with points pt 7 lc rgb '#2ca02c' title 'other'"
    run -1 python3 "$KEY" "$f"
    echo "$output"
    # two colours drawn under one sample: one of them has none
    [[ "$output" == *"a colour the legend shows no sample of"* ]]
}

@test "telemetry graph of a matrix: a legend entry per cell in its points' colour, the device's line in none of theirs" {
    d=$BATS_TEST_TMPDIR/warm
    cp -r "$RUNS/matrix" "$d"
    rm -rf "$d/plots"
    # temperatures of the test's own, which move (a VM records none)
    python3 - "$d/chunks.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
c = rows[0].index("temp_c")
for k, r in enumerate(rows[1:]):
    r[c] = str(40 + k % 7)
csv.writer(open(sys.argv[1], "w", newline=""), lineterminator="\n").writerows(rows)
PY
    run -0 "$SQLSOAK" plot "$d"
    run -0 python3 "$KEY" "$d/plots/telemetry_temp.svg"
    echo "$output"
    [ "$(key_line 'cell 1' | cut -f1)" = "$BLUE" ]
    [ "$(key_line 'cell 2' | cut -f1)" = "$RED" ]
    [[ "$output" != *"by cell"* ]]
    # the temperature's line: black, not cell 2's red
    line=$(awk '/<title>°C \(right\)<\/title>/,/gnuplot_plot_2/' "$d/plots/telemetry_temp.svg" |
        grep "<path stroke=")
    [[ "$line" == *"rgb(  0,   0,   0)"* ]]
    check_svg "$d/plots/telemetry_temp.svg" "°C (right)"
}

@test "report: the timeline's caption tells the run's length, measured, in its axis' unit" {
    d=$RUNS/matrix
    python3 - "$d" <<'PY'
import csv, html, re, sys
d = sys.argv[1]
page = open(d + "/report.html", encoding="utf-8").read()
caps = [html.unescape(c) for c in re.findall(r"<figcaption>(.*?)<small>", page)]
tl = [c for c in caps if "rows inserted and reads per second" in c]
assert len(tl) == 1, caps
assert all("night" not in c for c in caps), caps
m = re.match(r"The run's ([0-9.]+) (seconds|minutes|hours) as they went: ", tl[0])
assert m, tl[0]
# the span: the first interval's (or chunk's) start to the last's end
t = list(csv.DictReader(open(d + "/timeline.csv")))
c = list(csv.DictReader(open(d + "/chunks.csv")))
t0 = min([float(r["start_unix_s"]) for r in t] +
         [float(r["end_unix_s"]) - float(r["write_s"]) - float(r["read_s"] or 0) for r in c])
t1 = max([float(r["start_unix_s"]) + float(r["span_s"]) for r in t] +
         [float(r["end_unix_s"]) for r in c])
span = t1 - t0
unit = "seconds" if span <= 180 else "minutes" if span <= 3 * 3600 else "hours"
div = {"seconds": 1, "minutes": 60, "hours": 3600}[unit]
assert m[2] == unit, (m[2], span)
assert abs(float(m[1]) - span / div) <= 0.051 * (1 if "." in m[1] else 10), (m[1], span)
PY
}
