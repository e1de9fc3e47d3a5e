#!/usr/bin/env bats
# report.bats: report.html travels alone.  Its graphs are inside the page
# (a parser check), a browser opening a copy of it from another folder
# shows every one and fits the table in 1280 pixels (headless Chromium,
# when the test set-up installed it: a page-size matrix, the readers
# preset's, a comparison's), it prints without a scroll box, and storage
# whose kind the kernel does not know is named unknown.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/images

setup_file() {
    # a page-size matrix (as the pages preset): heatmaps, spread, several series
    export RUNS="$BATS_FILE_TMPDIR/runs"
    mkdir -p "$RUNS"
    # on tmpfs where there is one: its rotational flag is -1, unknown
    SHM=""
    [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] && SHM=$(mktemp -d /dev/shm/sqlsoak-report.XXXXXX)
    export SHM
    "$SQLSOAK" run --rows 20k --chunk 5k --reads 2k --progress never --page-size 1k,4k \
        --db-dir "${SHM:-$RUNS/db}" --out "$RUNS/pages" >"$RUNS/pages.out" 2>&1
}

teardown_file() {
    [ -z "$SHM" ] || rm -rf "$SHM"
}

@test "report: every graph drawn is inside report.html, which refers to no other file" {
    d=$RUNS/pages
    check_report_refs "$d"
    # one image for each graph drawn, none left out
    [ "$(grep -o '<img ' "$d/report.html" | wc -l)" -eq "$(ls "$d"/plots/*.png | wc -l)" ]
}

@test "report: headings in words with their summary.csv names, figures to three significant figures" {
    h=$RUNS/pages/report.html
    grep -q '<th title="write_rows_per_s_sustained">write rows/s</th>' "$h"
    grep -q '<th title="read_ops_per_s_sustained">read ops/s</th>' "$h"
    # the title names what the figure is of its column: the inverse of write_last_over_first
    grep -q '<th title="1 / write_last_over_first">write cost last ÷ first</th>' "$h"
    if grep -q 'title="write_last_over_first"' "$h"; then return 1; fi
    # the cost's ratio, as the headline gives it: 1 / the rates' ratio the column holds
    PYTHONPATH="$BATS_TEST_DIRNAME/helpers" python3 - "$RUNS/pages" <<'PY'
import csv, re, sys
from units import num, rate
d = sys.argv[1]
rows = {r["cell"]: r for r in csv.DictReader(open(d + "/summary.csv", newline=""))}
page = open(d + "/report.html").read()
assert "write cost last ÷ first <code>1 / write_last_over_first</code>" in page
table = page.split("<table class=sum>", 1)[1].split("</table>", 1)[0]
heads = re.findall(r"<th[^>]*>([^<]*)</th>", table.split("</tr>", 1)[0])
col = heads.index("write cost last ÷ first")
rcol = heads.index("write rows/s")
for tr in table.split("</tr>")[1:-1]:
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", tr)
    want = 1 / float(rows[cells[0]]["write_last_over_first"])
    assert cells[col] == num(want), (cells[col], want)
    # a rate as the terminal says it: 82.2k, the one the rankings hold
    want = float(rows[cells[0]]["write_rows_per_s_sustained"])
    assert cells[rcol] == rate(want), (cells[rcol], want)
PY
    grep -q '<th title="page_size">page size</th>' "$h"
    # the names where a printout shows them too
    grep -q '<p class=key>Columns in summary.csv: write rows/s <code>write_rows_per_s_sustained</code>' "$h"
    grep -q 'read ops/s <code>read_ops_per_s_sustained</code>' "$h"
    grep -q 'database size <code>db_bytes</code>' "$h"
    # 20k rows, exact as --rows takes them; a size and a time with their
    # units; no CSV's decimals (summary.csv's wall_s has 3, its rates 1)
    grep -q '<td class=n>20k</td>' "$h"
    grep -qE '<td class=n>[0-9.]+ (kB|MB|GB)</td>' "$h"
    grep -qE '<td class=n>[0-9.]+ (µs|ms|s|min)</td>' "$h"
    # (more than three significant figures: four digits before the point,
    # or past three after the first that is not 0; a figure below 0.1
    # takes four decimals or more to have three, 0.0123)
    if grep -qE '<td class=n>[0-9]{4,}\.[0-9]+</td>|<td class=n>[1-9][0-9]*\.[0-9]{4,}</td>|<td class=n>0\.0*[1-9][0-9]{3,}</td>' "$h"; then
        return 1
    fi
}

@test "report: the table's rates are the rankings' for each cell, in report.html and the markdown" {
    d=$RUNS/pages
    "$S" report "$d" >"$BATS_TEST_TMPDIR/md"
    PYTHONPATH="$BATS_TEST_DIRNAME/helpers" python3 - "$d" "$RUNS/pages.out" "$BATS_TEST_TMPDIR/md" <<'PY'
import re, sys
d, out, md = sys.argv[1:]
text = open(out).read()
# the run's rankings: "  1.   95.8k rows/s   baseline ...  cell 1   ..."
def ranking(title):
    part = text.split("\n" + title, 1)[1].split("\n\n", 1)[0]
    got = {m.group(2): m.group(1) for m in
           re.finditer(r"^ +\d+\. +(\S+) (?:rows|reads)/s .* cell (\d+) ", part, re.M)}
    assert len(got) == 2, (title, part)
    return got
write, read = ranking("by write rate"), ranking("by read rate")
page = open(d + "/report.html").read()
table = page.split("<table class=sum>", 1)[1].split("</table>", 1)[0]
heads = re.findall(r"<th[^>]*>([^<]*)</th>", table.split("</tr>", 1)[0])
for tr in table.split("</tr>")[1:-1]:
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", tr)
    assert cells[heads.index("write rows/s")] == write[cells[0]], (cells, write)
    assert cells[heads.index("read ops/s")] == read[cells[0]], (cells, read)
lines = [l.split("|")[1:-1] for l in open(md) if l.startswith("| ")]
mhead = [c.strip() for c in lines[0]]
for row in lines[1:]:
    row = [c.strip() for c in row]
    if not row[0].isdigit():
        continue
    assert row[mhead.index("write rows/s sustained")] == write[row[0]], (row, write)
    assert row[mhead.index("read reads/s sustained")] == read[row[0]], (row, read)
PY
}

@test "report: a folder older than the sustained rates shows its median chunk's, headed so; compared with a new one, both named" {
    d=$BATS_TEST_TMPDIR/old
    cp -r "$BATS_TEST_DIRNAME/../fixtures/v0.1.0-run" "$d"
    run "$S" plot "$d"
    [ "$status" -eq 0 ]
    grep -q '<th title="write_rows_per_s_median">write rows/s</th>' "$d/report.html"
    grep -q '<th title="read_ops_per_s_median">read ops/s</th>' "$d/report.html"
    if grep -q 'per_s_sustained' "$d/report.html"; then return 1; fi
    "$S" report "$d" >"$BATS_TEST_TMPDIR/md"
    grep -q '| write rows/s median chunk | read reads/s median chunk |' "$BATS_TEST_TMPDIR/md"
    PYTHONPATH="$BATS_TEST_DIRNAME/helpers" python3 - "$d" <<'PY'
import csv, re, sys
from units import rate
d = sys.argv[1]
rows = {r["cell"]: r for r in csv.DictReader(open(d + "/summary.csv", newline=""))}
assert "write_rows_per_s_sustained" not in next(iter(rows.values()))
table = open(d + "/report.html").read().split("<table class=sum>", 1)[1].split("</table>", 1)[0]
heads = re.findall(r"<th[^>]*>([^<]*)</th>", table.split("</tr>", 1)[0])
for tr in table.split("</tr>")[1:-1]:
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", tr)
    want = rate(float(rows[cells[0]]["write_rows_per_s_median"]))
    assert cells[heads.index("write rows/s")] == want, (cells, want)
PY
    # a new run against a copy of it without the sustained columns, as an older folder has them
    n=$BATS_TEST_TMPDIR/new
    cp -r "$RUNS/pages" "$n"
    python3 - "$n/summary.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
keep = [i for i, c in enumerate(rows[0]) if not c.endswith("_sustained")]
csv.writer(open(sys.argv[1], "w", newline="")).writerows([[r[i] for i in keep] for r in rows])
PY
    run "$S" compare "$RUNS/pages" "$n" --out "$BATS_TEST_TMPDIR/cmp" --no-plot
    [ "$status" -eq 0 ]
    grep -q '<th title="write_rows_per_s_sustained, else write_rows_per_s_median">write rows/s</th>' "$BATS_TEST_TMPDIR/cmp/report.html"
    "$S" report "$BATS_TEST_TMPDIR/cmp" >"$BATS_TEST_TMPDIR/cmd.md"
    grep -q '| write rows/s sustained, else median chunk |' "$BATS_TEST_TMPDIR/cmd.md"
    # each match's rate in JSON under the column it is of
    "$S" report --format json "$BATS_TEST_TMPDIR/cmp" >"$BATS_TEST_TMPDIR/cmp.json"
    python3 - "$BATS_TEST_TMPDIR/cmp.json" "$RUNS/pages/summary.csv" "$n/summary.csv" <<'PY'
import csv, json, sys
j = json.load(open(sys.argv[1]))
new = {r["cell"]: r for r in csv.DictReader(open(sys.argv[2], newline=""))}
old = {r["cell"]: r for r in csv.DictReader(open(sys.argv[3], newline=""))}
for m in j["matches"]:
    if m["run"] == "pages":
        assert "write_rows_per_s_median" not in m, m
        assert m["write_rows_per_s_sustained"] == float(new[str(m["cell"])]["write_rows_per_s_sustained"]), m
    else:
        assert "write_rows_per_s_sustained" not in m, m
        assert m["write_rows_per_s_median"] == float(old[str(m["cell"])]["write_rows_per_s_median"]), m
        assert m["read_ops_per_s_median"] == float(old[str(m["cell"])]["read_ops_per_s_median"]), m
PY
}

@test "report: a copy opened alone from another folder shows every graph, the table within 1280 px" {
    command -v chromium-headless-shell >/dev/null || command -v chromium >/dev/null ||
        skip "no headless Chromium (sh .ci/deps test installs it)"
    d=$RUNS/pages
    run -0 python3 "$BATS_TEST_DIRNAME/helpers/reportview.py" "$d/report.html" 1280
    echo "$output"
    n=$(ls "$d"/plots/*.png | wc -l)
    [[ "$output" == *"\"imgs\": $n, \"shown\": $n,"* ]]
    [[ "$output" == *'"over": 0}'* ]]
    [[ "$output" == *'"page": 1280,'* ]]
    # the probe sees a table too wide for a narrow window: it can fail
    run -0 python3 "$BATS_TEST_DIRNAME/helpers/reportview.py" "$d/report.html" 700
    [[ "$output" != *'"over": 0}'* ]]
}

@test "report: on paper the table is not cut by a scroll box and a graph stays on one sheet" {
    css=$(sed -n '/@media print/,/<\/style>/p' "$RUNS/pages/report.html")
    [[ "$css" == *".scroll{overflow:visible}"* ]]
    [[ "$css" == *"figure{break-inside:avoid"* ]]
    [[ "$css" == *"body{margin:0;max-width:none"* ]]
}

@test "report: storage of unknown kind (tmpfs) is named unknown in the titles and the report, not rotational" {
    [ -n "$SHM" ] || skip "/dev/shm is not tmpfs here"
    d=$RUNS/pages
    grep -q '"rotational": -1' "$d/run.json"
    grep -q 'tmpfs on tmpfs (unknown type)' "$d/plots/write.svg"
    grep -q 'tmpfs on tmpfs (unknown type)' "$d/report.html"
    if grep -q 'rotational)' "$d/plots/write.svg"; then return 1; fi
    if grep -q 'rotational)\|rotational</td>' "$d/report.html"; then return 1; fi
}

@test "report: graph titles give row counts as the axes and the options do (20k in chunks of 5k)" {
    grep -q '20k rows in chunks of 5k · host' "$RUNS/pages/plots/write.svg"
    grep -q '20k rows in chunks of 5k · host' "$RUNS/pages/report.html"
    if grep -q '20000 rows in chunks' "$RUNS/pages/plots/write.svg"; then return 1; fi
}

@test "report: the table gives a page size as the terminal and the options do (1k, 4k), not 1024" {
    h=$RUNS/pages/report.html
    grep -q '<td>1k</td>' "$h"
    grep -q '<td>4k</td>' "$h"
    if grep -q '<td>1024</td>\|<td>4096</td>' "$h"; then return 1; fi
}

@test "report: a device the kernel calls rotational is titled with the kernel's word for it, not as a fact" {
    d=$BATS_TEST_TMPDIR/spins
    cp -r "$RUNS/pages" "$d"
    python3 - "$d/run.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
j["storage"].update(fstype="ext4", device="/dev/vda", rotational=1)
json.dump(j, open(sys.argv[1], "w"))
PY
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 0 ]
    grep -q 'ext4 on /dev/vda[^<]*(kernel: rotational)' "$d/plots/write.svg"
    # once on the storage line, not twice
    grep -q 'kernel: rotational) · mounted on [^<]*</td>' "$d/report.html"
    [ "$(grep -o '<td>[^<]*kernel: rotational[^<]*</td>' "$d/report.html" | grep -o 'kernel: rotational' | wc -l)" -eq 1 ]
    if grep -q '(rotational)' "$d/plots/write.svg" "$d/report.html"; then return 1; fi
}

@test "report: the readers preset's page (three settings vary, and the readers), its table within 1280 px" {
    command -v chromium-headless-shell >/dev/null || command -v chromium >/dev/null ||
        skip "no headless Chromium (sh .ci/deps test installs it)"
    d=$BATS_TEST_TMPDIR/readers
    # 12 cells: journal x synchronous x 0, 1, 4 readers; its last column,
    # the wall time, was past the window's edge.  Exit status 1 is a reader that
    # missed its watchdog on a loaded machine: the page is drawn the same.
    run "$SQLSOAK" run --preset readers --rows 10k --chunk 5k --reads 200 --progress never \
        --db-dir "${SHM:-$BATS_TEST_TMPDIR/db}" --out "$d"
    [ "$status" -le 1 ]
    grep -q '<th title="readers">readers</th>' "$d/report.html"
    grep -q '<th title="wall_s">wall time</th>' "$d/report.html"
    run -0 python3 "$BATS_TEST_DIRNAME/helpers/reportview.py" "$d/report.html" 1280
    echo "$output"
    [[ "$output" == *'"over": 0}'* ]]
    [[ "$output" == *'"page": 1280,'* ]]
}

@test "report: a comparison's page, its ratios against the baseline included, within 1280 px" {
    command -v chromium-headless-shell >/dev/null || command -v chromium >/dev/null ||
        skip "no headless Chromium (sh .ci/deps test installs it)"
    cp -r "$RUNS/pages" "$BATS_TEST_TMPDIR/again"
    # the tables are what may run past the window: no graphs drawn
    "$SQLSOAK" compare "$RUNS/pages" "$BATS_TEST_TMPDIR/again" --out "$BATS_TEST_TMPDIR/cmp" \
        --no-plot >/dev/null
    grep -q '<h2>Against the baseline</h2>' "$BATS_TEST_TMPDIR/cmp/report.html"
    run -0 python3 "$BATS_TEST_DIRNAME/helpers/reportview.py" "$BATS_TEST_TMPDIR/cmp/report.html" 1280
    echo "$output"
    [[ "$output" == *'"over": 0}'* ]]
}

@test "comparison.csv: each ratio's chunk pairs, typed, the count compare's sentence states, and report says it again" {
    # two runs of one round, 28 chunks each: their ratios decided from chunk pairs one after another
    local A=(run --rows 2800 --chunk 100 --reads 10 --sync off --probe off --no-plot --progress never)
    "$S" "${A[@]}" --db-dir "$BATS_TEST_TMPDIR/db" --out "$BATS_TEST_TMPDIR/a" >/dev/null
    "$S" "${A[@]}" --db-dir "$BATS_TEST_TMPDIR/db" --out "$BATS_TEST_TMPDIR/b" >/dev/null
    run -0 "$S" compare "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" --out "$BATS_TEST_TMPDIR/cmp" --no-plot
    echo "$output" >"$BATS_TEST_TMPDIR/said"
    run -0 "$S" report "$BATS_TEST_TMPDIR/cmp"
    echo "$output" >"$BATS_TEST_TMPDIR/md"
    run -0 "$S" report --format json "$BATS_TEST_TMPDIR/cmp"
    echo "$output" >"$BATS_TEST_TMPDIR/json"
    python3 - "$BATS_TEST_TMPDIR/cmp/comparison.csv" "$BATS_TEST_TMPDIR/said" "$BATS_TEST_TMPDIR/md" \
        "$BATS_TEST_TMPDIR/json" <<'PY'
import csv, json, re, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
said, md = open(sys.argv[2]).read(), open(sys.argv[3]).read()
matches = json.load(open(sys.argv[4]))["matches"]
stems = {"write": "write", "read": "read", "read p99": "read_p99"}
# "write 0.98x (0.60..1.61): not decided, from 28 chunk pairs one after another; ..."
got = {m.group(1): int(m.group(2)) for m in re.finditer(
    r"(write|read|read p99) [0-9.]+x \([^)]*\): (?:a difference|not decided), from (\d+) chunk pairs one after another",
    said)}
assert "write" in got, said
other = [r for r in rows if r["run"] != r["baseline_run"]]
base = [r for r in rows if r["run"] == r["baseline_run"]]
assert other and base, rows
for r in other:
    for name, stem in stems.items():
        if name in got:
            assert r[stem + "_vs_baseline_run_method"] == "sequential", r
            assert int(r[stem + "_vs_baseline_run_pairs"]) == got[name], (name, r, got)
            # the count is an integer in the file, no decimals
            assert re.fullmatch(r"\d+", r[stem + "_vs_baseline_run_pairs"]), r
for r in base:      # the baseline run's rows compare with nothing
    assert all(r[s + "_vs_baseline_run_pairs"] == "" for s in stems.values()), r
# read back, the report states the same count, and types it in JSON
assert "from %d chunk pairs one after another" % got["write"] in md, md
for m in matches:
    for name, stem in stems.items():
        want = None if m["run"] == rows[0]["baseline_run"] else got.get(name)
        if want is not None or m["run"] == rows[0]["baseline_run"]:
            assert m["ratios"][stem]["pairs"] == want, (name, m)
PY
}

# The page's status, end and exit status rows, as "status=ok ended=... exit=0".
page_ending() {
    python3 - "$1" <<'PY'
import re, sys
page = open(sys.argv[1]).read()
row = lambda k: (re.search(r"<tr><th>%s</th><td>([^<]*)</td>" % k, page) or [None, ""])[1]
print("status=%s ended=%s exit=%s" % (row("status"), row("ended"), row("exit status")))
PY
}

json_ending() {
    python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))
print("status=%s ended=%s exit=%s" % (j["status"], j["end_time"], j["exit_status"]))' "$1/run.json"
}

@test "report: a run that draws its own page says how it ended (ok, its end, exit 0), as run.json does" {
    d=$BATS_TEST_TMPDIR/quick
    run "$SQLSOAK" run --preset quick --rows 20k --chunk 10k --reads 1k --progress never \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$d"
    [ "$status" -eq 0 ]
    [ "$(page_ending "$d/report.html")" = "$(json_ending "$d")" ]
    [[ "$(page_ending "$d/report.html")" == "status=ok ended=20"*" exit=0" ]]
    # and so does the page the setup's matrix drew
    [[ "$(page_ending "$RUNS/pages/report.html")" == "status=ok ended=20"*" exit=0" ]]
}

@test "report: a run that fails (a row corrupted under --verify) draws a page that says failed, exit 1" {
    d=$BATS_TEST_TMPDIR/bad
    SQLSOAK_TEST_CORRUPT_ROW=7 run "$SQLSOAK" run --rows 20k --chunk 10k --reads 1k --verify \
        --progress never --db-dir "$BATS_TEST_TMPDIR/db" --out "$d"
    [ "$status" -eq 1 ]
    [ "$(page_ending "$d/report.html")" = "$(json_ending "$d")" ]
    [[ "$(page_ending "$d/report.html")" == "status=failed ended=20"*" exit=1" ]]
}
