# Shared by the robustness tests: a run in the background and waits on
# the state of its files, never on fixed delays.

# shellcheck source=sigdefault.bash
source "${BASH_SOURCE[0]%/*}/sigdefault.bash"

# runs_setup: the test's scratch folder (common.bash's scratch), the
# checker, no run in the background yet.
runs_setup() {
    scratch
    CHECK=$BATS_TEST_DIRNAME/helpers/robust_check.py
    PID=
    MNT=
}

# data_rows FILE: data rows of a CSV file so far (0 while it does not exist).
data_rows() {
    local n
    n=$({ wc -l <"$1"; } 2>/dev/null) || n=1
    echo $((n > 0 ? n - 1 : 0))
}

# wait_rows FILE N [SECONDS]: until FILE has at least N data rows.  As
# hook_pid, tail -F follows the file as it grows (no poll) until the rows
# are there or PID's end; SECONDS (60) caps a hang, five times over: a
# loaded machine is slow, not hung.  A file replaced (renamed over) is
# followed from its start, the lines before counted too: the rows are
# counted again, and followed again while too few.
wait_rows() {
    # (sed acts on each line as it comes; mawk would wait to fill a buffer)
    while [ -n "$(sed -n "$(($2 + 1)){s/.*/x/p;q}" \
        < <(timeout $((${3:-60} * 5)) tail -n +1 -F -s 0.01 --pid="$PID" "$1" 2>/dev/null 3>&-))" ]; do
        [ "$(data_rows "$1")" -ge "$2" ] && return 0
        kill -0 "$PID" 2>/dev/null || break
    done
    if kill -0 "$PID" 2>/dev/null; then
        echo "timeout waiting for $2 rows of $1" >&2
    else
        echo "the run ended before $2 rows" >&2
    fi
    return 1
}

# start ARGS...: sqlsoak in the background (fd 3 closed for bats), pid in
# PID, the stop signals at their defaults (sigdefault.bash).
# The last run's output goes first: until the background shell opens
# $T/stderr afresh, hook_pid would read the hook line of the run before.
start() {
    rm -f "$T/stdout" "$T/stderr"
    "${SIGDFL[@]}" "$S" "$@" >"$T/stdout" 2>"$T/stderr" 3>&- &
    PID=$!
}

# start_group ARGS...: as start, in a process group and session of its
# own (as a shell's job, or a login over SSH, would be): kill -SIG -- -$PID
# then reaches the runner and its cell's process at once.
start_group() {
    local i
    rm -f "$T/stdout" "$T/stderr"
    setsid "${SIGDFL[@]}" "$S" "$@" >"$T/stdout" 2>"$T/stderr" 3>&- &
    PID=$!
    for ((i = 0; i < 100; i++)); do
        [ "$(ps -o pgid= -p "$PID" | tr -d ' ')" = "$PID" ] && break
        sleep 0.01
    done
}

# gone PID [reaped]: the process has ended within 10 s; a zombie counts as
# ended, unless reaped is given (its parent had to reap it).
gone() {
    local i
    for ((i = 0; i < 1000; i++)); do
        [ -e "/proc/$1" ] || return 0
        [ "${2:-}" != reaped ] && [ "$(ps -o stat= -p "$1" 2>/dev/null | cut -c1)" = Z ] && return 0
        sleep 0.01
    done
    echo "process $1 is still there: $(ps -o pid=,stat=,args= -p "$1" 2>/dev/null)" >&2
    return 1
}

# finish: waits for PID, its exit status in RC.
finish() {
    RC=0
    wait "$PID" || RC=$?
    PID=
}

# field NAME FILE: the values of one column of a CSV file, one per line,
# read as sqlsoak reads them: without the ' that guards a text against
# being run as a formula by a spreadsheet ("'--on-error stop").
field() {
    python3 - "$1" "$2" <<'EOF'
import csv, sys
for r in csv.DictReader(open(sys.argv[2], newline='')):
    v = r[sys.argv[1]]
    print(v[1:] if v[:1] == "'" and v[1:2] and v[1:2] in "=+-@\t\r'" else v)
EOF
}

# jget KEY [DIR]: a top-level value of DIR/run.json (default $OUT; fails
# unless valid JSON).
jget() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2]))' \
        "${2:-$OUT}/run.json" "$1"
}

# traced ARGS...: strace ARGS, with LeakSanitizer (which cannot work under
# ptrace) off when sqlsoak is a sanitizer build (make asan).
traced() {
    ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace "$@"
}

# db_prefix OUT: how the database files of a run or crash into results
# folder OUT begin: sqlsoak-, the folder's name, a hash (32-bit FNV-1a) of
# its absolute path.
db_prefix() {
    python3 - "$1" <<'PY'
import os, re, sys
path = os.path.realpath(sys.argv[1])
h = 2166136261
for b in path.encode():
    h = ((h ^ b) * 16777619) & 0xFFFFFFFF
name = re.sub(r"[^A-Za-z0-9._-]", "_", os.path.basename(path))[:47] or "run"
print(f"sqlsoak-{name}-{h:08x}")
PY
}

one_db() {
    local dbs=("$DB"/*.db)
    [ "${#dbs[@]}" -eq 1 ] && [ -f "${dbs[0]}" ] || { echo "no single database in $DB" >&2; return 1; }
    echo "${dbs[0]}"
}

# hook_pid: the pid the test hook printed on $T/stderr (waits for it).
# tail -F follows the file as it is written (inotify: no process started
# a turn), from before it exists (the background shell makes it; until
# then tail looks every 10 ms, as for PID's end) until the line, or PID's
# end; the cap is for a hang, not a slow machine.
hook_pid() {
    local p
    p=$(sed -n '/^sqlsoak test hook: .*(pid [0-9]*)$/{s/.*(pid \([0-9]*\))$/\1/p;q}' \
        < <(timeout 300 tail -n +1 -F -s 0.01 --pid="$PID" "$T/stderr" 2>/dev/null 3>&-))
    [ -n "$p" ] && { echo "$p"; return 0; }
    echo "the hook was not reached" >&2
    return 1
}

# runs_teardown: ends a run a failed assertion left in the background (by
# its pid), and unmounts the test's tmpfs (MNT), if any.
runs_teardown() {
    if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then
        kill -9 "$PID" 2>/dev/null || true
        wait "$PID" 2>/dev/null || true
    fi
    if [ -n "$MNT" ]; then
        umount "$MNT" 2>/dev/null || true
    fi
}

# small_disk SIZE: a tmpfs of SIZE mounted at $T/small (in MNT), or skips
# (runs_teardown unmounts it).
small_disk() {
    [ "$(id -u)" -eq 0 ] || skip "mounting a tmpfs needs root"
    MNT=$T/small
    mkdir -p "$MNT"
    mount -t tmpfs -o size="$1" tmpfs "$MNT" 2>/dev/null || { MNT=; skip "cannot mount a tmpfs here"; }
}

# need_strace: skips unless strace can inject faults here.
need_strace() {
    command -v strace >/dev/null || skip "strace is not installed"
    strace -o /dev/null -e trace=getpid -e inject=getpid:retval=1 true 2>/dev/null ||
        skip "strace cannot trace here (no ptrace)"
}

# faulted FILE SYSCALL INJECT ARGS...: sqlsoak ARGS under strace, the fault
# INJECT (strace's -e inject value) applied to SYSCALL on FILE alone (every
# process of the run); exit status in RC, output in $T/stdout, $T/stderr,
# the calls strace matched (and failed) in $T/strace, shown by
# faulted_trace.
faulted() {
    local file=$1 call=$2 inj=$3
    shift 3
    RC=0
    strace -o "$T/strace" -f -P "$file" -e trace="$call" -e inject="$call:$inj" \
        "${SIGDFL[@]}" "$S" "$@" >"$T/stdout" 2>"$T/stderr" || RC=$?
}

# faulted_trace: the calls the last faulted run's strace matched, the
# first few: a fault that never hit shows none.
faulted_trace() {
    echo "strace matched $(grep -c . "$T/strace" 2>/dev/null || echo 0) calls:"
    head -n 5 "$T/strace" 2>/dev/null
}
