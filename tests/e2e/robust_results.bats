#!/usr/bin/env bats
# The results files tell the truth: faults injected at exact moments
# (strace's -e inject: a SIGKILL or an errno at the Nth write, rename or
# fsync of one file), a results disk too small (a tmpfs) or a file-size
# limit (ulimit -f), then the exit status, run.json, summary.csv,
# timeline.csv and `status` are checked against what was really written.
# Waits are on file state, never on fixed delays.

bats_require_minimum_version 1.5.0

setup() {
    runs_setup
    MNT=
}

teardown() {
    if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then
        kill -9 "$PID" 2>/dev/null || true
        wait "$PID" 2>/dev/null || true
    fi
    if [ -n "$MNT" ]; then
        umount "$MNT" 2>/dev/null || true
    fi
}

load helpers/runs

# need_strace: skips unless strace can inject faults here.
need_strace() {
    command -v strace >/dev/null || skip "strace is not installed"
    strace -o /dev/null -e trace=getpid -e inject=getpid:retval=1 true 2>/dev/null ||
        skip "strace cannot trace here (no ptrace)"
}

# faulted FILE SYSCALL INJECT ARGS...: sqlsoak ARGS under strace, the fault
# INJECT (strace's -e inject value) applied to SYSCALL on FILE alone (every
# process of the run); exit status in RC, output in $T/stdout, $T/stderr.
faulted() {
    local file=$1 call=$2 inj=$3
    shift 3
    RC=0
    strace -o /dev/null -f -P "$file" -e trace="$call" -e inject="$call:$inj" \
        "$S" "$@" >"$T/stdout" 2>"$T/stderr" || RC=$?
}

# small_disk SIZE: a tmpfs of SIZE mounted at $T/small (in MNT), or skips.
small_disk() {
    [ "$(id -u)" -eq 0 ] || skip "mounting a tmpfs needs root"
    MNT=$T/small
    mkdir -p "$MNT"
    mount -t tmpfs -o size="$1" tmpfs "$MNT" 2>/dev/null || { MNT=; skip "cannot mount a tmpfs here"; }
}

# verify_chunks: the chunk of every verify row of $OUT/timeline.csv, one per line.
verify_chunks() {
    python3 - "$OUT/timeline.csv" <<'EOF'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    if r["phase"] == "verify":
        print(r["cell"], r["chunk"])
EOF
}

# ---- timeline.csv ----

@test "verify row: a resumed cell whose chunks were all recorded labels its verify with the last chunk" {
    need_strace
    mkdir -p "$OUT"
    # the runner killed as it writes the cell's summary row: every chunk recorded
    faulted "$OUT/summary.csv" write signal=SIGKILL:when=2 \
        run --rows 40k --chunk 10k --reads 1k --verify --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$RC" -eq 137 ]
    [ "$(data_rows "$OUT/chunks.csv")" -eq 4 ]
    [ "$(data_rows "$OUT/summary.csv")" -eq 0 ]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(verify_chunks)" = "1 3" ]
}

@test "verify rows lost on a full disk: the run stops disk_full (exit 1), resumable" {
    need_strace
    mkdir -p "$OUT"
    # one row per phase (a long interval); strace counts per process: the
    # cell's process writes the write, read, then verify row: the third fails
    faulted "$OUT/timeline.csv" write error=ENOSPC:when=3 \
        run --rows 10k --chunk 10k --reads 1k --verify --timeline-interval 600000 \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 1 ]
    [ "$(jget status)" = disk_full ]
    [[ "$(jget status_detail)" == *"timeline.csv: No space left on device"* ]]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(verify_chunks)" = "1 0" ]
}
