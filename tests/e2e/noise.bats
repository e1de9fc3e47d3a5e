#!/usr/bin/env bats
# Noise is stated, not hidden: with --repeat K >= 2 every ranking and every
# "x against the first value" carries an interval over rounds and one of
# three words (a difference, no difference beyond 5%, not decided); with
# one repeat the run says that no noise estimate exists.  The same figures are
# in summary.csv and report.html.  A matrix that varies one setting gets
# the spread graph; others do not.

load helpers/common
load helpers/images
load helpers/interrupt

# run -N: the exit status checked by bats itself (Debian 12's bats is 1.8)
bats_require_minimum_version 1.5.0

setup() {
    scratch
}

# Two cells that are the same: with a DELETE journal there is no WAL, so
# wal_autocheckpoint (the pages a WAL may hold) changes nothing the cell
# does, on any SQLite that has the pragma; sqlsoak still reads each value
# back.  Whatever separates them is noise.  --shuffle puts each first in
# about half the rounds.  A 95% interval of truly equal cells excludes 1 in
# 1 night of 20: a call of a difference must repeat, in a second run of
# another seed, to fail the test (1 in 400).
same_cells() {
    run "$S" run --rows 20k --chunk 5k --reads 1000 --journal delete --sync off \
        --wal-autocheckpoint 1000,2000 --repeat 8 --shuffle --seed "$2" \
        --db-dir "$T/db" --out "$T/$1" --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"noise: paired by round: each round's ratio of the rates sustained, a 95% interval by Student's t on their logarithms over 8 rounds; a difference is called when its 95% interval excludes 1, no difference beyond 5% when it lies within that"$'\n'* ]]
    [[ "$output" == *"baseline: cell 1, autocheckpoint 1000 (--baseline names another)"* ]]
    [[ "$output" == *"by write rate (sustained over full chunks, then of repeats with their range; x against autocheckpoint 1000):"* ]]
    python3 - "$T/$1/summary.csv" "$output" <<'PY'
import csv, math, re, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
out = sys.argv[2]
assert len(rows) == 16, len(rows)
for r in rows:
    assert r["vs_cell1_rounds"] == "8" and float(r["vs_cell1_confidence"]) == 95, r
    for c in ("write_rows_per_s_repeats_median", "write_vs_cell1", "write_vs_cell1_lo",
              "write_vs_cell1_hi", "read_vs_cell1"):
        assert r[c] != "", (c, r)
two = [r for r in rows if r["cell"] == "2"]
# the cell's figures are the same in every row of it
assert len({tuple(r[c] for c in ("write_vs_cell1", "write_vs_cell1_lo", "write_vs_cell1_hi",
            "write_within_noise", "write_rows_per_s_repeats_median")) for r in two}) == 1
r = two[0]
ratio, lo, hi = float(r["write_vs_cell1"]), float(r["write_vs_cell1_lo"]), float(r["write_vs_cell1_hi"])
# recomputed from the rounds: each round's sustained rates, Student's t on the log-ratios
rate = {(x["cell"], x["repeat"]): float(x["write_rows_per_s_sustained"]) for x in rows}
logs = [math.log(rate[("2", k)] / rate[("1", k)]) for k in map(str, range(1, 9))]
m, half = statistics.fmean(logs), 2.365 * statistics.stdev(logs) / math.sqrt(8)
for got, want in ((ratio, math.exp(m)), (lo, math.exp(m - half)), (hi, math.exp(m + half))):
    assert abs(got / want - 1) < 1e-3, (got, want)
# the repeats' median and range are summary.csv's
reps = sorted(float(x["write_rows_per_s_sustained"]) for x in two)
assert float(r["write_rows_per_s_repeats_min"]) == reps[0]
assert float(r["write_rows_per_s_repeats_max"]) == reps[-1]
# one of the three words, the same in summary.csv and the console; never "within noise"
word = r["write_verdict"]
assert word in ("a difference", "no difference beyond 5%", "not decided"), word
assert word == ("a difference" if round(lo, 2) > 1 or round(hi, 2) < 1 else
                "no difference beyond 5%" if lo >= 1 / 1.05 and hi <= 1.05 else "not decided")
assert r["write_within_noise"] == ("1" if word == "no difference beyond 5%" else "0"), r
assert "within noise" not in out
ranked = re.findall(r"^ +\d\. +[\d.]+[kMG]? rows/s +\(([\d.]+[kMG]?)\.\.([\d.]+[kMG]?)\) +(.*?) +cell (\d) ", out, re.M)
assert len(ranked) == 2, ranked
by_cell = {c: t for _, _, t, c in ranked}
assert by_cell["1"] == "baseline" and (": %s, from 8 rounds" % word) in by_cell["2"], ranked
for x in rows:
    assert x["baseline_cell"] == "1" and float(x["baseline_confidence"]) == 95, x
    assert x["write_vs_baseline"] == x["write_vs_cell1"], x
    assert x["write_verdict"] == ("baseline" if x["cell"] == "1" else word), x
# a call of a difference between identical cells: exit 3, for the caller to run again
sys.exit(3 if word == "a difference" else 0)
PY
}

@test "noise: two identical cells over 8 rounds, decided by one rule, in the console, summary.csv and the report" {
    same_cells same 7 || { [ $? -eq 3 ] && same_cells again 8; }
    check_report_refs "$T/same"
    grep -q '<p class=same>Noise: paired by round: each round' "$T/same/report.html"
    grep -q '<th>write × cell 1</th><th>read × cell 1</th>' "$T/same/report.html"
    grep -Eq '<td class=nv>[0-9.]+x \([0-9.]+\.\.[0-9.]+\): (a difference|no difference beyond 5%|not decided), from 8 rounds' "$T/same/report.html"
    if grep -q 'within noise' "$T/same/report.html"; then return 1; fi
}

@test "noise: one repeat says that no noise estimate exists; its ratios are bare; a spread graph for one varying setting" {
    run "$S" run --rows 8000 --chunk 2000 --reads 500 --page-size 1k,4k --interleave off \
        --db-dir "$T/db" --out "$T/one" --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"noise: each cell ran once: no noise estimate exists (--repeat 2 or more states one); a difference is called when its 95% interval excludes 1, no difference beyond 5% when it lies within that: with one round every one here is not decided"* ]]
    [[ "$output" =~ page_size\ +best\ (1k|4k)\ \(not\ decided\ against\ (1k|4k)\)\;\ 1k\ [0-9.]+[kMG]?\ 1\.00x\ \(the\ baseline\)\;\ 4k\ [0-9.]+[kMG]?\ [0-9.]+x:\ not\ decided:\ 1\ round\ and\ no\ lockstep\;\ --repeat\ 6\ or\ --interleave\ chunk\ can\ decide\ it$'\n' ]]
    [[ "$output" != *"within noise"* ]]
    python3 - "$T/one/summary.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 2
for r in rows:
    assert r["write_vs_cell1"] != "" and r["vs_cell1_rounds"] == "1", r
    # one round: no verdict but "not decided"
    assert r["write_verdict"] == ("baseline" if r["cell"] == "1" else "not decided"), r
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
    SQLSOAK_TEST_HANG=2:between:0 interrupt_after 6 "$out/chunks.csv" "$T/int.log" "$S" run --rows 40k --chunk 10k \
        --reads 1000 --page-size 4k,8k --repeat 2 --no-plot --interleave off --db-dir "$T/db" \
        --out "$out" --progress never
    python3 - "$out/summary.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert 1 <= len(rows) < 4, rows
assert all(r["write_vs_cell1"] == "" and r["vs_cell1_rounds"] == "" for r in rows), rows
PY
    run "$S" resume "$out" --no-plot --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"noise: paired by round: each round's ratio of the rates sustained, a 95% interval by Student's t on their logarithms over 2 rounds"* ]]
    python3 - "$out/summary.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 4, rows
for r in rows:
    assert r["vs_cell1_rounds"] == "2" and float(r["vs_cell1_confidence"]) == 95, r
    assert r["write_vs_cell1"] != "" and r["write_within_noise"] in ("0", "1"), r
PY
    [ ! -e "$out/summary.csv.tmp" ]
}

@test "noise: a run interrupted in its second round states the noise over the rounds its verdicts count" {
    out=$T/round2
    args=(--rows 40k --chunk 10k --reads 1000 --page-size 4k,8k --repeat 2 --no-plot
          --interleave off --db-dir "$T/db" --progress never)
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
    grep -q "[0-9][0-9.]*x: not decided: 1 round; --repeat 6 can decide it  cell 2 " "$T/r2.log"
    grep -q "^noise: paired by round: 1 round with a cell and the baseline both measured, too few for an interval; a difference is called when its 95% interval excludes 1, no difference beyond 5% when it lies within that: with one round every one here is not decided$" "$T/r2.log"
    if grep -q "over 2 rounds" "$T/r2.log"; then return 1; fi
    # carried to its end, both rounds pair
    run "$S" resume "$out" --no-plot --progress never
    [ "$status" -eq 0 ]
    [[ "$output" == *"noise: paired by round: each round's ratio of the rates sustained, a 95% interval by Student's t on their logarithms over 2 rounds"* ]]
}

# A commit per row against one commit for 64 rows: many times slower in
# every round, so the rounds' spread decides it early (verdict.c: Student's
# t on their log-ratios), from 2 rounds on; the rounds after are skipped,
# and said once: no row of summary.csv, no cell of run.json, one record.
@test "noise: --repeat auto:9 stops once every comparison is decided; the later rounds are skipped" {
    run "$S" run --rows 64 --chunk 64 --reads 0 --commit-every 1,64 --repeat auto:9 \
        --db-dir "$T/db" --out "$T/auto" --progress never --no-plot
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"up to 18 runs (2 cells x up to 9 repeats)"* ]]
    python3 - "$T/auto" "$output" <<'PY'
import csv, json, sys
d, out = sys.argv[1:]
rows = list(csv.DictReader(open(d + "/summary.csv", newline="")))
ok = [r for r in rows if r["status"] == "ok"]
assert ok == rows, rows                 # no row for a round not run
k = max(int(r["repeat"]) for r in ok)
assert 2 <= k < 9, k
assert sorted({int(r["repeat"]) for r in ok}) == list(range(1, k + 1)), ok
why = "--repeat auto: every comparison decided after %d rounds" % k
rj = json.load(open(d + "/run.json"))
assert rj["status"] == "ok" and rj["cells_planned"] == 18, rj["status"]
assert len(rj["cells"]) == 2 * k, len(rj["cells"])
assert rj["runs_skipped"] == {"runs": 2 * (9 - k), "why": why}, rj.get("runs_skipped")
sj = json.load(open(d + "/summary.json"))
assert len(sj["cells"]) == 2 * k and sj["runs_skipped"] == rj["runs_skipped"], sj.get("runs_skipped")
assert out.count("skipped") == 1, out   # the one line when it decides
assert "%s: the %d runs of the rounds after it are skipped" % (why, 2 * (9 - k)) in out, out
assert "\nruns: %d ok\n" % (2 * k) in out, out
# the rounds skipped are not rounds of the noise estimate
assert "logarithms over %d rounds" % k in out, out
assert all(r["write_verdict"] == ("baseline" if r["cell"] == "1" else "a difference") for r in ok), ok
assert all(r["baseline_rounds"] == str(k) for r in ok), ok
PY
    k=$(python3 -c 'import csv,sys; print(max(int(r["repeat"]) for r in csv.DictReader(open(sys.argv[1]))))' "$T/auto/summary.csv")
    line="$((2 * (9 - k))) runs skipped: --repeat auto: every comparison decided after $k rounds"
    # the markdown: a row for each run measured, one line for the rounds skipped
    run -0 "$S" report --format markdown "$T/auto"
    echo "$output"
    [ "$(grep -c '| ok |$' <<<"$output")" -eq $((2 * k)) ]
    [ "$(grep -c 'skipped' <<<"$output")" -eq 1 ]
    grep -qx "$line\." <<<"$output"
    # status, and report.html: the same line, a row of the table for each run measured
    run -0 "$S" status "$T/auto"
    echo "$output"
    grep -qx "  runs recorded: $((2 * k)) of 18" <<<"$output"
    grep -qx "  $line" <<<"$output"
    run -0 "$S" plot "$T/auto"
    [ "$(grep -c '<tr class="ok">' "$T/auto/report.html")" -eq $((2 * k)) ]
    [ "$(grep -c 'skipped' "$T/auto/report.html")" -eq 1 ]
    grep -qF "<p class=same>$line.</p>" "$T/auto/report.html"
    # the plan of the same beside it: a line per cell with its rounds, not one per run
    run -0 "$S" run --rows 64 --chunk 64 --reads 0 --commit-every 1,64 --repeat auto:9 \
        --db-dir "$T/db" --out "$T/auto2" --no-plot --dry-run
    echo "$output"
    [ "$(grep -c '^    cell [12] (.*)  about [0-9.]* \(ms\|s\) a round, 2 to 9 rounds  (from ' <<<"$output")" -eq 2 ]
    [ "$(grep -c '^    run ' <<<"$output")" -eq 0 ]
    grep -Eq '^  in all: about [0-9.]+ (ms|s) at most; about [0-9.]+ (ms|s) if 2 rounds decide it$' <<<"$output"
}

# A folder of an older sqlsoak recorded each round --repeat auto skipped as
# a row of summary.csv and a cell of run.json (status skipped): made here
# from this run's folder, as that sqlsoak wrote it, it is still read, its
# rows said in one line.  Shares whose --repeat auto skipped rounds merge,
# their records summed.
@test "noise: --repeat auto's skipped rounds as an older folder's rows are still read; shares with skipped rounds merge" {
    # share 1 of 3 holds cells 1 and 4: a commit per row against one for 64
    for k in 1 2 3; do
        run -0 "$S" run --rows 64 --chunk 64 --reads 0 --commit-every 1,64 \
            --journal delete,truncate --repeat auto:9 --shard $k/3 --db-dir "$T/db" \
            --out "$T/share$k" --progress never --no-plot
    done
    run -0 "$S" merge --out "$T/merged" "$T/share1" "$T/share2" "$T/share3"
    python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
share = [json.load(open("%s/share%d/run.json" % (t, k))) for k in (1, 2, 3)]
merged = json.load(open(t + "/merged/run.json"))
skipped = sum(s.get("runs_skipped", {}).get("runs", 0) for s in share)
assert "runs_skipped" in share[0], share[0]["cells"]
assert merged["runs_skipped"]["runs"] == skipped, merged.get("runs_skipped")
assert len(merged["cells"]) + skipped == merged["cells_planned"] == 36, len(merged["cells"])
PY
    # the older folder: a row and a cell for each run skipped
    d=$T/share1
    [ -n "$(jq -r '.runs_skipped.why // empty' "$d/run.json")" ]
    cp -r "$d" "$T/old"
    python3 - "$T/old" <<'PY'
import csv, json, sys
d = sys.argv[1]
rj = json.load(open(d + "/run.json"))
skip = rj.pop("runs_skipped")
f = open(d + "/summary.csv", newline="")
head = next(csv.reader(f))
rows = list(csv.DictReader(open(d + "/summary.csv", newline="")))
k = max(int(r["repeat"]) for r in rows)
ident = head[:head.index("status")]
added = []
for rep in range(k + 1, 10):
    for r, c in zip(rows[:len(rows) // k], rj["cells"]):
        row = {h: (r[h] if h in ident else "") for h in head}
        row.update(repeat=str(rep), status="skipped", reason="'" + skip["why"], chunks="0",
                   rows="0", verify_failures="0", db_bytes="0")
        added.append(row)
        cell = {x: c[x] for x in ("cell", "requested", "schema", "sqlite_source_id",
                                  "sqlite_version", "warmup")}
        cell.update(repeat=rep, status="skipped", reason=skip["why"], chunks=0, rows=0,
                    verify_failures=0, wall_s=None, run_s=c["run_s"])
        rj["cells"].append(cell)
assert len(added) == skip["runs"], (len(added), skip)
with open(d + "/summary.csv", "a", newline="") as out:
    # (a text that begins with - is guarded against formula injection by a ', quoted)
    csv.DictWriter(out, head, lineterminator="\n", quoting=csv.QUOTE_NONNUMERIC).writerows(added)
json.dump(rj, open(d + "/run.json", "w"), indent=2)
PY
    n=$(jq '.runs_skipped.runs' "$d/run.json")
    line="$n runs skipped: $(jq -r '.runs_skipped.why' "$d/run.json")"
    [ "$(python3 -c 'import csv,sys; print(sum(r["status"] == "skipped" for r in csv.DictReader(open(sys.argv[1]))))' "$T/old/summary.csv")" -eq "$n" ]
    run -0 "$S" report --format markdown "$T/old"
    echo "$output"
    [ "$(grep -c 'skipped' <<<"$output")" -eq 1 ]
    grep -qx "$line\." <<<"$output"
    run -0 "$S" plot "$T/old"
    [ "$(grep -c 'skipped' "$T/old/report.html")" -eq 1 ]
    grep -qF "<p class=same>$line.</p>" "$T/old/report.html"
    [ "$(grep -c '<tr class="ok">' "$T/old/report.html")" -eq $(($(wc -l <"$d/summary.csv") - 1)) ]
    run -0 "$S" compare "$T/old" "$T/share1" --out "$T/cmp"
    run -2 "$S" resume "$T/old"
    [[ "$output" == *"the run has finished (status ok): nothing to resume"* ]]
}
