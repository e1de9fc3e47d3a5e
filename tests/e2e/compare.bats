#!/usr/bin/env bats
# compare.bats: `sqlsoak compare` compares: B/A ratios of the matched
# cells against a baseline run, the noise of each run's repeats, the
# settings that keep cells apart, and storage of unknown type named so.

bats_require_minimum_version 1.5.0

load helpers/common

setup_file() {
    export S
    export RUNS="$BATS_FILE_TMPDIR/runs"
    local tiny=(--rows 20k --chunk 5k --reads 2k --journal delete,wal --progress never --no-plot)
    mkdir -p "$RUNS"
    "$S" run "${tiny[@]}" --repeat 2 --db-dir "$RUNS/db" --out "$RUNS/a" >/dev/null
    "$S" run "${tiny[@]}" --repeat 2 --db-dir "$RUNS/db" --out "$RUNS/b" >/dev/null
    "$S" run "${tiny[@]}" --commit-every 1000 --db-dir "$RUNS/db" --out "$RUNS/c" >/dev/null
    # other sizes, and a commit per chunk left to follow them
    "$S" run --rows 30k --chunk 10k --reads 1k --journal delete,wal --progress never --no-plot \
        --db-dir "$RUNS/db" --out "$RUNS/d" >/dev/null
    # the comparisons several tests read (--no-plot: none draws its
    # graphs): a with b, and c with a copy of itself
    cp -r "$RUNS/c" "$RUNS/c2"
    shared_compare ab "$RUNS/a" "$RUNS/b"
    shared_compare cc "$RUNS/c" "$RUNS/c2"
}

# shared_compare NAME RUN...: compare RUN... --out $RUNS/NAME, its output
# and exit status kept beside it for compared
shared_compare() {
    local name=$1 rc=0
    shift
    "$S" compare "$@" --out "$RUNS/$name" --no-plot >"$RUNS/$name.out" 2>&1 || rc=$?
    echo "$rc" >"$RUNS/$name.status"
}

# compared NAME: what shared_compare NAME printed, as bats' run gives it:
# output, lines and status
compared() {
    output=$(cat "$RUNS/$1.out")
    status=$(cat "$RUNS/$1.status")
    mapfile -t lines <<<"$output"
}

# check_ratios CSV BASE: every row's ratios are its figures over those of
# BASE's row of the same match, as the two summary.csv files hold them;
# over a cell's repeats, the median of those ratios lies in its interval.
check_ratios() {
    python3 - "$1" "$2" "$RUNS" <<'PY'
import csv, math, os, statistics, sys
path, base, runs = sys.argv[1:]
rows = list(csv.DictReader(open(path, newline="")))
summ = {r: list(csv.DictReader(open(os.path.join(runs, r, "summary.csv"), newline="")))
        for r in "abc" if os.path.exists(os.path.join(runs, r))}
fig = {"write": "write_rows_per_s_sustained", "read": "read_ops_per_s_sustained",
       "read_p99": "read_p99_us"}
def figure(run, cell, repeat, col):
    (s,) = [s for s in summ[run] if (s["cell"], s["repeat"]) == (cell, repeat)]
    return float(s[col])
assert rows and all(r["baseline_run"] == base for r in rows), rows[0]["baseline_run"]
# no column named twice: a reader by name would get one of them
header = next(csv.reader(open(path, newline="")))
assert len(header) == len(set(header)), [c for c in header if header.count(c) > 1]
seen = 0
for r in rows:
    (b,) = [x for x in rows if x["match"] == r["match"] and x["run"] == base]
    for stem, col in fig.items():
        want = figure(r["run"], r["cell"], r["repeat"], col) / figure(base, b["cell"], b["repeat"], col)
        got = float(r[stem + "_vs_baseline_run"])
        assert abs(got - want) < 1e-4 * max(1, want), (r["run"], stem, got, want)
        # the geometric mean over the cell's repeats (verdict.c's rule), inside its interval
        same = [float(x[stem + "_vs_baseline_run"]) for x in rows
                if x["run"] == r["run"] and x["cell"] == r["cell"]]
        med = float(r[stem + "_vs_baseline_run_median"])
        want = math.exp(statistics.fmean(math.log(x) for x in same))
        assert abs(med - want) < 1e-4 * max(1, want), (stem, med, same)
        assert float(r[stem + "_vs_baseline_run_lo"]) <= med <= float(r[stem + "_vs_baseline_run_hi"])
        seen += 1
    assert r["vs_baseline_run_repeats"] == "2" and r["vs_baseline_run_confidence"] == "95.0", r
assert seen == len(rows) * 3
PY
}

@test "compare: B/A ratios of write, read and read p99 equal those of the two summaries" {
    out="$RUNS/ab"
    compared ab
    echo "$output"
    [ "$status" -eq 0 ]
    check_ratios "$out/comparison.csv" a
    # the terminal names the baseline and gives each cell's ratios with
    # their interval over the repeats, and each run's spread over them
    [[ "$output" == *"against a (the baseline)"* ]]
    [[ "$output" == *"a 95% interval by Student's t on their logarithms over 2 rounds"* ]]
    grep -Eq '^    b +write [0-9.]+[kM]? rows/s \([0-9.]+[kM]?\.\.[0-9.]+[kM]?\)' <<<"$output"
    # two rounds: the interval and one of the three words, never "within noise"
    grep -Eq '^ +write [0-9.]+x \([0-9.]+\.\.[0-9.]+\): (a difference|no difference beyond 5%|not decided), from 2 rounds.*read p99 [0-9.]+x' <<<"$output"
    [[ "$output" != *"within noise"* ]]
    # the report says the same, against the same baseline
    grep -q '<h2>Against the baseline</h2>' "$out/report.html"
    grep -q 'read p99 × baseline' "$out/report.html"
    grep -Eq '<td class=nv>[0-9.]+x \(' "$out/report.html"
}

@test "compare: --baseline names the run the others are divided by" {
    out="$BATS_TEST_TMPDIR/ba"
    run "$S" compare "$RUNS/a" "$RUNS/b" --baseline b --out "$out" --no-plot
    [ "$status" -eq 0 ]
    check_ratios "$out/comparison.csv" b
    [[ "$output" == *"against b (the baseline)"* ]]
    # by its path too; a folder not compared is refused, nothing created
    run "$S" compare "$RUNS/a" "$RUNS/b" --baseline "$RUNS/b/" --out "$BATS_TEST_TMPDIR/p" --no-plot
    [ "$status" -eq 0 ]
    run "$S" compare "$RUNS/a" "$RUNS/b" --baseline "$RUNS/c" --out "$BATS_TEST_TMPDIR/no"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [ "$output" = "sqlsoak compare: --baseline $RUNS/c: not one of the folders compared (a, b, or 1..2 in their order)" ]
    [ ! -e "$BATS_TEST_TMPDIR/no" ]
    # by its place: 2 is b; one past the last is refused, naming the choices
    run "$S" compare "$RUNS/a" "$RUNS/b" --baseline 2 --out "$BATS_TEST_TMPDIR/n2" --no-plot
    [ "$status" -eq 0 ]
    check_ratios "$BATS_TEST_TMPDIR/n2/comparison.csv" b
    run "$S" compare "$RUNS/a" "$RUNS/b" --baseline 3 --out "$BATS_TEST_TMPDIR/n3"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak compare: --baseline 3: not one of the folders compared (a, b, or 1..2 in their order)" ]
    [ ! -e "$BATS_TEST_TMPDIR/n3" ]
    # a place is a number as every option writes it: 2e0 is b; a sign, a blank or hex is none
    run "$S" compare "$RUNS/a" "$RUNS/b" --baseline 2e0 --out "$BATS_TEST_TMPDIR/n2e0" --no-plot
    [ "$status" -eq 0 ]
    check_ratios "$BATS_TEST_TMPDIR/n2e0/comparison.csv" b
    for bad in +2 ' 2' 0x2 1.5; do
        run "$S" compare "$RUNS/a" "$RUNS/b" --baseline "$bad" --out "$BATS_TEST_TMPDIR/bad"
        [ "$status" -eq 2 ]
        [ "$output" = "sqlsoak compare: --baseline $bad: not one of the folders compared (a, b, or 1..2 in their order)" ]
        [ ! -e "$BATS_TEST_TMPDIR/bad" ]
    done
}

@test "compare: with one repeat the figures and ratios are bare" {
    compared cc
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"no noise estimate exists"* ]]
    grep -Eq '^    c2 +write [0-9.]+[kM]? rows/s  read' <<<"$output"
    n='not decided: 1 round; --repeat 6 can decide it'
    grep -Eq "^ +write [0-9.]+x: $n  read [0-9.]+x: $n  read p99 [0-9.]+x: $n\$" <<<"$output"
    # made with --no-plot: no graph drawn, and the page says why
    ! ls "$RUNS/cc/plots/"*.png 2>/dev/null || return 1
    [[ "$output" != *"graphs: "* ]]
    grep -q 'No graphs were drawn: the comparison was made with --no-plot' "$RUNS/cc/report.html"
}

@test "compare: unmatched cells name the settings that differ" {
    out="$BATS_TEST_TMPDIR/ac"
    run "$S" compare "$RUNS/a" "$RUNS/c" --out "$out" --no-plot
    echo "$output"
    [ "$status" -eq 1 ]
    [[ "$output" != *"share no settings"* ]]
    [[ "$output" == *"cell 1 of c has no match in a: the nearest, a's cell 1 · repeat 1, differs in commit-every 1000 vs 5000"* ]]
    [[ "$output" == *"no cell matched: the nearest cells differ in commit-every 5000 vs 1000"* ]]
    grep -q 'differs in commit-every 1000 vs 5000' "$out/report.html"
}

@test "compare: runs of other sizes are told apart by the sizes given, not by the commit_every that followed them" {
    run "$S" compare "$RUNS/c" "$RUNS/d" --out "$BATS_TEST_TMPDIR/cd" --no-plot
    echo "$output"
    [ "$status" -eq 1 ]
    # c gave --commit-every 1000, d left it to its chunk: a setting given
    [[ "$output" == *"differs in commit-every 10000 vs 1000, rows 30k vs 20k, chunk 10k vs 5k, reads 1k vs 2k"* ]]
    run "$S" compare "$RUNS/a" "$RUNS/d" --out "$BATS_TEST_TMPDIR/ad" --no-plot
    echo "$output"
    [ "$status" -eq 1 ]
    # neither gave it: the chunk is named, and no commit-every nobody set
    [[ "$output" == *"a's cell 1 · repeat 1, differs in rows 30k vs 20k, chunk 10k vs 5k, reads 1k vs 2k"* ]]
    [[ "$output" != *"commit-every"* ]]
}

@test "compare: cells and their repeats are counted apart" {
    compared ab
    [ "$status" -eq 0 ]
    [[ "$output" == *"2 cells matched across 2 runs (4 with their repeats), 0 unmatched"* ]]
    compared cc
    [[ "$output" == *"2 cells matched across 2 runs, 0 unmatched"* ]]
}

@test "compare: storage of unknown type is named unknown in every title, not rotational" {
    for r in a b; do
        cp -r "$RUNS/$r" "$BATS_TEST_TMPDIR/$r"
        # what run.json records on tmpfs: the kernel says nothing of rotation
        python3 - "$BATS_TEST_TMPDIR/$r/run.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
j["storage"].update(fstype="tmpfs", device="tmpfs", rotational=-1)
j["storage"].pop("card", None)
json.dump(j, open(sys.argv[1], "w"))
PY
    done
    run "$S" plot "$BATS_TEST_TMPDIR/a"
    [ "$status" -eq 0 ]
    grep -q 'tmpfs on tmpfs (unknown type)' "$BATS_TEST_TMPDIR/a/plots/write.svg"
    # the storage line names it once
    grep -q 'tmpfs on tmpfs (unknown type) · mounted on [^<]*</td>' "$BATS_TEST_TMPDIR/a/report.html"
    ! grep -q 'tmpfs on tmpfs (unknown type).*unknown type' "$BATS_TEST_TMPDIR/a/report.html" || return 1
    run "$S" compare "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" --out "$BATS_TEST_TMPDIR/ab"
    [ "$status" -eq 0 ]
    grep -q 'tmpfs on tmpfs (unknown type)' "$BATS_TEST_TMPDIR/ab/comparison.csv"
    grep -q 'tmpfs on tmpfs (unknown type)' "$BATS_TEST_TMPDIR/ab/report.html"
    # without --no-plot, the overlays are drawn and in the page
    [ -s "$BATS_TEST_TMPDIR/ab/plots/write.png" ]
    grep -q 'data:image/png;base64,' "$BATS_TEST_TMPDIR/ab/report.html"
    ! grep -rq 'rotational' "$BATS_TEST_TMPDIR/a/plots" "$BATS_TEST_TMPDIR/a/report.html" \
        "$BATS_TEST_TMPDIR/ab/report.html" "$BATS_TEST_TMPDIR/ab/plots"
}

# refused_chunks MESSAGE SCRIPT: a copy of run a (x), its chunks.csv
# changed by SCRIPT (run in its folder), compared with run b: refused with
# MESSAGE, exit 2, nothing created, the folders unchanged.
refused_chunks() {
    cd "$BATS_TEST_TMPDIR"
    rm -rf x cmp
    cp -r "$RUNS/a" x
    (cd x && eval "$2")
    local before
    before=$(find x "$RUNS/b" -type f | sort | xargs md5sum)
    run --separate-stderr "$S" compare x "$RUNS/b" --out cmp/out
    echo "$stderr"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 0 ]
    [ "$stderr" = "sqlsoak compare: $1" ]
    [ ! -e cmp ]
    [ "$(find x "$RUNS/b" -type f | sort | xargs md5sum)" = "$before" ]
}

@test "compare: a chunks.csv with a row deleted or twice mid-file exits 2 with one line naming the folder, cell and chunk, and creates nothing" {
    # (its cells ran in lockstep, the default: line 3 is cell 2's chunk 0)
    refused_chunks "x/chunks.csv: line 3: cell 2 · repeat 1's chunk 1 where chunk 0 was due: a chunk missing" \
        'sed -i 3d chunks.csv'
    refused_chunks "x/chunks.csv: line 4: cell 2 · repeat 1's chunk 0 where chunk 1 was due: a chunk twice" \
        'sed -i 3p chunks.csv'
    # the last chunk of the last cell gone: fewer than its summary row counts
    last=$(tail -1 "$RUNS/a/chunks.csv" | cut -d, -f2,3 | sed 's/,/ · repeat /')
    refused_chunks "x/chunks.csv: 3 chunks of cell $last, where summary.csv counts 4" \
        'sed -i "\$d" chunks.csv'
    # untouched, the run compares (and is unchanged: refused_chunks' sums)
    compared ab
    [ "$status" -eq 0 ]
}

@test "compare: --out inside a folder compared, by any path, exits 2 with one line and creates nothing" {
    before=$(cd "$RUNS" && find a b | sort)
    ln -s "$RUNS/a" "$BATS_TEST_TMPDIR/link"
    for out in "$RUNS/a/cmp" "$RUNS/b/../a/x/y" "$BATS_TEST_TMPDIR/link/cmp"; do
        run --separate-stderr "$S" compare "$RUNS/b" "$RUNS/a" --out "$out"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 0 ]
        [ "$stderr" = "sqlsoak compare: --out $out is inside $RUNS/a, a run compared: give a folder outside every run" ]
    done
    [ "$(cd "$RUNS" && find a b | sort)" = "$before" ]
}

@test "compare: a run projected to --target-rows is held against another's measurement there, the interval its headline gave, inside or out; each cell once over its repeats" {
    # one cell: its headline line is there whichever cell would write fastest
    local q=(--chunk 2500 --reads 500 --journal wal --progress never --no-plot)
    run "$S" run --rows 20k --target-rows 40k --repeat 2 "${q[@]}" --db-dir "$BATS_TEST_TMPDIR/db" \
        --out "$BATS_TEST_TMPDIR/p"
    [ "$status" -eq 0 ]
    projected=$output
    run "$S" run --rows 40k "${q[@]}" --db-dir "$BATS_TEST_TMPDIR/db" --out "$BATS_TEST_TMPDIR/m"
    [ "$status" -eq 0 ]
    measured=$output
    run "$S" compare "$BATS_TEST_TMPDIR/p" "$BATS_TEST_TMPDIR/m" --out "$BATS_TEST_TMPDIR/c"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$projected" "$measured" "$output" "$BATS_TEST_TMPDIR/m/chunks.csv" <<'PY'
import csv, re, statistics, sys
projected, measured, out, mchunks = sys.argv[1:]
# what m measured at 40k rows, as a projection to that size is held against: its chunk
# there (the headline's opening sentence states the rate sustained over all its chunks)
at = statistics.median(1e6 / float(c["write_rows_per_s"])
                       for c in csv.DictReader(open(mchunks, newline="")) if c["rows"] == "40000")
def cells(text, pat):
    got = {}
    for l in text.splitlines():
        f = re.search(pat, l)
        if "(the largest full chunk), " in l and f:
            got["wal"] = f.groups()         # the one cell's line
    return got
# each run's own headline: the projection to 40k rows, and what 40k rows measured
proj = cells(projected, r"Projected to 40k rows from its scaling fit: [0-9.]+ s per million rows "
                        r"written \(([0-9.]+)\.\.([0-9.]+), a 95% prediction interval\), a "
                        r"read's p99 \S+ \S+ \((\S+ \S+)\.\.(\S+ \S+)\)")
meas = cells(measured, r"^\s*At 40k rows .* wrote ([0-9.]+) s per million rows[^;]*; a point read "
                       r"took \S+ \S+ at p50 and (\S+ \S+) at p99")
assert set(proj) == set(meas) == {"wal"}, (proj, meas)
lines = [l.strip() for l in out.splitlines() if l.strip().startswith("at 40k rows, cell")]
assert len(lines) == 1, lines          # a cell once, whatever its repeats
def us(t):
    v, u = t.split()
    return float(v) * {"µs": 1, "ms": 1e3, "s": 1e6}[u]
inside = checked = 0
for l in lines:
    m = re.fullmatch(r"at 40k rows, cell (\d) of m against cell (\d) of p projected from 20k rows: m "
                     r"measured ([0-9.]+) s per million rows written, (inside|above it|below it) "
                     r"p's projection \(([0-9.]+)\.\.([0-9.]+), 95%\); a read's p99 (.+?), "
                     r"(inside|above it|below it) \((.+?)\.\.(.+?)\)\.", l)
    assert m, l
    mode = "wal"
    w, wwhere, wlo, whi, p99, pwhere, plo, phi = m.groups()[2:]
    assert abs(float(w) / at - 1) < 0.01 and (wlo, whi) == proj[mode][:2], (l, at, proj[mode])
    assert p99 == meas[mode][1] and (plo, phi) == proj[mode][2:], (l, meas[mode], proj[mode])
    for v, lo, hi, said in ((float(w), float(wlo), float(whi), wwhere),
                            (us(p99), us(plo), us(phi), pwhere)):
        want = "above it" if v > hi else "below it" if v < lo else "inside"
        # a figure printed equal to an end was compared unrounded: either word
        assert said == want or (v in (lo, hi) and said != "inside"), (l, v, lo, hi)
        inside += said == "inside"
        checked += 1
assert f"  {inside} of {checked} projected figures held the measured one inside their 95% prediction interval" in out.splitlines(), out
PY
    # runs that projected nothing are not held against anything
    compared ab
    [ "$status" -eq 0 ]
    [[ "$output" != *"against the projections"* ]]
}
