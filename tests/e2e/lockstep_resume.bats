#!/usr/bin/env bats
# A round run in lockstep (the default, --interleave chunk) stopped anywhere inside:
# never recorded ok, its cells left unrecorded with their databases, and
# `sqlsoak resume` carries every cell on from its own last recorded
# chunk, the lockstep going on from there.  Each stop lands at a point the
# test hook holds (SQLSOAK_TEST_HANG), seen in chunks.csv or on stderr.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/interrupt
load helpers/runs

setup() {
    runs_setup
    # cell 2 holds after recording its chunk 1; cell 1 meanwhile runs its
    # chunks 1 and 2, then the run waits on cell 2: 1:0 2:0 2:1 1:1 1:2
    # (in lockstep by default: a resume carries it on as it ran, in lockstep)
    ARGS=(--rows 40k --chunk 10k --reads 10 --journal delete,wal
          --db-dir "$DB" --out "$OUT" "${Q[@]}")
}

teardown() {
    runs_teardown
}

# stopped_in_round HANG ROWS SIG TO [ARG...]: the run of ARGS (and ARG...)
# held at HANG, once chunks.csv has ROWS rows SIG to TO (runner or group):
# it ends interrupted, exit 130, no cell recorded, the resume command
# printed.
stopped_in_round() {
    local hang=$1 rows=$2 sig=$3 to=$4
    shift 4
    SQLSOAK_TEST_HANG=$hang start_group run "${ARGS[@]}" "$@"
    hook_pid >/dev/null
    wait_rows "$OUT/chunks.csv" "$rows"
    if [ "$to" = runner ]; then kill -"$sig" "$PID"; else kill -"$sig" -- -"$PID"; fi
    finish
    [ "$RC" -eq 130 ]
    [ "$(jget status)" = interrupted ]
    [ "$(data_rows "$OUT/summary.csv")" -eq 0 ]
    grep -q "to carry on: .* resume '$OUT'" "$T/stdout"
}

# order CSV: the cells of chunks.csv's rows in the order written, a
# resumed chunk marked r.
order() {
    python3 - "$1" <<'PY'
import csv, sys
print(" ".join(r["cell"] + ":" + r["chunk"] + ("r" if r["resumed"] == "1" else "")
               for r in csv.DictReader(open(sys.argv[1], newline=""))))
PY
}

# each_once CSV CELLS CHUNKS: every cell's chunks 0..CHUNKS-1 in CSV,
# each exactly once, of its own rows.
each_once() {
    python3 - "$@" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
cells, chunks = int(sys.argv[2]), int(sys.argv[3])
for c in range(1, cells + 1):
    got = [int(r["chunk"]) for r in rows if r["cell"] == str(c)]
    assert got == list(range(chunks)), (c, got)
    rws = [int(r["rows"]) for r in rows if r["cell"] == str(c)]
    assert rws == [10000 * (k + 1) for k in range(chunks)], (c, rws)
assert len(rows) == cells * chunks, len(rows)
PY
}

# resumed ORDER: resume $OUT ends ok, chunks.csv's order then ORDER (as
# order prints it; "" for any), every chunk of both cells once, both
# recorded ok, no database left.  Its output in $output.
resumed() {
    run "$S" resume "$OUT"
    echo "$output"
    [ "$status" -eq 0 ]
    [ -z "$1" ] || [ "$(order "$OUT/chunks.csv")" = "$1" ]
    each_once "$OUT/chunks.csv" 2 4
    [ "$(field status "$OUT/summary.csv" | tr '\n' ' ')" = "ok ok " ]
    [ -z "$(ls -A "$DB")" ]
}

@test "SIGINT in the last round of a lockstep run ends interrupted, exit 130; resume carries every cell on" {
    SQLSOAK_TEST_HANG=2:between:1 interrupt_after 6 "$OUT/chunks.csv" "$T/log" \
        env --default-signal=INT,TERM,HUP "$S" run "${ARGS[@]}"
    [ "$(order "$OUT/chunks.csv")" = "1:0 2:0 2:1 1:1 1:2" ]
    [ "$(jget status)" = interrupted ]
    [ "$(data_rows "$OUT/summary.csv")" -eq 0 ]     # the round's cells left to resume
    grep -q "interrupted run 1 of 2: cell 1 after 3 of 4 chunks; run 2 of 2: cell 2 after 2 chunks" "$T/log"
    grep -q "to carry on: .* resume '$OUT'" "$T/log"
    [ "$(ls "$DB" | grep -c '\.db$')" -eq 2 ]      # both databases kept
    run "$S" status "$OUT"
    [[ "$output" == *"interrupted"* ]]
    # cell 2, behind, catches up alone; chunk 3 then goes B A, as unstopped
    resumed "1:0 2:0 2:1 1:1 1:2 2:2r 2:3r 1:3r"
    [[ "$output" == *"resuming $OUT at run 1 of 2: cell 1 after 3 of 4 chunks; run 2 of 2: cell 2 after 2 of 4 chunks"* ]]
    # pair 2 straddles the stop (1:2 before it, 2:2 after): left out, counted
    [[ "$output" == *"; 1 chunk pair straddling a resume left out"* ]]
    [ "$(jget status)" = ok ]
}

@test "kill -9 of a lockstep group mid-round: resume loses no chunk and measures none twice" {
    SQLSOAK_TEST_HANG=2:between:1 start_group run "${ARGS[@]}"
    hook_pid >/dev/null
    wait_rows "$OUT/chunks.csv" 5
    [ "$(order "$OUT/chunks.csv")" = "1:0 2:0 2:1 1:1 1:2" ]
    kill -KILL -- -"$PID"
    finish
    [ "$(jget status)" = running ]
    run "$S" status "$OUT"
    [[ "$output" == *"killed, \`sqlsoak resume\` carries it on"* ]]
    resumed "1:0 2:0 2:1 1:1 1:2 2:2r 2:3r 1:3r"
}

@test "kill -9 of a lockstep group with every chunk recorded: resume carries both cells to their end" {
    # cell 2 holds after its last chunk; cell 1 runs its last and its end
    # (--verify), then the run waits for cell 2's end
    SQLSOAK_TEST_HANG=2:between:3 start_group run "${ARGS[@]}" --verify
    hook_pid >/dev/null
    wait_rows "$OUT/chunks.csv" 8
    kill -KILL -- -"$PID"
    finish
    resumed ""
    [[ "$output" == *"resuming $OUT at run 1 of 2: cell 1 after 4 of 4 chunks; run 2 of 2: cell 2 after 4 of 4 chunks"* ]]
    [ "$(jget status)" = ok ]
}

@test "a full results disk inside a lockstep round: exit 1, disk_full; resume carries both cells on" {
    need_strace
    mkdir -p "$OUT"
    # each cell's 3rd write to chunks.csv (strace counts per process: its
    # chunk 2's row) fails as on a full disk, after its histogram's row:
    # cell 1's unrecorded row is followed by cell 2's
    faulted "$OUT/chunks.csv" write error=ENOSPC:when=3 run "${ARGS[@]}"
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 1 ]
    [ "$(jget status)" = disk_full ]
    [ "$(data_rows "$OUT/summary.csv")" -eq 0 ]
    [ "$(order "$OUT/chunks.csv")" = "1:0 2:0 2:1 1:1" ]
    [ "$(field chunk "$OUT/histograms.csv" | tr '\n' ' ')" = "0 0 1 1 2 2 " ]
    grep -q "to carry on once there is room: .* resume '$OUT'" "$T/stdout"
    resumed "1:0 2:0 2:1 1:1 1:2r 2:2r 2:3r 1:3r"
    [[ "$output" == *"run 2 of 2: cell 2: 10000 rows of the unrecorded chunk were deleted; it is measured again"* ]]
    # one histogram row a recorded chunk, in the order of chunks.csv
    [ "$(field cell "$OUT/histograms.csv" | tr '\n' ' ')" = "1 2 2 1 1 2 2 1 " ]
    [ "$(field chunk "$OUT/histograms.csv" | tr '\n' ' ')" = "0 0 1 1 2 2 3 3 " ]
}

@test "a database disk one cell of a lockstep round fills: the other's disk_full says the disk is shared, and by whom" {
    small_disk 40m
    # cell 1 never checkpoints its WAL, which outgrows what the round's
    # databases were estimated to need; cell 2's writes then meet a full disk
    run "$S" run --rows 80k --chunk 5k --reads 10 --value-size 100 --key-order random \
        --commit-every 100 --journal wal --wal-autocheckpoint 0,default --interleave chunk \
        --min-free 0 --db-dir "$MNT" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 1 ]
    python3 - "$OUT/summary.csv" <<'PY'
import csv, sys
rows = {r["cell"]: r for r in csv.DictReader(open(sys.argv[1], newline=""))}
assert rows["2"]["status"] == "disk_full", rows["2"]
reason = rows["2"]["reason"]
assert "the disk is shared by the 2 cells of its round in lockstep: cell 1's files held " in reason, reason
held = int(reason.split("cell 1's files held ")[1].split(" MiB")[0])
mine = int(reason.split("this cell's ")[1].split(" MiB")[0])
assert held > mine, reason
PY
}

@test "a lockstep round that cannot go on is refused in one line naming its kept databases, nothing changed" {
    SQLSOAK_TEST_HANG=2:between:1 interrupt_after 6 "$OUT/chunks.csv" "$T/log" \
        env --default-signal=INT,TERM,HUP "$S" run "${ARGS[@]}"
    # both databases are the run's, recorded in OUT/.databases
    local p
    p=$(db_prefix "$OUT")
    [ "$(grep -c "$p-cell[12]-rep1.db" "$OUT/.databases")" -eq 2 ]
    # cell 2's table no longer holds what its chunks recorded
    python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM kv WHERE rowid % 2 = 0"); c.commit()' \
        "$DB/$p-cell2-rep1.db"
    ( cd "$OUT" && find . -type f -exec sha1sum {} + | sort ) >"$T/before"
    run "$S" resume "$OUT"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" == *"$p-cell2-rep1.db holds "*"it does not match its chunks, cannot resume; the databases of its round in lockstep are kept in $DB: $p-cell1-rep1.db, $p-cell2-rep1.db (and their -journal, -wal, -shm): delete them to give the run up"* ]]
    ( cd "$OUT" && find . -type f -exec sha1sum {} + | sort ) >"$T/after"
    cmp "$T/before" "$T/after"
    [ -f "$DB/$p-cell1-rep1.db" ] && [ -f "$DB/$p-cell2-rep1.db" ]
}

@test "SIGTERM to the runner, SIGHUP to the group, inside a lockstep round: exit 130, interrupted; resume carries both cells on" {
    local sig to
    for sig in TERM HUP; do
        rm -rf "$OUT" "$DB"
        to=group
        [ "$sig" != TERM ] || to=runner
        stopped_in_round 2:between:1 5 "$sig" "$to"
        resumed "1:0 2:0 2:1 1:1 1:2 2:2r 2:3r 1:3r"
    done
}

@test "kill -9 of one cell's process in a lockstep round: the other runs to its end, exit 130, resume carries the lost one on" {
    SQLSOAK_TEST_HANG=2:between:1 start run "${ARGS[@]}"
    local cell
    cell=$(hook_pid)
    wait_rows "$OUT/chunks.csv" 5
    kill -KILL "$cell"
    finish
    [ "$RC" -eq 130 ]
    [ "$(jget status)" = interrupted ]
    grep -q "interrupted run 2 of 2: cell 2 after 2 of 4 chunks: its process was killed by SIGKILL" "$T/stdout"
    [ "$(field status "$OUT/summary.csv" | tr '\n' ' ')" = "ok " ]
    resumed "1:0 2:0 2:1 1:1 1:2 1:3 2:2r 2:3r"
}

@test "SIGHUP to a lockstep group with every chunk measured, before the round's end: exit 130, both cells unrecorded; resume verifies and records them" {
    # cell 1 holds after its last chunk (step 3 goes 2 1: every chunk is
    # measured), its end's turn given; the stop then ends both cells at
    # that turn, their --verify left to resume
    stopped_in_round 1:between:3 8 HUP group --verify
    resumed "1:0 2:0 2:1 1:1 1:2 2:2 2:3 1:3"
    [[ "$output" == *"cell 1 after 4 of 4 chunks; run 2 of 2: cell 2 after 4 of 4 chunks"* ]]
    [ "$(field verify_failures "$OUT/summary.csv" | tr '\n' ' ')" = "0 0 " ]
    [ "$(jget status)" = ok ]
}

@test "a run of an older sqlsoak, its --interleave not recorded, resumes one cell after another, as it ran" {
    # cell 1 holds after recording its chunk 1, the cells one after another
    SQLSOAK_TEST_HANG=1:between:1 start_group run "${ARGS[@]}" --interleave off
    hook_pid >/dev/null
    wait_rows "$OUT/chunks.csv" 2
    kill -KILL -- -"$PID"
    finish
    [ "$(order "$OUT/chunks.csv")" = "1:0 1:1" ]
    # as an older sqlsoak left it: no --interleave in its command line or options
    python3 - "$OUT/run.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
c = j["command_line"]
i = c.index("--interleave")
j["command_line"] = c[:i] + c[i + 2:]
del j["options"]["interleave"], j["interleave_why"]
json.dump(j, open(sys.argv[1], "w"), indent=2)
PY
    resumed ""
    [ "$(order "$OUT/chunks.csv" | tr -d r)" = "1:0 1:1 1:2 1:3 2:0 2:1 2:2 2:3" ]
    [ "$(jget status)" = ok ]
}
