#!/usr/bin/env bats
# Table shapes and skewed reads: --key-type, --table, --index and
# --read-dist.  Every shape is written, read and verified; each cell's
# schema is in run.json and is the table the database holds; text keys are
# the permutation's, unique and in its order in the file; a WITHOUT ROWID
# table has no rowid; --index value exists and a query by value uses it.
# The databases are read back with the sqlite3 shell.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    scratch
}

load helpers/runs

teardown() {
    runs_teardown
}

# db N: the kept database of cell N.
db() {
    ls "$T"/db/*-cell"$1"-rep1.db
}

# shapes_run: the eight shapes, random keys, verified, databases kept.
shapes_run() {
    run "$S" run --rows 6000 --chunk 2000 --reads 1500 --key-order random \
        --key-type int,text --table rowid,without-rowid --index none,value --verify --keep-db \
        --db-dir "$T/db" --out "$T/out" --no-plot --progress never
    echo "$output"
    [ "$status" -eq 0 ]
}

@test "shapes: every key type x table x index is written, read and verified; run.json holds each cell's schema, the database's own" {
    shapes_run
    python3 - "$T/out" <<'PY'
import csv, json, sys
out = sys.argv[1]
summary = list(csv.DictReader(open(out + "/summary.csv", newline="")))
assert len(summary) == 8, summary
assert {(r["key_type"], r["table_kind"], r["secondary_index"]) for r in summary} == {
    (k, t, i) for k in ("int", "text") for t in ("rowid", "without-rowid") for i in ("none", "value")}
for r in summary:
    assert r["status"] == "ok" and r["verify_failures"] == "0", r
    assert r["rows"] == "6000" and float(r["read_ops_per_s_median"]) > 0, r
run = json.load(open(out + "/run.json"))
assert run["options"]["key-type"] == ["int", "text"], run["options"]
for c in run["cells"]:
    req = c["requested"]
    want = "CREATE TABLE kv(k %s PRIMARY KEY, v BLOB NOT NULL)%s%s" % (
        "TEXT" if req["key_type"] == "text" else "INTEGER",
        " WITHOUT ROWID" if req["table_kind"] == "without-rowid" else "",
        "; CREATE INDEX kv_v ON kv(v)" if req["secondary_index"] == "value" else "")
    assert c["schema"] == want, (c["schema"], want)
    print(c["cell"], c["schema"])
PY
    # the schema recorded is the one the database holds (sqlite_master:
    # older shells know no sqlite_schema)
    for n in 1 2 3 4 5 6 7 8; do
        recorded=$(python3 -c 'import json,sys; print([c["schema"] for c in json.load(open(sys.argv[1]))["cells"] if c["cell"] == int(sys.argv[2])][0])' "$T/out/run.json" "$n")
        held=$(sqlite3 "$(db "$n")" "SELECT group_concat(sql, '; ') FROM (SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type DESC)")
        echo "cell $n: $held"
        [ "$held" = "$recorded" ]
    done
}

@test "shapes: text keys are the permutation's, unique, in its order in the file; a WITHOUT ROWID table has no rowid" {
    shapes_run
    # cell 7 is text keys in a WITHOUT ROWID table, cell 5 in a rowid table
    # (int,text x rowid,without-rowid x none,value, the last varying fastest)
    sql=$(sqlite3 "$(db 7)" "SELECT sql FROM sqlite_master WHERE name = 'kv'")
    [ "$sql" = "CREATE TABLE kv(k TEXT PRIMARY KEY, v BLOB NOT NULL) WITHOUT ROWID" ]
    run sqlite3 "$(db 7)" "SELECT rowid FROM kv LIMIT 1"
    [ "$status" -ne 0 ]
    [[ "$output" == *"no such column: rowid"* ]]
    # the rowid table has one, beside the text key
    [ "$(sqlite3 "$(db 5)" "SELECT count(rowid) FROM kv")" = 6000 ]
    sqlite3 "$(db 7)" "SELECT k FROM kv" > "$T/file-order.txt"      # the B-tree's order
    sqlite3 "$(db 5)" "SELECT k FROM kv ORDER BY rowid" > "$T/insert-order.txt"
    python3 - "$T" <<'PY'
import sys
T = sys.argv[1]
M63, M64 = (1 << 63) - 1, (1 << 64) - 1
def mix64(z):                       # rng.h's SplitMix64 finaliser
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M64
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M64
    return z ^ (z >> 31)
def permute63(x, k):                # kvgen.c's permutation of the row index
    x ^= k
    x = (x * 0xbf58476d1ce4e5b9) & M63; x ^= x >> 31
    x = (x * 0x94d049bb133111eb) & M63; x ^= x >> 29
    x = (x * 0xd6e8feb86659fd93) & M63; x ^= x >> 32
    return x
def text(key):                      # the key's hex, then a mix of it: 8-4-4-4-12
    h = "%016x%016x" % (key, mix64(key ^ 0x7e47c0de7e47c0de))
    return "-".join((h[0:8], h[8:12], h[12:16], h[16:20], h[20:32]))
xor = mix64(42 ^ 0x5eed5eed5eed5eed) & M63          # --seed 42
want = [text(permute63(i, xor)) for i in range(6000)]
inserted = open(T + "/insert-order.txt").read().split()
in_file = open(T + "/file-order.txt").read().split()
assert inserted == want, "the rows are not the permutation's, in insert order"
assert len(set(in_file)) == 6000 and all(len(k) == 36 for k in in_file)
assert in_file == sorted(want), "the file does not hold the keys in their order"
assert in_file != inserted          # random keys: the file's order is not the insert order
PY
}

@test "shapes: --index value is in the schema and a query by value uses it (EXPLAIN QUERY PLAN)" {
    run "$S" run --rows 4000 --chunk 2000 --reads 1000 --index value --key-type int,text \
        --verify --keep-db --db-dir "$T/db" --out "$T/out" --no-plot --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    for n in 1 2; do
        [ "$(sqlite3 "$(db "$n")" "SELECT type || ' ' || name || ' ' || tbl_name FROM sqlite_master WHERE name = 'kv_v'")" = "index kv_v kv" ]
        plan=$(sqlite3 "$(db "$n")" "EXPLAIN QUERY PLAN SELECT k FROM kv WHERE v = x'00'")
        echo "cell $n: $plan"
        [[ "$plan" == *"INDEX kv_v (v=?)"* ]]
        # every row is in the index
        [ "$(sqlite3 "$(db "$n")" "SELECT count(*) FROM kv INDEXED BY kv_v WHERE v IS NOT NULL")" = 4000 ]
    done
}

@test "read-dist: zipf, latest and hot reads are measured and verified, for integer and text keys" {
    run "$S" run --rows 6000 --chunk 2000 --reads 2000 --read-dist uniform,zipf:0.99,latest,hot:90 \
        --key-type int,text --key-order random --verify --db-dir "$T/db" --out "$T/out" \
        --no-plot --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"read_dist     best "* ]]
    python3 - "$T/out" <<'PY'
import csv, json, sys
out = sys.argv[1]
summary = list(csv.DictReader(open(out + "/summary.csv", newline="")))
assert sorted({r["read_dist"] for r in summary}) == ["hot:90", "latest", "uniform", "zipf:0.99"]
for r in summary:
    assert r["status"] == "ok" and r["verify_failures"] == "0", r
chunks = list(csv.DictReader(open(out + "/chunks.csv", newline="")))
assert len(chunks) == 8 * 3 and all(c["reads"] == "2000" for c in chunks)
run = json.load(open(out + "/run.json"))
assert run["options"]["read-dist"] == ["uniform", "zipf:0.99", "latest", "hot:90"], run["options"]
assert {c["requested"]["read_dist"] for c in run["cells"]} == set(run["options"]["read-dist"])
PY
}

@test "read-dist and shapes: a bad value is refused with one line, nothing created" {
    run "$S" run --read-dist zipf:1.5 --db-dir "$T/db" --out "$T/out"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --read-dist: 'zipf:1.5': zipf:S takes S between 0 and 1 (both excluded), at most three decimals (zipf:0.99)" ]
    run "$S" run --read-dist pareto --db-dir "$T/db" --out "$T/out"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --read-dist: 'pareto' is not one of uniform, zipf:S, latest, hot:P" ]
    run "$S" run --table clustered --db-dir "$T/db" --out "$T/out"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --table: 'clustered' is not one of rowid, without-rowid" ]
    run "$S" run --key-type uuid --db-dir "$T/db" --out "$T/out"
    [ "$status" -eq 2 ]
    [ ! -e "$T/out" ]
    [ ! -e "$T/db" ]
}

@test "shapes: a library older than WITHOUT ROWID records that cell unsupported, the others measured" {
    [ -n "${SQLITE_AMALGAMATION:-}" ] || skip "SQLITE_AMALGAMATION is not set (.ci/amalgamation fetches one)"
    load helpers/sqlitelib
    lib=$(sqlite_lib -O0)
    run "$S" run --rows 4000 --chunk 2000 --reads 1000 --sqlite-lib "$lib" --key-type int,text \
        --table rowid,without-rowid --verify --db-dir "$T/db" --out "$T/out" --no-plot --progress never
    echo "$output"
    [ "$status" -eq 0 ]      # unsupported is recorded, not a failure (see README)
    python3 - "$T/out" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1] + "/summary.csv")))
assert len(rows) == 4, rows
for r in rows:
    if r["table_kind"] == "rowid":
        assert r["status"] == "ok" and r["verify_failures"] == "0", r
    else:
        assert r["status"] == "unsupported", r
        assert r["reason"].startswith("table: requested without-rowid, library answered: "), r
        assert "WITHOUT" in r["reason"] and r["chunks"] == "0", r
PY
}

# hook_pid: the pid the test hook printed on $T/stderr (waits for it).
hook_pid() {
    local i p
    for ((i = 0; i < 3000; i++)); do
        p=$(sed -n 's/^sqlsoak test hook: .*(pid \([0-9]*\))$/\1/p' "$T/stderr" 2>/dev/null)
        [ -n "$p" ] && { echo "$p"; return 0; }
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.01
    done
    echo "the hook was not reached" >&2
    return 1
}

@test "shapes: text keys in a WITHOUT ROWID table resume after kill -9: the unrecorded chunk's rows are taken out, --verify passes" {
    runs_setup
    # killed once chunk 1 is committed, before its row reaches chunks.csv
    SQLSOAK_TEST_HANG=1:record:1 start run --rows 3000 --chunk 1000 --reads 100 \
        --key-type text --table without-rowid --key-order random --verify \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    hung=$(hook_pid)
    kill -9 "$PID" "$hung"
    finish
    [ "$(data_rows "$OUT/chunks.csv")" -eq 1 ]
    [ "$(sqlite3 "$(one_db)" 'SELECT count(*) FROM kv')" -eq 2000 ]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(field status "$OUT/summary.csv")" = ok ]
    [ "$(field verify_failures "$OUT/summary.csv")" = 0 ]
    [ "$(field rows "$OUT/summary.csv")" = 3000 ]
    [ "$(field chunk "$OUT/chunks.csv" | tr '\n' ' ')" = "0 1 2 " ]
}

@test "shapes: a wrong value under a text key is caught by the reads and by --verify" {
    runs_setup
    SQLSOAK_TEST_CORRUPT_ROW=1500 run "$S" run --rows 3000 --chunk 1000 --reads chunk \
        --read-from chunk --key-type text --verify --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 1 ]
    [ "$(field status "$OUT/summary.csv")" = verify_failed ]
    # read once by chunk 1's reads (each row of the chunk, drawn uniformly: at
    # least once is near certain but not sure, so only --verify's count is exact)
    [ "$(field verify_failures "$OUT/chunks.csv" | sed -n 1p)" = 0 ]
    python3 - "$OUT" <<'PY'
import csv, sys
s = list(csv.DictReader(open(sys.argv[1] + "/summary.csv")))[0]
c = list(csv.DictReader(open(sys.argv[1] + "/chunks.csv")))
reads = sum(int(r["verify_failures"]) for r in c)
assert int(s["verify_failures"]) == reads + 1, (s["verify_failures"], reads)   # + --verify's
PY
}
