#!/usr/bin/env bats
# exports.bats: the results in other forms than CSV: summary.json (every
# figure of summary.csv, typed, with its unit) and the markdown report
# (`sqlsoak report --format markdown DIR`), for pasting into an issue.

setup_file() {
    export S=${SQLSOAK:-$BATS_TEST_DIRNAME/../../build/sqlsoak}
    export RUN="$BATS_FILE_TMPDIR/run"
    "$S" run --rows 20k --chunk 5k --reads 2k --journal delete,wal --repeat 2 \
        --progress never --no-plot --db-dir "$BATS_FILE_TMPDIR/db" --out "$RUN" >/dev/null
}

# check_summary_json DIR: summary.json holds every field of every row of
# summary.csv, in its place, typed, and each figure with the unit README's
# table of summary.csv gives its column.
check_summary_json() {
    python3 - "$1" "$BATS_TEST_DIRNAME/../../README.md" <<'PY'
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
}

@test "summary.json: a run stopped by --max-time writes it too, its skipped cells included" {
    d="$BATS_TEST_TMPDIR/r"
    SQLSOAK_TEST_STALL=5000:1200 run "$S" run --rows 30k --chunk 10k --reads 1k \
        --journal delete,wal --max-time 1s --progress never --no-plot \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$d"
    [ "$status" -eq 0 ]
    check_summary_json "$d"
    grep -q '"skipped"' "$d/summary.json"
}
