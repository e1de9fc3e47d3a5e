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
    cp "$OUT/chunks.csv" "$T/chunks-stopped.csv"
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    resumed_check "$T/chunks-stopped.csv" "0 1" "$OUT" ""
    same_table "$(one_db)" "$(ls "$T"/whole/*.db)"
}

# resumed_check STOPPED WANT OUT RESUMED [WHOLE]: in one look (a python
# start costs more than the run checked), a stopped and resumed run of 4
# chunks: STOPPED (its chunks.csv as the stop left it) holds the chunks
# WANT ("0 1"); OUT's chunks.csv holds 0 to 3, their resumed column
# RESUMED ("0 1 1 1"; empty: not looked at); its summary.csv says ok, no
# verify failure, a verify timed; and each chunk's figures that the seed
# decides (rows, reads, updates, deletes) are those of WHOLE's chunks.csv,
# when given.
resumed_check() {
    python3 - "$@" <<'PY'
import csv, sys
stopped, want, out, resumed = sys.argv[1:5]
rows = lambda f: list(csv.DictReader(open(f, newline="")))
got = [r["chunk"] for r in rows(stopped)]
assert got == want.split(), ("stopped with chunks", got, "not", want)
chunks = rows(out + "/chunks.csv")
assert [r["chunk"] for r in chunks] == ["0", "1", "2", "3"], [r["chunk"] for r in chunks]
if resumed:
    assert [r["resumed"] for r in chunks] == resumed.split(), [r["resumed"] for r in chunks]
s, = rows(out + "/summary.csv")
assert (s["status"], s["verify_failures"]) == ("ok", "0") and s["verify_s"], s
if len(sys.argv) > 5:
    cols = ("chunk", "rows", "reads", "updates", "deletes", "verify_failures")
    a, b = ([tuple(r[c] for c in cols) for r in x] for x in (chunks, rows(sys.argv[5])))
    assert a == b, "\n".join(f"{x} {y}" for x, y in zip(a, b) if x != y)
PY
}

# kill_resume STEP ARGS...: a run of 4 chunks with ARGS, killed (SIGKILL to
# its process group: the runner and its cell at once) while the test hook
# holds it at STEP of chunk 1, then resumed with --verify: each chunk's
# figures and the table are those of an uninterrupted run of ARGS, made
# once for each ARGS of the test (the steps of one ARGS share it), its
# results folder left in WHOLE.  Needs runs_setup; ARGS must keep the
# database.
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
    cp "$OUT/chunks.csv" "$T/chunks-killed.csv"
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    resumed_check "$T/chunks-killed.csv" 0 "$OUT" "0 1 1 1" "$whole/out/chunks.csv"
    same_table "$(one_db)" "$(ls "$whole"/db/*.db)"
    WHOLE=$whole/out
}
