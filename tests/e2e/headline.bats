#!/usr/bin/env bats
# The headline: the run's answer in sentences, each figure computed again
# here from the CSV files (scaling, cache, a dimension's best value, its
# verdict); the same sentences from `sqlsoak plot`.  --baseline: one cell
# every ratio is against, the same in the terminal, summary.csv and
# report.html, recorded in run.json for plot.  A 50% interval is never
# printed as a finding.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    scratch
}

@test "headline: scaling, cache, best value and verdict, computed again from the CSV; plot prints the same" {
    run "$S" run --rows 8k --chunk 2k --reads 200 --journal delete,wal --repeat 2 \
        --db-dir "$T/db" --out "$T/h" --progress never --no-plot
    echo "$output"
    [ "$status" -eq 0 ]
    run_out=$output
    PYTHONPATH="$BATS_TEST_DIRNAME/helpers" python3 - "$T/h" "$output" <<'PY'
import csv, math, re, statistics, sys
d, out = sys.argv[1], sys.argv[2]
summ = list(csv.DictReader(open(d + "/summary.csv", newline="")))
chunks = list(csv.DictReader(open(d + "/chunks.csv", newline="")))
head = out.split("\nheadline:\n", 1)[1].split("\n\n", 1)[0].splitlines()
head = [h.strip() for h in head]
print(head)
# the answer in a user's units first: the baseline at the largest full chunk,
# the median over repeats of its seconds per million rows and its reads' p50, p99
# the verdict block first: a line a dimension, before the costs
verdicts = [h for h in head if h.startswith("journal_mode: ")]
assert head[0] == verdicts[0], head
absl = [h for h in head if h.startswith("At ")]
head = [h for h in head if not h.startswith("At ") and h != verdicts[0]] + verdicts
from units import num as secs, secs_us as t, ratio, interval, pct as percent
last = [c for c in chunks if c["cell"] == "1" and int(c["repeat"]) >= 1 and c["rows"] == "8000"]
# the write cost sustained: every full chunk's time over its rows, not the last chunk's
full = [c for c in chunks if c["cell"] == "1" and int(c["repeat"]) >= 1]
spm = statistics.fmean(1e6 / float(c["write_rows_per_s"]) for c in full)
p50 = statistics.median(float(c["read_p50_us"]) for c in last)
p99 = statistics.median(float(c["read_p99_us"]) for c in last)
want = ("At 8k rows (the largest full chunk), delete (the baseline) wrote %s s per million rows "
        "(" % secs(spm))
assert " sustained over all its full chunks; " in absl[0], absl[0]
assert absl and absl[0].startswith(want), (absl, want)
assert "; a point read took %s at p50 and %s at p99" % (t(p50), t(p99)) in absl[0], (absl[0], p50, p99)
# scaling: the baseline cell's full chunks, log2(cost) on log2(rows)
mine = [c for c in chunks if c["cell"] == "1" and int(c["repeat"]) >= 1]
xs = [math.log2(float(c["rows"])) for c in mine]
ys = [math.log2(1 / float(c["write_rows_per_s"])) for c in mine]
n = len(xs); mx = sum(xs) / n; my = sum(ys) / n
b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
ratios = []
for rep in ("1", "2"):
    cs = sorted((c for c in mine if c["repeat"] == rep), key=lambda c: int(c["rows"]))
    ratios.append(float(cs[0]["write_rows_per_s"]) / float(cs[-1]["write_rows_per_s"]))
lof = statistics.median(ratios)
want = ("Scaling (delete): over full chunks of 2k to 8k rows, a row written cost %s per "
        "doubling of the table (" % ratio(2 ** b))
assert head[0].startswith(want), (head[0], want)
# the fit over every repeat's chunks, then the two-point ratio named as a median
assert "95%, a log-log fit over 8 chunks of 2 repeats), " in head[0], head[0]
assert ("%s as much from the first full chunk to the last (the median of 2 repeats)" % ratio(lof)
        in head[0]), (head[0], lof)
# cache: the median of db_cached_pct_median over the cells
pct = statistics.median(float(r["db_cached_pct_median"]) for r in summ)
if pct >= 90:
    assert head[1].startswith("Reads came from RAM (%s cached" % percent(pct)), head[1]
    assert head[1].endswith("this is not the disk's read speed; use --os-cache drop."), head[1]
# best value: wal against delete, paired by round, from the rates sustained
def med(cell, rep):
    return float(next(r for r in summ if r["cell"] == cell and r["repeat"] == rep)
                 ["write_rows_per_s_sustained"])
# which is each round's full chunks' rows over their time
for r in summ:
    mine = [c for c in chunks if c["cell"] == r["cell"] and c["repeat"] == r["repeat"]]
    want = len(mine) / sum(1 / float(c["write_rows_per_s"]) for c in mine)
    assert abs(float(r["write_rows_per_s_sustained"]) / want - 1) < 1e-3, (r, want)
rr = [med("2", k) / med("1", k) for k in ("1", "2")]
# the one rule (verdict.c): the rounds' log-ratios, Student's t with 1 degree of freedom
logs = [math.log(x) for x in rr]
m = statistics.fmean(logs)
half = 12.706 * statistics.stdev(logs) / math.sqrt(2)
q, lo, hi = math.exp(m), math.exp(m - half), math.exp(m + half)
if q > 1:
    want = "journal_mode: wal writes %s as fast as delete (%s): " % (ratio(q), interval(lo, hi))
else:
    want = ("journal_mode: delete (the baseline) writes %s as fast as wal (%s): "
            % (ratio(1 / q), interval(1 / hi, 1 / lo)))
assert head[-1].startswith(want), (head[-1], want)
# one of the three words, and never "within noise"
assert re.search(r": (a difference|no difference beyond 5%|not decided), from 2 rounds", head[-1])
assert "times faster" not in out and "within noise" not in out and "±" not in out
PY
    run "$S" plot "$T/h"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "${output#*$'\nheadline:\n'}" != "$output" ]
    want=${run_out#*$'\nheadline:\n'}
    want=${want%%$'\n\n'*}
    got=${output#*$'\nheadline:\n'}
    [ "${got:0:${#want}}" = "$want" ]
}

@test "headline: the pages preset's published claim beside this run's verdict" {
    run "$S" run --preset pages --rows 2k --chunk 1k --reads 100 --page-size 4k,32k \
        --db-dir "$T/db" --out "$T/p" --progress never --no-plot
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$T/p/summary.csv" "$output" <<'PY'
import csv, sys
rows = {r["page_size"]: float(r["write_rows_per_s_sustained"])
        for r in csv.DictReader(open(sys.argv[1], newline=""))}
best = "32k" if rows["32768"] > rows["4096"] else "4k"
claim = [l.strip() for l in sys.argv[2].splitlines() if "Published" in l]
assert len(claim) == 1, claim
start = "Published (--preset pages): 4k pages are fastest. This run: not decided here; "
if best == "32k":
    assert claim[0] == start + "32k first, not decided against 4k.", claim
else:
    assert claim[0] == start + ("4k first; no difference beyond 5% from, or not decided against "
                                "32k."), claim
PY
}

# The cell numbers of a matrix: page size and journal, each of two values.
@test "--baseline: every ratio against one cell, the same in the terminal, summary.csv and report.html; plot takes another" {
    # a run draws its graphs and report.html as plot does, from the folder
    # (run.json's cell): drawn here once, by plot, where the run's were
    # drawn and then drawn again
    run "$S" run --rows 4k --chunk 1k --reads 100 --page-size 4k,8k --journal delete,wal \
        --repeat 2 --baseline journal=wal --db-dir "$T/db" --out "$T/b" --progress never --no-plot
    echo "$output"
    [ "$status" -eq 0 ]
    run_out=$output
    # plot: the cell run.json records
    run "$S" plot "$T/b"
    [ "$status" -eq 0 ]
    PYTHONPATH="$BATS_TEST_DIRNAME/helpers" python3 - "$T/b" "$run_out" 0 <<'PY'
import csv, html, json, re, sys
from units import ratio, interval
d, out, which = sys.argv[1], sys.argv[2], sys.argv[3]
rows = list(csv.DictReader(open(d + "/summary.csv", newline="")))
base = next(r["cell"] for r in rows if r["journal_mode"] == "wal" and r["page_size"] == "4096")
rj = json.load(open(d + "/run.json"))
assert rj["options"]["baseline"] == "journal=wal" and rj["baseline_cell"] == int(base), rj
assert all(r["baseline_cell"] == base for r in rows), rows
assert "baseline: cell %s, 4k pages · wal (--baseline names another)" % base in out
assert "x against 4k pages · wal):" in out
# the verdict block first, a line a dimension, then the baseline's costs
assert "\nheadline:\n  page_size: " in out and "\n  journal_mode: " in out, out
assert "\n  At 4k rows (the largest full chunk), 4k pages · wal (the baseline) wrote " in out
assert "\n  Scaling (4k pages · wal): " in out
def text(r, p):
    if r["cell"] == base:
        return "baseline"
    q, lo, hi = (float(r[p + c]) for c in ("_vs_baseline", "_vs_baseline_lo", "_vs_baseline_hi"))
    if round(lo * 100) > 100 or round(hi * 100) < 100:
        call = "a difference, from 2 rounds"
    elif lo >= 1 / 1.05 and hi <= 1.05:
        call = "no difference beyond 5%, from 2 rounds"
    else:
        call = "not decided, from 2 rounds; about K rounds would decide it"
    return "%s (%s): %s" % (ratio(q), interval(lo, hi), call)
def shape(t):
    # the rounds that would decide it are an estimate from the unrounded interval
    t = re.sub(r"; its rounds spread too far for 60 rounds to decide it", "; about K rounds would "
               "decide it", t)
    return re.sub(r"\d+(?:\.\d+)?", "N", re.sub(r"about \d+ rounds", "about K rounds", t))
# the ranking: each cell's ratio is summary.csv's
ranked = re.findall(r"^ +\d\. +[\d.]+[kMG]? rows/s +\([\d.]+[kMG]?\.\.[\d.]+[kMG]?\) +(.*?) +cell (\d+) ", out, re.M)
assert len(ranked) == 4, ranked
def figures(t):
    return [float(x) for x in re.findall(r"\d+(?:\.\d+)?", t.split(":")[0])]
for t, c in ranked:
    r = next(x for x in rows if x["cell"] == c)
    want = text(r, "write")
    # the terminal's figures are the unrounded ones: equal to three significant figures,
    # give or take the last digit where summary.csv's fourth decimal sits on a rounding
    # boundary
    assert shape(t) == shape(want), (t, want)
    assert all(abs(a - b) <= 0.0101 * max(1, b) for a, b in zip(figures(t), figures(want))), (t, want)
# report.html: the same ratio in each cell's row, under the baseline's heading
page = html.unescape(open(d + "/report.html").read())
assert "<th>write × cell %s</th><th>read × cell %s</th>" % (base, base) in page
for tr in re.findall(r'<tr class="ok">(.*?)</tr>', page):
    tds = re.findall(r"<td[^>]*>(.*?)</td>", tr)
    r = next(x for x in rows if x["cell"] == tds[0] and x["repeat"] == tds[1])
    for p in ("write", "read"):
        want = "1.00x (the baseline)" if r["cell"] == base else text(r, p)
        assert any(shape(td) == shape(want) for td in tds), (want, tds)
PY
    base=$(python3 -c 'import csv,sys; print(next(r["baseline_cell"] for r in csv.DictReader(open(sys.argv[1]))))' "$T/b/summary.csv")
    [ "$base" != 1 ]
    grep -q "<th>write × cell $base</th>" "$T/b/report.html"
    # plot, against cell 1: the report's ratios are then the vs_cell1 ones
    run "$S" plot "$T/b" --baseline 1
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *$'\nheadline:\n  page_size: '* ]]
    [[ "$output" == *$'\n  At 4k rows (the largest full chunk), 4k pages · delete (the baseline) wrote '* ]]
    [[ "$output" == *$'\n  Scaling (4k pages · delete): '* ]]
    PYTHONPATH="$BATS_TEST_DIRNAME/helpers" python3 - "$T/b" <<'PY'
import csv, html, re, sys
from units import ratio, interval
d = sys.argv[1]
rows = list(csv.DictReader(open(d + "/summary.csv", newline="")))
page = html.unescape(open(d + "/report.html").read())
assert "<th>write × cell 1</th>" in page
for tr in re.findall(r'<tr class="ok">(.*?)</tr>', page):
    tds = re.findall(r"<td[^>]*>(.*?)</td>", tr)
    r = next(x for x in rows if x["cell"] == tds[0] and x["repeat"] == tds[1])
    q, lo, hi = (float(r["write" + c]) for c in ("_vs_cell1", "_vs_cell1_lo", "_vs_cell1_hi"))
    if r["cell"] == "1":
        continue
    # the ratio and its interval from summary.csv, then one of the three words, from 2 rounds
    assert any(re.match(re.escape("%s (%s)" % (ratio(q), interval(lo, hi))) +
                        r": (a difference|no difference beyond 5%|not decided), from 2 rounds",
                        td) for td in tds), (q, tds)
PY
}

@test "--baseline that names no cell: one line, exit 2, nothing created; plot refuses it too" {
    run "$S" run --rows 2k --chunk 1k --reads 10 --page-size 4k,8k --baseline page-size=16k \
        --db-dir "$T/db" --out "$T/none" --progress never
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --baseline page-size=16k: no cell has it (with every other setting at its first value)" ]
    [ ! -e "$T/none" ]
    run "$S" run --rows 2k --chunk 1k --reads 10 --db-dir "$T/db" --out "$T/one" \
        --progress never --no-plot
    [ "$status" -eq 0 ]
    # one cell: its figures, no ranking of one under two headings
    [[ "$output" != *"by write rate"* && "$output" != *"by read rate"* ]]
    [[ "$output" =~ cell\ 1\ SQLite\ [0-9.]+\ ·\ 4k\ pages\ ·\ delete\ ·\ full:\ [0-9.]+[kMG]?\ rows/s\ written,\ [0-9.]+[kMG]?\ reads/s\ read ]]
    run "$S" plot "$T/one" --baseline 2
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak plot: --baseline 2: no such cell (the only cell is 1)" ]
}

@test "--target-rows: each cell's figures projected past the run from its own fit, recomputed here, called projected" {
    run "$S" run --rows 16k --chunk 2k --reads 200 --target-rows 1M \
        --db-dir "$T/db" --out "$T/t" --progress never --no-plot
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$T/t" "$output" <<'PY'
import csv, json, math, re, sys
d, out = sys.argv[1:]
assert json.load(open(d + "/run.json"))["options"]["target-rows"] == 1000000
line = next(l.strip() for l in out.splitlines() if l.strip().startswith("At 16k rows"))
m = re.search(r"Projected to 1M rows from its scaling fit: ([0-9.]+) s per million rows written "
              r"\(([0-9.]+)\.\.([0-9.]+), a 95% prediction interval\)", line)
assert m and line.endswith(": projected, not measured."), line
proj, lo, hi = map(float, m.groups())
# least squares of log2(s per million) on log2(rows) over the full chunks
ch = [c for c in csv.DictReader(open(d + "/chunks.csv")) if c["chunk_rows"] == "2000"]
xs = [math.log2(float(c["rows"])) for c in ch]
ys = [math.log2(1e6 / float(c["write_rows_per_s"])) for c in ch]
n = len(xs); mx = sum(xs) / n; my = sum(ys) / n
sxx = sum((x - mx) ** 2 for x in xs)
b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
a = my - b * mx
want = 2 ** (a + b * math.log2(1e6))
# printed to three figures (0.163, 2.53, 58.7): half a unit of the last is the rounding
assert abs(proj - want) <= 0.006 * want, (proj, want)
assert lo <= proj <= hi, (lo, proj, hi)
# the device's bytes a row, projected the same way (wear), where the
# machine counts them
dev = [c for c in ch if c["dev_write_bytes"] not in ("", "nan") and float(c["dev_write_bytes"]) > 0]
wear = [l.strip() for l in out.splitlines() if l.strip().startswith("Wear (cell 1")]
if len(dev) < 3:
    sys.exit(0)
m = re.search(r"projected to 1M rows from its scaling fit, ([0-9.]+) (bytes|kB|MB) a row "
              r"\(([0-9.]+)\.\.([0-9.]+), a 95% prediction interval\)", wear[0])
assert m, wear
unit = {"bytes": 1, "kB": 1e3, "MB": 1e6}[m.group(2)]
got = float(m.group(1)) * unit
xs = [math.log2(float(c["rows"])) for c in dev]
ys = [math.log2(float(c["dev_write_bytes"]) / float(c["chunk_rows"])) for c in dev]
n = len(xs); mx = sum(xs) / n; my = sum(ys) / n
b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
want = 2 ** (my - b * mx + b * math.log2(1e6))
# half a unit of the last figure printed is the rounding
d = len(m.group(1).split(".")[1]) if "." in m.group(1) else 0
assert abs(got - want) <= max(0.006 * want, 0.5 * 10 ** -d * unit), (got, want, wear)
PY
    # the run's own size asked: nothing projected
    run "$S" plot "$T/t"
    [[ "$output" == *"Projected to 1M rows"* ]]
    run "$S" run --rows 16k --chunk 2k --reads 200 --db-dir "$T/db" --out "$T/u" --progress never --no-plot
    [[ "$output" == *"At 16k rows (the largest full chunk)"* ]]
    [[ "$output" != *"Projected"* ]]
}

@test "--need: a need the run meets, with its headroom recomputed from chunks.csv, and one it does not; a bad need is refused" {
    run "$S" run --rows 8k --chunk 2k --reads 200 --need writes=1/s,read-p99=10s \
        --db-dir "$T/db" --out "$T/n" --progress never --no-plot
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$T/n" "$output" <<'PY'
import csv, re, statistics, sys
d, out = sys.argv[1:]
line = next(l.strip() for l in out.splitlines() if l.strip().startswith("Need ("))
m = re.fullmatch(r"Need \(writes 1/s, read-p99 10 s\): cell 1 meets it at 8k rows with ([0-9.]+)x "
                 r"headroom, its tightest (writes|read-p99) \(.*\)\.", line)
assert m, line
last = [c for c in csv.DictReader(open(d + "/chunks.csv")) if c["rows"] == "8000"]
rate = statistics.median(float(c["write_rows_per_s"]) for c in last)
p99 = statistics.median(float(c["read_p99_us"]) for c in last)
head = min(rate / 1, 10e6 / p99)
got = float(m.group(1))
assert abs(got - head) <= 0.06 * head, (got, head)
PY
    # a need no machine meets: short already at the run's largest chunk
    sed -i 's/"writes=1\/s,read-p99=10s"/"writes=1000M\/s"/' "$T/n/run.json"
    run "$S" plot "$T/n"
    [[ "$output" == *"Need (writes 1G/s): cell 1 falls short already at 8k rows: writes "*" against 1G/s."* ]]
    # bad input: one line naming the item, exit 2, nothing created
    run "$S" run --rows 8k --chunk 2k --need reads=many --db-dir "$T/db" --out "$T/bad"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" == *"--need reads: 'many' is not a rate above 0 per second"* ]]
    [ ! -e "$T/bad" ]
}

@test "findings: the answer before the rankings; updates, deletes, freelist and the readers' wait in the terminal, the markdown and summary.json, recomputed from chunks.csv" {
    run --separate-stderr "$S" run --rows 20k --chunk 5k --reads 1k --updates 500 --deletes 200 \
        --readers 0,1 --journal delete,wal --db-dir "$T/db" --out "$T/f" --progress never --no-plot
    echo "$output"
    [ "$status" -eq 0 ]
    # the answer first: the headline before the cells' count and the rankings
    head=${output%%$'\nheadline:\n'*}
    [ "$head" != "$output" ]
    [[ "$head" != *"by write rate"* && "$head" != *"cells:"* && "$head" != *"per dimension"* ]]
    [[ "$output" == *"by write rate"* ]]
    run_out=$output
    run --separate-stderr "$S" report --format markdown "$T/f"
    [ "$status" -eq 0 ]
    PYTHONPATH="$BATS_TEST_DIRNAME/helpers" python3 - "$T/f" "$run_out" "$output" <<'PY'
import csv, json, statistics, sys
d, out, md = sys.argv[1:]
chunks = [c for c in csv.DictReader(open(d + "/chunks.csv", newline="")) if int(c["repeat"]) >= 1]
head = [h.strip() for h in out.split("\nheadline:\n", 1)[1].split("\n\n", 1)[0].splitlines()]
from units import rate, secs_us as t, nbytes, pct
base = [c for c in chunks if c["cell"] == "1"]
med = lambda col: statistics.median(float(c[col]) for c in base)
name = "delete · 0 readers, the baseline"
up = med("update_rows_per_s")
want_u = ("Updates (%s): 500 rows a chunk at %s rows/s (%s a row), a row's UPDATE %s at p50 and "
          "%s at p99, the median of its 4 chunks." % (name, rate(up), t(1e6 / up),
          t(med("update_p50_us")), t(med("update_p99_us"))))
de = med("delete_rows_per_s")
want_d = ("Deletes (%s): 200 rows a chunk at %s rows/s (%s a row), the median of its 4 chunks."
          % (name, rate(de), t(1e6 / de)))
last = max(base, key=lambda c: int(c["rows"]))
pages = int(last["freelist_count"]); fb = pages * int(last["page_size"]); db = int(last["db_bytes"])
# the table's size, not the rows inserted: 20k less the deletes of its chunks
table = int(last["rows"]) - sum(int(c["deletes"]) for c in base
                                if c["repeat"] == last["repeat"] and int(c["chunk"]) <= int(last["chunk"]))
assert table < 20000, table
want_f = ("Freelist (%s): after its last chunk's deletes, with %gk rows in the table, %d page%s "
          "free (%s, %s of its %s database), room SQLite reuses before the file grows."
          % (name, table / 1e3, pages, "" if pages == 1 else "s", nbytes(fb), pct(100 * fb / db),
             nbytes(db)))
# the readers' wait: their busy handlers' time over the writer's COMMITs, per journal mode
wait = {}
for c in chunks:
    if c["reader_ops"] and float(c["reader_ops"]) > 0:
        w = wait.setdefault(c["journal_mode"], [0.0, 0])
        w[0] += float(c["reader_wait_s"] or 0)
        w[1] += 1                      # a COMMIT a chunk: --commit-every is the chunk
assert list(wait) == ["delete", "wal"], wait
ms = {m: w[0] / w[1] * 1e3 for m, w in wait.items()}
want_r = ("Under DELETE, readers waited %s per COMMIT; under WAL, %s."
          % (t(ms["delete"] * 1e3), t(ms["wal"] * 1e3)))
for want in (want_u, want_d, want_f, want_r):
    assert want in head, (want, head)
    assert "- " + want + "\n" in md, (want, md)
# the verdict block first: the readers' dimension before every other finding, the
# readers' wait among them; 2 processes on 2 or more cores: no note
dims = [i for i, h in enumerate(head) if h.startswith(("readers: ", "journal_mode: "))]
costs = [i for i, h in enumerate(head) if h.startswith("At ")]
assert dims == [0, 1] and costs and costs[0] == 2 and head.index(want_r) > 2, head
j = json.load(open(d + "/summary.json"))
found = {f["kind"]: f for f in j["findings"]}
assert [f["text"] for f in j["findings"]] == head, (j["findings"], head)
figs = lambda k: {(f["name"], f["of"]): (f["value"], f["unit"]) for f in found[k]["figures"]}
close = lambda a, b: abs(a - b) <= 1e-6 * max(abs(b), 1e-9)
u = figs("update_cost")
assert found["update_cost"]["cell"] == 1
assert close(u[("update_rows_per_s", "cell 1")][0], up) and u[("update_rows_per_s", "cell 1")][1] == "rows/s"
assert close(u[("update_p99_us", "cell 1")][0], med("update_p99_us")) and u[("update_p99_us", "cell 1")][1] == "µs"
assert close(figs("delete_cost")[("delete_rows_per_s", "cell 1")][0], de)
f = figs("freelist")
assert f[("freelist_pages", "cell 1")] == (pages, "pages") and f[("freelist_bytes", "cell 1")] == (fb, "bytes")
r = figs("reader_wait")
for m in ms:
    v, unit = r[("reader_wait_ms_per_commit", m)]
    assert close(v, ms[m]) and unit == "ms", (m, v, ms[m])
PY
}

@test "findings: the readers' wait says when a cell's processes outnumber the cores; an older folder without the figures reports without them" {
    run "$S" run --rows 4k --chunk 2k --reads 100 --updates 50 --deletes 20 --readers 0,1 \
        --journal delete,wal --db-dir "$T/db" --out "$T/o" --progress never --no-plot
    [ "$status" -eq 0 ]
    note="A writer and 1 readers are 2 processes on this machine's 1 cores: they compete for the CPU, so the ratios and the readers' waits below measure that too, not only the database's locks."
    python3 - "$T/o/run.json" 1 <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); j["host"]["cpus"] = int(sys.argv[2])
json.dump(j, open(sys.argv[1], "w"))
PY
    run "$S" report "$T/o"
    echo "$output"
    [ "$status" -eq 0 ]
    # said once, before the ratios and the waits it is of, not beside each
    [[ "$output" == *"- $note"*"- journal_mode: "*"- readers: "*"- Under DELETE, readers waited "*" per COMMIT; under WAL, "*"."* ]]
    [ "$(grep -o 'compete for the CPU' <<<"$output" | wc -l)" -eq 1 ]
    python3 - "$T/o/run.json" 64 <<'PY'
import json, sys
j = json.load(open(sys.argv[1])); j["host"]["cpus"] = int(sys.argv[2])
json.dump(j, open(sys.argv[1], "w"))
PY
    run "$S" report "$T/o"
    [[ "$output" == *"- Under DELETE, readers waited "* ]]
    [[ "$output" != *"compete for the CPU"* ]]
    # a folder of a release before these figures: their columns gone, the findings absent
    python3 - "$T/o/chunks.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
gone = [k for k in rows[0] if k.startswith(("update", "delete", "reader_")) or k == "freelist_count"]
w = csv.DictWriter(open(sys.argv[1], "w", newline=""), [k for k in rows[0] if k not in gone],
                   lineterminator="\n", extrasaction="ignore")
w.writeheader(); w.writerows(rows)
PY
    for fmt in markdown json; do
        run --separate-stderr "$S" report --format $fmt "$T/o"
        echo "$output"
        [ "$status" -eq 0 ]
        [[ "$output" == *"Scaling ("* ]]
        [[ "$output" != *"Updates ("* && "$output" != *"Deletes ("* && "$output" != *"Freelist ("* ]]
        [[ "$output" != *"readers waited"* ]]
    done
}
