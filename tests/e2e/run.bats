#!/usr/bin/env bats
# sqlsoak run, end to end, on real files with the real SQLite: the database
# checked independently with the sqlite3 shell, chunks.csv and run.json
# parsed by Python, a corrupted value caught, every bad input refused with
# exit 2 and nothing created.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/runs

setup() {
    scratch
}


# Checks that FILE is valid RFC 4180 CSV whose every row has the header's
# field count; prints the number of data rows.
csv_rows() {
    python3 - "$1" <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
assert rows, "empty file"
n = len(rows[0])
for i, r in enumerate(rows):
    assert len(r) == n, f"row {i} has {len(r)} fields, header {n}"
print(len(rows) - 1)
EOF
}

@test "run: 200k rows in 50k chunks, the kept database checked with the sqlite3 shell" {
    run "$S" run --rows 200k --chunk 50k --reads 2k --keep-db --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    dbs=("$DB"/*.db)
    [ "${#dbs[@]}" -eq 1 ]
    [ -f "${dbs[0]}" ]
    [ "$(sqlite3 "${dbs[0]}" 'SELECT count(*) FROM kv')" = 200000 ]
    [ "$(sqlite3 "${dbs[0]}" 'SELECT min(k), max(k) FROM kv')" = "0|199999" ]
    [ "$(sqlite3 "${dbs[0]}" 'PRAGMA page_size')" = 4096 ]
    [ "$(sqlite3 "${dbs[0]}" 'PRAGMA journal_mode')" = delete ]
    [ "$(sqlite3 "${dbs[0]}" 'PRAGMA integrity_check')" = ok ]
    [ "$(sqlite3 "${dbs[0]}" 'SELECT count(*) FROM kv WHERE length(v) <> 16')" = 0 ]
    # no journal left behind
    [ ! -e "${dbs[0]}-journal" ]
    [ ! -e "${dbs[0]}-wal" ]
}

@test "run: chunks.csv has the header and one row per chunk, numbered and counted right" {
    run "$S" run --rows 200k --chunk 50k --reads 2k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(csv_rows "$OUT/chunks.csv")" -eq 4 ]
    [ "$(field chunk "$OUT/chunks.csv" | tr '\n' ' ')" = "0 1 2 3 " ]
    [ "$(field rows "$OUT/chunks.csv" | tr '\n' ' ')" = "50000 100000 150000 200000 " ]
    [ "$(field chunk_rows "$OUT/chunks.csv" | sort -u)" = 50000 ]
    [ "$(field reads "$OUT/chunks.csv" | sort -u)" = 2000 ]
    [ "$(field verify_failures "$OUT/chunks.csv" | sort -u)" = 0 ]
    want=$(sed -n 's/^#define CSV_SCHEMA_VERSION \([0-9]*\).*/\1/p' "$BATS_TEST_DIRNAME/../../src/results/csvschema.h")
    [ "$(field schema_version "$OUT/chunks.csv" | sort -u)" = "$want" ]
    python3 - "$OUT/chunks.csv" <<'EOF'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    for c in ("write_s", "commit_s", "write_rows_per_s", "read_s", "read_ops_per_s",
              "read_p50_us", "read_p90_us", "read_p99_us", "read_p999_us", "read_max_us"):
        assert float(r[c]) > 0, (c, r[c])
    p = [float(r[c]) for c in ("read_p50_us", "read_p90_us", "read_p99_us", "read_p999_us", "read_max_us")]
    assert p == sorted(p), p
    assert float(r["commit_s"]) <= float(r["write_s"])
    assert int(r["db_bytes"]) > 0
    assert int(r["rss_kib"]) > 0
    for c in ("wal_bytes", "journal_bytes", "io_write_bytes", "io_read_bytes"):
        int(r[c])
EOF
    # summary.csv: one ok cell with the totals
    [ "$(csv_rows "$OUT/summary.csv")" -eq 1 ]
    [ "$(field status "$OUT/summary.csv")" = ok ]
    [ "$(field rows "$OUT/summary.csv")" = 200000 ]
    [ "$(field chunks "$OUT/summary.csv")" = 4 ]
}

# snapshot: a copy of chunks.csv as a reader would take it while the run
# goes on, in $T/snap.csv: it ends with a whole line and parses.
snapshot() {
    cp "$OUT/chunks.csv" "$T/snap.csv"
    [ "$(tail -c1 "$T/snap.csv" | od -An -c | tr -d ' ')" = '\n' ]
    csv_rows "$T/snap.csv" >/dev/null
}

@test "run: chunks.csv is valid CSV after every chunk, while the run goes on" {
    # held between its second and third chunk (a state the test sees, at
    # any speed), the run's file is two whole rows that parse
    local A=(run --rows 600k --chunk 20k --reads 1k --db-dir "$DB" --out "$OUT" "${Q[@]}")
    SQLSOAK_TEST_HANG=1:between:1 start "${A[@]}"
    hook_pid >/dev/null
    wait_rows "$OUT/chunks.csv" 2
    snapshot
    [ "$(csv_rows "$T/snap.csv")" -eq 2 ]
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ]
    # and, left to go on, every copy taken in flight parses, however many
    # the machine's speed allows
    rm -rf "$OUT" "$DB"
    start "${A[@]}"
    while kill -0 "$PID" 2>/dev/null; do
        [ ! -s "$OUT/chunks.csv" ] || snapshot
        sleep 0.05
    done
    finish
    [ "$RC" -eq 0 ]
    [ "$(csv_rows "$OUT/chunks.csv")" -eq 30 ]
}

@test "run: run.json is valid JSON with everything issue 2 lists" {
    run "$S" run --rows 20k --chunk 10k --reads 1k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 -m json.tool "$OUT/run.json" >/dev/null
    python3 - "$OUT/run.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
def need(obj, *keys, where="run.json"):
    for k in keys:
        assert k in obj, f"{where} lacks {k}: {sorted(obj)}"
need(d, "tool", "version", "command_line", "options", "host", "storage", "libraries",
     "start_time", "end_time", "status", "cells")
assert d["status"] == "ok", d["status"]
assert "--rows" in d["command_line"] and "20k" in d["command_line"]
o = d["options"]
need(o, "rows", "chunk", "reads", "seed", "page-size", "journal", "sync", "value-size",
     "key-order", "db-dir", "out", where="options")
assert o["rows"] == 20000 and o["chunk"] == 10000
need(d["host"], "kernel", "cpu_model", "ram_bytes", where="host")
assert d["host"]["ram_bytes"] > 0
need(d["storage"], "fstype", "mount_options", "block_device", "model", "rotational",
     "free_bytes", where="storage")
assert d["storage"]["free_bytes"] > 0
lib = d["libraries"][0]
need(lib, "path", "version", "source_id", "compile_options", where="library")
assert lib["version"].startswith("3."), lib["version"]
assert len(lib["compile_options"]) > 0
c = d["cells"][0]
a = c["actual"]
need(a, "page_size", "journal_mode", "synchronous", "cache_size", where="actual pragmas")
assert a["page_size"] == 4096 and a["journal_mode"] == "delete", a
assert c["status"] == "ok" and c["rows"] == 20000
EOF
}

@test "run: the database is deleted once measured, without --keep-db" {
    run "$S" run --rows 20k --chunk 10k --reads 1k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ -d "$DB" ]
    [ -z "$(ls -A "$DB")" ]
}

@test "run: rows not a multiple of the chunk: the last partial chunk is recorded" {
    run "$S" run --rows 1000 --chunk 300 --reads 100 --keep-db --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(csv_rows "$OUT/chunks.csv")" -eq 4 ]
    [ "$(field chunk_rows "$OUT/chunks.csv" | tr '\n' ' ')" = "300 300 300 100 " ]
    [ "$(field rows "$OUT/chunks.csv" | tr '\n' ' ')" = "300 600 900 1000 " ]
    [ "$(field rows "$OUT/summary.csv")" = 1000 ]
    [ "$(field status "$OUT/summary.csv")" = ok ]
    [ "$(sqlite3 "$DB"/*.db 'SELECT count(*) FROM kv')" = 1000 ]
}

@test "run: random keys: every key unique and non-negative in the kept database" {
    run "$S" run --rows 50k --chunk 25k --reads 1k --key-order random --value-size 100 \
        --keep-db --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(sqlite3 "$DB"/*.db 'SELECT count(*), count(DISTINCT k), min(k) >= 0, sum(length(v) = 100) FROM kv')" = "50000|50000|1|50000" ]
    # not the row numbers
    [ "$(sqlite3 "$DB"/*.db 'SELECT count(*) FROM kv WHERE k < 50000')" -lt 10 ]
}

@test "run: same seed, same values; another seed, other values" {
    "$S" run --rows 2000 --chunk 1000 --reads 10 --keep-db --db-dir "$T/a" --out "$T/oa" "${Q[@]}" >/dev/null
    "$S" run --rows 2000 --chunk 1000 --reads 10 --keep-db --db-dir "$T/b" --out "$T/ob" "${Q[@]}" >/dev/null
    "$S" run --rows 2000 --chunk 1000 --reads 10 --seed 7 --keep-db --db-dir "$T/c" --out "$T/oc" "${Q[@]}" >/dev/null
    ha=$(sqlite3 "$T"/a/*.db 'SELECT hex(v) FROM kv ORDER BY k' | md5sum)
    hb=$(sqlite3 "$T"/b/*.db 'SELECT hex(v) FROM kv ORDER BY k' | md5sum)
    hc=$(sqlite3 "$T"/c/*.db 'SELECT hex(v) FROM kv ORDER BY k' | md5sum)
    [ "$ha" = "$hb" ]
    [ "$ha" != "$hc" ]
}

# ---- a corrupted value is caught (test hook SQLSOAK_TEST_CORRUPT_ROW=N:
# ---- the stored value of row N is overwritten after its chunk is written)

@test "corrupt: a wrong value read back is counted in verify_failures and gives exit 1" {
    SQLSOAK_TEST_CORRUPT_ROW=700 run "$S" run --rows 1000 --chunk 500 --reads 20k \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 1 ]
    # chunk 0 (rows 0..499) is clean; chunk 1 holds row 700 and reads hit it
    [ "$(field verify_failures "$OUT/chunks.csv" | head -1)" = 0 ]
    [ "$(field verify_failures "$OUT/chunks.csv" | tail -1)" -gt 0 ]
    [ "$(field status "$OUT/summary.csv")" = verify_failed ]
    [ "$(field verify_failures "$OUT/summary.csv")" -gt 0 ]
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["status"]=="failed", d["status"]; assert d["cells"][0]["status"]=="verify_failed"' "$OUT/run.json"
}

@test "corrupt: random key order, a corrupted row is caught too" {
    SQLSOAK_TEST_CORRUPT_ROW=3 run "$S" run --rows 100 --chunk 100 --reads 5k --key-order random \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 1 ]
    [ "$(field verify_failures "$OUT/summary.csv")" -gt 0 ]
}

@test "corrupt: without reads, --verify's full scan catches it" {
    SQLSOAK_TEST_CORRUPT_ROW=1234 run "$S" run --rows 5000 --chunk 1000 --reads 0 --verify \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 1 ]
    [ "$(field verify_failures "$OUT/summary.csv")" -eq 1 ]
    [ "$(field status "$OUT/summary.csv")" = verify_failed ]
}

@test "corrupt: the hook unset, the same run verifies clean" {
    run "$S" run --rows 5000 --chunk 1000 --reads 5k --verify --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(field verify_failures "$OUT/summary.csv")" -eq 0 ]
    [ "$(field status "$OUT/summary.csv")" = ok ]
}

# ---- bad input: exit 2, one line on stderr naming the problem, nothing created

# bad PATTERN ARGS...: runs sqlsoak with ARGS (and --out/--db-dir under T
# unless given), expects exit 2, a single stderr line matching PATTERN, no
# stdout, and neither folder created.
bad() {
    local pattern=$1
    shift
    run --separate-stderr "$S" "$@"
    echo "status=$status stderr=$stderr stdout=$output"
    [ "$status" -eq 2 ]
    [ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
    [[ "$stderr" == *$pattern* ]]
    [ -z "$output" ]
    [ ! -e "$OUT" ]
    [ ! -e "$DB" ]
}

R=(--rows 1000 --chunk 500)

@test "bad input: unknown subcommand" {
    bad "'bogus'" bogus --out "$OUT" --db-dir "$DB"
}

@test "bad input: no subcommand at all" {
    run "$S"
    [ "$status" -eq 2 ]
}

@test "bad input: unknown option" {
    bad "--bogus" run --bogus --out "$OUT" --db-dir "$DB"
}

@test "bad input: a stray argument" {
    bad "stray" run stray --out "$OUT" --db-dir "$DB"
}

@test "bad input: an option without its value" {
    bad "--rows" run --out "$OUT" --db-dir "$DB" --rows
}

@test "bad input: non-numeric rows" {
    bad "--rows" run --rows lots --chunk 10 --out "$OUT" --db-dir "$DB"
}

@test "bad input: negative rows" {
    bad "--rows" run --rows -1000 --chunk 10 --out "$OUT" --db-dir "$DB"
}

@test "bad input: zero rows" {
    bad "--rows" run --rows 0 --chunk 10 --out "$OUT" --db-dir "$DB"
}

@test "bad input: zero chunk" {
    bad "--chunk" run --rows 1000 --chunk 0 --out "$OUT" --db-dir "$DB"
}

@test "bad input: rows that are not a whole number" {
    # 1.5M is 1500000 rows; 1.2345k would be 1234.5
    bad "--rows" run --rows 1.2345k --chunk 10 --out "$OUT" --db-dir "$DB"
}

@test "bad input: negative value size" {
    bad "--value-size" run "${R[@]}" --value-size -1 --out "$OUT" --db-dir "$DB"
}

@test "bad input: an option without its value does not swallow the next option" {
    bad "--rows needs a value" run --rows --out "$OUT" --db-dir "$DB"
}

@test "bad input: an ambiguous duration (1h30) is refused, not guessed" {
    bad "--max-time" run "${R[@]}" --max-time 1h30 --out "$OUT" --db-dir "$DB"
}

@test "a run without reads leaves every read figure empty, read_s included" {
    run "$S" run --rows 2000 --chunk 1000 --reads 0 --out "$OUT" --db-dir "$DB" \
        --no-plot --progress never
    [ "$status" -eq 0 ]
    python3 - "$OUT/chunks.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    assert r["reads"] == "0", r
    for c in ("read_s", "read_ops_per_s", "read_p50_us", "read_max_us"):
        assert r[c] == "", (c, r[c])
PY
}

@test "bad input: chunk larger than rows" {
    bad "--chunk" run --rows 1000 --chunk 2000 --out "$OUT" --db-dir "$DB"
}

@test "bad input: value size above 1 MiB" {
    bad "--value-size" run "${R[@]}" --value-size 1025k --out "$OUT" --db-dir "$DB"
}

@test "bad input: page size 3000" {
    bad "--page-size" run "${R[@]}" --page-size 3000 --out "$OUT" --db-dir "$DB"
}

@test "bad input: unknown journal mode" {
    bad "--journal" run "${R[@]}" --journal delete,wal2 --out "$OUT" --db-dir "$DB"
}

@test "bad input: empty list item" {
    bad "--page-size" run "${R[@]}" --page-size 4k,,8k --out "$OUT" --db-dir "$DB"
}

@test "bad input: a value listed twice" {
    bad "--journal" run "${R[@]}" --journal wal,wal --out "$OUT" --db-dir "$DB"
}

@test "bad input: unknown preset" {
    bad "--preset" run --preset nightly --out "$OUT" --db-dir "$DB"
}

@test "bad input: --out under a regular file (fails for root too)" {
    OUT=/etc/passwd/sqlsoak-out
    bad "--out" run "${R[@]}" --out "$OUT" --db-dir "$DB"
}

@test "bad input: --db-dir under a regular file (fails for root too)" {
    touch "$T/file"
    DB=$T/file/db
    bad "--db-dir" run "${R[@]}" --out "$OUT" --db-dir "$DB"
}

@test "bad input: --db-dir on a read-only filesystem (fails for root too)" {
    [ -d /proc/sys ] || skip "no /proc"
    DB=/proc/sys/sqlsoak-db
    bad "--db-dir" run "${R[@]}" --out "$OUT" --db-dir "$DB"
}

@test "bad input: an --out that already holds results is not touched" {
    mkdir -p "$OUT"
    echo precious > "$OUT/chunks.csv"
    run --separate-stderr "$S" run "${R[@]}" --out "$OUT" --db-dir "$DB" "${Q[@]}"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *--out* ]]
    [ "$(cat "$OUT/chunks.csv")" = precious ]
    [ "$(ls -A "$OUT")" = chunks.csv ]
    [ ! -e "$DB" ]
}

@test "bad input: --db-dir without room for the estimated database" {
    bad "--db-dir" run "${R[@]}" --min-free 1000T --out "$OUT" --db-dir "$DB"
}

@test "bad input: a database estimate larger than the disk" {
    bad "--db-dir" run --rows 1000T --chunk 1M --out "$OUT" --db-dir "$DB"
}

@test "bad input: a missing SQLite library" {
    bad "$T/nope/libsqlite3.so" run "${R[@]}" --sqlite-lib "$T/nope/libsqlite3.so" --out "$OUT" --db-dir "$DB"
}

# ---- help and version

@test "help: --help lists every option with its default, and says how sizes are written" {
    run "$S" run --help
    [ "$status" -eq 0 ]
    for o in rows chunk reads read-from seed sqlite-lib page-size journal sync commit-every \
             cache-size mmap-size key-order value-size repeat shuffle max-time db-dir out \
             keep-db min-free progress preset; do
        [[ "$output" == *"--$o"* ]] || { echo "missing --$o"; false; }
    done
    [[ "$output" == *"default: 100M"* ]]
    [[ "$output" == *"4KiB"* ]]
    [[ "$output" == *"100,000,000"* ]]
    run "$S" --version
    [ "$status" -eq 0 ]
    [[ "$output" == "sqlsoak "* ]]
}
