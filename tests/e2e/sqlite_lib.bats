#!/usr/bin/env bats
# `make sqlite-lib` and a genuinely old SQLite (3.7.8, before negative
# cache_size, mmap_size and synchronous=EXTRA).  Needs an amalgamation:
# SQLITE_AMALGAMATION points to one (.ci/amalgamation fetches it); the
# tests are skipped without it.

load helpers/common

setup_file() {
    [ -n "${SQLITE_AMALGAMATION:-}" ] || return 0
    export OLDLIB_DIR="$BATS_FILE_TMPDIR/sqlite"
    SQLITE_OPT=-O0 make -s -C "$BATS_TEST_DIRNAME/../.." sqlite-lib SRC="$SQLITE_AMALGAMATION" \
        B="$BATS_FILE_TMPDIR" >"$BATS_FILE_TMPDIR/build.log" 2>&1
}

setup() {
    [ -n "${SQLITE_AMALGAMATION:-}" ] || skip "SQLITE_AMALGAMATION is not set"
    OLDLIB="$BATS_FILE_TMPDIR/sqlite/3.7.8/libsqlite3.so"
}

@test "make sqlite-lib builds the library named by its own version" {
    [ -f "$OLDLIB" ]
    grep -q "SQLite 3.7.8" "$BATS_FILE_TMPDIR/build.log"
}

@test "make sqlite-lib refuses a folder that is not an amalgamation" {
    run make -s -C "$BATS_TEST_DIRNAME/../.." sqlite-lib SRC="$BATS_TEST_TMPDIR" B="$BATS_TEST_TMPDIR/b"
    [ "$status" -ne 0 ]
    [[ "$output" == *"not an amalgamation"* ]]
    [ ! -e "$BATS_TEST_TMPDIR/b" ]
}

@test "info probes what 3.7.8 lacks instead of assuming from the version" {
    run "$SQLSOAK" info --sqlite-lib "$OLDLIB"
    [ "$status" -eq 0 ]
    [[ "$output" == *"version            3.7.8 (3007008)"* ]]
    [[ "$output" == *"default page size  1024"* ]]
    [[ "$output" == *"mmap_size          no"* ]]
    [[ "$output" == *"negative cache     no"* ]]
    [[ "$output" == *"default cache      2000 pages"* ]]
    [[ "$output" == *"synchronous=extra  no"* ]]
    [[ "$output" == *"wal"* ]]
}

@test "settings 3.7.8 silently changes are cells marked unsupported, the rest measured and verified" {
    out="$BATS_TEST_TMPDIR/run"
    run "$SQLSOAK" run --sqlite-lib "$OLDLIB",libsqlite3.so.0 --rows 4000 --chunk 1000 \
        --reads 500 --sync full,extra --cache-size default,-4000 --journal wal \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$out" --no-plot --progress never --verify
    [ "$status" -eq 0 ]
    python3 - "$out/summary.csv" <<'PY'
import csv, sys
rows = {(r["sqlite_version"], r["synchronous"], r["cache_size"]): r
        for r in csv.DictReader(open(sys.argv[1]))}
assert len(rows) == 8, rows.keys()
old_ok = rows[("3.7.8", "full", "default")]
assert old_ok["status"] == "ok" and old_ok["verify_failures"] == "0", old_ok
assert old_ok["sqlite_source_id"].startswith("2011-09-19"), old_ok
r = rows[("3.7.8", "extra", "default")]
assert r["status"] == "unsupported", r
assert "synchronous: requested extra, library set normal" in r["reason"], r
# a cache in KiB is given to 3.7.8, which knows only pages, as pages
r = rows[("3.7.8", "full", "-4000")]
assert r["status"] == "ok", r
for k, r in rows.items():
    if k[0] != "3.7.8":       # the system library's cells
        assert r["status"] == "ok", r
PY
}

@test "mmap_size on 3.7.8 is unsupported: the pragma does not exist there" {
    out="$BATS_TEST_TMPDIR/run"
    run "$SQLSOAK" run --sqlite-lib "$OLDLIB" --rows 2000 --chunk 1000 --mmap-size 1M \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$out" --no-plot --progress never
    [ "$status" -eq 0 ]
    python3 - "$out/summary.csv" <<'PY'
import csv, sys
(r,) = list(csv.DictReader(open(sys.argv[1])))
assert r["status"] == "unsupported", r
assert r["reason"] == "mmap_size: requested 1048576, library has no mmap_size", r
PY
}

@test "the power-loss simulator works on 3.7.8: WAL/FULL loses nothing, DELETE/FULL only what its unsynced unlink undoes, none corrupts" {
    out="$BATS_TEST_TMPDIR/crash"
    run "$SQLSOAK" crash --sqlite-lib "$OLDLIB" --journal delete,wal --sync normal,full \
        --trials 15 --rows 600 --chunk 100 --db-dir "$BATS_TEST_TMPDIR/db" --out "$out" --no-plot
    [ "$status" -eq 0 ]
    python3 - "$out/durability.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 4, rows
for r in rows:
    assert r["sqlite_version"] == "3.7.8" and r["status"] == "ok", r
    if r["synchronous"] == "full" and r["journal_mode"] == "wal":
        assert r["intact"] == r["trials"] == "15", r
    if r["synchronous"] == "full" and r["journal_mode"] == "delete":
        # the journal's unlink is the commit, and FULL does not sync the
        # directory after it: at most the last commit is lost
        assert int(r["lost_commits"]) == int(r["lost_trials"]), r
    assert r["corrupt"] == "0", r
PY
}

@test "--analyze on 3.7.8: optimize is unsupported (it compiles to nothing, as an unknown pragma), ANALYZE is measured" {
    out="$BATS_TEST_TMPDIR/run"
    run "$SQLSOAK" run --sqlite-lib "$OLDLIB" --rows 2000 --chunk 1000 --analyze optimize,full \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$out" --no-plot --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$out" <<'PY'
import csv, sys
rows = {r["analyze_mode"]: r for r in csv.DictReader(open(sys.argv[1] + "/summary.csv"))}
r = rows["optimize"]
assert r["status"] == "unsupported" and r["chunks"] == "0", r
assert r["reason"] == "analyze optimize: SQLite 3.7.8 does not know PRAGMA optimize (it compiles to nothing, as an unknown pragma does)", r
assert rows["full"]["status"] == "ok", rows["full"]
chunks = [c for c in csv.DictReader(open(sys.argv[1] + "/chunks.csv")) if c["analyze_mode"] == "full"]
assert len(chunks) == 2 and all(float(c["analyze_s"]) > 0 for c in chunks), chunks
PY
}
