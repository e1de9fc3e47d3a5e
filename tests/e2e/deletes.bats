#!/usr/bin/env bats
# deletes.bats: the delete phase (--deletes, --delete-keys): the rows the
# schedule deletes are gone, and every read and --verify expects them so;
# a deleted row found again is caught; --auto-vacuum and freelist_count; a
# resume after SIGINT in the delete phase, or kill -9 in any phase,
# carrying on the schedule exactly.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/runs
load helpers/schedule

setup() {
    runs_setup
    W=(--rows 4000 --chunk 1000 --reads 2000 --min-free 0)
}

teardown() {
    runs_teardown
}

# keys DB: the table's keys, one per line, in order.
keys() {
    sqlite3 "$1" 'SELECT k FROM kv ORDER BY k'
}

@test "deletes: the deleted keys are absent, the reads expect them so, and --verify passes" {
    for dk in oldest uniform; do
        run "$S" run "${W[@]}" --deletes 300 --delete-keys "$dk" --updates 50 --verify --keep-db \
            --db-dir "$T/db-$dk" --out "$T/o-$dk" "${Q[@]}"
        echo "$output"
        [ "$status" -eq 0 ]
        # ok, verified; 300 deletes asked of each chunk, 4000 rows inserted;
        # in each chunk: write, update, delete, read (timeline.csv's starts);
        # the rows deleted, printed
        deleted=$(python3 - "$T/o-$dk" <<'PY'
import csv, sys
rows = lambda f: list(csv.DictReader(open(sys.argv[1] + "/" + f, newline="")))
s, = rows("summary.csv")
assert (s["status"], s["verify_failures"]) == ("ok", "0"), s
chunks = rows("chunks.csv")
assert {r["deletes_per_chunk"] for r in chunks} == {"300"}, chunks
assert chunks[-1]["rows"] == "4000", chunks[-1]
first = {}
for r in rows("timeline.csv"):
    first.setdefault((r["chunk"], r["phase"]), float(r["start_unix_s"]))
for c in "0123":
    t = [first[c, p] for p in ("write", "update", "delete", "read")]
    assert t == sorted(t), (c, t)
print(sum(int(r["deletes"]) for r in chunks))
PY
)
        db=$(ls "$T/db-$dk"/*.db)
        [ "$(sqlite3 "$db" 'SELECT count(*) FROM kv')" -eq $((4000 - deleted)) ]
        case $dk in
            oldest)   # a retention window: the first 4 x 300 keys gone, the rest there
                [ "$deleted" -eq 1200 ]
                [ "$(keys "$db" | head -n 1)" = 1200 ] && [ "$(keys "$db" | tail -n 1)" = 3999 ] ;;
            uniform)  # scattered blocks; one may overlap an earlier one
                [ "$deleted" -gt 300 ] && [ "$deleted" -le 1200 ]
                [ "$(keys "$db" | head -n 1)" != 1200 ] ;;
        esac
    done
}

@test "deletes: uniform updates beside uniform deletes rewrite as many rows as asked, each one still there, and --verify passes" {
    run "$S" run --rows 20k --chunk 2k --reads 500 --updates 1500 --deletes 1000 \
        --delete-keys uniform --verify --db-dir "$T/db" --out "$T/o" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    # no verify failure (robust_check's final), and the deletes leave holes
    # anywhere: every chunk's block steps over them to its 1500 updates
    python3 "$BATS_TEST_DIRNAME/helpers/robust_check.py" soak "$T/o" 20000 2000
    python3 -c 'import csv, sys
u = {r["updates"] for r in csv.DictReader(open(sys.argv[1], newline=""))}
assert u == {"1500"}, u' "$T/o/chunks.csv"
}

@test "deletes: a deleted row found again is caught, by the reads (uniform) and by --verify" {
    # row 3 deleted by its chunk, then put back with its last value
    SQLSOAK_TEST_STALE_ROW=3 run "$S" run --rows 20 --chunk 10 --reads 1000 --deletes 5 \
        --delete-keys uniform --db-dir "$DB" --out "$T/reads" "${Q[@]}"
    [ "$status" -eq 1 ]
    # under oldest the reads draw from the window the deletes keep: row 3 is never read
    SQLSOAK_TEST_STALE_ROW=3 run "$S" run --rows 20 --chunk 10 --reads 1000 --deletes 5 \
        --db-dir "$DB" --out "$T/window" "${Q[@]}"
    [ "$status" -eq 0 ]
    for dk in oldest uniform; do
        SQLSOAK_TEST_STALE_ROW=3 run "$S" run --rows 20 --chunk 10 --reads 0 --deletes 5 \
            --delete-keys "$dk" --verify --db-dir "$DB" --out "$T/verify-$dk" "${Q[@]}"
        [ "$status" -eq 1 ]
    done
    # the reads' run failed its verify, a chunk counting the failures; each
    # --verify run counts them
    python3 - "$T" <<'PY'
import csv, sys
rows = lambda f: list(csv.DictReader(open(sys.argv[1] + "/" + f, newline="")))
s, = rows("reads/summary.csv")
assert s["status"] == "verify_failed", s
assert max(int(r["verify_failures"]) for r in rows("reads/chunks.csv")) > 0
for dk in ("oldest", "uniform"):
    s, = rows(f"verify-{dk}/summary.csv")
    assert int(s["verify_failures"]) > 0, (dk, s)
PY
    # without the hook the same runs pass
    run "$S" run --rows 20 --chunk 10 --reads 1000 --deletes 5 --delete-keys uniform --verify \
        --db-dir "$DB" --out "$T/clean" "${Q[@]}"
    [ "$status" -eq 0 ]
}

@test "deletes oldest: --auto-vacuum full and incremental keep freelist_count at 0, none does not" {
    run "$S" run "${W[@]}" --value-size 100 --deletes 500 --auto-vacuum none,full,incremental \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$OUT" <<'PY'
import csv, sys
by = {}
for r in csv.DictReader(open(sys.argv[1] + "/chunks.csv")):
    by.setdefault(r["auto_vacuum"], []).append(r)
assert sorted(by) == ["full", "incremental", "none"], by.keys()
assert max(int(r["freelist_count"]) for r in by["none"]) > 0, by["none"]
for av in ("full", "incremental"):
    assert all(r["freelist_count"] == "0" for r in by[av]), by[av]
# the pages freed are reused or given back: the file grows less than without
assert int(by["full"][-1]["db_bytes"]) < int(by["none"][-1]["db_bytes"])
assert all(float(r["vacuum_s"]) >= 0 for r in by["incremental"])   # timed at each chunk's end
assert all(r["vacuum_s"] == "" for r in by["none"] + by["full"])
# timeline.csv: each chunk's delete phase, its rows counted, and the incremental cell's vacuum
tl = list(csv.DictReader(open(sys.argv[1] + "/timeline.csv")))
deletes = [r for r in tl if r["phase"] == "delete"]
assert sum(int(r["ops"]) for r in deletes) == 3 * 4 * 500, deletes
vacuums = [r for r in tl if r["phase"] == "vacuum"]
assert {r["auto_vacuum"] for r in vacuums} == {"incremental"}, vacuums
assert sum(int(r["ops"]) for r in vacuums) == 4, vacuums
PY
}

@test "deletes: SIGINT in the delete phase, then resume, carries on the schedule exactly and --verify passes" {
    interrupt_resume delete "${W[@]}" --deletes 300 --delete-keys uniform --updates 100 \
        --key-order random --commit-every 70 --keep-db
}

@test "deletes: kill -9 in each phase, then resume: the chunk measured again has its updates and deletes" {
    # the chunk in flight (1) had committed its updates (held at delete), and
    # its deletes too (at read, checkpoint, record): resume puts its rows back
    # every step for oldest; uniform, whose keys only are drawn otherwise,
    # at the steps either side of its deletes' COMMIT
    for dk in oldest uniform; do
        steps="update delete read checkpoint record"
        [ "$dk" = oldest ] || steps="delete read"
        for step in $steps; do
            kill_resume "$step" "${W[@]}" --deletes 300 --delete-keys "$dk" --updates 100 \
                --journal wal --checkpoint passive --keep-db
        done
        # each resumed run's chunks have the uninterrupted run's updates and
        # deletes (kill_resume): those are each chunk's 100 and (oldest) 300
        python3 - "$WHOLE/chunks.csv" "$dk" <<'PY'
import csv, sys
chunks = list(csv.DictReader(open(sys.argv[1], newline="")))
assert {r["updates"] for r in chunks} == {"100"}, chunks
assert sys.argv[2] == "uniform" or {r["deletes"] for r in chunks} == {"300"}, chunks
PY
    done
}

@test "deletes: a share killed -9 and resumed, merged with the other: an unsharded run's figures" {
    A=("${W[@]}" --deletes 300 --updates 100 --page-size 4k,8k --journal wal --verify "${Q[@]}")
    run "$S" run "${A[@]}" --db-dir "$T/whole" --out "$T/o-whole"
    [ "$status" -eq 0 ]
    SQLSOAK_TEST_HANG=1:read:1 start_group run "${A[@]}" --shard 1/2 --db-dir "$DB" --out "$T/s1"
    hook_pid >/dev/null
    kill -KILL -- -"$PID"
    finish
    run "$S" resume "$T/s1" "${Q[@]}"
    [ "$status" -eq 0 ]
    run "$S" run "${A[@]}" --shard 2/2 --db-dir "$DB" --out "$T/s2"
    [ "$status" -eq 0 ]
    run "$S" merge "$T/s1" "$T/s2" --out "$T/merged" --no-plot
    [ "$status" -eq 0 ]
    python3 - "$T/merged/chunks.csv" "$T/o-whole/chunks.csv" <<'PY'
import csv, sys
cols = ("cell", "chunk", "rows", "reads", "updates", "deletes", "verify_failures")
a, b = (sorted(tuple(r[c] for c in cols) for r in csv.DictReader(open(f))) for f in sys.argv[1:])
assert a == b, [x for x in zip(a, b) if x[0] != x[1]]
PY
}

@test "deletes: more than a chunk's rows, or a bad word: one line, exit 2, nothing created" {
    run "$S" run --rows 2000 --chunk 500 --deletes 501 --db-dir "$DB" --out "$OUT"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --deletes 501 is larger than --chunk 500" ]
    run "$S" run --rows 2000 --chunk 500 --deletes 5 --delete-keys newest --db-dir "$DB" --out "$OUT"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --delete-keys: 'newest' is not one of oldest, uniform" ]
    run "$S" run --rows 2000 --chunk 500 --auto-vacuum partial --db-dir "$DB" --out "$OUT"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --auto-vacuum: 'partial' is not one of none, full, incremental" ]
    # oldest deletes of a whole chunk: every chunk's reads meet an empty table
    run "$S" run --rows 2000 --chunk 500 --deletes 500 --db-dir "$DB" --out "$OUT"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --deletes 500 equal to --chunk under --delete-keys oldest leaves the table empty for every chunk's reads (use --reads 0)" ]
    [ ! -e "$OUT" ] && [ ! -e "$DB" ]
}

@test "deletes: a chunk whose deletes left no row to read records no reads" {
    # the last chunk (1 row) ends with the window past the table's end
    run "$S" run --rows 4001 --chunk 1000 --reads 100 --deletes 999 --verify --db-dir "$DB" \
        --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    # uniform deletes of a whole chunk: the reads find the rows gone, and count
    run "$S" run --rows 3000 --chunk 1000 --reads 100 --deletes 1000 --delete-keys uniform \
        --verify --db-dir "$DB" --out "$T/uniform" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 - "$OUT/chunks.csv" "$T/uniform/chunks.csv" <<'PY'
import csv, sys
oldest, uniform = (list(csv.DictReader(open(f, newline=""))) for f in sys.argv[1:])
assert [r["reads"] for r in oldest] == ["100", "100", "100", "100", "0"], oldest
assert oldest[-1]["read_s"] == "", oldest[-1]
assert {r["reads"] for r in uniform} == {"100"}, uniform
PY
}
