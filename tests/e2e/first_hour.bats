#!/usr/bin/env bats
# first_hour.bats: what a person new to sqlsoak types in their first hour:
# defaults that follow the options given, and the messages of the options
# mistyped and of the runs that cannot be, each one line, exit 2, nothing
# created.

setup() {
    S=${SQLSOAK:-$BATS_TEST_DIRNAME/../../build/sqlsoak}
    T=$BATS_TEST_TMPDIR
    Q=(--no-plot --progress never --probe off)
}

# refused MESSAGE ARGS...: sqlsoak ARGS fails with exit 2 and the one line
# "sqlsoak CMD: MESSAGE" (MESSAGE a glob), and creates nothing in $T
refused() {
    local want=$1
    shift
    run "$S" "$@"
    echo "$output"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" == "sqlsoak "*": "$want ]]
    [ -z "$(ls -A "$T")" ]
}

@test "defaults: --rows below the default chunk makes the chunk --rows, and the plan says so" {
    run "$S" run --rows 1000 --reads 100 --db-dir "$T/db" --out "$T/r" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == *"1000 rows each in chunks of 1000" ]]
    [[ "$output" == *"defaults that follow the options given: --chunk 1000 (--rows is below its default)"* ]]
    grep -q '"chunk": 1000,' "$T/r/run.json"
    # a job file's --rows is given too
    printf 'rows = 2k\nreads = 0\n' >"$T/a.conf"
    run "$S" run --job "$T/a.conf" --dry-run --db-dir "$T/db"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == *"2000 rows each in chunks of 2000" ]]
    # a --chunk given is never changed: it is the user's to fix
    rm -rf "$T"/*
    refused "--chunk 2000 is larger than --rows 1000" run --rows 1000 --chunk 2000 \
        --db-dir "$T/db" --out "$T/r"
}

@test "defaults: --chunk above the default rows makes --rows the chunk" {
    run "$S" run --chunk 200M --dry-run --db-dir "$T/db" --out "$T/r"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == *"200000000 rows each in chunks of 200000000" ]]
    [[ "$output" == *"--rows 200000000 (--chunk is above its default)"* ]]
    [ ! -e "$T/r" ]
}

@test "defaults: --target-rows below the default rows makes --rows the target" {
    run "$S" run --target-rows 2M --dry-run --db-dir "$T/db" --out "$T/r"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == *"2000000 rows each in chunks of 1000000" ]]
    [[ "$output" == *"--rows 2000000 (--target-rows is below its default)"* ]]
    [ ! -e "$T/r" ]
    refused "--target-rows 1000 is below --rows 20000: *" run --rows 20k --chunk 1k \
        --target-rows 1k --db-dir "$T/db" --out "$T/r"
}
