#!/usr/bin/env bats
# --interleave chunk: the cells of a round in lockstep, chunk by chunk in
# alternating order (A B, B A, ...), each in its own process on its own
# database; what cannot take turns is refused, and a round stopped inside
# is carried on by resume (lockstep_resume.bats).

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/interrupt
load helpers/runs

setup() {
    runs_setup
}

teardown() {
    runs_teardown
}

# order CSV: the cells of chunks.csv's rows, in the order they were written.
order() {
    python3 - "$1" <<'PY'
import csv, sys
print(" ".join(r["cell"] + ":" + r["chunk"] for r in csv.DictReader(open(sys.argv[1], newline=""))))
PY
}

@test "--interleave chunk runs a round's cells chunk by chunk, A B then B A" {
    run "$S" run --rows 8k --chunk 2k --reads 200 --sync off,normal,full --interleave chunk \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(order "$OUT/chunks.csv")" = "1:0 2:0 3:0 3:1 2:1 1:1 1:2 2:2 3:2 3:3 2:3 1:3" ]
    # each cell measured its own database to its end, and none is left
    [ "$(grep -c ',ok,' "$OUT/summary.csv")" -eq 3 ]
    [ -z "$(ls -A "$DB")" ]
    grep -q '"interleave": "chunk"' "$OUT/run.json"
    # the plan states the room a round in lockstep needs
    [[ "$output" == *"--interleave chunk: the 3 cells of a round in lockstep, their databases about"* ]]
}

@test "by default a matrix runs its round in lockstep, and the plan and run.json say so" {
    run "$S" run --rows 8k --chunk 2k --reads 100 --journal delete,wal \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(order "$OUT/chunks.csv")" = "1:0 2:0 2:1 1:1 1:2 2:2 2:3 1:3" ]
    [[ "$output" == *"--interleave auto: the 2 cells of a round in lockstep, their databases about"*": a round's databases fit the free disk together; --interleave off runs them one after another"* ]]
    # what ran and why, for resume and for the answer
    python3 - "$OUT/run.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["options"]["interleave"] == "chunk", j["options"]["interleave"]
assert j["interleave_why"] == "a round's databases fit the free disk together", j["interleave_why"]
PY
    # its one round is decided by its chunk pairs: the headline and the tables say so
    # (the faster of the two first, whichever it was on this machine and load)
    [[ "$output" == *"journal_mode: wal writes "*" from 4 chunk pairs in lockstep"* ||
       "$output" == *"journal_mode: delete (the baseline) writes "*" from 4 chunk pairs in lockstep"* ]]
    [[ "$output" == *"by write rate"*"   1. "*"x: "*"chunk pairs in lockstep"*"cell "* ]]
    [[ "$output" == *"  journal_mode  best "*"x: "*", from 4 chunk pairs in lockstep"* ]]
    # the rounds' "not decided" is said nowhere beside them
    [[ "$output" != *"1 round; --repeat"* ]]
    [[ "$output" != *"1 round and no lockstep"* ]]
    # a one-cell run is as it was: nothing to pair, nothing said
    run "$S" run --rows 4k --chunk 2k --reads 100 --dry-run --db-dir "$DB" --out "$OUT.one" "${Q[@]}"
    [ "$status" -eq 0 ]
    [[ "$output" != *"--interleave"* ]]
}

@test "--interleave off runs the cells one after another, and the plan says so" {
    run "$S" run --rows 4k --chunk 2k --reads 100 --journal delete,wal --interleave off \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(order "$OUT/chunks.csv")" = "1:0 1:1 2:0 2:1" ]
    [[ "$output" == *"  --interleave off: the cells of a round one after another"$'\n'* ]]
    grep -q '"interleave": "off"' "$OUT/run.json"
    [[ "$output" != *"chunk pairs in lockstep"* ]]
}

@test "by default a round that does not fit the free disk, or cannot take turns, runs one after another and the plan says why" {
    # a disk of its own: 24 MiB, where one 400k-row database fits and two do not
    small_disk 24m
    run "$S" run --rows 400k --chunk 200k --reads 100 --journal delete,wal --min-free 1M \
        --db-dir "$MNT/db" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"--interleave auto: the cells of a round one after another: a round's databases, about "*" MiB together, do not fit the "*" MiB free under --db-dir less --min-free 1 MiB"* ]]
    [ "$(order "$OUT/chunks.csv")" = "1:0 1:1 2:0 2:1" ]
    grep -q '"interleave": "off"' "$OUT/run.json"
    grep -q '"interleave_why": "a round.s databases, about' "$OUT/run.json"
    [ "$(grep -c ',ok,' "$OUT/summary.csv")" -eq 2 ]
    # readers keep working while another cell has its turn: not refused, run apart
    run "$S" run --rows 4k --chunk 2k --reads 100 --readers 0,1 --dry-run \
        --db-dir "$DB" --out "$OUT.readers" "${Q[@]}"
    [ "$status" -eq 0 ]
    [[ "$output" == *"--interleave auto: the cells of a round one after another: --readers: its cells would keep working while another cell has its turn"* ]]
}

@test "the plan says when a round will run in groups, and what a round of one cell is" {
    # a disk of its own: 60 MiB, where one 1M-row database fits and two do not
    small_disk 60m
    run "$S" run --rows 1M --chunk 100k --reads 100 --journal delete,wal --interleave chunk \
        --min-free 1M --dry-run --db-dir "$MNT/db" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [[ "$output" == *"a round runs in groups of 1 cell (its databases do not fit the free disk less --min-free together): its chunk pairs decide nothing"* ]]
    [[ "$output" != *"a round of more than 64 cells"* ]]
    [ ! -e "$OUT" ] && [ ! -e "$MNT/db" ]
    run "$S" run --rows 4k --chunk 2k --reads 100 --interleave chunk --dry-run \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [[ "$output" == *"--interleave chunk: a round of one cell, its database about "*": nothing to pair it with"* ]]
    [[ "$output" != *"the 1 cells"* ]]
}

@test "a round's repeats each run in lockstep, one round after the other" {
    run "$S" run --rows 4k --chunk 2k --reads 100 --journal delete,wal --repeat 2 \
        --interleave chunk --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 - "$OUT/chunks.csv" <<'PY'
import csv, sys
rows = [(r["repeat"], r["cell"], r["chunk"]) for r in csv.DictReader(open(sys.argv[1], newline=""))]
assert rows == [("1", "1", "0"), ("1", "2", "0"), ("1", "2", "1"), ("1", "1", "1"),
                ("2", "1", "0"), ("2", "2", "0"), ("2", "2", "1"), ("2", "1", "1")], rows
PY
}

@test "--interleave refuses what cannot take turns, and a bad mode, creating nothing" {
    for extra in "--readers 2" "--pin-reader 1s" "--write-rate 1000" "--shard 1/2"; do
        # shellcheck disable=SC2086
        run "$S" run --rows 4k --chunk 2k --interleave chunk $extra --db-dir "$DB" --out "$OUT" "${Q[@]}"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [[ "$output" == *"--interleave chunk cannot run with ${extra%% *}:"* ]]
        echo "$output"
        [ ! -e "$OUT" ] && [ ! -e "$DB" ]
    done
    run "$S" run --rows 4k --interleave cells --out "$OUT" "${Q[@]}"
    [ "$status" -eq 2 ]
    [[ "$output" == *"--interleave"* ]]
    [ ! -e "$OUT" ]
}

@test "a stop in lockstep leaves the round's cells to resume, which carries them on, then the next round" {
    # cell 2 holds after its first chunk until the stop; cell 1, waiting
    # for its turn, ends on the stop without another chunk
    SQLSOAK_TEST_HANG=2:between:0 interrupt_after 3 "$OUT/chunks.csv" "$T/log" \
        env --default-signal=INT,TERM,HUP "$S" run \
        --rows 40k --chunk 10k --reads 10 --journal delete,wal --repeat 2 --interleave chunk \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$(order "$OUT/chunks.csv")" = "1:0 2:0" ]
    grep -q "interrupted run 1 of 4: cell 1 · repeat 1 after 1 of 4 chunks; run 2 of 4: cell 2 · repeat 1 after 1 chunks" "$T/log"
    [ "$(wc -l <"$OUT/summary.csv")" -eq 1 ]     # no cell of the round recorded
    [ "$(ls "$DB" | grep -c '\.db$')" -eq 2 ]      # their databases kept for resume
    run "$S" resume "$OUT"
    [ "$status" -eq 0 ]
    [ "$(grep -c ',ok,' "$OUT/summary.csv")" -eq 4 ]
    [ "$(order "$OUT/chunks.csv")" = "1:0 2:0 2:1 1:1 1:2 2:2 2:3 1:3 1:0 2:0 2:1 1:1 1:2 2:2 2:3 1:3" ]
}

@test "cells in lockstep that end on their own between turns are recorded, and --max-time ends the round" {
    # each chunk slowed past --max-time: cell 1 ends after its first chunk,
    # cell 2 at its first turn; both are recorded, the next round skipped
    SQLSOAK_TEST_SLOW=20000 run "$S" run --rows 40k --chunk 20k --reads 10 --journal delete,wal \
        --repeat 2 --interleave chunk --max-time 1s --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 - "$OUT/summary.csv" <<'PY'
import csv, sys
rows = {(r["cell"], r["repeat"]): (r["status"], r["reason"]) for r in csv.DictReader(open(sys.argv[1], newline=""))}
assert rows[("1", "1")] == ("interrupted", "'--max-time reached after 1 of 2 chunks"), rows
assert rows[("2", "1")] == ("interrupted", "'--max-time reached before its first chunk"), rows
assert rows[("1", "2")][0] == rows[("2", "2")][0] == "skipped", rows
PY
    [ -z "$(ls -A "$DB")" ]
}

@test "--on-error stop in lockstep: the round of the failed cell is recorded, the next is skipped" {
    # (two cells that sync nothing: no fsync of a loaded disk outlasts the
    # short watchdog in the cell that is not hung)
    SQLSOAK_TEST_HANG=1:read:1 run "$S" run --rows 4k --chunk 1k --reads 10 --sync off --page-size 4k,8k \
        --repeat 2 --interleave chunk --watchdog 2s --on-error stop --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 1 ]
    # the note names the cell that hung, not the last to have had a turn
    [[ "$output" == *"run 1 of 4: cell 1 · repeat 1: hung"* ]]
    # (the status by its column's name: a dimension added moves it)
    st=$(python3 -c 'import csv, sys; print(" ".join("%s,%s,%s" % (r["cell"], r["repeat"], r["status"])
                     for r in csv.DictReader(open(sys.argv[1]))))' "$OUT/summary.csv")
    [ "$st" = "1,1,hung 2,1,ok 1,2,skipped 2,2,skipped" ]
}

@test "a round of more cells than run at once goes in groups, and its chunk pairs decide nothing" {
    # 68 cells: a group of 64, then one of 4
    run "$S" run --rows 2k --chunk 1k --reads 10 --sync off,normal \
        --cache-size "$(seq -s, 1000 1016)" --journal delete,wal --interleave chunk --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [[ "$output" == *"a round runs in groups of 64 cells (the most that run in lockstep at once): its chunk pairs decide nothing"* ]]
    [ "$(grep -c ',ok,' "$OUT/summary.csv")" -eq 68 ]
    python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["lockstep_rounds_split"] is True' "$OUT/run.json"
    [[ "$output" != *"chunk pairs in lockstep"* ]]
}

@test "one round in lockstep decides a large difference from its chunk pairs" {
    # a COMMIT per row against one per chunk of 500: hundreds of times
    # apart, on any file system
    run "$S" run --rows 14k --chunk 500 --reads 100 --commit-every 1,500 --sync off \
        --interleave chunk --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    line=$(dimline "$OUT" commit_every)
    # one round in lockstep: its chunk pairs' verdict, the one stated
    [[ "$line" =~ ^commit_every:\ 500\ writes\ [0-9.]+x\ as\ fast\ as\ 1\ \([0-9.]+\.\.[0-9.]+\):\ a\ difference,\ from\ 28\ chunk\ pairs\ in\ lockstep ]]
    [[ "$line" != *"not decided: 1 round"* && "$line" != *"disagree"* ]]
    # the terminal and the markdown say the same
    [[ "$output" == *"$line"* ]]
    run "$S" report "$OUT" --format markdown
    [ "$status" -eq 0 ]
    [[ "$output" == *"a difference, from 28 chunk pairs in lockstep"* ]]
    # and its table: cell 2's ratio is the chunk pairs', as summary.csv types it
    [[ "$output" == *" | a difference, from its chunk pairs in lockstep"* || "$output" == *"): a difference, from its chunk pairs in lockstep |"* ]]
    python3 -c 'import csv,sys; r=[x for x in csv.DictReader(open(sys.argv[1])) if x["cell"] == "2"][0]; assert r["write_vs_baseline_method"] == "lockstep" and r["write_verdict"] == "a difference", r' "$OUT/summary.csv"
}

@test "cells that do not differ are not called different from their chunk pairs" {
    # a chance call (at most 3.5% of nights, chunkpair.h) must repeat to fail
    local calls=0 try
    for try in 1 2; do
        rm -rf "$OUT" "$DB"
        run "$S" run --rows 28k --chunk 1k --reads 100 --cache-size 2000,2001 \
            --interleave chunk --db-dir "$DB" --out "$OUT" "${Q[@]}"
        [ "$status" -eq 0 ]
        line=$(dimline "$OUT" cache_size)
        [[ "$line" == *"chunk pairs in lockstep"* ]]
        [[ "$line" != *"a difference"* ]] && break
        calls=$((calls + 1))
    done
    [ "$calls" -lt 2 ]
}

@test "a run not in lockstep says nothing of chunk pairs" {
    run "$S" run --rows 8k --chunk 1k --reads 100 --commit-every 1,1000 --sync off --interleave off \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [[ "$output" == *"commit_every: 1000 writes"* ]]
    [[ "$output" != *"chunk pairs"* ]]
}
