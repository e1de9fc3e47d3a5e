#!/usr/bin/env bats
# `sqlsoak crash` starts as `run` does (src/run/session.c): the same checks
# before anything is created (free space under --db-dir and --out
# included), and one process per results folder, the owner of OUT/.owner
# named to a second one.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    runs_setup
}

teardown() {
    runs_teardown
}

load helpers/runs

@test "crash: a second crash into a folder a crash is running is refused naming its pid; status names the owner" {
    start crash --journal delete --sync full --trials 100000 --db-dir "$DB" --out "$OUT" --no-plot
    wait_rows "$OUT/trials.csv" 1           # the first one is well under way
    run --separate-stderr "$S" crash --journal delete --sync full --trials 10 --db-dir "$DB" \
        --out "$OUT" --no-plot
    echo "$stderr"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak crash: --out $OUT: a run is going there (pid $PID): one process at a time" ]
    [ -z "$output" ]
    run "$S" status "$OUT"
    echo "$output"
    [[ "${lines[0]}" == "$OUT: running, owned by pid $PID (alive)" ]]
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ]
    [ "$(jget status)" = interrupted ]
}

@test "crash: less free space under --db-dir than --min-free asks: one line, exit 2, nothing created" {
    run --separate-stderr "$S" crash --journal delete --sync full --trials 2 --min-free 1000T \
        --db-dir "$DB" --out "$OUT" --no-plot
    echo "$output $stderr"
    [ "$status" -eq 2 ]
    [[ "$stderr" == "sqlsoak crash: --db-dir $DB: needs about "*" MiB plus --min-free 1048576000 MiB, only "*" MiB free" ]]
    [ -z "$output" ]
    [ ! -e "$OUT" ] && [ ! -e "$DB" ]
}

@test "crash: less room under --out than run.json's reserve: one line, exit 2, nothing created" {
    MNT=$T/small
    mkdir -p "$MNT"
    mount -t tmpfs -o size=128k tmpfs "$MNT" 2>/dev/null || { MNT=; skip "cannot mount a tmpfs here"; }
    OUT=$MNT/out
    run --separate-stderr "$S" crash --journal delete --sync full --trials 2 --db-dir "$DB" \
        --out "$OUT" --no-plot
    echo "$output $stderr"
    [ "$status" -eq 2 ]
    [[ "$stderr" == "sqlsoak crash: --out $OUT: only "*" KiB free on its disk, a run needs "*" KiB there (room kept for run.json)" ]]
    [ -z "$output" ]
    [ -z "$(ls -A "$MNT")" ]
    [ ! -e "$DB" ]
}
