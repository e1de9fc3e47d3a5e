#!/usr/bin/env bats
# The two dimensions added through the table of dims.c alone:
# --locking-mode and --wal-autocheckpoint.  Each is applied, read back,
# measured and verified, and named in every place a dimension appears:
# chunks.csv, summary.csv, run.json (requested and actual), the ranked
# tables, the graphs' labels, --help.  A library that lacks one records the
# cell as unsupported, with requested vs actual.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    scratch
}

@test "dims: exclusive locking and wal_autocheckpoint cells are measured, read back and labelled" {
    run "$S" run --rows 6000 --chunk 2000 --reads 3000 --journal delete,wal \
        --locking-mode normal,exclusive --wal-autocheckpoint default,0 --verify \
        --db-dir "$T/db" --out "$T/out" --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"locking_mode  best "* ]]
    [[ "$output" == *"exclusive locking"* ]]
    python3 - "$T/out" <<'PY'
import csv, json, sys
out = sys.argv[1]
summary = list(csv.DictReader(open(out + "/summary.csv", newline="")))
assert len(summary) == 8, summary
seen = {(r["journal_mode"], r["locking_mode"], r["wal_autocheckpoint"]) for r in summary}
assert seen == {(j, l, w) for j in ("delete", "wal") for l in ("normal", "exclusive")
                for w in ("default", "0")}, seen
for r in summary:
    assert r["status"] == "ok" and r["verify_failures"] == "0", r
    assert float(r["read_ops_per_s_median"]) > 0, r
chunks = list(csv.DictReader(open(out + "/chunks.csv", newline="")))
assert len(chunks) == 8 * 3
assert {c["locking_mode"] for c in chunks} == {"normal", "exclusive"}
assert {c["wal_autocheckpoint"] for c in chunks} == {"default", "0"}
run = json.load(open(out + "/run.json"))
assert run["options"]["locking-mode"] == ["normal", "exclusive"], run["options"]
assert run["options"]["wal-autocheckpoint"] == ["default", 0], run["options"]
for c in run["cells"]:
    req, act = c["requested"], c["actual"]
    # what the library answered is what was asked
    assert act["locking_mode"] == req["locking_mode"], c
    if req["wal_autocheckpoint"] == "default":
        assert act["wal_autocheckpoint"] == 1000, c      # SQLite's documented default
    else:
        assert act["wal_autocheckpoint"] == int(req["wal_autocheckpoint"]), c
labels = open(out + "/plots/data/series.tsv").read()
assert "exclusive locking" in labels and "normal locking" in labels, labels
assert "autocheckpoint 0" in labels and "autocheckpoint default" in labels, labels
PY
}

@test "dims: the new options are in --help, and a bad value is refused with nothing created" {
    run "$S" run --help
    [ "$status" -eq 0 ]
    [[ "$output" == *"--locking-mode WORD,..."* ]]
    [[ "$output" == *"one of: normal exclusive"* ]]
    [[ "$output" == *"--wal-autocheckpoint N,..."* ]]
    run "$S" run --locking-mode shared --db-dir "$T/db" --out "$T/out"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --locking-mode: 'shared' is not one of normal, exclusive" ]
    run "$S" run --wal-autocheckpoint -5 --db-dir "$T/db" --out "$T/out"
    [ "$status" -eq 2 ]
    [[ "$output" == *"--wal-autocheckpoint: '-5' is not a row count"* ]]
    [ ! -e "$T/out" ]
    [ ! -e "$T/db" ]
}

@test "dims: a library built without WAL has no wal_autocheckpoint: that cell is unsupported" {
    load helpers/libs
    build_no_wal_lib
    lib=$NO_WAL_LIB
    run "$S" run --rows 4000 --chunk 2000 --reads 1000 --sqlite-lib "$lib" \
        --wal-autocheckpoint default,0 --db-dir "$T/db" --out "$T/out" --no-plot --progress never
    echo "$output"
    [ "$status" -eq 0 ]      # unsupported is recorded, not a failure (see README)
    python3 - "$T/out" <<'PY'
import csv, sys
rows = {r["wal_autocheckpoint"]: r for r in csv.DictReader(open(sys.argv[1] + "/summary.csv"))}
assert rows["default"]["status"] == "ok", rows
assert rows["0"]["status"] == "unsupported", rows
assert rows["0"]["reason"] == "wal_autocheckpoint: requested 0, library has no wal_autocheckpoint", rows
assert rows["0"]["chunks"] == "0", rows
PY
}

@test "dims: --journal-size-limit is applied and read back, and a persisted journal is cut to it after each COMMIT" {
    run "$S" run --rows 20k --chunk 5k --reads 100 --journal persist,wal \
        --journal-size-limit 0,default,64k --db-dir "$T/db" --out "$T/out" --no-plot --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"journal_size_limit best "* ]]
    python3 - "$T/out" <<'PY'
import csv, json, sys
out = sys.argv[1]
summary = list(csv.DictReader(open(out + "/summary.csv", newline="")))
assert {(r["journal_mode"], r["journal_size_limit"]) for r in summary} == \
    {(j, l) for j in ("persist", "wal") for l in ("0", "default", "65536")}, summary
assert all(r["status"] == "ok" for r in summary), summary
run = json.load(open(out + "/run.json"))
for c in run["cells"]:
    req, act = c["requested"]["journal_size_limit"], c["actual"]["journal_size_limit"]
    # SQLite's default is no limit, -1
    assert act == (-1 if req == "default" else int(req)), c
chunks = list(csv.DictReader(open(out + "/chunks.csv", newline="")))
persist = {}
for c in chunks:
    if c["journal_mode"] == "persist":
        persist.setdefault(c["journal_size_limit"], []).append(int(c["journal_bytes"]))
# the journal a persisted COMMIT leaves: cut to 0, kept whole without a limit
assert persist["0"] == [0] * 4 and all(b > 0 for b in persist["default"]), persist
assert all(b <= 65536 for b in persist["65536"]), persist
PY
    run "$S" run --journal-size-limit -1 --db-dir "$T/db" --out "$T/out2"
    [ "$status" -eq 2 ]
    [[ "$output" == "sqlsoak run: --journal-size-limit: '-1' "* ]]
    [ ! -e "$T/out2" ]
}

@test "dims: --analyze runs PRAGMA optimize or ANALYZE after each chunk, timed as its own phase (analyze_s, timeline.csv's analyze)" {
    run "$S" run --rows 20k --chunk 5k --reads 500 --analyze off,optimize,full --verify --keep-db \
        --db-dir "$T/db" --out "$T/out" --no-plot --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$T/out" "$T/db" <<'PY'
import csv, glob, json, sqlite3, sys
out, dbdir = sys.argv[1], sys.argv[2]
summary = {r["analyze_mode"]: r for r in csv.DictReader(open(out + "/summary.csv", newline=""))}
assert set(summary) == {"off", "optimize", "full"}, summary
for word in ("off", "full"):
    assert summary[word]["status"] == "ok" and summary[word]["verify_failures"] == "0", summary[word]
# optimize runs where the library lists it; otherwise the cell says so
opt = summary["optimize"]
assert opt["status"] == "ok" or (opt["status"] == "unsupported" and
                                 "does not know PRAGMA optimize" in opt["reason"]), opt
ran = {w for w, r in summary.items() if w != "off" and r["status"] == "ok"}
chunks = list(csv.DictReader(open(out + "/chunks.csv", newline="")))
for c in chunks:
    if c["analyze_mode"] in ran:
        assert float(c["analyze_s"]) > 0, c
    else:
        assert c["analyze_s"] == "", c
cells = {c["cell"]: c for c in json.load(open(out + "/run.json"))["cells"]}
timeline = list(csv.DictReader(open(out + "/timeline.csv", newline="")))
for cell, c in cells.items():
    word = c["requested"]["analyze_mode"]
    spans = [t for t in timeline if t["cell"] == str(cell) and t["phase"] == "analyze"]
    # one interval a chunk, of one op: the statement
    assert len(spans) == (4 if word in ran else 0), (word, spans)
    assert all(t["ops"] == "1" for t in spans), spans
    # ANALYZE leaves its statistics in the database: the table's rows
    (path,) = glob.glob(f"{dbdir}/*-cell{cell}-rep1.db")    # kept: --keep-db
    db = sqlite3.connect(path)
    stat = db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'").fetchone()[0]
    if word == "full":
        assert db.execute("SELECT stat FROM sqlite_stat1 WHERE tbl = 'kv'").fetchone() == ("20000",)
    if word == "off":
        assert stat == 0, c
PY
    run "$S" run --analyze sometimes --db-dir "$T/db2" --out "$T/out2"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --analyze: 'sometimes' is not one of off, optimize, full" ]
    [ ! -e "$T/out2" ]
    [ ! -e "$T/db2" ]
}
