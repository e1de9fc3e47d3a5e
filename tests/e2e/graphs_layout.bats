#!/usr/bin/env bats
# graphs_layout.bats: the graphs are laid out whole and in the tables'
# units.  The SVG checker (helpers/svgcheck.py, run by check_svg) fails on
# a legend or a text past the canvas (in the SVG, and in the PNG beside it)
# and on a panel drawn over another; every graph of every preset, run
# small, and of a comparison passes it; the write graph plots rows/s, or
# seconds per million rows beside the 2014 curve; a log axis has labels
# beside its data; the legend of a 2014-shaped run and the across-runs
# panels fit.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/images

CHECK=$BATS_TEST_DIRNAME/helpers/svgcheck.py
GPCOLS=$BATS_TEST_DIRNAME/helpers/gpcols.py

# preset_args NAME: the options that run preset NAME small here: fewer
# rows, smaller chunks, fewer reads, deletes and updates, and no device
# probe (30 s).  The 2014 preset keeps its one-million-row chunks, which
# draw the published curve beside the run's (the shape whose legend was
# cut).
preset_args() {
    case $1 in
    2014) echo "--rows 1M --chunk 1M --reads 1k" ;;
    churn) echo "--rows 10k --chunk 5k --reads 200 --deletes 1k" ;;
    updates) echo "--rows 10k --chunk 5k --reads 200 --updates 1k" ;;
    journal) echo "--rows 10k --chunk 5k --commit-every 10k" ;;
    txn) echo "--rows 2k --chunk 1k --repeat 2" ;;
    *) echo "--rows 10k --chunk 5k --reads 200" ;;
    esac
}

setup_file() {
    export RUNS="$BATS_FILE_TMPDIR/runs"
    mkdir -p "$RUNS"
    # the databases on tmpfs where there is one: layout, not the disk, is tested
    DB=$RUNS/db
    [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] && DB=$(mktemp -d /dev/shm/sqlsoak-layout.XXXXXX)
    export DB
    Q="--progress never"
    # one chunk of a million rows read from the chunk: the 2014 test's shape
    # (the 2014 preset, at a hundredth of its rows), without its device
    # probe, which draws no graph and cost nine tenths of the run's CPU
    # shellcheck disable=SC2046
    "$SQLSOAK" run --preset 2014 $(preset_args 2014) --probe off --db-dir "$DB" \
        --out "$RUNS/s2014" $Q >/dev/null 2>&1
    # a's graphs are looked at; b's none: it is only compared with a
    for r in a b; do
        plot=()
        [ $r = a ] || plot=(--no-plot)
        "$SQLSOAK" run --rows 40k --chunk 10k --reads 1k --journal delete,wal \
            --db-dir "$DB" --out "$RUNS/$r" $Q "${plot[@]}" >/dev/null 2>&1
    done
    "$SQLSOAK" compare --out "$RUNS/ab" "$RUNS/a" "$RUNS/b" >/dev/null 2>&1
}

teardown_file() {
    case "$DB" in /dev/shm/*) rm -rf "$DB" ;; esac
}

# set_figures CSV COLUMN VALUE,... : every row of chunks.csv CSV given the
# values in turn in COLUMN (figures of the test's own, not measured)
set_figures() {
    python3 - "$@" <<'PY'
import csv, sys
path, col, values = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
rows = list(csv.reader(open(path, newline="")))
c = rows[0].index(col)
for k, r in enumerate(rows[1:]):
    r[c] = values[k % len(values)]
csv.writer(open(path, "w", newline=""), lineterminator="\n").writerows(rows)
PY
}

# gnuplot SCRIPT OUT.svg: a graph drawn by a script of the test's own.
draw() {
    gnuplot -e "set encoding utf8; set terminal svg size 1280,800 font 'sans,11' noenhanced; set output '$2'; set border lc rgb '#444444'; $1"
}

# draw_png SCRIPT OUT.png: the same in the PNG the graphs are drawn in.
draw_png() {
    gnuplot -e "set encoding utf8; set terminal pngcairo size 1280,800 font 'sans,11' noenhanced background rgb 'white'; set output '$2'; set border lc rgb '#444444'; $1"
}

@test "svg check: a legend past the canvas, a cut legend box and a panel over another all fail" {
    t=$BATS_TEST_TMPDIR
    draw "set key at screen 0.8, screen 0.9 left top Left reverse box lc rgb '#cccccc'; plot x title 'SQLite 3.40.1 · 4k pages · delete · full · commits of 1000000 rows'" "$t/key.svg"
    run -1 python3 "$CHECK" "$t/key.svg"
    [[ "$output" == *"runs past the 1280x800 canvas"* ]]
    [[ "$output" == *"legend box is cut"* ]]
    draw "set multiplot; set lmargin at screen 0.1; set rmargin at screen 0.5; plot x*1e5 notitle; set lmargin at screen 0.45; set rmargin at screen 0.9; plot x*1e5 notitle; unset multiplot" "$t/panels.svg"
    run -1 python3 "$CHECK" "$t/panels.svg"
    [[ "$output" == *"panel 2 is drawn over panel 1"* ]]
    # labels of one panel beside another's frame: the old versions layout
    draw "set multiplot; set ytics out; set format y '%.1s%c'; set lmargin at screen 0.07; set rmargin at screen 0.40; plot x*1e5 notitle; set lmargin at screen 0.45; set rmargin at screen 0.78; plot x*1e5 notitle; unset multiplot" "$t/close.svg"
    run -1 python3 "$CHECK" "$t/close.svg"
    [[ "$output" == *"of panel 2 lies on panel 1"* ]]
    # and panels apart, a legend inside, pass
    draw "set multiplot; set lmargin at screen 0.07; set rmargin at screen 0.40; plot x notitle; set lmargin at screen 0.55; set rmargin at screen 0.9; plot x title 'x'; unset multiplot" "$t/good.svg"
    run -0 python3 "$CHECK" "$t/good.svg"
    # a legend whole in the SVG, cut in its PNG: gnuplot sizes the box by
    # the terminal's width of a character, and cairo's is wider
    key="set key at screen 0.74, screen 0.9 left top Left reverse font 'sans,10' box lc rgb '#cccccc' samplen 2.5 width 2; plot x title 'wal · full · 4 readers · during COMMIT'"
    draw "$key" "$t/cut.svg"
    run -0 python3 "$CHECK" "$t/cut.svg"
    draw_png "$key" "$t/cut.png"
    run -1 python3 "$CHECK" "$t/cut.svg"
    [[ "$output" == *"cut.png: something is drawn on its right edge (rows "*"a legend or a label cut at the edge of the image"* ]]
    draw_png "set multiplot; set lmargin at screen 0.07; set rmargin at screen 0.40; plot x notitle; set lmargin at screen 0.55; set rmargin at screen 0.9; plot x title 'x'; unset multiplot" "$t/good.png"
    run -0 python3 "$CHECK" "$t/good.svg"
}

@test "write graph: rows/s per chunk, as the tables; its log axis (and latency's) labelled beside the data" {
    d=$RUNS/a
    check_svg "$d/plots/write.svg" "Write rate per chunk" "write rows/s per chunk (incl. COMMIT)"
    check_svg "$d/plots/write_log.svg" "write rows/s per chunk (incl. COMMIT)"
    if grep -q "write time per chunk" "$d/plots/write.svg"; then return 1; fi
    # the data span less than a decade: gnuplot's own ticks labelled one
    # or two powers of ten, outside it
    run -0 python3 "$CHECK" --yticks "$d/plots/write_log.svg"
    echo "$output"
    [ "$(echo "$output" | wc -l)" -ge 3 ]
    # so is the latency graph's (a p50 between 1.5 and 5 µs read "1 10")
    run -0 python3 "$CHECK" --yticks "$d/plots/latency.svg"
    echo "$output"
    [ "$(echo "$output" | wc -l)" -ge 3 ]
}

@test "amplification graph: a hundred kilobytes a row keeps its axis label on the page" {
    # run a's figures scaled up to where a six-digit tick pushed the label
    # off the fixed left margin (a loaded machine's 2014 preset drew it cut)
    d=$BATS_TEST_TMPDIR/wide
    cp -r "$RUNS/a" "$d"
    rm -rf "$d/plots"
    # its chunks are of 10k rows: 100 kB a row
    set_figures "$d/chunks.csv" io_write_bytes 1000000000
    "$SQLSOAK" plot "$d" >/dev/null
    run python3 "$CHECK" "$d/plots/amplification.svg"
    echo "$output"
    [ "$status" -eq 0 ]
    check_svg "$d/plots/amplification.svg" "bytes written to storage per row inserted (B)"
}

@test "write graph of the 2014 shape: seconds per million rows beside the published curve, its legend whole" {
    d=$RUNS/s2014
    for g in write write_log; do
        check_svg "$d/plots/$g.svg" "2014 test (SATA, published)" "write time per million rows"
    done
    grep -q "delete · full</text>" "$d/plots/write.svg"
    check_svg "$d/plots/read.svg"
    check_svg "$d/plots/latency.svg"
}

@test "versions graph across two runs: the panels apart, the legend inside the canvas" {
    check_svg "$RUNS/ab/plots/versions.svg" "The same cells across runs" delete wal
    check_report_refs "$RUNS/ab"
}

# point_colours SVG: the distinct colours of the points drawn (gnuplot's
# filled circles), one a line.
point_colours() {
    grep -o "<use xlink:href='#gpPt6' [^>]*color='rgb([^)]*)'" "$1" | sed "s/.*color='//" | sort -u
}

@test "timeline and telemetry of a matrix: points in their cell's colour, each cell's start marked and named" {
    d=$BATS_TEST_TMPDIR/m
    "$SQLSOAK" run --rows 20k --chunk 10k --reads 1k --journal delete,wal,truncate \
        --db-dir "$DB" --out "$d" --progress never >/dev/null 2>&1
    check_svg "$d/plots/timeline.svg" "cell 1" "cell 2" "cell 3" "rows inserted per second"
    # three cells, three colours (one cell's points all the write colour before)
    [ "$(point_colours "$d/plots/timeline.svg" | wc -l)" -ge 3 ]
    # a dashed line where each cell began, in its colour (the grid's is grey)
    [ "$(grep -o "stroke='rgb([^)]*)' stroke-dasharray=" "$d/plots/timeline.svg" |
        grep -v "221, 221, 221" | sort -u | wc -l)" -ge 3 ]
    if [ -e "$d/plots/telemetry_clock.svg" ]; then
        check_svg "$d/plots/telemetry_clock.svg" "cell 3" "write rate of the chunk (rows/s)"
        [ "$(point_colours "$d/plots/telemetry_clock.svg" | wc -l)" -ge 3 ]
    fi
    # one cell: the phases' own colours, no cell named
    if grep -q "cell 1" "$RUNS/s2014/plots/timeline.svg"; then return 1; fi
}

@test "many series: the legends of a 30-cell matrix stand whole beside their panels, in more columns" {
    d=$BATS_TEST_TMPDIR/many
    "$SQLSOAK" run --rows 1000 --chunk 1000 --reads 50 --page-size 1k,2k,4k,8k,16k \
        --journal delete,wal,truncate --sync off,full --db-dir "$DB" --out "$d" \
        --progress never --no-plot >/dev/null 2>&1
    # figures of the test's own in place of those measured, which move with
    # the machine and its load: as wide as %g made read.gp's tick labels
    # ("0.00018" drawn past the left edge)
    set_figures "$d/chunks.csv" read_s 0.00011,0.00018,0.00015
    set_figures "$d/chunks.csv" read_ops_per_s 277777.7,333333.3,454545.4
    set_figures "$d/chunks.csv" write_s 0.000509,0.00127
    set_figures "$d/chunks.csv" write_rows_per_s 1964636.5,787401.5
    for p in p50:12.5 p90:125 p99:1250 p999:12500 max:125000; do
        set_figures "$d/chunks.csv" "read_${p%%:*}_us" "${p#*:}"
    done
    "$SQLSOAK" plot "$d" >/dev/null
    # the half-height panels of read and latency once wrapped theirs past the edge
    for g in write read latency amplification; do
        check_svg "$d/plots/$g.svg" "16k pages · truncate · full"
    done
}

@test "every graph of every preset (run small) and of a comparison: legends and texts inside the image" {
    presets=$BATS_TEST_DIRNAME/../../data/presets
    svgs=() pids=() names=()
    # a preset's run and graphs, in the background: SVGs to check after
    start() {
        # shellcheck disable=SC2046
        "$SQLSOAK" run --preset "$1" $(preset_args "$1") --probe off --db-dir "$DB" \
            --out "$BATS_TEST_TMPDIR/$1" --progress never >"$BATS_TEST_TMPDIR/$1.log" 2>&1 3>&- &
        pids+=($!) names+=("$1")
    }
    # finish K: waits for run K, which must have drawn every graph: exit
    # status 0, or 1 for a cell that failed (on a loaded machine a reader
    # can miss its watchdog; the graphs are drawn all the same) but never
    # for a graph that was not
    finish() {
        local p=${names[$1]} rc=0
        wait "${pids[$1]}" || rc=$?
        if [ "$rc" -gt 1 ] || grep -q '^plot .* failed\|^cannot write' "$BATS_TEST_TMPDIR/$p.log"; then
            cat "$BATS_TEST_TMPDIR/$p.log"
            echo "preset $p: exit status $rc"
            return 1
        fi
        svgs+=("$BATS_TEST_TMPDIR/$p"/plots/*.svg)
    }
    # the readers preset alone (its readers' watchdog takes a starved
    # reader for a stopped one), then the others three at a time (layout,
    # not speed, is tested; most of each is gnuplot); the 2014 preset's is
    # the set-up's
    start readers
    finish 0
    for f in "$presets"/*.conf; do
        p=$(basename "$f" .conf)
        case $p in readers | 2014) continue ;; esac
        start "$p"
        k=$((${#pids[@]} - 1))
        [ "$k" -lt 4 ] || finish $((k - 3))
    done
    for ((k = ${#pids[@]} - 3; k < ${#pids[@]}; k++)); do
        [ "$k" -lt 1 ] || finish "$k"
    done
    svgs+=("$RUNS"/s2014/plots/*.svg)
    [ "${#svgs[@]}" -ge 50 ]
    # the readers preset draws the readers' graphs (readers_commit's
    # legend, three entries a cell, was cut)
    [ -s "$BATS_TEST_TMPDIR/readers/plots/readers_commit.png" ]
    # one checker for all (the interpreter's start dominates otherwise):
    # every SVG and the PNG beside it
    run python3 "$CHECK" "${svgs[@]}" "$RUNS"/ab/plots/*.svg
    echo "$output"
    [ "$status" -eq 0 ]
    # every column a script reads by name is one the data files have: these
    # runs', a crash folder's (the durability graph) and a history page's
    # (a series' nights, and two boards side by side: the 2014 run, and
    # the same on a host of another name)
    cp -r "$BATS_TEST_DIRNAME/../fixtures/v0.1.0-crash" "$BATS_TEST_TMPDIR/crash"
    "$SQLSOAK" plot "$BATS_TEST_TMPDIR/crash" >/dev/null
    cp -a "$RUNS/s2014" "$BATS_TEST_TMPDIR/board2"
    python3 -c 'import json,sys; p=sys.argv[1]; d=json.load(open(p)); d["host"]["hostname"]="board2"; json.dump(d, open(p,"w"), indent=2)' \
        "$BATS_TEST_TMPDIR/board2/run.json"
    "$SQLSOAK" db add "$RUNS/s2014" "$BATS_TEST_TMPDIR/board2" --db "$BATS_TEST_TMPDIR/h.db" >/dev/null
    "$SQLSOAK" history --db "$BATS_TEST_TMPDIR/h.db" --out "$BATS_TEST_TMPDIR/history" >/dev/null
    ls "$BATS_TEST_TMPDIR"/history/side-*/boards.tsv "$BATS_TEST_TMPDIR"/history/series-*/nights.tsv
    run python3 "$GPCOLS" "$BATS_TEST_DIRNAME/../../plots" "$BATS_TEST_TMPDIR"/*/plots/data \
        "$RUNS"/*/plots/data "$BATS_TEST_TMPDIR/history"
    echo "$output"
    [ "$status" -eq 0 ]
}

@test "the column check: a script reading a column no data file has is named, with its script" {
    cd "$BATS_TEST_TMPDIR"
    mkdir -p gp data
    printf 'rows\tread_s\n1\t2\n' >data/s-1.tsv
    printf "plot DATA using 'rows':'read_s', DATA using 'rows':(column('write_s'))\n" >gp/a.gp
    run python3 "$GPCOLS" gp data
    [ "$status" -eq 1 ]
    [ "$output" = "write_s: read by a.gp, written by no data file" ]
    printf 'rows\tread_s\twrite_s\n' >data/s-2.tsv
    run python3 "$GPCOLS" gp data
    [ "$status" -eq 0 ]
}
