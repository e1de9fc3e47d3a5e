#!/usr/bin/env bats
# exports.bats: the results in other forms than CSV: summary.json (every
# figure of summary.csv, typed, with its unit) and the report (`sqlsoak
# report --format markdown|json DIR`) of a run's and a comparison's folder.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/runs

setup_file() {
    export S
    export RUN="$BATS_FILE_TMPDIR/run"
    "$S" run --rows 20k --chunk 5k --reads 2k --journal delete,wal --repeat 2 \
        --progress never --no-plot --db-dir "$BATS_FILE_TMPDIR/db" --out "$RUN" >/dev/null
}

# check_summary_json DIR: summary.json holds every field of every row of
# summary.csv, in its place, typed, and each figure with the unit README's
# table of summary.csv gives its column.
check_summary_json() {
    python3 - "$1" "$BATS_TEST_DIRNAME/../../docs/results.md" <<'PY'
import csv, json, math, re, sys
d, readme = sys.argv[1:]
rows = list(csv.DictReader(open(d + "/summary.csv", newline="")))
j = json.load(open(d + "/summary.json"))
assert j["schema_version"] == int(rows[0]["schema_version"]) and j["source"] == "summary.csv"
assert len(j["cells"]) == len(rows), (len(j["cells"]), len(rows))
text = open(readme).read().split("### summary.csv", 1)[1]
text = text.split("\n### ", 1)[0]
units = {}
for line in text.splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) == 3 and cells[0].startswith("`"):
        for name in re.findall(r"`([a-z0-9_]+)`", cells[0]):
            units[name] = cells[1]
figures = 0
for row, cell in zip(rows, j["cells"]):
    for col, text in row.items():
        # as sqlsoak reads it: without the ' that guards a formula
        if text[:1] == "'" and text[1:2] in ("=", "+", "-", "@", "\t", "\r", "'"):
            text = text[1:]
        if col == "schema_version":
            continue
        if col in ("cell", "repeat"):
            assert cell[col] == int(text), (col, cell[col], text)
        elif col in cell["settings"]:
            v = cell["settings"][col]
            assert v == (int(text) if re.fullmatch(r"-?[0-9]+", text) else text), (col, v, text)
        elif col in ("status", "reason"):
            assert cell[col] == text, (col, cell[col], text)
        else:
            f = cell["figures"][col]
            if text == "":
                assert f["value"] is None, (col, f)
            elif type(f["value"]) is str:     # a verdict
                assert f["value"] == text and not re.fullmatch(r"[-0-9.e+]+", text), (col, f)
            elif re.fullmatch(r"-?[0-9]+", text):
                assert type(f["value"]) in (int, float) and f["value"] == int(text), (col, f, text)
            else:
                assert type(f["value"]) is float and math.isclose(f["value"], float(text)), (col, f, text)
            if col in units:
                assert f["unit"] == units[col], (col, f["unit"], units[col])
            figures += 1
    known = set(row) - {"schema_version"}
    assert set(cell["figures"]) | set(cell["settings"]) | {"cell", "repeat", "status", "reason"} == known, \
        set(cell["figures"]) ^ known
assert figures > 0
print(figures, "figures")
PY
}

@test "summary.json: every figure of summary.csv, typed, with its unit" {
    check_summary_json "$RUN"
    # the rates and ratios are typed as numbers with their units
    python3 - "$RUN/summary.json" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))["cells"][0]
assert c["figures"]["write_rows_per_s_median"]["unit"] == "rows/s"
assert isinstance(c["figures"]["write_rows_per_s_median"]["value"], float)
assert isinstance(c["figures"]["chunks"]["value"], int)
assert c["settings"]["page_size"] == 4096 and c["settings"]["journal_mode"] == "delete"
PY
    # each figure with the precision it has: no 96.900000000000006, a double's
    # every digit, where summary.csv says 96.9
    python3 - "$RUN/summary.json" <<'PY'
import re, sys
raw = open(sys.argv[1]).read()
for num in re.findall(r'(?<![\w"])-?[0-9]+\.[0-9]+(?:e[-+]?[0-9]+)?', raw):
    digits = num.split("e")[0].replace("-", "").replace(".", "").lstrip("0")
    assert len(digits) <= 15, num
PY
}

@test "summary.json: a run stopped by --max-time writes it too, its skipped cells included" {
    d="$BATS_TEST_TMPDIR/r"
    SQLSOAK_TEST_STALL=5000:1200 run "$S" run --rows 30k --chunk 10k --reads 1k \
        --journal delete,wal --interleave off --max-time 1s --progress never --no-plot \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$d"
    [ "$status" -eq 0 ]
    check_summary_json "$d"
    grep -q '"skipped"' "$d/summary.json"
    # the markdown: no row of the run skipped, a line saying it was
    run -0 "$S" report --format markdown "$d"
    grep -qx '1 run skipped: --max-time reached\.' <<<"$output"
    [ "$(grep -c '| skipped' <<<"$output")" -eq 0 ]
}

@test "summary.json: an interrupted run has none until its resume writes it" {
    runs_setup
    # a 2 s pause in chunk 2 holds the run while the signal comes
    SQLSOAK_TEST_STALL=15000:2000 start run --rows 30k --chunk 10k --reads 1k \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    wait_rows "$OUT/chunks.csv" 1
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ]
    [ ! -e "$OUT/summary.json" ]
    run "$S" resume "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    check_summary_json "$OUT"
}

@test "summary.json's write fails on a full disk: exit 1, run.json disk_full naming it; resume writes it" {
    runs_setup
    need_strace
    mkdir -p "$OUT"
    faulted "$OUT/.summary.json.tmp" write "error=ENOSPC:when=1" \
        run --rows 20k --chunk 10k --reads 1k --page-size 4k,8k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 1 ]
    [ ! -e "$OUT/summary.json" ] && [ ! -e "$OUT/.summary.json.tmp" ]
    [ "$(jget status)" = disk_full ]
    [[ "$(jget status_detail)" == *"every cell recorded"*"summary.json"* ]]
    run "$S" resume "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(jget status)" = ok ]
    check_summary_json "$OUT"
}

# check_markdown FILE: a heading, then every table well formed: a header
# row, the separator row under it, and every row of the header's columns,
# counted at the pipes no backslash escapes.
check_markdown() {
    python3 - "$1" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
assert lines[0].startswith(("## sqlsoak: ", "## sqlsoak comparison: ")), lines[0]
def cells(line):
    # the pipes that end cells: those after an even run of backslashes
    out, cur, k = [], "", 0
    while k < len(line):
        c = line[k]
        if c == "\\":
            cur += line[k:k + 2]
            k += 2
            continue
        if c == "|":
            out.append(cur)
            cur = ""
        else:
            cur += c
        k += 1
    assert out[0] == "" and cur == "", line        # begins and ends with a pipe
    return [c.strip() for c in out[1:]]
tables, i = 0, 0
while i < len(lines):
    if not lines[i].startswith("|"):
        i += 1
        continue
    head = cells(lines[i])
    sep = cells(lines[i + 1])
    assert all(re.fullmatch(r"---:?", s) for s in sep) and len(sep) == len(head), lines[i + 1]
    i += 2
    while i < len(lines) and lines[i].startswith("|"):
        assert len(cells(lines[i])) == len(head), (lines[i], head)
        i += 1
    tables += 1
assert tables == 1, tables
PY
}

@test "report --format markdown: the summary table, well formed, for pasting into an issue" {
    run --separate-stderr "$S" report --format markdown "$RUN"
    [ "$status" -eq 0 ]
    [ -z "$stderr" ]
    echo "$output" >"$BATS_TEST_TMPDIR/md"
    check_markdown "$BATS_TEST_TMPDIR/md"
    # a row per summary row, in order of cell, its repeat beside it; the settings that vary named
    [ "$(grep -c '^| [0-9]' "$BATS_TEST_TMPDIR/md")" -eq 4 ]
    grep -qx '| cell | repeat | journal_mode | write rows/s sustained | read reads/s sustained | read p99 µs | in RAM % | write cost last/first | write × cell 1 | read × cell 1 | status |' "$BATS_TEST_TMPDIR/md"
    # each cell's ratio and verdict against the baseline cell, as report.html's
    grep -Eq '^\| 2 \| 1 \| wal \|.* \| [0-9.]+x \([0-9.]+\.\.[0-9.]+\): (a difference|no difference beyond 5%|not decided), from 2 rounds' "$BATS_TEST_TMPDIR/md"
    grep -q '^20k rows in chunks of 5k · host ' "$BATS_TEST_TMPDIR/md"
    grep -q '^Every cell: SQLite .* · 4k pages · full' "$BATS_TEST_TMPDIR/md"
    # the headline first, a bullet a sentence
    grep -q '^- Scaling (' "$BATS_TEST_TMPDIR/md"
    grep -q '^- Reads came from RAM' "$BATS_TEST_TMPDIR/md"
    # --format is the default: the same page without it
    [ "$("$S" report "$RUN")" = "$output" ]
}

@test "report --format markdown: a pipe in a value is escaped, and the row keeps its columns" {
    d="$BATS_TEST_TMPDIR/pipes"
    cp -r "$RUN" "$d"
    python3 - "$d/summary.csv" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
st, why = rows[0].index("status"), rows[0].index("reason")
rows[1][st], rows[1][why] = "failed", "a | b \\ c"
csv.writer(open(sys.argv[1], "w", newline="")).writerows(rows)
PY
    run "$S" report "$d"
    [ "$status" -eq 0 ]
    echo "$output" >"$BATS_TEST_TMPDIR/md"
    check_markdown "$BATS_TEST_TMPDIR/md"
    grep -qF '| failed: a \| b \\ c |' "$BATS_TEST_TMPDIR/md"
}

@test "report --format json: the run's headline and summary.json's cells, for a program" {
    run --separate-stderr "$S" report --format json "$RUN"
    [ "$status" -eq 0 ]
    [ -z "$stderr" ]
    python3 - "$RUN" "$output" <<'PY'
import json, sys
d, out = sys.argv[1:]
j = json.loads(out)
assert j["kind"] == "run" and j["name"] == "run", j["kind"]
assert j["description"].startswith("20k rows in chunks of 5k · host "), j["description"]
assert j["summary"] == json.load(open(d + "/summary.json")), "summary differs from summary.json"
assert any(h.startswith("Scaling (") for h in j["headline"]), j["headline"]
PY
}

@test "report of a comparison folder: markdown and json give each match's ratios over the baseline run" {
    cp -r "$RUN" "$BATS_TEST_TMPDIR/other"
    "$S" compare "$RUN" "$BATS_TEST_TMPDIR/other" --out "$BATS_TEST_TMPDIR/cmp" --no-plot >/dev/null
    run --separate-stderr "$S" report "$BATS_TEST_TMPDIR/cmp"
    [ "$status" -eq 0 ]
    [ -z "$stderr" ]
    echo "$output" >"$BATS_TEST_TMPDIR/md"
    check_markdown "$BATS_TEST_TMPDIR/md"
    grep -q '^## sqlsoak comparison: cmp' "$BATS_TEST_TMPDIR/md"
    grep -q 'over those of run (the baseline)' "$BATS_TEST_TMPDIR/md"
    # 2 cells x 2 repeats x 2 runs; the baseline's rows say so, the copy's are 1.00x
    [ "$(grep -c '^| [0-9]' "$BATS_TEST_TMPDIR/md")" -eq 8 ]
    [ "$(grep -c '^| [0-9] | run | .* | baseline | baseline | baseline | ok |$' "$BATS_TEST_TMPDIR/md")" -eq 4 ]
    [ "$(grep -c '^| [0-9] | other | .* | 1\.00x (1\.00\.\.1\.00): no difference beyond 5%, from 2 rounds' "$BATS_TEST_TMPDIR/md")" -eq 4 ]
    run --separate-stderr "$S" report --format json "$BATS_TEST_TMPDIR/cmp"
    [ "$status" -eq 0 ]
    python3 - "$BATS_TEST_TMPDIR/cmp/comparison.csv" "$output" <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
j = json.loads(sys.argv[2])
assert j["kind"] == "comparison" and j["baseline"] == "run" and len(j["matches"]) == len(rows) == 8
for r, m in zip(rows, j["matches"]):
    assert (m["run"], m["cell"], m["repeat"]) == (r["run"], int(r["cell"]), int(r["repeat"])), m
    # the rates the ratios divide, each repeat's over the baseline run's same repeat
    base = next(b for b in rows if b["run"] == "run" and b["match"] == r["match"])
    got = m["write_rows_per_s_sustained"] / float(base["write_rows_per_s_sustained"])
    assert abs(got - float(r["write_vs_baseline_run"])) < 1e-4, (m, r)
    for stem, q in m["ratios"].items():
        assert q["median"] == float(r[stem + "_vs_baseline_run_median"]), (stem, q, r)
        assert (q["text"] == "baseline") == (r["run"] == "run"), q
        # the verdict and its method typed, as comparison.csv holds them and the words say
        base = r["run"] == "run"
        assert q["verdict"] == ("baseline" if base else r[stem + "_vs_baseline_run_verdict"] or None), (stem, q, r)
        assert q["method"] == (None if base else r[stem + "_vs_baseline_run_method"] or None), (stem, q, r)
        assert base or q["verdict"] is None or q["verdict"] in q["text"], q
PY
}

@test "report: bad input exits 2 with one line, writing nothing" {
    run "$S" report --format html "$RUN"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    run "$S" report "$BATS_TEST_TMPDIR/nowhere"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" == *"nowhere: not a results folder"* ]]
    run "$S" report
    [ "$status" -eq 2 ]
}
