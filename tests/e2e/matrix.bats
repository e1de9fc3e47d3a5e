#!/usr/bin/env bats
# The matrix: every combination a fresh database, each checked with the
# sqlite3 shell; repeats; a reproducible shuffle; --max-time; every preset
# at a tiny scale.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    scratch
}

field() {
    python3 - "$1" "$2" <<'EOF'
import csv, sys
for r in csv.DictReader(open(sys.argv[2], newline='')):
    print(r[sys.argv[1]])
EOF
}

@test "matrix: 3 page sizes x 3 journal modes, every kept database checked with sqlite3" {
    run "$S" run --rows 3000 --chunk 1000 --reads 200 --sync off --page-size 1k,8k,64k \
        --journal delete,wal,truncate --keep-db --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(field status "$OUT/summary.csv" | wc -l)" -eq 9 ]
    [ "$(field status "$OUT/summary.csv" | sort -u)" = ok ]
    [ "$(field rows "$OUT/summary.csv" | sort -u)" = 3000 ]
    [ "$(ls "$DB"/*.db | wc -l)" -eq 9 ]
    # each cell's database, found by its cell number, holds what was asked;
    # the shell sees WAL (persistent); delete and truncate are per
    # connection, so the shell sees its own default (delete) and the mode
    # the tool used is checked in run.json's read-back pragmas
    python3 - "$OUT" "$DB" <<'EOF'
import csv, glob, json, subprocess, sys
out, db = sys.argv[1], sys.argv[2]
cells = {c["cell"]: c for c in json.load(open(out + "/run.json"))["cells"]}
seen = set()
for r in csv.DictReader(open(out + "/summary.csv", newline="")):
    files = glob.glob(f"{db}/*-cell{r['cell']}-rep1.db")
    assert len(files) == 1, (r["cell"], files)
    q = lambda sql: subprocess.check_output(["sqlite3", files[0], sql], text=True).strip()
    assert q("PRAGMA page_size") == r["page_size"], (files[0], q("PRAGMA page_size"), r["page_size"])
    shell_jm = q("PRAGMA journal_mode")
    assert shell_jm == ("wal" if r["journal_mode"] == "wal" else "delete"), (files[0], shell_jm)
    assert q("SELECT count(*) FROM kv") == "3000"
    assert q("PRAGMA integrity_check") == "ok"
    actual = cells[int(r["cell"])]["actual"]
    assert actual["journal_mode"] == r["journal_mode"], actual
    assert actual["page_size"] == int(r["page_size"]), actual
    seen.add((r["page_size"], r["journal_mode"]))
assert len(seen) == 9, seen
EOF
}

@test "matrix: --repeat 2 gives 2 rows per cell, numbered 1 and 2" {
    run "$S" run --rows 2000 --chunk 1000 --reads 100 --sync off --journal delete,wal \
        --page-size 4k,8k --repeat 2 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(field cell "$OUT/summary.csv" | wc -l)" -eq 8 ]
    [ "$(field cell "$OUT/summary.csv" | sort | uniq -c | awk '{print $1}' | sort -u)" = 2 ]
    [ "$(field repeat "$OUT/summary.csv" | sort | uniq -c | awk '{print $1 ":" $2}' | tr '\n' ' ')" = "4:1 4:2 " ]
    # chunks.csv: 2 chunks per cell per repeat
    [ "$(field cell "$OUT/chunks.csv" | wc -l)" -eq 16 ]
    # interleaved: every combination once before any repeats
    [ "$(field repeat "$OUT/summary.csv" | head -4 | sort -u)" = 1 ]
}

# order SEED OUT: runs a 3x3 matrix with --shuffle and prints the cell
# column of summary.csv on one line.
order() {
    "$S" run --rows 1000 --chunk 1000 --reads 10 --sync off --page-size 1k,4k,16k \
        --journal delete,wal,truncate --shuffle --seed "$1" --db-dir "$T/db-$2" \
        --out "$T/$2" "${Q[@]}" >/dev/null
    field cell "$T/$2/summary.csv" | tr '\n' ' '
}

@test "matrix: --shuffle gives the same order for one seed, another for another" {
    a=$(order 11 a)
    b=$(order 11 b)
    c=$(order 12 c)
    echo "seed 11: $a / $b; seed 12: $c"
    [ "$a" = "$b" ]
    [ "$a" != "$c" ]
    [ "$a" != "1 2 3 4 5 6 7 8 9 " ]
    [ "$(echo $a | tr ' ' '\n' | sort -n | tr '\n' ' ')" = "1 2 3 4 5 6 7 8 9 " ]
    # chunks.csv follows the same order
    [ "$(field cell "$T/a/chunks.csv" | tr '\n' ' ')" = "$a" ]
}

@test "matrix: --max-time stops cleanly, cells not run are skipped, exit 0" {
    run "$S" run --rows 5M --chunk 50k --reads 1k --sync off --journal delete,wal,off \
        --interleave off --max-time 1s --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    # every cell has its row; at least one skipped; none failed
    [ "$(field status "$OUT/summary.csv" | wc -l)" -eq 3 ]
    field status "$OUT/summary.csv" | grep -qx skipped
    if field status "$OUT/summary.csv" | grep -qx failed; then return 1; fi
    [ "$(field rows "$OUT/summary.csv" | head -1)" -lt 5000000 ]
    python3 -m json.tool "$OUT/run.json" >/dev/null
    python3 - "$OUT/chunks.csv" <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline='')))
assert all(len(r) == len(rows[0]) for r in rows)
EOF
}

@test "matrix: --max-time leaves no database behind without --keep-db" {
    run "$S" run --rows 5M --chunk 50k --reads 1k --sync off --journal delete,wal \
        --max-time 1s --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    ls -la "$DB"
    [ -z "$(ls -A "$DB")" ]
}

@test "matrix: --on-error stop and the default continue both finish with a summary" {
    run "$S" run --rows 1000 --chunk 500 --reads 10 --sync off --journal delete,wal \
        --on-error stop --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(field status "$OUT/summary.csv" | sort -u)" = ok ]
}

@test "matrix: the plan is printed before the first cell, then the ranked tables" {
    run "$S" run --rows 1000 --chunk 500 --reads 10 --sync off --journal delete,wal \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == *"2 cells"* ]]
    [[ "$output" == *"by write rate"* ]]
    [[ "$output" == *"by read rate"* ]]
    [[ "$output" == *"$OUT"* ]]
}

# ---- presets at a tiny scale, explicit options shrinking them

# preset NAME ARGS...: runs the preset with ARGS; exit 0, every row ok (or
# warmup), the preset's own settings visible in summary.csv.
preset() {
    local name=$1
    shift
    run "$S" run --preset "$name" "$@" --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ -z "$(field status "$OUT/summary.csv" | grep -vx -e ok -e warmup)" ]
}

@test "preset 2014: 2014 shape, reads of the chunk just written" {
    preset 2014 --rows 2000 --chunk 1000 --sync off --probe off
    [ "$(field read_from "$OUT/summary.csv")" = chunk ]
    [ "$(field page_size "$OUT/summary.csv")" = 4096 ]
    [ "$(field journal_mode "$OUT/summary.csv")" = delete ]
    [ "$(field reads "$OUT/chunks.csv" | sort -u)" = 1000 ]
    python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))["options"]; assert o["preset"]=="2014" and o["rows"]==2000, o' "$OUT/run.json"
}

@test "preset txn: commit sizes, repeats and a warm-up" {
    preset txn --rows 256 --chunk 128 --sync off --repeat 2 --warmup 1
    # 4 commit sizes x (1 warm-up + 2 repeats)
    [ "$(field status "$OUT/summary.csv" | wc -l)" -eq 12 ]
    [ "$(field status "$OUT/summary.csv" | grep -cx warmup)" -eq 4 ]
    [ "$(field commit_every "$OUT/summary.csv" | sort -nu | tr '\n' ' ')" = "1 64 256 1024 " ]
}

@test "preset journal: delete, memory, wal x full, off" {
    preset journal --rows 2000 --chunk 1000 --commit-every 2000
    [ "$(field status "$OUT/summary.csv" | wc -l)" -eq 6 ]
    [ "$(field journal_mode "$OUT/summary.csv" | sort -u | tr '\n' ' ')" = "delete memory wal " ]
    [ "$(field synchronous "$OUT/summary.csv" | sort -u | tr '\n' ' ')" = "full off " ]
}

@test "preset uuid: random integer against text keys, rowid against WITHOUT ROWID" {
    preset uuid --rows 2000 --chunk 1000 --reads 100 --sync off
    [ "$(field status "$OUT/summary.csv" | wc -l)" -eq 4 ]
    [ "$(field key_type "$OUT/summary.csv" | sort -u | tr '\n' ' ')" = "int text " ]
    [ "$(field table_kind "$OUT/summary.csv" | sort -u | tr '\n' ' ')" = "rowid without-rowid " ]
    [ "$(field key_order "$OUT/summary.csv" | sort -u)" = random ]
}

# needs_option NAME: skips the test unless this build's run takes --NAME
# (the presets of the update and delete phases).
needs_option() {
    "$S" run --help | grep -q -- "--$1 " || skip "this build has no --$1"
}

@test "preset updates: page sizes 1k..64k, hot rows updated on a growing table" {
    needs_option updates
    preset updates --rows 2000 --chunk 1000 --reads 100 --updates 100 --sync off
    [ "$(field page_size "$OUT/summary.csv" | sort -n | tr '\n' ' ')" = "1024 2048 4096 8192 16384 32768 65536 " ]
    python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))["options"]; assert o["update-keys"] in ("hot:1000", ["hot:1000"]), o' "$OUT/run.json"
}

@test "preset churn: deletes of the oldest rows under each auto_vacuum mode" {
    needs_option deletes
    preset churn --rows 2000 --chunk 1000 --reads 100 --deletes 500 --sync off
    [ "$(field status "$OUT/summary.csv" | wc -l)" -eq 3 ]
    python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))["options"]; assert o["auto-vacuum"] == ["none", "full", "incremental"], o' "$OUT/run.json"
}

@test "preset pages: 1k..64k" {
    preset pages --rows 2000 --chunk 1000 --reads 100 --sync off
    [ "$(field page_size "$OUT/summary.csv" | sort -n | tr '\n' ' ')" = "1024 2048 4096 8192 16384 32768 65536 " ]
}

@test "preset quick: what make run runs" {
    preset quick --rows 2000 --chunk 1000 --reads 100 --sync off
    [ "$(field journal_mode "$OUT/summary.csv" | tr '\n' ' ')" = "delete wal " ]
}

@test "preset overnight: 2 page sizes x 2 journals x 2 syncs" {
    # --probe off: the preset's probe of the storage takes 30 s and is
    # probe.bats' to test
    preset overnight --rows 2000 --chunk 1000 --reads 100 --probe off
    [ "$(field status "$OUT/summary.csv" | wc -l)" -eq 8 ]
    python3 -c 'import json,sys; o=json.load(open(sys.argv[1]))["options"]; assert o["max-time"]==28800 and o["shuffle"] is True, o' "$OUT/run.json"
}

@test "preset readers: delete and wal x full and normal x 0, 1, 4 readers, past the page cache" {
    "$S" run --readers 0 --help >/dev/null 2>&1 || skip "this sqlsoak has no --readers yet"
    preset readers --rows 4000 --chunk 2000 --reads 100
    [ "$(field status "$OUT/summary.csv" | wc -l)" -eq 12 ]
    [ "$(field journal_mode "$OUT/summary.csv" | sort -u | tr '\n' ' ')" = "delete wal " ]
    [ "$(field synchronous "$OUT/summary.csv" | sort -u | tr '\n' ' ')" = "full normal " ]
    [ "$(field readers "$OUT/summary.csv" | sort -nu | tr '\n' ' ')" = "0 1 4 " ]
    [ "$(field cache_size "$OUT/summary.csv" | sort -u)" = -16384 ]
}

# ---- bad lists: exit 2, nothing created

badlist() {
    run --separate-stderr "$S" run --rows 1000 --chunk 500 "$@" --db-dir "$DB" --out "$OUT"
    echo "$stderr"
    [ "$status" -eq 2 ]
    [ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
    [ ! -e "$OUT" ]
    [ ! -e "$DB" ]
}

@test "bad list: unknown journal mode among good ones" {
    badlist --journal delete,wal,journal
    [[ "$stderr" == *"--journal"*"'journal'"* ]]
}

@test "bad list: page size 3000 among good ones" {
    badlist --page-size 1k,3000,4k
    [[ "$stderr" == *"--page-size"*3000* ]]
}

@test "bad list: an empty item" {
    badlist --sync full,,off
    [[ "$stderr" == *"--sync"* ]]
}

@test "bad list: a trailing comma" {
    badlist --commit-every 1,64,
    [[ "$stderr" == *"--commit-every"* ]]
}

@test "bad list: more cells than the plan allows" {
    badlist --commit-every 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32 \
        --value-size 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32 \
        --cache-size 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32 \
        --page-size 1k,2k,4k,8k
    [[ "$stderr" == *cells* ]]
}
