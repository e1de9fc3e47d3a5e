#!/usr/bin/env bats
# crash_plots.bats: the durability graph and report.html of a small crash
# run, drawn at the end of the run and again by `sqlsoak plot`.

load helpers/common
load helpers/images

setup_file() {
    export CRASH="$BATS_FILE_TMPDIR/crash"
    PY=$(python3 -c 'import sys; print(sys.executable)')
    export PY
    "$SQLSOAK" crash --journal delete,wal,memory --sync off,full --trials 10 --rows 1000 \
        --chunk 100 --progress never --db-dir "$BATS_FILE_TMPDIR/db" --out "$CRASH" \
        >"$BATS_FILE_TMPDIR/crash.out"
}


# report.html has the durability section and references only files that exist.
check_report() {
    local dir=$1
    grep -q '<h2>Durability</h2>' "$dir/report.html"
    grep -q 'class=dur' "$dir/report.html"
    grep -q 'acknowledged COMMIT' "$dir/report.html"        # the model
    grep -q 'durability.png' "$dir/report.html"
    if grep -q '<h2>Summary</h2>' "$dir/report.html"; then return 1; fi
    check_report_refs "$dir"
    "$PY" - "$dir" <<'PY'
import os, sys
html = open(os.path.join(sys.argv[1], 'report.html'), encoding='utf-8').read()
# every cell of the matrix: journal rows × sync columns
for j in ('delete', 'wal', 'memory'):
    assert '<tr><th>%s</th>' % j in html, j
assert html.count(' intact · ') == 6, html.count(' intact · ')
PY
}

@test "crash: draws the durability graph and the report at the end of the run" {
    grep -q 'report: ' "$BATS_FILE_TMPDIR/crash.out"
    if grep -q 'skipped' "$BATS_FILE_TMPDIR/crash.out"; then return 1; fi   # no run graphs mentioned
    [ -s "$CRASH/plots/durability.png" ] && [ -s "$CRASH/plots/durability.svg" ]
    [ ! -e "$CRASH/plots/write.png" ]
    check_png "$CRASH/plots/durability.png" 800 0 6
    check_svg "$CRASH/plots/durability.svg" "Durability under simulated power cuts" \
        "intact: every acknowledged commit there" "acknowledged commits lost" "corrupt" \
        "wal · full" "memory · off" "write rows/s" "10 power cuts per cell"
    check_report "$CRASH"
}

# The tables of the same small run, as crash.bats reads those of its
# large one: what a 32-bit or ARM build must write alike (counts, and the
# bounds' floating point), for a fraction of the trials.
@test "crash: durability.csv a row per cell, trials.csv a row per trial, each rate bounded" {
    "$PY" - "$CRASH" <<'PY'
import csv, sys
d = sys.argv[1]
cells = list(csv.DictReader(open(d + "/durability.csv")))
assert len(cells) == 6, len(cells)
trials = list(csv.DictReader(open(d + "/trials.csv")))
assert len(trials) == 6 * 10, len(trials)
assert all("\n" not in t["integrity"] for t in trials)
for r in cells:
    assert r["status"] == "ok", r
    n = int(r["trials"])
    assert n == 10 and int(r["intact"]) + int(r["lost_trials"]) + int(r["corrupt"]) == n, r
    assert float(r["write_rows_per_s"]) > 0, r
    for seen, ub in (("lost_trials", "lost_upper95_pct"), ("corrupt", "corrupt_upper95_pct")):
        k, u = int(r[seen]), float(r[ub])
        if k == 0:
            assert abs(u - 100 * (1 - 0.05 ** (1 / n))) < 0.001 and u < 300 / n, r
        elif k == n:
            assert u == 100, r    # every trial: no rate above it
        else:
            assert 100 * k / n < u <= 100, r
PY
}

@test "plot: redraws a crash folder" {
    d="$BATS_TEST_TMPDIR/again"
    cp -r "$CRASH" "$d"
    rm -rf "$d/plots" "$d/report.html"
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 0 ]
    check_png "$d/plots/durability.png" 800 0 6
    check_svg "$d/plots/durability.svg" "Durability under simulated power cuts"
    check_report "$d"
}

@test "plot: a cell not measured is shown as such" {
    d="$BATS_TEST_TMPDIR/unsup"
    cp -r "$CRASH" "$d"
    rm -rf "$d/plots"
    "$PY" - "$d/durability.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
h = rows[0]
r = rows[3]
for c in range(h.index('trials'), len(h)): r[c] = ''
r[h.index('status')] = 'unsupported'
r[h.index('reason')] = 'journal_mode: requested wal, library answered delete'
csv.writer(open(sys.argv[1], 'w'), lineterminator='\n').writerows(rows)
PY
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 0 ]
    check_svg "$d/plots/durability.svg" "not measured" "library answered delete"
    grep -q 'library answered delete' "$d/report.html"
}

@test "crash --no-plot draws nothing; a folder without results exits 2" {
    out="$BATS_TEST_TMPDIR/np"
    "$SQLSOAK" crash --journal wal --sync full --trials 2 --rows 200 --chunk 100 \
        --progress never --db-dir "$BATS_TEST_TMPDIR/db" --out "$out" --no-plot >/dev/null
    [ -s "$out/durability.csv" ]
    [ ! -e "$out/plots" ] && [ ! -e "$out/report.html" ]
    mkdir "$BATS_TEST_TMPDIR/empty"
    run "$SQLSOAK" plot "$BATS_TEST_TMPDIR/empty"
    [ "$status" -eq 2 ]
    [[ "$output" == *chunks.csv* ]]
    [ "${#lines[@]}" -eq 1 ]
}
