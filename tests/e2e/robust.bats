#!/usr/bin/env bats
# Overnight robustness (issue 6), end to end with real processes and files:
# SIGINT in mid-chunk then resume, Ctrl-C to the whole process group, a
# second SIGINT, kill -9 at states drawn at random then resume, resume refusing what
# it must refuse (and changing nothing), a half-written CSV line, disk full
# through RLIMIT_FSIZE, a database locked by a second process, an injected
# I/O error.  Databases are checked with the sqlite3 shell, CSV and JSON by
# tests/e2e/helpers/robust_check.py.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    runs_setup
}

teardown() {
    # a run left in the background by a failed assertion: end it, by its pid
    if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then
        kill -9 "$PID" 2>/dev/null || true
        wait "$PID" 2>/dev/null || true
    fi
    # a cell's process that outlived its runner (SQLSOAK_TEST_ORPHAN_CELL)
    if [ -n "${ORPHAN:-}" ]; then
        kill -9 "$ORPHAN" 2>/dev/null || true
    fi
}

load helpers/runs

# snapshot PATHS...: every file with its checksum, every other entry by
# name (bats's own files left out).  Two processes, not six: the hostile
# folder tests take some eighty snapshots.  Unsorted: find walks a tree
# left as it was in the same order.
snapshot() {
    find "$@" ! -name 'separate-stderr-*' \( -type f -exec sha256sum {} + -o -print \) 2>/dev/null
}

# interrupted ROWS [ARGS...]: a 1k-chunk run stopped by one SIGINT after
# two chunks; checks exit 130.  (Chunks of 1k rows: what these tests check
# needs a few chunks, not their size.)
interrupted() {
    local rows=$1
    shift
    # held after chunk 1 by the test hook: the run cannot end first
    SQLSOAK_TEST_HANG=1:between:1 start run --rows "$rows" --chunk 1k --reads 1k \
        --db-dir "$DB" --out "$OUT" "${Q[@]}" "$@"
    hook_pid >/dev/null
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ] || { echo "exit $RC, expected 130" >&2; cat "$T/stderr" >&2; return 1; }
}

# ---- 1. SIGINT in mid-chunk, then resume ----

@test "sigint: mid-chunk stop keeps the chunks and the db, resume finishes with --verify" {
    SQLSOAK_TEST_HANG=1:between:1 start run --rows 30k --chunk 1k --reads 1k --verify \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    hook_pid
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ]
    [ "$(jget status)" = interrupted ]
    detail=$(jget status_detail)
    [[ "$detail" == *"run 1 of 1: cell 1 after "* ]]
    [ "$(tail -n 1 "$T/stdout")" = "to carry on: $SQLSOAK resume '$OUT'" ]
    # no summary row for the interrupted cell
    [ "$(data_rows "$OUT/summary.csv")" -eq 0 ]
    python3 "$CHECK" valid "$OUT" 30000 1000
    k=$(data_rows "$OUT/chunks.csv")
    [ "$k" -ge 2 ] && [ "$k" -lt 30 ]
    # the chunk in flight was finished and recorded: the database holds
    # exactly the rows of the recorded chunks, and verifies
    db=$(one_db)
    [ "$(sqlite3 "$db" 'SELECT count(*) FROM kv')" -eq $((k * 1000)) ]
    [ "$(sqlite3 "$db" 'PRAGMA integrity_check')" = ok ]

    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"resuming $OUT at run 1 of 1: cell 1 after $k of 30 chunks"* ]]
    run python3 "$CHECK" final "$OUT" 30000 1000 1
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "resumed=$((30 - k))" ]
    [ "$(field resumed "$OUT/chunks.csv" | head -n "$k" | sort -u)" = 0 ]
    [ -n "$(field verify_s "$OUT/summary.csv")" ]
    [ "$(field verify_failures "$OUT/summary.csv")" = 0 ]
    # the database is deleted once the cell is done
    [ -z "$(ls -A "$DB")" ]
}

@test "sigint: Ctrl-C at a terminal (SIGINT to the whole process group) also finishes the chunk and resumes" {
    # A terminal's Ctrl-C reaches every process of the foreground group: the
    # runner and the cell's process both get it, and the runner forwards it
    # too.  Whether the cell's process then sees one signal or two depends on
    # scheduling, so several trials.  The signal comes in a chunk after the
    # second; the test hook holds the cell after chunk 7, so that the run
    # cannot end before it, however slow this shell is.
    for ((t = 1; t <= 4; t++)); do
        out=$OUT$t
        SQLSOAK_TEST_HANG=1:between:7 start_group run --rows 10k --chunk 1k --reads 1k \
            --db-dir "$DB$t" --out "$out" "${Q[@]}"
        wait_rows "$out/chunks.csv" 2
        kill -INT -- "-$PID"
        finish
        echo "trial $t: exit $RC"
        cat "$T/stdout" "$T/stderr"
        [ "$RC" -eq 130 ]
        [ "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["status"])' "$out/run.json")" = interrupted ]
        # the cell was interrupted, not failed: it is not in summary.csv
        [ "$(data_rows "$out/summary.csv")" -eq 0 ]
    done
    run "$S" resume "$out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 "$CHECK" final "$out" 10000 1000 1
}

@test "sigint: with --commit-every not dividing --chunk, the interrupted run still resumes" {
    # chunk 0 ends at row 1000 with rows 900..1000 not yet committed (commits
    # fall every 300 rows of the run): the CSV row is written before them.
    # The test hook holds the cell there, after chunk 0's record.
    SQLSOAK_TEST_HANG=1:between:0 start run --rows 4k --chunk 1k --commit-every 300 --reads 1k \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    hook_pid >/dev/null
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ]
    k=$(data_rows "$OUT/chunks.csv")
    db=$(one_db)
    echo "recorded rows: $((k * 1000)), in the database: $(sqlite3 "$db" 'SELECT count(*) FROM kv')"
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 "$CHECK" final "$OUT" 4000 1000 1
}

# ---- 2. kill -9 at states drawn at random, then resume ----

# killed_at STATE ARGS...: sqlsoak ARGS in the background, held by the test
# hook at STATE (SQLSOAK_TEST_HANG's CELL:STEP:CHUNK), then the runner
# killed -9 there; the hung cell's process must not outlive it.
killed_at() {
    local state=$1 hung
    shift
    SQLSOAK_TEST_HANG=$state start "$@"
    hung=$(hook_pid) || return 1
    kill -9 "$PID"
    finish
    gone "$hung"
}

# The states a kill lands at: the steps of a cell's life (its database
# born unnamed, then recorded; each phase; a chunk being recorded; after
# a chunk), in the first cell or the second.
KILL_STATES_1=(1:born:0 1:noted:0 1:write:0 1:read:0 1:record:0 1:between:0
    1:write:3 1:record:4 1:read:5 1:between:5)
KILL_STATES_2=(2:born:0 2:noted:0 2:write:0 2:record:0 2:read:2 2:between:4
    2:record:5 2:between:5)

@test "kill -9 helpers: a second run in the same folder is held at its own state, not at the last run's" {
    # the last run's hook line, as a killed trial leaves it in $T/stderr
    # (read before the new run opened the file, it killed a run that had
    # not yet made run.json: under load, in one CI run)
    echo "sqlsoak test hook: cell 2 between chunks 5 (pid 1)" >"$T/stderr"
    SQLSOAK_TEST_HANG=1:write:1 start run --rows 3k --chunk 1k --reads 1k --db-dir "$DB" \
        --out "$OUT" "${Q[@]}"
    hung=$(hook_pid)
    [ "$hung" != 1 ]
    # held where it was told: chunk 0 recorded, run.json there to resume from
    [ "$(data_rows "$OUT/chunks.csv")" -eq 1 ]
    [ -f "$OUT/run.json" ]
    kill -9 "$PID"
    finish
    gone "$hung"
}

@test "kill -9: at states drawn at random in a 2-cell matrix (run and resume killed), resume until done" {
    seed=${ROBUST_SEED:-$(((RANDOM << 15) | RANDOM))}
    RANDOM=$seed
    trials=${ROBUST_TRIALS:-5}
    # (chunks of 2k rows: the states are a chunk's steps, whatever its size)
    commits=(200 500 chunk 200 400)
    states=("${KILL_STATES_1[@]}" "${KILL_STATES_2[@]}")
    passed=0
    report=()
    for ((t = 1; t <= trials; t++)); do
        out=$T/k$t/out db=$T/k$t/db
        ce=${commits[$(((t - 1) % ${#commits[@]}))]}
        journal=delete
        ((t % 2 == 0)) && journal=wal
        # one cell after another: the states drawn follow that order (in
        # lockstep, the default, cell 2 is born before cell 1's chunk 3)
        args=(run --rows 12k --chunk 2k --commit-every "$ce" --reads 200 --page-size 4k,8k
            --interleave off --journal "$journal" --db-dir "$db" --out "$out" "${Q[@]}")
        note="trial $t (commit-every $ce, $journal):"
        ok=1
        # odd trials: the run killed at any state; even: the run in cell 1,
        # then its first resume in cell 2 (a state every such resume reaches)
        if ((t % 2)); then
            kills=("${states[RANDOM % ${#states[@]}]}")
        else
            kills=("${KILL_STATES_1[RANDOM % ${#KILL_STATES_1[@]}]}"
                "${KILL_STATES_2[RANDOM % ${#KILL_STATES_2[@]}]}")
        fi
        for ((j = 0; j < ${#kills[@]}; j++)); do
            if [ "$j" -eq 0 ]; then
                killed_at "${kills[j]}" "${args[@]}" || { note+=" NOT REACHED"; ok=0; }
            else
                killed_at "${kills[j]}" resume "$out" "${Q[@]}" || { note+=" NOT REACHED"; ok=0; }
            fi
            cat "$T/stdout" "$T/stderr" >>"$T/k$t.out"
            note+=" kill $((j + 1)) at ${kills[j]} (exit $RC)"
            python3 "$CHECK" valid "$out" 12000 2000 >/dev/null 2>"$T/k$t.err" ||
                { note+=" INVALID: $(cat "$T/k$t.err")"; ok=0; }
        done
        # resume until finished
        for ((j = 0; j < 4 && ok; j++)); do
            st=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["status"])' "$out/run.json") ||
                { note+=" run.json unreadable"; ok=0; break; }
            [ "$st" = ok ] && break
            rc=0
            "$S" resume "$out" "${Q[@]}" >"$T/k$t.out" 2>&1 3>&- || rc=$?
            note+=" resume->$rc"
            [ "$rc" -eq 0 ] || { note+=" [$(tail -n 1 "$T/k$t.out")]"; ok=0; }
        done
        if [ "$ok" -eq 1 ]; then
            r=$(python3 "$CHECK" final "$out" 12000 2000 2 2>"$T/k$t.err") &&
                [ -z "$(ls -A "$db")" ] ||
                { note+=" FINAL: $(cat "$T/k$t.err")$(ls "$db")"; ok=0; }
            note+=" $r"
        fi
        [ "$ok" -eq 1 ] && passed=$((passed + 1)) && note+=" PASS" || note+=" FAIL"
        report+=("$note")
    done
    for line in "${report[@]}"; do printf '# kill -9: %s\n' "$line" >&3; done
    printf '# kill -9 trials passed: %d of %d (seed %s)\n' "$passed" "$trials" "$seed" >&3
    printf '%s\n' "${report[@]}"
    [ "$passed" -eq "$trials" ]
}

@test "kill -9: as the database is born, before its record, and as it is recorded, before its name: resume finishes" {
    # The file has its name only once .databases records it (O_TMPFILE,
    # then linkat): a kill in either moment leaves no file that has no
    # record, in the run or in its resume
    for state in 1:born:0 1:noted:0; do
        out=$T/$state/out db=$T/$state/db
        killed_at "$state" run --rows 2k --chunk 1k --reads 1k --db-dir "$db" --out "$out" "${Q[@]}"
        [ -z "$(ls -A "$db")" ]
        killed_at "$state" resume "$out" "${Q[@]}"
        [ -z "$(ls -A "$db")" ]
        run "$S" resume "$out" "${Q[@]}"
        echo "$output"
        [ "$status" -eq 0 ]
        python3 "$CHECK" final "$out" 2000 1000 1
        [ -z "$(ls -A "$db")" ]
    done
}

@test "kill -9 as the database is born, where it is born under its name (no O_TMPFILE): resume refuses, says what to do, deletes nothing" {
    export SQLSOAK_TEST_NO_TMPFILE=1
    killed_at 1:born:0 run --rows 2k --chunk 1k --reads 1k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    db=$(one_db)
    before=$(snapshot "$OUT" "$DB")
    run --separate-stderr "$S" resume "$OUT" "${Q[@]}"
    echo "$stderr"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak resume: $db: the folder has no record that this run created it (an empty file: a run killed as it created its database leaves one): not touched; delete it to resume" ]
    [ "$(snapshot "$OUT" "$DB")" = "$before" ]
    rm "$db"                                # as the line says: then it resumes
    run "$S" resume "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 "$CHECK" final "$OUT" 2000 1000 1
}

@test "kill -9: in the moment after a cell's last chunk, before its summary row, resume still works" {
    # The cell is held by the test hook after its last chunk (every chunk
    # in chunks.csv, the cell not in summary.csv) and the runner killed there.
    # One cell after another: in lockstep (the default) cell 2 would have
    # chunks of its own by then.
    killed_at 1:between:2 run --rows 3k --chunk 1k --reads 1k --page-size 4k,8k \
        --interleave off --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$(data_rows "$OUT/chunks.csv")" -eq 3 ]
    [ "$(data_rows "$OUT/summary.csv")" -eq 0 ]
    ls -la "$DB"
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 "$CHECK" final "$OUT" 3000 1000 2
}

@test "kill -9: between a cell's summary row and its database's deletion, resume removes it" {
    # The moment is a few instructions wide: strace kills the runner there,
    # at its first write to .databases (the record that cell 1's database
    # is about to be deleted), after cell 1's summary row.
    command -v strace >/dev/null || skip "strace is not installed"
    run traced -o /dev/null -P "$OUT/.databases" -e trace=write -e inject=write:signal=SIGKILL:when=1 \
        "$S" run --rows 3k --chunk 1k --reads 1k --page-size 4k,8k --interleave off \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 137 ]
    [ "$(data_rows "$OUT/summary.csv")" -eq 1 ]
    left=$(one_db)
    [[ "$left" == *cell1-rep1.db ]]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 "$CHECK" final "$OUT" 3000 1000 2
    [ ! -e "$left" ]
    [ -z "$(ls -A "$DB")" ]
}

# ---- 3. a second SIGINT ----

@test "second sigint: stops at once with exit 130, files valid, and the run still resumes" {
    # chunk 0 made slow (tens of seconds: 0.5 s at each tick, every 256 rows):
    # "at once" is before it ends, whatever the machine's speed
    SQLSOAK_TEST_SLOW=500000 start run --rows 20k --chunk 10k --reads 1k --db-dir "$DB" \
        --out "$OUT" "${Q[@]}"
    wait_rows "$OUT/timeline.csv" 1       # chunk 0's write phase is in flight
    child=$(ps -o pid= --ppid "$PID" | tr -d ' ')
    kill -INT "$PID"
    # the second once the first is answered: two at once would be one
    for ((i = 0; i < 3000; i++)); do
        grep -q 'stopping after' "$T/stderr" && break
        sleep 0.01
    done
    grep -q 'stopping after this chunk' "$T/stderr"
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ]
    [ "$(data_rows "$OUT/chunks.csv")" -eq 0 ]     # stopped inside chunk 0, not after it
    # the cell's process is gone too
    for ((i = 0; i < 200; i++)); do
        [ -e "/proc/$child" ] || break
        [ "$(ps -o stat= -p "$child" 2>/dev/null)" = Z ] && break
        sleep 0.01
    done
    [ ! -e "/proc/$child" ] || [ "$(ps -o stat= -p "$child" 2>/dev/null)" = Z ]
    python3 "$CHECK" valid "$OUT" 20000 10000
    st=$(jget status)
    [ "$st" = running ] || [ "$st" = interrupted ]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 "$CHECK" final "$OUT" 20000 10000 1
}

# ---- 4. resume refusals: exit 2, one line, nothing changed ----

# refused PATTERN FOLDER: resume FOLDER exits 2 with one line on stderr
# matching PATTERN, nothing on stdout, and changes nothing in $T.
refused() {
    local before after
    before=$(snapshot "$T")
    run --separate-stderr "$S" resume "$2" "${Q[@]}"
    echo "status $status; stdout: $output; stderr: $stderr"
    after=$(snapshot "$T")
    [ "$status" -eq 2 ]
    [ "${#stderr_lines[@]}" -eq 1 ]
    [[ "$stderr" == "sqlsoak resume: "* ]]
    [[ "$stderr" == *$1* ]]
    [ -z "$output" ]
    [ "$before" = "$after" ] || { diff <(echo "$before") <(echo "$after"); return 1; }
}

@test "resume refuses: a finished run" {
    run "$S" run --rows 2k --chunk 1k --reads 1k --keep-db --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    refused "has finished" "$OUT"
}

@test "resume refuses: the interrupted cell's database deleted" {
    interrupted 4k
    rm "$(one_db)"
    refused "is gone" "$OUT"
}

@test "resume refuses: a value of the last recorded chunk changed with the sqlite3 shell" {
    interrupted 4k
    k=$(data_rows "$OUT/chunks.csv")
    db=$(one_db)
    # seq keys: row i has key i; the last row of the last recorded chunk
    sqlite3 "$db" "UPDATE kv SET v = x'00112233' WHERE k = $((k * 1000 - 1))"
    [ "$(sqlite3 "$db" 'SELECT count(*) FROM kv')" -eq $((k * 1000)) ]
    refused "differ" "$OUT"
}

@test "resume refuses: a recorded chunk whose rows in chunks.csv are not the plan's (a hand edit), in one line, not an abort" {
    interrupted 4k
    # chunk 0's rows: 1000 by the plan; -5 and 1001 are neither
    for bad in -5 1001; do
        python3 - "$OUT/chunks.csv" "$bad" <<'PY'
import csv, sys
path, bad = sys.argv[1:]
rows = list(csv.reader(open(path, newline="")))
col = rows[0].index("rows")
rows[1][col] = bad
csv.writer(open(path, "w", newline=""), lineterminator="\n").writerows(rows)
PY
        refused "chunk 0 of cell 1 does not hold the rows the plan gives it" "$OUT"
    done
}

@test "resume refuses: a row deleted from the database" {
    interrupted 4k
    db=$(one_db)
    sqlite3 "$db" "DELETE FROM kv WHERE k = 1234"
    refused "does not match" "$OUT"
}

@test "resume refuses: a folder that is not a results folder" {
    mkdir -p "$T/notes"
    echo hello >"$T/notes/readme.txt"
    refused "not a sqlsoak results folder" "$T/notes"
}

@test "resume refuses: a folder that does not exist" {
    refused "No such file" "$T/nonexistent"
    [ ! -e "$T/nonexistent" ]
}

@test "resume refuses: a run that is still going" {
    # held after chunk 0 by the test hook: the run cannot end first
    SQLSOAK_TEST_HANG=1:between:0 start run --rows 3k --chunk 1k --reads 1k --db-dir "$DB" \
        --out "$OUT" "${Q[@]}"
    child=$(hook_pid)
    [ "$(data_rows "$OUT/chunks.csv")" -eq 1 ]
    # the cell's process, then the runner, hold still while the folder is compared
    [ "$child" = "$(ps -o pid= --ppid "$PID" | tr -d ' ')" ]
    kill -STOP "$child"
    kill -STOP "$PID"
    refused "still going" "$OUT"
    kill -CONT "$PID"
    kill -CONT "$child"
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ]
}

# A cell's process outliving its killed runner (as it does for a moment
# after a kill -9 of the run's process group, until PR_SET_PDEATHSIG or
# the SIGKILL ends it), held there by the test hooks: resume waits for it
# to end, saying so, instead of calling the run still going.
@test "resume waits for the cell of a killed run while it ends, then resumes" {
    SQLSOAK_TEST_ORPHAN_CELL=1 SQLSOAK_TEST_HANG=1:write:2 start run --rows 4000 --chunk 1000 \
        --reads 100 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    cell=$(hook_pid)
    ORPHAN=$cell
    kill -9 "$PID"
    finish
    [ -e "/proc/$cell" ]
    "$S" resume "$OUT" "${Q[@]}" >"$T/resume.out" 2>"$T/resume.err" 3>&- &
    PID=$!
    for ((i = 0; i < 3000; i++)); do
        grep -q "is ending" "$T/resume.err" && break
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.01
    done
    [ "$(cat "$T/resume.err")" = "sqlsoak: $OUT: the run's process $cell is ending: waiting for it" ]
    kill -TERM "$cell"
    finish
    cat "$T/resume.out" "$T/resume.err"
    [ "$RC" -eq 0 ]
    [ "$(jget status)" = ok ]
    [ "$(field status "$OUT/summary.csv")" = ok ]
    [ "$(field chunks "$OUT/summary.csv")" = 4 ]
}

# ---- 5. a half-written CSV line ----

@test "torn line: a half-written last line of chunks.csv is dropped on resume, no chunk twice" {
    interrupted 4k
    k=$(data_rows "$OUT/chunks.csv")
    # the start of the next chunk's row, as a crash in mid-write would leave it
    tail -n 1 "$OUT/chunks.csv" | head -c 60 >>"$OUT/chunks.csv"
    [ -n "$(tail -c 1 "$OUT/chunks.csv")" ]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"half-written line"* ]]
    run python3 "$CHECK" final "$OUT" 4000 1000 1
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$output" = "resumed=$((4 - k))" ]
    [ "$(data_rows "$OUT/chunks.csv")" -eq 4 ]
}

# ---- 6. disk full through RLIMIT_FSIZE ----

# check_full_db DB ROWS: the database is consistent and holds exactly ROWS rows.
check_full_db() {
    [ "$(sqlite3 "$1" 'PRAGMA integrity_check')" = ok ]
    [ "$(sqlite3 "$1" 'SELECT count(*) FROM kv')" -eq "$2" ]
    [ "$(sqlite3 "$1" "SELECT count(*) FROM kv WHERE k >= $2")" -eq 0 ]
}

@test "disk full: ulimit -f ends the cell disk_full with a consistent database, --on-error continue" {
    run bash -c 'ulimit -f 600; exec "$@"' _ "$S" run --rows 100k --chunk 10k --reads 1k \
        --page-size 4k,8k --on-error continue --keep-db --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 1 ]
    python3 "$CHECK" valid "$OUT" 100000 10000
    [ "$(field status "$OUT/summary.csv" | tr '\n' ' ')" = "disk_full disk_full " ]
    [ "$(field reason "$OUT/summary.csv" | grep -c 'File too large')" -eq 2 ]
    [ "$(jget status)" = failed ]
    for cell in 1 2; do
        db=$(echo "$DB"/sqlsoak-out-*-cell$cell-rep1.db)
        rows=$(python3 - "$OUT/chunks.csv" "$cell" <<'EOF'
import csv, sys
rows = [int(r["rows"]) for r in csv.DictReader(open(sys.argv[1])) if r["cell"] == sys.argv[2]]
print(max(rows, default=0))
EOF
)
        echo "cell $cell: $rows rows recorded"
        [ "$rows" -lt 100000 ]
        [ "$(field rows "$OUT/summary.csv" | sed -n "${cell}p")" -eq "$rows" ]
        check_full_db "$db" "$rows"
    done
}

@test "disk full: --on-error stop skips the cells after the full one" {
    run bash -c 'ulimit -f 600; exec "$@"' _ "$S" run --rows 100k --chunk 10k --reads 1k \
        --page-size 4k,8k --interleave off --on-error stop --keep-db --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 1 ]
    python3 "$CHECK" valid "$OUT" 100000 10000
    [ "$(field status "$OUT/summary.csv" | tr '\n' ' ')" = "disk_full skipped " ]
    [ "$(field reason "$OUT/summary.csv" | sed -n 2p)" = "--on-error stop" ]
    [[ "$(field reason "$OUT/summary.csv" | sed -n 1p)" == *"File too large"* ]]
    # the second cell never ran: no chunks, no database
    [ "$(field cell "$OUT/chunks.csv" | sort -u)" = 1 ]
    [ -z "$(ls "$DB" | grep cell2-rep1)" ]
    check_full_db "$(echo "$DB"/sqlsoak-out-*-cell1-rep1.db)" "$(field rows "$OUT/summary.csv" | sed -n 1p)"
}

# ---- 7. a database locked by another process ----

@test "locked: a second process holding the database ends the cell locked, no partial rows" {
    # no busy timeout: the first lock met ends the cell (busy.bats waits on one)
    start run --rows 3M --chunk 100k --reads 10k --busy-timeout 0 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    # once the table exists (the file has content), take an exclusive lock
    for ((i = 0; i < 2000; i++)); do
        db=$(ls "$DB"/*.db 2>/dev/null | head -n 1)
        [ -n "$db" ] && [ -s "$db" ] && break
        sleep 0.005
    done
    [ -s "$db" ]
    # held until the run has ended, not for a time the writer may not use
    run sqlite3 "$db" ".timeout 10000" "BEGIN EXCLUSIVE;" "SELECT count(*) FROM kv;" \
        ".shell while kill -0 $PID 2>/dev/null; do sleep 0.01; done" "COMMIT;"
    echo "lock holder: $status $output"
    [ "$status" -eq 0 ]
    finish
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 1 ]
    [ "$(field status "$OUT/summary.csv")" = locked ]
    [[ "$(field reason "$OUT/summary.csv")" == *locked* ]]
    [ "$(jget status)" = failed ]
    python3 "$CHECK" valid "$OUT" 3000000 100000
    if grep -q "died of" "$T/stdout" "$T/stderr"; then return 1; fi
}

# ---- 8. an injected I/O error ----

@test "io error: SQLSOAK_TEST_IOERR_AFTER_WRITES fails a write, the cell ends io_error" {
    run env SQLSOAK_TEST_IOERR_AFTER_WRITES=700 "$S" run --rows 500k --chunk 50k --reads 1k \
        --keep-db --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 1 ]
    [ "$(field status "$OUT/summary.csv")" = io_error ]
    [[ "$(field reason "$OUT/summary.csv")" == *"I/O error"* ]]
    [ "$(jget status)" = failed ]
    python3 "$CHECK" valid "$OUT" 500000 50000
    k=$(data_rows "$OUT/chunks.csv")
    [ "$k" -lt 10 ]
    [ "$(field rows "$OUT/summary.csv")" -eq $((k * 50000)) ]
}

@test "io error: the very first write failing (N=0) ends the cell io_error with no chunk" {
    run env SQLSOAK_TEST_IOERR_AFTER_WRITES=0 "$S" run --rows 200k --chunk 50k --reads 1k \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 1 ]
    [ "$(field status "$OUT/summary.csv")" = io_error ]
    [ "$(data_rows "$OUT/chunks.csv")" -eq 0 ]
    python3 "$CHECK" valid "$OUT" 200000 50000
}

# ---- 9. hostile folders: every reader refuses what it cannot trust ----

# refused_by COMMAND PATTERN ARGS...: sqlsoak COMMAND ARGS... exits 2 within
# a minute (a reader waiting on a FIFO fails here) with one line on stderr
# holding PATTERN, nothing on stdout, and changes nothing in $T.
refused_by() {
    local cmd=$1 want=$2 before after
    shift 2
    before=$(snapshot "$T")
    run --separate-stderr timeout 60 "${SIGDFL[@]}" "$S" "$cmd" "$@"
    echo "$cmd: status $status; stdout: $output; stderr: $stderr"
    after=$(snapshot "$T")
    [ "$status" -eq 2 ]
    [ "${#stderr_lines[@]}" -eq 1 ]
    [[ "$stderr" == "sqlsoak $cmd: "*"$want"* ]]
    [ -z "$output" ]
    [ "$before" = "$after" ] || { diff <(echo "$before") <(echo "$after"); return 1; }
}

OTHER=$BATS_TEST_DIRNAME/../fixtures/v0.1.0-run

# resume_finishes: resume carries the run of `interrupted 4k` to its end,
# every chunk once (its output in RESUMED).
resume_finishes() {
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    RESUMED=$output
    run python3 "$CHECK" final "$OUT" 4000 1000 1
    echo "$output"
    [ "$status" -eq 0 ]
}

@test "hostile folder: a line of NUL bytes in chunks.csv is refused by status, plot, compare and resume, naming its line" {
    interrupted 4k
    k=$(data_rows "$OUT/chunks.csv")
    # zeros where a row should be, as a power cut can leave, then a newline:
    # readers used to stop at the first NUL, and resume appended after it
    printf '\0\0\0\0\n' >>"$OUT/chunks.csv"
    want="$OUT/chunks.csv line $((k + 2)): a NUL byte: the file is damaged"
    refused_by status "$want" "$OUT"
    refused_by plot "$want" "$OUT"
    refused_by compare "$want" "$OTHER" "$OUT" --out "$T/cmp"
    refused_by resume "$want" "$OUT" "${Q[@]}"
}

@test "hostile folder: NUL bytes in a half-written last line go with it: plot warns, resume cuts them off" {
    interrupted 4k
    printf '3,1,1,\0\0\0\0' >>"$OUT/chunks.csv"
    run --separate-stderr "$S" plot "$OUT"
    echo "status $status; stderr: $stderr"
    [ "$status" -eq 0 ]
    [[ "$stderr" == *"$OUT/chunks.csv: its last line is half-written; it is left out"* ]]
    resume_finishes
    [[ "$RESUMED" == *"half-written line"* ]]
    [ "$(tr -cd '\000' <"$OUT/chunks.csv" | wc -c)" -eq 0 ]
}

# each results file, and the commands that read it
@test "hostile folder: a FIFO or a link to /dev/zero for a results file is refused at once, nothing changed" {
    interrupted 4k
    local f kind what
    for f in run.json chunks.csv summary.csv histograms.csv timeline.csv; do
        mv "$OUT/$f" "$T/$f.orig"
        for kind in fifo zero; do
            if [ "$kind" = fifo ]; then
                mkfifo "$OUT/$f"
                what="a FIFO"
            else
                ln -s /dev/zero "$OUT/$f"
                what="a character device"
            fi
            want="$OUT/$f: $what, not a regular file: not read"
            case $f in run.json | chunks.csv) refused_by status "$want" "$OUT" ;; esac
            case $f in histograms.csv) ;; *)
                refused_by plot "$want" "$OUT"
                refused_by compare "$want" "$OTHER" "$OUT" --out "$T/cmp" ;;
            esac
            refused_by resume "$want" "$OUT" "${Q[@]}"
            rm "$OUT/$f"
        done
        mv "$T/$f.orig" "$OUT/$f"
    done
    resume_finishes
}

# refused_unread COMMAND WANT ARGS...: exits 2 with the line WANT, creating
# nothing (no snapshot: checksums of a 1 GiB file take long).
refused_unread() {
    local cmd=$1 want=$2
    shift 2
    run --separate-stderr timeout 60 "${SIGDFL[@]}" "$S" "$cmd" "$@"
    echo "$cmd: status $status; stdout: $output; stderr: $stderr"
    [ "$status" -eq 2 ]
    [ "${#stderr_lines[@]}" -eq 1 ]
    [[ "$stderr" == "sqlsoak $cmd: $want" ]]
    [ ! -e "$OUT/plots" ] && [ ! -e "$OUT/timeline.csv.tmp" ]
}

@test "hostile folder: a results file larger than 1 GiB is refused before it is read" {
    interrupted 4k
    local size=$(((1 << 30) + 1))
    truncate -s "$size" "$OUT/timeline.csv"     # sparse: it takes no room
    want="$OUT/timeline.csv: $size bytes, more than the 1024 MiB a results file may hold: not read"
    refused_unread plot "$want" "$OUT"
    refused_unread resume "$want" "$OUT" "${Q[@]}"
    [ "$(stat -c %s "$OUT/timeline.csv")" -eq "$size" ]
    # what 1 GiB is reckoned from (README): a row of chunks.csv under 1 KB
    # (its header, written once, is longer)
    [ "$(tail -n +2 "$OUT/chunks.csv" | wc -L)" -lt 1024 ]
}

@test "hostile folder: resume checks timeline.csv before it changes anything: a malformed row, every file as it was" {
    interrupted 4k
    # a half-written line of chunks.csv: resume would cut it off first
    tail -n 1 "$OUT/chunks.csv" | head -c 60 >>"$OUT/chunks.csv"
    n=$(wc -l <"$OUT/timeline.csv")
    [ "$(wc -L <"$OUT/timeline.csv")" -lt 1024 ]    # a row under 1 KB (README)
    echo "3,1,1" >>"$OUT/timeline.csv"
    refused_by resume "$OUT/timeline.csv line $((n + 1)): malformed row" "$OUT" "${Q[@]}"
}

@test "hostile folder: a timeline.csv.tmp that is a link is not written through" {
    interrupted 4k
    echo "not sqlsoak's" >"$T/victim"
    ln -s "$T/victim" "$OUT/timeline.csv.tmp"
    refused_by resume "$OUT/timeline.csv.tmp: not a regular file: not touched" "$OUT" "${Q[@]}"
    [ "$(cat "$T/victim")" = "not sqlsoak's" ]
}

@test "hostile folder: an .owner that is a FIFO does not hang status" {
    run "$S" run --rows 10k --chunk 5k --reads 1k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    rm "$OUT/.owner"
    mkfifo "$OUT/.owner"
    # a cap on the wait for status to end: a hang fails, a slow machine not
    run timeout 60 "${SIGDFL[@]}" "$S" status "$OUT"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == "$OUT: ok"* ]]
}
