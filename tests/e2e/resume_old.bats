#!/usr/bin/env bats
# A results folder an older sqlsoak left interrupted either resumes or is
# refused in one line that says why, exit 2, nothing changed.  The folder
# is real: tests/fixtures/v0.2.0-interrupted, made by sqlsoak 0.2.0.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    runs_setup
    FX=$BATS_TEST_DIRNAME/../fixtures/v0.2.0-interrupted
    W=$T/w
    mkdir -p "$W"
    cp -a "$FX/out" "$FX/db" "$W/"
    OUT=$W/out
    DB=$W/db
    dbfile=db/sqlsoak-out-2bd07cfe-cell2-rep1.db
    cwd "$W"
}

teardown() {
    runs_teardown
}

load helpers/runs

# cwd DIR: the working folder OUT's run.json says the run was started in.
cwd() {
    python3 - "$OUT/run.json" "$1" <<'PY'
import json, sys
path, cwd = sys.argv[1:]
rj = json.load(open(path))
rj["cwd"] = cwd
json.dump(rj, open(path, "w"), indent=2)
PY
}

# refused LINE: resume of OUT fails with exit 2 and LINE alone on stderr,
# and changes nothing in OUT.
refused() {
    cp -a "$OUT" "$T/before"
    run --separate-stderr "$S" resume "$OUT" "${Q[@]}"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak resume: $1" ]
    [ -z "$output" ]
    diff -r "$T/before" "$OUT"
}

@test "0.2.0: an interrupted folder resumes from its last recorded chunk, keeping the database it cannot prove its own" {
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "resuming $OUT at run 2 of 2: cell 2 after 3 of 4 chunks" ]
    [ "${lines[1]}" = "  $dbfile will be kept when its cell ends: the folder, of an older sqlsoak, records no database it created" ]
    python3 "$CHECK" final "$OUT" 4000 1000 2
    [ "$(field resumed "$OUT/chunks.csv" | tr '\n' ' ')" = "0 0 0 0 0 0 0 1 " ]
    [ -e "$W/$dbfile" ]
    # the files took this sqlsoak's columns; the chunks and histograms
    # 0.2.0 wrote kept their fields, each under its name, the new columns
    # empty but a dimension's, which holds what 0.2.0 ran (busy timeout
    # 5000) (summary.csv's rows are written anew when the run ends)
    python3 - "$FX/out" "$OUT" "$(ls "$BATS_TEST_DIRNAME"/../unit/schema_v*.txt | sort -V | tail -1)" <<'PY'
import csv, sys
old, new, schema = sys.argv[1:]
heads = dict(l.rstrip("\n").split(" ", 1) for l in open(schema) if not l.startswith("#"))
for f in ("chunks.csv", "summary.csv", "histograms.csv"):
    n = list(csv.reader(open(f"{new}/{f}")))
    assert ",".join(n[0]) == heads[f], (f, n[0])
    if f == "summary.csv":
        continue
    o = list(csv.reader(open(f"{old}/{f}")))
    assert len(n) >= len(o), f
    # a dimension 0.2.0 lacked: what the resumed cell's new rows say it ran
    ident = n[0][:n[0].index("chunk")]
    last = dict(zip(n[0], n[-1]))
    for a, b in zip(o[1:], n[1:]):
        was, now = dict(zip(o[0], a)), dict(zip(n[0], b))
        for k, v in now.items():
            want = was.get(k, last[k] if k in ident else "")
            assert v == want, (f, k, v, want)
# the resumed cell ran as 0.2.0 did, with the settings it left to the
# library, not with the defaults that have changed since
for k in ("cache_size", "mmap_size", "secure_delete"):
    assert last[k] == "default", (k, last[k])
PY
}

@test "0.2.0: an interrupted folder whose database is gone is refused in one line, nothing changed" {
    rm "$W/$dbfile"
    refused "the database of cell 2 ($dbfile) is gone: cannot resume"
}

@test "0.2.0: an interrupted folder whose working folder is gone is refused in one line, nothing changed" {
    cwd "$T/gone"
    refused "the run's working folder $T/gone is gone (No such file or directory), and its --db-dir, --sqlite-lib or --metrics was given relative to it: cannot resume"
}
