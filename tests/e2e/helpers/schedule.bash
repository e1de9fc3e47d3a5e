# Shared by updates.bats and deletes.bats: runs whose tables the schedule
# of updates and deletes (src/cell/schedule.h) must leave the same.

# same_table A.db B.db: 0 when both hold the same keys with the same values.
same_table() {
    [ "$(sqlite3 "$1" 'SELECT count(*) FROM kv')" = "$(sqlite3 "$2" 'SELECT count(*) FROM kv')" ] &&
    [ "$(sqlite3 "$1" "ATTACH '$2' AS b; SELECT count(*) FROM kv JOIN b.kv AS o USING(k)
                       WHERE kv.v = o.v")" = "$(sqlite3 "$1" 'SELECT count(*) FROM kv')" ]
}

# interrupt_resume STEP ARGS...: a run of 4 chunks with ARGS, stopped by
# SIGINT while the test hook holds it at STEP of chunk 1, then resumed with
# --verify: the chunk in flight is finished and recorded, the resume
# measures the rest, verifies, and leaves the table an uninterrupted run
# of ARGS leaves.  Needs runs_setup; ARGS must keep the database.
interrupt_resume() {
    local step=$1
    shift
    run "$S" run "$@" --db-dir "$T/whole" --out "$T/o-whole" "${Q[@]}"
    [ "$status" -eq 0 ]
    SQLSOAK_TEST_HANG=1:$step:1 start run "$@" --verify --db-dir "$DB" --out "$OUT" "${Q[@]}"
    hook_pid >/dev/null
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ]
    [ "$(field chunk "$OUT/chunks.csv" | tr '\n' ' ')" = "0 1 " ]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(field chunk "$OUT/chunks.csv" | tr '\n' ' ')" = "0 1 2 3 " ]
    [ "$(field verify_failures "$OUT/summary.csv")" = 0 ]
    [ -n "$(field verify_s "$OUT/summary.csv")" ]
    same_table "$(one_db)" "$(ls "$T"/whole/*.db)"
}

# same_figures A B: the figures of chunks.csv A that a run's seed decides
# (rows, reads, updates and deletes of each chunk) are those of B.
same_figures() {
    python3 - "$1" "$2" <<'PY'
import csv, sys
cols = ("chunk", "rows", "reads", "updates", "deletes", "verify_failures")
a, b = ([tuple(r[c] for c in cols) for r in csv.DictReader(open(f))] for f in sys.argv[1:])
assert a == b, "\n".join(f"{x} {y}" for x, y in zip(a, b) if x != y)
PY
}

# kill_resume STEP ARGS...: a run of 4 chunks with ARGS, killed (SIGKILL to
# its process group: the runner and its cell at once) while the test hook
# holds it at STEP of chunk 1, then resumed with --verify: each chunk's
# figures and the table are those of an uninterrupted run of ARGS, made
# once for each ARGS of the test (the steps of one ARGS share it).  Needs
# runs_setup; ARGS must keep the database.
kill_resume() {
    local step=$1 whole
    shift
    whole=$T/whole-$(printf '%s\n' "$@" | md5sum | cut -c1-12)
    rm -rf "$DB" "$OUT"
    if [ ! -f "$whole/out/summary.csv" ]; then
        run "$S" run "$@" --verify --db-dir "$whole/db" --out "$whole/out" "${Q[@]}"
        [ "$status" -eq 0 ]
    fi
    SQLSOAK_TEST_HANG=1:$step:1 start_group run "$@" --verify --db-dir "$DB" --out "$OUT" "${Q[@]}"
    hook_pid >/dev/null
    kill -KILL -- -"$PID"
    finish
    [ "$RC" -eq 137 ]
    [ "$(field chunk "$OUT/chunks.csv" | tr '\n' ' ')" = "0 " ]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(field status "$OUT/summary.csv")" = ok ]
    [ "$(field resumed "$OUT/chunks.csv" | tr '\n' ' ')" = "0 1 1 1 " ]
    same_figures "$OUT/chunks.csv" "$whole/out/chunks.csv"
    same_table "$(one_db)" "$(ls "$whole"/db/*.db)"
}
