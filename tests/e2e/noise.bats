#!/usr/bin/env bats
# Noise is stated, not hidden: with --repeat K >= 2 every ranking and every
# "x against the first value" carries an interval over rounds, and a
# difference whose interval includes 1.00 reads "within noise"; with one
# repeat the run says that no noise estimate exists.  The same figures are
# in summary.csv and report.html.  A matrix that varies one setting gets
# the spread graph; others do not.

load helpers/common
load helpers/images
load helpers/interrupt

setup() {
    scratch
}

# Two cells that are the same: with a DELETE journal there is no WAL, so
# wal_autocheckpoint (the pages a WAL may hold) changes nothing the cell
# does, on any SQLite that has the pragma; sqlsoak still reads each value
# back.  Whatever separates them is noise.  --shuffle puts each first in
# about half the rounds.  With K rounds of truly equal cells, the range of
# the K paired ratios misses 1.00 with probability 2^(1-K): 1 in 16 with
# 5 rounds, so this runs 8 (1 in 128) to be a test and not a coin.
@test "noise: two identical cells over 8 rounds are within noise, in the console, summary.csv and the report" {
    run "$S" run --rows 20k --chunk 5k --reads 1000 --journal delete --sync off \
        --wal-autocheckpoint 1000,2000 --repeat 8 --shuffle --seed 7 \
        --db-dir "$T/db" --out "$T/same" --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *'noise: paired by round: median and range over 8 rounds, a 99.2% interval; a difference is called only when its interval covers 95%'$'\n'* ]]
    [[ "$output" == *"baseline: cell 1, autocheckpoint 1000 (--baseline names another)"* ]]
    [[ "$output" == *"by write rate (median of chunks, then of repeats with their range; x against autocheckpoint 1000):"* ]]
    python3 - "$T/same/summary.csv" "$output" <<'PY'
import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
out = sys.argv[2]
assert len(rows) == 16, len(rows)
for r in rows:
    assert r["vs_cell1_rounds"] == "8" and r["vs_cell1_confidence"] == "99.2", r
    for c in ("write_rows_per_s_repeats_median", "write_vs_cell1", "write_vs_cell1_lo",
              "write_vs_cell1_hi", "read_vs_cell1"):
        assert r[c] != "", (c, r)
two = [r for r in rows if r["cell"] == "2"]
# the cell's figures are the same in every row of it
assert len({tuple(r[c] for c in ("write_vs_cell1", "write_vs_cell1_lo", "write_vs_cell1_hi",
            "write_within_noise", "write_rows_per_s_repeats_median")) for r in two}) == 1
r = two[0]
ratio, lo, hi = float(r["write_vs_cell1"]), float(r["write_vs_cell1_lo"]), float(r["write_vs_cell1_hi"])
assert lo <= ratio <= hi
# the verdict: the interval, to two decimals, includes 1.00
assert r["write_within_noise"] == "1", r
assert round(lo, 2) <= 1.0 <= round(hi, 2)
# the repeats' median and range, and the ratio the console prints for
# wal_autocheckpoint 2000 against 1000, are summary.csv's
reps = sorted(float(x["write_rows_per_s_median"]) for x in two)
assert float(r["write_rows_per_s_repeats_min"]) == reps[0]
assert float(r["write_rows_per_s_repeats_max"]) == reps[-1]
# the best of the two is not faster than the other beyond the noise
assert re.search(r"wal_autocheckpoint +best (1000|2000) \(within noise of (1000|2000)\); ", out)
m = re.search(r"wal_autocheckpoint +best \d+ \([^)]*\); 1000 \d+ 1\.00x \(the baseline\); "
              r"2000 (\d+) (\d+\.\d\d)x \((\d+\.\d\d)\.\.(\d+\.\d\d)\) within noise\n", out)
assert m, "no within-noise verdict for wal_autocheckpoint 2000"
assert abs(float(m.group(1)) - float(r["write_rows_per_s_repeats_median"])) <= 1
for got, want in zip(m.groups()[1:], (ratio, lo, hi)):
    assert abs(float(got) - want) <= 0.0051, (got, want)
# the ranking: each cell with its repeats' range; each against the baseline, cell 1
ranked = re.findall(r"^ +\d\. +\d+ rows/s +\((\d+)\.\.(\d+)\) +(.*?) +cell (\d) ", out, re.M)
assert len(ranked) == 2, ranked
by_cell = {c: t for _, _, t, c in ranked}
assert by_cell["1"] == "baseline" and by_cell["2"].endswith("within noise"), ranked
# the baseline columns: against cell 1 by default, the same figures as vs_cell1
for x in rows:
    assert x["baseline_cell"] == "1" and x["baseline_confidence"] == "99.2", x
    assert x["write_vs_baseline"] == x["write_vs_cell1"], x
    assert x["write_verdict"] == ("baseline" if x["cell"] == "1" else "within noise"), x
PY
    check_report_refs "$T/same"
    grep -q '<p class=same>Noise: paired by round: median and range over 8 rounds, a 99.2% interval' "$T/same/report.html"
    grep -q '<th>write × cell 1</th><th>read × cell 1</th>' "$T/same/report.html"
    grep -Eq '<td class=nv>[0-9.]+x \([0-9.]+\.\.[0-9.]+\) within noise</td>' "$T/same/report.html"
}

@test "noise: one repeat says that no noise estimate exists; its ratios are bare; a spread graph for one varying setting" {
    run "$S" run --rows 8000 --chunk 2000 --reads 500 --page-size 1k,4k \
        --db-dir "$T/db" --out "$T/one" --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"noise: each cell ran once: no noise estimate exists (--repeat 2 or more states one); a difference is called only when its interval covers 95%: every one here is not established (1 round; 6 give 95%)"* ]]
    [[ "$output" =~ page_size\ +best\ (1k|4k)\ \(not\ established\ against\ (1k|4k)\)\;\ 1k\ [0-9]+\ 1\.00x\ \(the\ baseline\)\;\ 4k\ [0-9]+\ [0-9.]+x\ not\ established\ \(1\ round\;\ 6\ give\ 95%\)$'\n' ]]
    [[ "$output" != *"within noise"* ]]
    python3 - "$T/one/summary.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 2
for r in rows:
    assert r["write_vs_cell1"] != "" and r["vs_cell1_rounds"] == "1", r
    # one round: no verdict but "not established"
    assert r["write_verdict"] == ("baseline" if r["cell"] == "1" else "not established"), r
    for c in ("write_vs_cell1_lo", "write_vs_cell1_hi", "write_within_noise",
              "read_within_noise", "vs_cell1_confidence"):
        assert r[c] == "", (c, r)
PY
    grep -q 'no noise estimate exists' "$T/one/report.html"
    if grep -q 'within noise' "$T/one/report.html"; then return 1; fi
    # the spread graph: a box per page size, write and read panels
    check_png "$T/one/plots/spread.png" 800 1
    check_svg "$T/one/plots/spread.svg" "--page-size" "1k" "4k" "write rows/s per chunk" \
        "read ops/s per chunk"
    grep -q 'plots/spread.png' "$T/one/report.html"
    # one dot per chunk
    [ "$(($(wc -l <"$T/one/plots/data/spread-pts.tsv") - 1))" -eq 8 ]
}

@test "spread: not drawn when two settings vary, nor when none does" {
    run "$S" run --rows 4000 --chunk 1000 --reads 100 --page-size 1k,4k --journal delete,wal \
        --db-dir "$T/db" --out "$T/two" --progress never
    [ "$status" -eq 0 ]
    grep -q '<li>spread: not exactly one setting varies (with two values or more)' "$T/two/report.html"
    [ ! -e "$T/two/plots/spread.png" ] && [ ! -e "$T/two/plots/spread.svg" ]
    if grep -q 'plots/spread' "$T/two/report.html"; then return 1; fi
    run "$S" run --rows 4000 --chunk 1000 --reads 100 --repeat 2 \
        --db-dir "$T/db" --out "$T/none" --progress never
    [ "$status" -eq 0 ]
    grep -q '<li>spread: not exactly one setting varies' "$T/none/report.html"
    [ ! -e "$T/none/plots/spread.png" ]
}

@test "noise: an interrupted run leaves the comparisons empty; its resume fills them for every row" {
    out=$T/int
    # a cell recorded, the next one going (cell 2 held by the test hook
    # after its first chunk, whichever round it runs in): then Ctrl-C
    SQLSOAK_TEST_HANG=2:between:0 interrupt_after 6 "$out/chunks.csv" "$T/int.log" "$S" run --rows 400k --chunk 100k \
        --reads 1000 --page-size 4k,8k --repeat 2 --no-plot --db-dir "$T/db" --out "$out" \
        --progress never
    python3 - "$out/summary.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert 1 <= len(rows) < 4, rows
assert all(r["write_vs_cell1"] == "" and r["vs_cell1_rounds"] == "" for r in rows), rows
PY
    run "$S" resume "$out" --no-plot --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"noise: paired by round: median and range over 2 rounds, a 50.0% interval"* ]]
    python3 - "$out/summary.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 4, rows
for r in rows:
    assert r["vs_cell1_rounds"] == "2" and r["vs_cell1_confidence"] == "50.0", r
    assert r["write_vs_cell1"] != "" and r["write_within_noise"] in ("0", "1"), r
PY
    [ ! -e "$out/summary.csv.tmp" ]
}

@test "noise: a run interrupted in its second round states the noise over the rounds its verdicts count" {
    out=$T/round2
    args=(--rows 400k --chunk 100k --reads 1000 --page-size 4k,8k --repeat 2 --no-plot
          --db-dir "$T/db" --progress never)
    # held by the test hook after cell 2's second chunk, in whichever round
    # it runs: stopped in round 1, then its resume in round 2, cell 1
    # recorded in both rounds and cell 2 in the first alone
    SQLSOAK_TEST_HANG=2:between:1 interrupt_after 7 "$out/chunks.csv" "$T/r1.log" "$S" run \
        "${args[@]}" --out "$out"
    SQLSOAK_TEST_HANG=2:between:1 interrupt_after 15 "$out/chunks.csv" "$T/r2.log" "$S" resume \
        "$out" --no-plot --progress never
    cat "$T/r2.log"
    [ "$(grep -c '^[0-9]*,1,2,' "$out/chunks.csv")" -eq 4 ]
    [ "$(grep -c '^[0-9]*,2,2,' "$out/chunks.csv")" -eq 2 ]
    grep -q "1.*x not established (1 round; 6 give 95%)  cell 2 " "$T/r2.log"
    grep -q "^noise: paired by round: 1 round with a cell and the baseline both measured, too few for an interval; a difference is called only when its interval covers 95%: every one here is not established (1 round; 6 give 95%)$" "$T/r2.log"
    if grep -q "over 2 rounds" "$T/r2.log"; then return 1; fi
    # carried to its end, both rounds pair
    run "$S" resume "$out" --no-plot --progress never
    [ "$status" -eq 0 ]
    [[ "$output" == *"noise: paired by round: median and range over 2 rounds, a 50.0% interval"* ]]
}

# A commit per row against one commit for 64 rows: many times slower in
# every round, so 6 rounds (the first to give 95%) decide it.
@test "noise: --repeat auto:9 stops once every comparison is decided; the later rounds are skipped" {
    run "$S" run --rows 64 --chunk 64 --reads 0 --commit-every 1,64 --repeat auto:9 \
        --db-dir "$T/db" --out "$T/auto" --progress never --no-plot
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"up to 18 runs (2 cells x up to 9 repeats)"* ]]
    [[ "$output" == *"--repeat auto: every comparison decided after 6 rounds: the 6 runs of the rounds after it are skipped"* ]]
    # the rounds skipped are not rounds of the noise estimate
    [[ "$output" == *"noise: paired by round: median and range over 6 rounds, a 96.9% interval"* ]]
    python3 - "$T/auto/summary.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
ok = [r for r in rows if r["status"] == "ok"]
skipped = [r for r in rows if r["status"] == "skipped"]
assert sorted({int(r["repeat"]) for r in ok}) == [1, 2, 3, 4, 5, 6], ok
assert sorted({int(r["repeat"]) for r in skipped}) == [7, 8, 9], skipped
# (a text that begins with - is guarded against formula injection by a ')
assert all(r["reason"].lstrip("'") == "--repeat auto: every comparison decided after 6 rounds"
           for r in skipped), skipped
assert all(r["write_verdict"] == ("baseline" if r["cell"] == "1" else "faster") for r in ok), ok
assert all(r["baseline_rounds"] == "6" for r in ok), ok
PY
}
