#!/usr/bin/env bats
# The progress line and the answer to a stop, end to end: on a terminal
# (script(1) gives the run one) the line changes inside a chunk; in a log
# it is one line per chunk; a Ctrl-C is answered while the chunk runs,
# once, with the time it has left.  The test hook SQLSOAK_TEST_SLOW makes a
# chunk last seconds whatever the machine; waits are on files, bounded.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    runs_setup
    TTYPID=
}

teardown() {
    [ -n "$TTYPID" ] && kill -9 -- "-$TTYPID" 2>/dev/null
    runs_teardown
}

load helpers/runs

# on_tty ARGS...: sqlsoak ARGS in the background on a terminal of its own
# (script(1)); what the terminal showed goes to $T/tty, with each \r a
# line of its own; script's pid in PID, sqlsoak's in TTYPID (a session
# leader: kill -INT -- -$TTYPID is a Ctrl-C, reaching runner and cell).
on_tty() {
    local i cmd
    command -v script >/dev/null || skip "script(1) is not installed (bsdutils)"
    cmd=$(printf '%q ' "${SIGDFL[@]}" "$S" "$@")
    "${SIGDFL[@]}" script -qef -c "echo \$\$ >'$T/pid'; exec $cmd" "$T/typescript" </dev/null >/dev/null 2>&1 3>&- &
    PID=$!
    for ((i = 0; i < 1000; i++)); do
        [ -s "$T/pid" ] && break
        sleep 0.01
    done
    TTYPID=$(cat "$T/pid")
}

# screen: what the terminal showed so far, a line per \r or \n.
screen() {
    tr '\r' '\n' <"$T/typescript" 2>/dev/null | grep -a .
}

# seen PATTERN [SECONDS]: until the terminal has shown PATTERN (an ERE).
# SECONDS is a generous cap on the wait for that state, which a test
# never needs to reach: it only turns a hang into a failure.
seen() {
    local i
    for ((i = 0; i < ${2:-30} * 20; i++)); do
        screen | grep -Eq "$1" && return 0
        sleep 0.05
    done
    echo "not shown within ${2:-30} s: $1" >&2
    return 1
}

@test "progress: on a terminal, the line shows the write phase's rows and rate inside a chunk" {
    SQLSOAK_TEST_SLOW=20000 on_tty run --rows 40k --chunk 40k --reads 1000 --no-plot \
        --db-dir "$DB" --out "$OUT"
    finish
    [ "$RC" -eq 0 ]
    # every 256 rows 20 ms: the chunk lasts at least 3 s, so two live lines come first
    live=$(screen | grep -E 'chunk 0 \(1/1\)  write [0-9]+/40000 rows  [0-9.]+k?/s  elapsed')
    [ "$(echo "$live" | wc -l)" -ge 2 ]
    # each line counts more rows than the one before, and all come before the chunk's
    echo "$live" | sed -E 's/.*write ([0-9]+)\/.*/\1/' | sort -n -c -u
    before=$(screen | sed '/chunk 0 (1\/1)  rows 40000  write/q' | grep -c 'write [0-9]*/40000 rows')
    [ "$before" -eq "$(echo "$live" | wc -l)" ]
}

@test "progress: with a longer --timeline-interval, the line changes at each interval" {
    SQLSOAK_TEST_SLOW=20000 on_tty run --rows 60k --chunk 60k --reads 1000 --no-plot \
        --timeline-interval 2500 --db-dir "$DB" --out "$OUT"
    finish
    [ "$RC" -eq 0 ]
    # the chunk lasts at least 4.7 s; its first interval ends 2.5 s in
    live=$(screen | grep -E 'chunk 0 \(1/1\)  write [0-9]+/60000 rows')
    [ -n "$live" ]
    first=$(echo "$live" | sed -E 's/.*elapsed ([0-9]+)s$/\1/' | sort -n | head -1)
    [ "$first" -ge 2 ]
}

@test "progress: in a log, one line per chunk and none inside one" {
    SQLSOAK_TEST_SLOW=20000 run -0 --separate-stderr "$S" run --rows 40k --chunk 20k \
        --reads 1000 --no-plot --db-dir "$DB" --out "$OUT"
    [ "$(grep -c 'chunk [0-9] ([0-9]/2)  rows' <<<"$stderr")" -eq 2 ]
    [ "$(wc -l <<<"$stderr")" -eq 2 ]
    ! grep -q '/20000 rows' <<<"$stderr"
}

# The chunks of the two tests below last over 30 s of the hook's sleeps
# (40 ms every 256 rows), however fast the machine: a loaded one still
# answers a stop before they end; the second stop ends them at once.
@test "progress: Ctrl-C is answered while the chunk runs, once, with its time left; a second stops now" {
    SQLSOAK_TEST_SLOW=40000 on_tty run --rows 400k --chunk 200k --reads 1000 --no-plot \
        --db-dir "$DB" --out "$OUT"
    seen 'chunk 0 \(1/2\)  write [0-9]+/200000 rows'
    kill -INT -- "-$TTYPID"
    # (a minute or more is said as one, "1m05s")
    seen '^stopping after this chunk \(about ([0-9]+ s|[0-9hms]+)\); Ctrl-C again to stop now$' 60
    # the time left at the chunk's rate so far: at most 6.4k rows/s, most of 200k rows to go
    left=$(screen | sed -nE 's/^stopping after this chunk \(about ([^)]+)\).*/\1/p')
    [ -n "$left" ]
    [[ ! "$left" =~ ^[0-4]\ s$ ]]
    # the chunk (at least 31 s of the hook's sleeps) had not ended
    [ "$(data_rows "$OUT/chunks.csv")" -eq 0 ]
    kill -INT -- "-$TTYPID"
    finish
    [ "$RC" -eq 130 ]
    [ "$(screen | grep -c 'stopping after this chunk')" -eq 1 ]
    [ "$(data_rows "$OUT/chunks.csv")" -eq 0 ]
}

@test "progress: in a log too, a stop signal is answered before the chunk ends" {
    SQLSOAK_TEST_SLOW=40000 start_group run --rows 400k --chunk 200k --reads 1000 --no-plot \
        --db-dir "$DB" --out "$OUT"
    wait_rows "$OUT/timeline.csv" 1       # the write phase is in flight
    kill -TERM -- "-$PID"
    # until the answer shows (a minute's cap on that state, not a time)
    for ((i = 0; i < 1200; i++)); do
        grep -q 'stopping after' "$T/stderr" && break
        sleep 0.05
    done
    grep -Eqx 'SIGTERM: stopping after this chunk \(about ([0-9]+ s|[0-9hms]+)\); a second SIGTERM stops now' \
        "$T/stderr"
    [ "$(data_rows "$OUT/chunks.csv")" -eq 0 ]
    kill -TERM -- "-$PID"
    finish
    [ "$RC" -eq 130 ]
    [ "$(grep -c 'stopping after' "$T/stderr")" -eq 1 ]
}
