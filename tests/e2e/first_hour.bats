#!/usr/bin/env bats
# first_hour.bats: what a person new to sqlsoak types in their first hour:
# defaults that follow the options given, and the messages of the options
# mistyped and of the runs that cannot be, each one line, exit 2, nothing
# created.

load helpers/common

setup() {
    scratch
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
    [[ "$output" == "sqlsoak"*": "$want ]]
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

@test "typos: a command, an option or a word mistyped gets the one it most likely meant" {
    refused "unknown command 'runn': did you mean run? (see sqlsoak --help)" runn --rows 1k
    refused "unknown command 'stauts': did you mean status? (see sqlsoak --help)" stauts "$T"
    refused "unknown option '--rwos': did you mean --rows? (see --help)" run --rwos 1k \
        --db-dir "$T/db" --out "$T/r"
    refused "unknown option '-rows': did you mean --rows? (see --help)" run -rows 1k \
        --db-dir "$T/db" --out "$T/r"
    refused "unknown option '--chnuk': did you mean --chunk? (see --help)" run --chnuk=1k \
        --db-dir "$T/db" --out "$T/r"
    refused "--journal: 'wall' is not one of delete, truncate, persist, memory, wal, off; did you mean wal?" \
        run --journal delete,wall --db-dir "$T/db" --out "$T/r"
    refused "--sync: 'ful' is not one of off, normal, full, extra; did you mean full?" \
        crash --sync ful --db-dir "$T/db" --out "$T/r"
    # an option of another command is not offered: crash has no --reads
    refused "unknown option '--reads' (see --help)" crash --reads 5 --db-dir "$T/db" --out "$T/r"
    # nothing near: the message as before
    refused "unknown option '--bogus' (see --help)" run --bogus --db-dir "$T/db" --out "$T/r"
    refused "unknown command 'frobnicate' (see sqlsoak --help)" frobnicate
    # a job file's line says the same
    printf 'rows = 1k\nrwos = 2k\n' >"$T/a.conf"
    run "$S" run --job "$T/a.conf" --db-dir "$T/db" --out "$T/r"
    echo "$output"
    [ "$status" -eq 2 ]
    [[ "$output" == *"a.conf:2: unknown option '--rwos': did you mean --rows? (see --help)" ]]
    [ ! -e "$T/r" ] && [ ! -e "$T/db" ]
}

@test "typos: a list written as words (a shell glob) is told lists are comma-separated" {
    mkdir -p "$T/lib/3.7.3" "$T/lib/3.8.0"
    touch "$T/lib/3.7.3/libsqlite3.so" "$T/lib/3.8.0/libsqlite3.so"
    for cmd in run info; do
        run "$S" $cmd --sqlite-lib "$T"/lib/*/libsqlite3.so
        echo "$output"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [ "$output" = "sqlsoak $cmd: unexpected argument '$T/lib/3.8.0/libsqlite3.so' after --sqlite-lib's value: lists are comma-separated (--sqlite-lib A,B, not A B as a shell glob gives)" ]
    done
    run "$S" run --journal=delete wal --db-dir "$T/db" --out "$T/r"
    [ "$status" -eq 2 ]
    [[ "$output" == *"'wal' after --journal's value: lists are comma-separated"* ]]
    # a stray word after an option that takes no list is only unexpected
    run "$S" run --rows 1k 2k --db-dir "$T/db" --out "$T/r"
    [ "$output" = "sqlsoak run: unexpected argument '2k' (see --help)" ]
    [ ! -e "$T/r" ] && [ ! -e "$T/db" ]
}

@test "impossible: a run none of whose cells can run is refused up front, naming why" {
    refused "checkpoint_mode truncate: needs journal_mode wal: no cell of this run can run, so nothing would be measured" \
        run --rows 2k --checkpoint truncate --journal delete --db-dir "$T/db" --out "$T/r"
    refused "checkpoint_mode passive: needs journal_mode wal: no cell *" \
        run --rows 2k --checkpoint passive,full --journal delete,persist --dry-run \
        --db-dir "$T/db" --out "$T/r"
    # its dry run names why a cell would be unsupported, and calibrates only the others
    run "$S" run --rows 2k --reads 10 --checkpoint truncate --journal delete,wal --dry-run \
        --db-dir "$T/db" --out "$T/r"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"cell 1 (SQLite "*" · delete · full)  unsupported, not measured: checkpoint_mode truncate: needs journal_mode wal"* ]]
    [[ "$output" != *"measured no chunk"* ]]
    [[ "$output" == *"calibration 1 (cell 2)"* ]]
    [ ! -e "$T/r" ] && [ ! -e "$T/db" ]
    # a matrix with a cell that can run keeps the others as findings
    run "$S" run --rows 2k --reads 10 --checkpoint truncate --journal delete,wal \
        --db-dir "$T/db" --out "$T/r" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    grep -q ',unsupported,' "$T/r/summary.csv"
    grep -q 'checkpoint_mode truncate: needs journal_mode wal' "$T/r/summary.csv"
}

@test "impossible: --journal wal with a library whose probe takes no WAL is refused up front" {
    load helpers/libs
    build_no_wal_lib "$BATS_FILE_TMPDIR/lib"
    lib=$NO_WAL_LIB
    refused "journal_mode wal: SQLite * ($lib) does not take it (see sqlsoak info): no cell *" \
        run --rows 2k --journal wal --sqlite-lib "$lib" --db-dir "$T/db" --out "$T/r"
    run "$S" run --rows 2k --reads 10 --journal delete,wal --sqlite-lib "$lib" --dry-run \
        --db-dir "$T/db" --out "$T/r"
    [ "$status" -eq 0 ]
    [[ "$output" == *"· wal · full)  unsupported, not measured: journal_mode wal: SQLite "*" does not take it"* ]]
}

# ctrl_c_at_birth LOG: runs a 2-chunk run whose cell hangs as its
# database is born (before its first chunk), sends it a Ctrl-C once it
# hangs there, and waits for its end.
ctrl_c_at_birth() {
    local log=$1 pid i rc=0
    SQLSOAK_TEST_HANG='1:born:*' "$S" run --rows 2k --chunk 1k --reads 10 \
        --db-dir "$T/db" --out "$T/r" "${Q[@]}" >"$log" 2>&1 3>&- &
    pid=$!
    for ((i = 0; i < 6000; i++)); do
        grep -q 'hangs at born' "$log" && break
        sleep 0.01
    done
    kill -INT "$pid"
    wait "$pid" || rc=$?
    [ "$rc" -eq 130 ]
}

@test "Ctrl-C before the first chunk: the run's end agrees with what was measured" {
    # the cell ends the chunk it began, and that chunk is kept; no run
    # finished, so none is in the summary, which says so without
    # claiming that nothing was recorded
    ctrl_c_at_birth "$T/log"
    cat "$T/log"
    grep -q '^runs: none finished$' "$T/log"
    ! grep -q 'none recorded' "$T/log"
    grep -q 'after 1 of 2 chunks; the chunks measured are kept\.$' "$T/log"
    [ "$(wc -l <"$T/r/chunks.csv")" -eq 2 ]
}
