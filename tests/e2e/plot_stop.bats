#!/usr/bin/env bats
# gnuplot as a child of sqlsoak: a stop signal while it draws (a run's
# final drawing, and `sqlsoak plot`) ends it and draws nothing further,
# and it starts with default signal dispositions and no blocked signals.
# A fake gnuplot first on PATH records each start and, for one script,
# touches a marker and waits to be killed: the tests wait on that marker,
# never on a fixed delay.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    runs_setup
    mkdir -p "$T/bin"
    cat >"$T/bin/gnuplot" <<'EOF'
#!/bin/sh
# gnuplot -c SCRIPT ...: "pid script SigIgn SigBlk" appended to $FAKE_LOG;
# $FAKE_HANG's script touches $FAKE_STARTED and waits until killed, any
# other exits 1 without drawing.
ign=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/self/status)
blk=$(sed -n 's/^SigBlk:[[:space:]]*//p' /proc/self/status)
echo "$$ $2 $ign $blk" >>"$FAKE_LOG"
if [ "$2" = "$FAKE_HANG" ]; then
    : >"$FAKE_STARTED"
    exec sleep 600
fi
exit 1
EOF
    chmod +x "$T/bin/gnuplot"
    export FAKE_LOG=$T/gnuplot.log FAKE_STARTED=$T/started FAKE_HANG=write.gp
    export PATH=$T/bin:$PATH
}

teardown() {
    runs_teardown
    # a fake gnuplot sqlsoak left behind, ended by its pid
    local p
    for p in $(cut -d' ' -f1 "$FAKE_LOG" 2>/dev/null); do
        kill -9 "$p" 2>/dev/null || true
    done
}

load helpers/runs

# wait_started: until the fake gnuplot is drawing (or the run has ended).
wait_started() {
    local i
    for ((i = 0; i < 6000; i++)); do
        [ -e "$FAKE_STARTED" ] && return 0
        kill -0 "$PID" 2>/dev/null || { echo "sqlsoak ended before gnuplot started" >&2; return 1; }
        sleep 0.01
    done
    return 1
}

# stopped_while_drawing [KILL ARGS]: sqlsoak ($PID) is sent SIGTERM (or
# kill KILL ARGS) while the fake gnuplot draws write.gp: exit 130, no
# graph said to have failed, that gnuplot ended, no other one started,
# nothing drawn, no report.
stopped_while_drawing() {
    wait_started
    if [ $# -gt 0 ]; then kill "$@"; else kill -TERM "$PID"; fi
    finish
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 130 ]
    run ! grep -qi "failed\|did not exit\|cannot write" "$T/stdout" "$T/stderr"
    [ "$(wc -l <"$FAKE_LOG")" -eq 1 ]
    gone "$(cut -d' ' -f1 "$FAKE_LOG")" reaped
    [ "$(jget status)" = ok ]
    [ "$(jget status_detail)" = "graphs not drawn: interrupted while drawing them" ]
    [ ! -e "$OUT/report.html" ]
}

@test "SIGTERM while gnuplot draws a run's graphs: exit 130, no failed graph claimed, gnuplot ended, nothing further drawn" {
    start run --rows 20k --chunk 10k --reads 1k --db-dir "$DB" --out "$OUT" --progress never
    stopped_while_drawing
    grep -q "interrupted while drawing the graphs; every cell is recorded" "$T/stdout"
}

@test "Ctrl-C (SIGINT to the process group) while gnuplot draws a run's graphs: exit 130, gnuplot ended, nothing further drawn" {
    start_group run --rows 20k --chunk 10k --reads 1k --db-dir "$DB" --out "$OUT" --progress never
    stopped_while_drawing -INT -- "-$PID"
}

@test "SIGTERM while gnuplot draws for sqlsoak plot: exit 130, no failed graph claimed, gnuplot ended, nothing further drawn" {
    run "$S" run --rows 20k --chunk 10k --reads 1k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    start plot "$OUT"
    stopped_while_drawing
    grep -q "interrupted while drawing the graphs" "$T/stdout"
}

@test "gnuplot starts with SIGPIPE and SIGXFSZ at their defaults and no signal blocked" {
    FAKE_HANG=
    run "$S" run --rows 20k --chunk 10k --reads 1k --db-dir "$DB" --out "$OUT" --progress never
    cat "$FAKE_LOG"
    [ "$(wc -l <"$FAKE_LOG")" -ge 2 ]
    while read -r pid script ign blk; do
        # SIGPIPE is signal 13, SIGXFSZ 25: bits 12 and 24 of the masks
        (( (0x$ign & (1 << 12 | 1 << 24)) == 0 ))
        (( 0x$blk == 0 ))
    done <"$FAKE_LOG"
}

@test "SIGTERM while gnuplot draws for sqlsoak compare: exit 130, no failed graph claimed, gnuplot ended, no report" {
    FAKE_HANG= run "$S" run --rows 20k --chunk 10k --reads 1k --db-dir "$DB" --out "$T/a" "${Q[@]}"
    [ "$status" -eq 0 ]
    FAKE_HANG= run "$S" run --rows 20k --chunk 10k --reads 1k --db-dir "$DB" --out "$T/b" "${Q[@]}"
    [ "$status" -eq 0 ]
    : >"$FAKE_LOG"
    start compare "$T/a" "$T/b" --out "$T/c"
    wait_started
    kill -TERM "$PID"
    finish
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 130 ]
    grep -q "interrupted while drawing the graphs (SIGTERM): no more are drawn" "$T/stdout"
    run ! grep -qi "failed\|did not exit\|cannot write" "$T/stdout" "$T/stderr"
    [ "$(wc -l <"$FAKE_LOG")" -eq 1 ]
    gone "$(cut -d' ' -f1 "$FAKE_LOG")" reaped
    [ -f "$T/c/comparison.csv" ]
    [ ! -e "$T/c/report.html" ]
}
