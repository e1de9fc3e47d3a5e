#!/usr/bin/env bats
# updates.bats: the update phase (--updates, --update-keys): rows rewritten
# by the schedule, every value read afterwards checked against the
# generation the schedule gives its row, by the reads and by --verify; a
# stale value caught; a resume after SIGINT in the update phase carrying
# on the schedule exactly.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/runs
load helpers/schedule

setup() {
    runs_setup
    W=(--rows 2000 --chunk 500 --reads 300 --min-free 0)
}

teardown() {
    runs_teardown
}

# differing A.db B.db: the keys whose values differ between two databases.
differing() {
    sqlite3 "$1" "ATTACH '$2' AS b; SELECT count(*) FROM kv JOIN b.kv AS o USING(k) WHERE kv.v != o.v"
}

@test "updates: hot and uniform keys rewrite rows, and --verify checks every row against the schedule" {
    run "$S" run "${W[@]}" --updates 0 --key-order random --keep-db --db-dir "$T/db0" \
        --out "$T/o0" "${Q[@]}"
    [ "$status" -eq 0 ]
    base=$(ls "$T"/db0/*.db)
    for keys in hot:7 uniform; do
        run "$S" run "${W[@]}" --updates 100 --update-keys "$keys" --key-order random --verify \
            --keep-db --db-dir "$T/db-$keys" --out "$T/o-$keys" "${Q[@]}"
        echo "$output"
        [ "$status" -eq 0 ]
        [ "$(field status "$T/o-$keys/summary.csv")" = ok ]
        [ "$(field verify_failures "$T/o-$keys/summary.csv")" = 0 ]
        [ -n "$(field verify_s "$T/o-$keys/summary.csv")" ]
        [ "$(field updates "$T/o-$keys/chunks.csv" | sort -u)" = 100 ]
        [ "$(field updates_per_chunk "$T/o-$keys/chunks.csv" | sort -u)" = 100 ]
        [ "$(field verify_failures "$T/o-$keys/chunks.csv" | sort -u)" = 0 ]
        python3 - "$T/o-$keys" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1] + "/chunks.csv")):
    assert float(r["update_s"]) > 0 and float(r["update_rows_per_s"]) > 0, r
    assert 0 < float(r["update_p50_us"]) <= float(r["update_p99_us"]) <= float(r["update_max_us"]), r
s = list(csv.DictReader(open(sys.argv[1] + "/summary.csv")))[0]
assert float(s["update_rows_per_s_min"]) <= float(s["update_rows_per_s_median"]) <= float(s["update_rows_per_s_max"]), s
PY
        n=$(differing "$(ls "$T/db-$keys"/*.db)" "$base")
        echo "$keys: $n rows rewritten"
        case $keys in
            hot:7) [ "$n" -eq 7 ] ;;                       # the 7 hot rows, none else
            uniform) [ "$n" -gt 100 ] && [ "$n" -le 400 ] ;;   # 4 blocks of 100, scattered
        esac
    done
    # timeline.csv has the update phase's intervals: its updates counted, the slowest timed
    python3 - "$T/o-uniform/timeline.csv" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["phase"] == "update"]
assert sorted({r["chunk"] for r in rows}) == ["0", "1", "2", "3"], rows
assert sum(int(r["ops"]) for r in rows) == 400, rows
assert all(float(r["read_max_us"]) > 0 for r in rows if int(r["ops"]) > 0), rows
PY
}

@test "updates: a stale value is caught by the reads, and by --verify" {
    # row 3 is hot: updated every chunk, then set back to its previous generation
    SQLSOAK_TEST_STALE_ROW=3 run "$S" run --rows 20 --chunk 10 --reads 1000 --updates 5 \
        --update-keys hot:5 --db-dir "$DB" --out "$T/reads" "${Q[@]}"
    [ "$status" -eq 1 ]
    [ "$(field status "$T/reads/summary.csv")" = verify_failed ]
    for f in $(field verify_failures "$T/reads/chunks.csv"); do [ "$f" -gt 0 ]; done
    SQLSOAK_TEST_STALE_ROW=3 run "$S" run --rows 20 --chunk 10 --reads 0 --updates 5 \
        --update-keys hot:5 --verify --db-dir "$DB" --out "$T/verify" "${Q[@]}"
    [ "$status" -eq 1 ]
    [ "$(field verify_failures "$T/verify/chunks.csv" | sort -u)" = 0 ]
    [ "$(field verify_failures "$T/verify/summary.csv")" = 1 ]
    # without the hook the same runs pass
    run "$S" run --rows 20 --chunk 10 --reads 1000 --updates 5 --update-keys hot:5 --verify \
        --db-dir "$DB" --out "$T/clean" "${Q[@]}"
    [ "$status" -eq 0 ]
}

@test "updates: SIGINT in the update phase, then resume, carries on the schedule exactly and --verify passes" {
    # hot:7, not the default: resume takes --update-keys from the folder
    interrupt_resume update "${W[@]}" --updates 100 --update-keys hot:7 --key-order random \
        --commit-every 30 --keep-db
}

@test "updates: more than a chunk's rows under uniform, or more hot rows than a chunk, or a bad word: one line, exit 2, nothing created" {
    run "$S" run --rows 2000 --chunk 500 --updates 600 --db-dir "$DB" --out "$OUT"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --updates 600 is larger than --chunk 500: --update-keys uniform rewrites a row at most once a chunk" ]
    run "$S" run --rows 2000 --chunk 500 --updates 600 --update-keys hot:501 --db-dir "$DB" --out "$OUT"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --update-keys hot:501: more hot rows than --chunk 500" ]
    run "$S" run --rows 2000 --chunk 500 --updates 6 --update-keys hot --db-dir "$DB" --out "$OUT"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --update-keys: 'hot' is neither uniform nor hot:K (K >= 1 rows, e.g. hot:1k)" ]
    [ ! -e "$OUT" ] && [ ! -e "$DB" ]
}

@test "hook_pid: a stderr file the background shell has not made yet is waited for, not an error" {
    sleep 0 & PID=$!
    wait "$PID"
    # no $T/stderr, the process gone: the hook was not reached; under set -e,
    # as a test's own commands run
    set +e
    (set -e; hook_pid 2>"$T/said")
    rc=$?
    set -e
    [ "$rc" -eq 1 ]
    [ "$(cat "$T/said")" = "the hook was not reached" ]
    PID=
}
