#!/usr/bin/env bats
# first_hour.bats: what a person new to sqlsoak types in their first hour:
# defaults that follow the options given, and the messages of the options
# mistyped and of the runs that cannot be, each one line, exit 2, nothing
# created.

load helpers/common

setup() {
    scratch
    Q=(--no-plot --progress never --probe off)
    load helpers/sigdefault
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
    # (the plan is checked, not its estimate: a calibration of a second)
    SQLSOAK_TEST_CALIBRATION_S=1 run "$S" run --chunk 200M --dry-run --db-dir "$T/db" --out "$T/r"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == *"200000000 rows each in chunks of 200000000" ]]
    [[ "$output" == *"--rows 200000000 (--chunk is above its default)"* ]]
    [ ! -e "$T/r" ]
}

@test "defaults: --target-rows below the default rows makes --rows the target" {
    SQLSOAK_TEST_CALIBRATION_S=1 run "$S" run --target-rows 2M --dry-run --db-dir "$T/db" --out "$T/r"
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

@test "numbers: digits grouped by threes are a count; other forms are told the nearest accepted" {
    # _ or , between groups of three, where a comma is not a list's
    # (--save-job writes the options as parsed, and stops)
    for rows in 1_000_000 1,000,000 1e6 1.0M 1000k; do
        run "$S" run --rows "$rows" --chunk 250_000 --save-job "$T/s.conf"
        echo "$output"
        [ "$status" -eq 0 ]
        grep -qx 'rows = 1000000' "$T/s.conf"
        grep -qx 'chunk = 250000' "$T/s.conf"
        rm "$T/s.conf"
    done
    printf 'rows = 2,000,000\nreads = 1_000\n' >"$T/a.conf"
    run "$S" run --job "$T/a.conf" --need writes=1_000/s --save-job "$T/s.conf"
    [ "$status" -eq 0 ]
    grep -qx 'rows = 2000000' "$T/s.conf"
    grep -qx 'reads = 1000' "$T/s.conf"
    grep -qx 'need = writes=1_000/s' "$T/s.conf"
    rm "$T/a.conf" "$T/s.conf"
    refused "--rows: '1_0000' is not a row count (e.g. 500k, 1.5M, 1e6); did you mean 10000?" \
        run --rows 1_0000 --db-dir "$T/db" --out "$T/r"
    refused "--rows: '2,00,000' is not a row count (e.g. 500k, 1.5M, 1e6); did you mean 200000?" \
        run --rows 2,00,000 --db-dir "$T/db" --out "$T/r"
    refused "--rows: '1,5M' is not a row count (e.g. 500k, 1.5M, 1e6); did you mean 1.5M?" \
        run --rows 1,5M --db-dir "$T/db" --out "$T/r"
    refused "--rows: '1m' is not a row count (e.g. 500k, 1.5M, 1e6); did you mean 1M?" \
        run --rows 1m --db-dir "$T/db" --out "$T/r"
    refused "--rows: '1,000.5' is not a whole count" run --rows 1,000.5 --db-dir "$T/db" --out "$T/r"
    # a list option's comma separates its values: one number so written is told how
    refused "--page-size: '1,024' is a list of 2 values (a comma separates a list's values); for the number 1024 write 1024 or 1_024" \
        run --page-size 1,024 --db-dir "$T/db" --out "$T/r"
    refused "--value-size: '2,048' is a list of 2 values (a comma separates a list's values); for the number 2048 write 2048 or 2_048" \
        run --value-size 2,048 --db-dir "$T/db" --out "$T/r"
    # 1_024 is 1k: the two in one list are one value listed twice
    refused "--page-size: '1k' is listed twice" run --page-size 1_024,1k --db-dir "$T/db" \
        --out "$T/r"
    # a list that is a list stays one
    run "$S" run --value-size 16,100 --save-job "$T/s.conf"
    [ "$status" -eq 0 ]
    grep -qx 'value-size = 16,100' "$T/s.conf"
    # the grammar is stated once, the same in the usage and in run --help
    run "$S" run --help
    [[ "$output" == *"Numbers: 1000, 1_000 or 1,000 (1_000 in a list"* ]]
    run "$S" --help
    [[ "$output" == *"Numbers: 1000, 1_000 or 1,000 (1_000 in a list"* ]]
}

@test "numbers: --cache-size takes a byte size, as the KiB it holds; other forms are refused in one line" {
    run "$S" run --cache-size 8MiB,2000KiB,64M,1.5M,1000,-300 --save-job "$T/s.conf"
    echo "$output"
    [ "$status" -eq 0 ]
    grep -qx 'cache-size = -8192,-2000,-65536,-1536,1000,-300' "$T/s.conf"
    rm "$T/s.conf"
    refused "--cache-size: '8MB' is not pages, -KiB, or a size in bytes (e.g. 2000, -2000, 8MiB) or 'default'" \
        run --cache-size 8MB --db-dir "$T/db" --out "$T/r"
    refused "--cache-size: '-8M' is not pages, -KiB, or a size in bytes (e.g. 2000, -2000, 8MiB) or 'default'" \
        run --cache-size -8M --db-dir "$T/db" --out "$T/r"
    refused "--cache-size: '1.5k' is not whole pages or whole KiB" \
        run --cache-size 1.5k --db-dir "$T/db" --out "$T/r"
    refused "--cache-size: '8MiB' is listed twice" run --cache-size -8192,8MiB --db-dir "$T/db" \
        --out "$T/r"
    # the size stated in --help
    run "$S" run --help
    [[ "$output" == *"or a size in bytes (8MiB, 2000KiB: as -KiB)"* ]]
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
    build_no_wal_lib
    lib=$NO_WAL_LIB
    refused "journal_mode wal: SQLite * ($lib) does not take it (see sqlsoak info): no cell *" \
        run --rows 2k --journal wal --sqlite-lib "$lib" --db-dir "$T/db" --out "$T/r"
    run "$S" run --rows 2k --reads 10 --journal delete,wal --sqlite-lib "$lib" --dry-run \
        --db-dir "$T/db" --out "$T/r"
    [ "$status" -eq 0 ]
    [[ "$output" == *"· wal · full)  unsupported, not measured: journal_mode wal: SQLite "*" does not take it"* ]]
}

# said LOG TEXT PID: waits until LOG has a line holding TEXT, or PID's end.
# tail -F follows LOG as it is written (inotify), where a poll of grep and
# sleep would start two processes every 10 ms for as long as the wait.
said() {
    grep -qF -- "$2" < <(timeout 300 tail -n +1 -F -s 0.01 --pid="$3" "$1" 2>/dev/null 3>&-)
}

# stopped HANG LOG SIG [SIG2]: a run of 3 chunks, its cell held by
# SQLSOAK_TEST_HANG=HANG, is sent SIG once the cell holds, then SIG2 once
# the runner has said it stops after this chunk; it must end with exit 130
stopped() {
    local hang=$1 log=$2 sig=$3 sig2=${4:-} pid rc=0
    rm -f "$log"    # (the line waited for is this run's, not the one before's)
    SQLSOAK_TEST_HANG=$hang "${SIGDFL[@]}" "$S" run --rows 3k --chunk 1k --reads 10 \
        --db-dir "$T/db" --out "$T/r" "${Q[@]}" >"$log" 2>&1 3>&- &
    pid=$!
    said "$log" 'hangs at' "$pid"
    kill -"$sig" "$pid"
    if [ -n "$sig2" ]; then
        said "$log" 'stopping after this chunk' "$pid"
        kill -"$sig2" "$pid"
    fi
    wait "$pid" || rc=$?
    cat "$log"
    [ "$rc" -eq 130 ]
    [ "$(jq -r .status "$T/r/run.json")" = interrupted ]
}

@test "stop signals before, during and after the first chunk: each says what stopped it and what was kept" {
    local moment sig cause said
    # before the first chunk (its database made), inside it, and after it:
    # the cell ends the chunk it is in (or begins it) and stops
    for moment in 1:born:0 1:write:0 1:between:0; do
        for sig in INT TERM HUP; do
            rm -rf "$T/r" "$T/db"
            stopped "$moment" "$T/log" "$sig"
            if [ "$sig" = INT ]; then
                cause=Ctrl-C
                said='stopping after this chunk; Ctrl-C again to stop now'
            else
                cause=SIG$sig
                said="SIG$sig: stopping after this chunk; a second SIG$sig stops now"
            fi
            grep -qxF "$said" "$T/log"
            grep -qxF "$cause: interrupted run 1 of 1: cell 1 after 1 of 3 chunks; the chunks measured are kept." "$T/log"
            [ "$(grep -c 'killed by' "$T/log")" -eq 0 ]
            [ "$(wc -l <"$T/r/chunks.csv")" -eq 2 ]
        done
    done
}

@test "a second Ctrl-C or SIGTERM stops at once: no 'killed by SIGKILL', and nothing claimed kept when no chunk was measured" {
    local moment sig
    # the cell held for good (:kill) where the second signal finds it:
    # before its first chunk and inside it, no chunk is measured
    for moment in 1:born:0 1:write:0; do
        for sig in INT TERM; do
            rm -rf "$T/r" "$T/db"
            stopped "$moment:kill" "$T/log" "$sig" "$sig"
            local cause="a second SIG$sig"
            [ "$sig" != INT ] || cause="a second Ctrl-C"
            grep -qxF "$cause: interrupted run 1 of 1: cell 1 after 0 of 3 chunks: its process stopped at once; no chunk was measured." "$T/log"
            [ "$(grep -c 'killed by\|measured are kept' "$T/log")" -eq 0 ]
            [ "$(wc -l <"$T/r/chunks.csv")" -eq 1 ]
        done
    done
    # another signal after the first: both named
    rm -rf "$T/r" "$T/db"
    stopped 1:write:0:kill "$T/log" INT TERM
    grep -qxF "SIGTERM after Ctrl-C: interrupted run 1 of 1: cell 1 after 0 of 3 chunks: its process stopped at once; no chunk was measured." "$T/log"
    # after the first chunk: that one is kept
    rm -rf "$T/r" "$T/db"
    stopped 1:between:0:kill "$T/log" INT INT
    grep -qxF "a second Ctrl-C: interrupted run 1 of 1: cell 1 after 1 of 3 chunks: its process stopped at once; the chunks measured are kept." "$T/log"
    [ "$(grep -c 'killed by' "$T/log")" -eq 0 ]
    [ "$(wc -l <"$T/r/chunks.csv")" -eq 2 ]
}

@test "Ctrl-C before the first chunk: the run's end agrees with what was measured" {
    # the cell ends the chunk it began, and that chunk is kept; no run
    # finished, so none is in the summary, which says so without
    # claiming that nothing was recorded
    stopped 1:born:0 "$T/log" INT
    grep -q '^runs: none finished$' "$T/log"
    [ "$(grep -c 'none recorded' "$T/log")" -eq 0 ]
    grep -q 'after 1 of 3 chunks; the chunks measured are kept\.$' "$T/log"
    [ "$(wc -l <"$T/r/chunks.csv")" -eq 2 ]
}
