#!/usr/bin/env bats
# Hostile input caught at the start: --metrics paths, over-long paths, a
# library that kills its loader, a results disk already full, two runs
# racing for one --out, closed standard descriptors, a run.json command
# line that is not exactly what was recorded, numbers outside the one
# grammar every option reads, and options that contradict the run.  Each
# refusal is one line, exit 2, and nothing created or changed.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/runs

setup() {
    runs_setup
    R=(--rows 20k --chunk 10k --reads 1k)
    MNT=
    BG=
}

teardown() {
    if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then
        kill -9 "$PID" 2>/dev/null || true
        wait "$PID" 2>/dev/null || true
    fi
    if [ -n "$BG" ] && kill -0 "$BG" 2>/dev/null; then
        kill -9 "$BG" 2>/dev/null || true
    fi
    if [ -n "$MNT" ]; then
        umount "$MNT" 2>/dev/null || true
    fi
}

# snapshot PATHS...: every entry by name, and every one but a folder with
# its type, size, mode and modification time to the nanosecond, which any
# write moves (bats's own files left out).  One process: a refusal's two
# snapshots were six processes each, checksums and sorts, most of its cost.
snapshot() {
    find "$@" ! -name 'separate-stderr-*' \( -type d -printf '%p/\n' -o -printf '%p %y %s %m %T@\n' \) \
        2>/dev/null
}

# refused WORD ARGS...: sqlsoak ARGS exits 2 with one line on stderr that
# holds WORD, and nothing under $T changed: since UNCHANGED, a snapshot a
# test of many refusals in a row takes once, else since the call.  Its
# status and stderr are taken as they come: bats' run costs several times
# what the refusal does.
refused() {
    local word=$1 before
    shift
    before=${UNCHANGED:-$(snapshot "$T")}
    status=0
    stderr=$("$S" "$@" 2>&1 >/dev/null 3>&-) || status=$?
    echo "exit $status, stderr: $stderr"
    [ "$status" -eq 2 ]
    [ -n "$stderr" ]
    [[ "$stderr" != *$'\n'* ]]
    [[ "$stderr" == *"$word"* ]]
    [ "$(snapshot "$T")" = "$before" ]
}

# mount_tmpfs DIR OPTIONS: a tmpfs at DIR (root only), or skip.
mount_tmpfs() {
    [ "$(id -u)" -eq 0 ] || skip "mounting a tmpfs needs root"
    mkdir -p "$1"
    mount -t tmpfs -o "$2" tmpfs "$1" 2>/dev/null || skip "cannot mount a tmpfs here"
    MNT=$1
}

# interrupted_run_in DIR ARGS...: a 40k-row run in 10k chunks, started in
# the working folder DIR, stopped by SIGINT after two chunks (exit 130),
# held there by the test hook: on a loaded machine the run could finish
# between the poll that saw two chunks and the signal.
interrupted_run_in() {
    local wd=$1
    shift
    (cd "$wd" && SQLSOAK_TEST_HANG=1:between:1 exec "${SIGDFL[@]}" "$S" run --rows 40k --chunk 10k --reads 100 \
        --out "$OUT" "${Q[@]}" "$@" >"$T/stdout" 2>"$T/stderr" 3>&-) &
    PID=$!
    wait_rows "$OUT/chunks.csv" 2
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ] || { cat "$T/stderr"; return 1; }
}

# interrupted_run ARGS...: the same, from here.
interrupted_run() {
    interrupted_run_in "$PWD" "$@"
}

# resume_ok ROWS CHUNK: resume $OUT finishes, every chunk recorded once.
resume_ok() {
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output" | tail -n 3
    [ "$status" -eq 0 ]
    python3 "$CHECK" final "$OUT" "$1" "$2" 1
}

# ---- --metrics ----

@test "metrics: an existing file sqlsoak did not write is refused, not replaced" {
    echo 'node_precious 1' >"$T/x.prom"
    refused "$T/x.prom" run "${R[@]}" --metrics "$T/x.prom" --out "$OUT" --db-dir "$DB" "${Q[@]}"
}

@test "metrics: an existing FILE.tmp is refused, not clobbered" {
    echo 'someone else' >"$T/x.prom.tmp"
    refused "$T/x.prom.tmp" run "${R[@]}" --metrics "$T/x.prom" --out "$OUT" --db-dir "$DB" "${Q[@]}"
}

@test "metrics: a file an earlier run wrote is replaced by the next run" {
    run "$S" run "${R[@]}" --metrics "$T/x.prom" --out "$T/a" --db-dir "$DB" "${Q[@]}"
    [ "$status" -eq 0 ]
    grep -q 'sqlsoak_cell_status{.*status="ok"} 1' "$T/x.prom"
    first=$(sha256sum <"$T/x.prom")
    run "$S" run "${R[@]}" --seed 7 --metrics "$T/x.prom" --out "$T/b" --db-dir "$DB" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(sha256sum <"$T/x.prom")" != "$first" ]
    [ ! -e "$T/x.prom.tmp" ]
}

@test "metrics: a file of sqlsoak 0.2.0 (known by its first line) is replaced; the new one carries the mark" {
    printf '# HELP sqlsoak_chunks_planned Chunks the cell will measure.\n# TYPE sqlsoak_chunks_planned gauge\n' >"$T/x.prom"
    run "$S" run "${R[@]}" --metrics "$T/x.prom" --out "$OUT" --db-dir "$DB" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(head -n 1 "$T/x.prom")" = "# sqlsoak --metrics: replaced after every chunk" ]
}

@test "metrics: a FILE.tmp sqlsoak left (a kill while writing it) is replaced" {
    printf '# sqlsoak --metrics: replaced after every chunk\n' >"$T/x.prom.tmp"
    run "$S" run "${R[@]}" --metrics "$T/x.prom" --out "$OUT" --db-dir "$DB" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ ! -e "$T/x.prom.tmp" ]
    grep -q 'status="ok"} 1' "$T/x.prom"
}

@test "metrics: a folder that does not exist is refused at the start" {
    refused "/nonexistent" run "${R[@]}" --metrics /nonexistent/x.prom --out "$OUT" --db-dir "$DB" "${Q[@]}"
}

@test "metrics: a folder on a read-only filesystem is refused at the start (for root too)" {
    mount_tmpfs "$T/ro" ro,size=1m
    refused "$T/ro" run "${R[@]}" --metrics "$T/ro/x.prom" --out "$OUT" --db-dir "$DB" "${Q[@]}"
}

@test "metrics: a relative path is recorded absolute; resume writes there with the working folder gone" {
    mkdir -p "$T/wd" "$T/m" "$T/elsewhere/deeper" "$T/elsewhere/m"
    interrupted_run_in "$T/wd" --metrics ../m/night.prom --db-dir "$DB"
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["options"]["metrics"])' \
        "$OUT/run.json" >"$T/recorded"
    [ "$(cat "$T/recorded")" = "$T/m/night.prom" ]
    rmdir "$T/wd"
    rm "$T/m/night.prom"
    # from here, ../m/night.prom would be $T/elsewhere/m/night.prom
    cd "$T/elsewhere/deeper"
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output" | tail -n 3
    [ "$status" -eq 0 ]
    grep -q 'status="ok"} 1' "$T/m/night.prom"
    [ -z "$(ls -A "$T/elsewhere/m")" ]
}

# ---- over-long paths ----

# deep N: a relative path of N folders of 9 bytes each ("aaaaaaaaa/...").
deep() {
    local i p=
    for ((i = 0; i < $1; i++)); do p+=aaaaaaaaa/; done
    echo "${p%/}"
}

@test "long paths: an --out longer than PATH_MAX creates nothing, not even the default --db-dir" {
    mkdir -p "$T/wd"
    cd "$T/wd"
    refused "longer than" run "${R[@]}" --out "$T/$(deep 460)" "${Q[@]}"
}

@test "long paths: a --db-dir longer than PATH_MAX creates nothing" {
    refused "--db-dir" run "${R[@]}" --out "$OUT" --db-dir "$T/$(deep 455)" "${Q[@]}"
}

@test "long paths: a relative --out whose absolute path is too long creates nothing" {
    mkdir -p "$T/$(deep 200)"
    cd "$T/$(deep 200)"
    refused "--out" run "${R[@]}" --out "$(deep 260)" --db-dir "$DB" "${Q[@]}"
}

@test "long paths: an --out that fits but whose files would not is refused" {
    # 4095 bytes in all: the folder's name fits PATH_MAX, OUT/chunks.csv does not
    local base="$T/x/" pad
    pad=$((4095 - ${#base}))
    p=$base
    while ((pad > 0)); do
        n=$((pad > 200 ? 200 : pad))
        [ $((pad - n)) -eq 1 ] && n=$((n - 2))
        p+=$(printf 'b%.0s' $(seq "$n"))
        pad=$((pad - n))
        if ((pad > 0)); then p+=/; pad=$((pad - 1)); fi
    done
    [ "${#p}" -eq 4095 ]
    refused "--out" run "${R[@]}" --out "$p" --db-dir "$DB" "${Q[@]}"
}

@test "long paths: a --metrics longer than PATH_MAX is refused" {
    refused "--metrics" run "${R[@]}" --out "$OUT" --db-dir "$DB" --metrics "$T/$(deep 460)/x.prom" "${Q[@]}"
}

@test "long paths: a component longer than NAME_MAX creates none of its parents" {
    long=$(printf 'c%.0s' $(seq 300))
    refused "255" run "${R[@]}" --out "$T/x/y/$long/out" --db-dir "$DB" "${Q[@]}"
    refused "255" run "${R[@]}" --out "$OUT" --db-dir "$T/x/y/$long" "${Q[@]}"
    refused "255" run "${R[@]}" --out "$OUT" --db-dir "$DB" --metrics "$T/$long.prom" "${Q[@]}"
}

# ---- a library that kills the process loading it ----

@test "sqlite-lib: a library whose constructor aborts is one line and exit 2, for run and info" {
    # the compiler of the binary's architecture (make test-cross sets CC)
    cc=${CC:-cc}
    command -v "$cc" >/dev/null || skip "no C compiler"
    cat >"$T/abort.c" <<'EOF'
#include <stdlib.h>
__attribute__((constructor)) static void boom(void) { abort(); }
const char *sqlite3_libversion(void) { return "3.40.0"; }
int sqlite3_libversion_number(void) { return 3040000; }
EOF
    "$cc" -shared -fPIC -o "$T/libabort.so" "$T/abort.c"
    # no core file either, where the kernel would write one
    mkdir -p "$T/wd"
    cd "$T/wd"
    ulimit -c unlimited 2>/dev/null || true
    refused "$T/libabort.so" run "${R[@]}" --sqlite-lib "$T/libabort.so" --out "$OUT" --db-dir "$DB" "${Q[@]}"
    [[ "$stderr" == *"SIGABRT"* ]]
    refused "$T/libabort.so" info --sqlite-lib "$T/libabort.so"
    # a library that loads, but aborts when it opens a database: the real
    # SQLite behind a sqlite3_open_v2 of its own
    if [ -n "${SQLSOAK_LIBDIR:-}" ]; then
        lib=$SQLSOAK_LIBDIR/libsqlite3.so.0
    else
        lib=$(ldconfig -p | awk '/libsqlite3\.so\.0 /{print $NF; exit}')
    fi
    [ -e "$lib" ] || skip "no libsqlite3.so.0 found (ldconfig, SQLSOAK_LIBDIR)"
    cat >"$T/openabort.c" <<'EOF'
#include <stdlib.h>
int sqlite3_open_v2(const char *f, void **db, int flags, const char *vfs)
{
    (void)f; (void)db; (void)flags; (void)vfs;
    abort();
}
EOF
    "$cc" -shared -fPIC -o "$T/libopenabort.so" "$T/openabort.c" -Wl,--no-as-needed "$lib"
    refused "$T/libopenabort.so" run "${R[@]}" --sqlite-lib "$T/libopenabort.so" --out "$OUT" --db-dir "$DB" "${Q[@]}"
    [[ "$stderr" == *"SIGABRT"* ]]
}

# ---- two runs racing for one --out ----

# The races' winner holds still once its database is made (the test hook),
# until the test stops it: a cell writing meanwhile would cost CPU, and
# check nothing more; its one chunk after the stop is small for the same
# reason.
@test "detach race: two run --detach started together, 10 times: one goes on, the other is refused in the terminal with its pid" {
    for ((t = 1; t <= 10; t++)); do
        OUT=$T/out$t
        SQLSOAK_TEST_HANG=1:born:0 "${SIGDFL[@]}" "$S" run --rows 400k --chunk 1k --reads 100 --db-dir "$T/dbA$t" --out "$OUT" --detach \
            "${Q[@]}" >"$T/a.out" 2>"$T/a.err" 3>&- &
        a=$!
        SQLSOAK_TEST_HANG=1:born:0 "${SIGDFL[@]}" "$S" run --rows 400k --chunk 1k --reads 100 --db-dir "$T/dbB$t" --out "$OUT" --detach \
            "${Q[@]}" >"$T/b.out" 2>"$T/b.err" 3>&- &
        b=$!
        ra=0 rb=0
        wait "$a" || ra=$?
        wait "$b" || rb=$?
        echo "trial $t: exits $ra $rb"
        if [ "$ra" -eq 0 ]; then w=a l=b rl=$rb; else w=b l=a rl=$ra; fi
        cat "$T/$w.out" "$T/$l.err"
        BG=$(sed -n 's/^sqlsoak runs in the background as pid \([0-9]*\);.*/\1/p' "$T/$w.out")
        [ -n "$BG" ]
        [ "$rl" -eq 2 ]
        [ ! -s "$T/$l.out" ]
        [ "$(wc -l <"$T/$l.err")" -eq 1 ]
        grep -q "pid $BG" "$T/$l.err"
        # nothing of the loser: its --db-dir not made, no line of its in run.log
        [ ! -e "$T/db${l^^}$t" ]
        ! grep -q "one process at a time\|took this folder" "$OUT/run.log" || return 1
        kill -INT "$BG"
        # its end followed by one process, not a fork every poll (30 s cap)
        timeout 30 tail --pid="$BG" -s 0.01 -f /dev/null || true
        ! kill -0 "$BG" 2>/dev/null || return 1
        BG=
    done
}

@test "start race: without --detach, the loser creates nothing, not its --db-dir" {
    for ((t = 1; t <= 10; t++)); do
        OUT=$T/out$t
        SQLSOAK_TEST_HANG=1:born:0 "${SIGDFL[@]}" "$S" run --rows 400k --chunk 1k --reads 100 --db-dir "$T/dbA$t" --out "$OUT" \
            "${Q[@]}" >"$T/a.out" 2>"$T/a.err" 3>&- &
        a=$!
        SQLSOAK_TEST_HANG=1:born:0 "${SIGDFL[@]}" "$S" run --rows 400k --chunk 1k --reads 100 --db-dir "$T/dbB$t" --out "$OUT" \
            "${Q[@]}" >"$T/b.out" 2>"$T/b.err" 3>&- &
        b=$!
        # the first to exit is the loser; the other is stopped
        while kill -0 "$a" 2>/dev/null && kill -0 "$b" 2>/dev/null; do sleep 0.01; done
        if kill -0 "$a" 2>/dev/null; then w=$a l=B; else w=$b l=A; fi
        kill -INT "$w"
        ra=0 rb=0
        wait "$a" || ra=$?
        wait "$b" || rb=$?
        echo "trial $t: exits $ra $rb; loser $l"
        cat "$T/a.err" "$T/b.err"
        [ "$((ra == 2 ? 1 : 0))$((rb == 2 ? 1 : 0))" = "$([ $l = A ] && echo 10 || echo 01)" ]
        grep -q "pid $w" "$T/${l,,}.err"
        [ ! -e "$T/db$l$t" ]
    done
}

# ---- a results disk already full ----

@test "results disk full at the start: one line naming the space needed, exit 2, nothing created" {
    mount_tmpfs "$T/full" size=1m
    dd if=/dev/zero of="$T/full/fill" bs=64k 2>/dev/null || true
    refused "--out $T/full/out" run "${R[@]}" --out "$T/full/out" --db-dir "$DB" "${Q[@]}"
    [[ "$stderr" == *"KiB"* ]]
    # nearly full: 64 KiB left is not room for a run's first files and its reserve
    truncate -s -64k "$T/full/fill"
    refused "--out $T/full/out" run "${R[@]}" --out "$T/full/out" --db-dir "$DB" "${Q[@]}"
}

# ---- closed standard descriptors ----

@test "stderr closed: progress and messages never land in a results file" {
    "$S" run "${R[@]}" --progress always --no-plot --out "$OUT" --db-dir "$DB" >"$T/stdout" 2>&- 3>&-
    [ ! -s "$OUT/.owner" ]
    python3 "$CHECK" final "$OUT" 20000 10000 1
}

@test "stdout and stderr closed: the results are whole" {
    "$S" run "${R[@]}" --progress always --no-plot --out "$OUT" --db-dir "$DB" >&- 2>&- 3>&-
    [ ! -s "$OUT/.owner" ]
    python3 "$CHECK" final "$OUT" 20000 10000 1
}

# ---- the command line resume reads ----

@test "command line: an argument that is not UTF-8 is kept whole, in both option forms, and resume carries on" {
    d1=$T/db-$'\xff\xfe'-1
    interrupted_run --db-dir "$d1"
    resume_ok 40000 10000
    d2=$T/db-$'\xe9'-2
    OUT=$T/out2
    interrupted_run "--db-dir=$d2" --keep-db
    resume_ok 40000 10000
    ls "$d2"/*.db
}

# edit_cmdline PYTHON: rewrites run.json's command_line c (a list) by the
# statement given.
edit_cmdline() {
    python3 - "$OUT/run.json" "$1" <<'EOF'
import json, sys
p = sys.argv[1]
j = json.load(open(p))
c = j["command_line"]
exec(sys.argv[2])
j["command_line"] = c
json.dump(j, open(p, "w"), indent=2)
EOF
}

# resume_refused WORD: resume exits 2 with one line holding WORD, and
# changes nothing in $OUT or $DB.
resume_refused() {
    local before
    before=$(snapshot "$OUT" "$DB")
    run --separate-stderr "$S" resume "$OUT" "${Q[@]}"
    echo "exit $status, stderr: $stderr"
    [ "$status" -eq 2 ]
    [ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
    [[ "$stderr" == *"$1"* ]]
    [ "$(snapshot "$OUT" "$DB")" = "$before" ]
}

@test "command line: an element that is not a string is refused, not read as empty" {
    interrupted_run --db-dir "$DB"
    edit_cmdline 'c[c.index("--rows")] = 7'
    resume_refused "command_line"
}

@test "command line: an element that is an unknown object is refused" {
    interrupted_run --db-dir "$DB"
    edit_cmdline 'c.append({"x": 1})'
    resume_refused "command_line"
}

@test "command line: an option edited in that changes the plan is refused" {
    interrupted_run --db-dir "$DB"
    edit_cmdline 'c += ["--page-size", "8k,4k"]'
    resume_refused "command_line"
}

@test "command line: a value edited that changes the plan is refused" {
    interrupted_run --db-dir "$DB"
    edit_cmdline 'c[c.index("--rows") + 1] = "2M"'
    resume_refused "command_line"
}

@test "command line: an option the recorded options lack (an older sqlsoak) is taken at its default, else refused" {
    interrupted_run --db-dir "$DB"
    python3 - "$OUT/run.json" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))
del j["options"]["locking-mode"]
json.dump(j, open(sys.argv[1], "w"), indent=2)
EOF
    cp "$OUT/run.json" "$T/run.json.lacking"
    edit_cmdline 'c += ["--locking-mode", "exclusive"]'
    resume_refused "--locking-mode"
    cp "$T/run.json.lacking" "$OUT/run.json"
    resume_ok 40000 10000
}

@test "command line: a working folder that is not UTF-8 is kept whole: a relative --db-dir resumes from it" {
    wd=$T/wd-$'\xff'
    mkdir -p "$wd"
    interrupted_run_in "$wd" --db-dir db
    ls "$wd"/db/*.db
    resume_ok 40000 10000
    [ ! -e "$T/db" ]
}

# ---- numbers: one grammar for every option ----

# refused_value OPTION VALUE ARGS...: refused, and the line names VALUE too.
refused_value() {
    local value=$2
    refused "$1" "${@:3}"
    [[ "$stderr" == *"$value"* ]]
}

@test "numbers: a bad count, size or duration is one line naming the option and the value, exit 2, nothing created" {
    UNCHANGED=$(snapshot "$T")
    for v in 1e6x 1.2345k 0x10 +20k ' 20k' '20k ' 20k20k 1e-3 99999999999999999999; do
        refused_value --rows "$v" run --rows "$v" --chunk 1 --out "$OUT" --db-dir "$DB" "${Q[@]}"
    done
    for v in 1h1h 30s30s 0h5 1h5 30m1h 0.5s 0x10s +1h ' 1h'; do
        refused_value --max-time "$v" run "${R[@]}" --max-time "$v" --out "$OUT" --db-dir "$DB" "${Q[@]}"
        refused_value --backlog-limit "$v" crash --rows 2000 --chunk 100 --write-rate 100 \
            --backlog-limit "$v" --out "$OUT" --db-dir "$DB" "${Q[@]}"
    done
    for v in 1.5 0x1000 1e-1k -4k; do
        refused_value --page-size "$v" run "${R[@]}" --page-size "4k,$v" --out "$OUT" --db-dir "$DB" "${Q[@]}"
    done
    refused_value --cache-size 1.5 run "${R[@]}" --cache-size -2000,1.5 --out "$OUT" --db-dir "$DB" "${Q[@]}"
    refused_value --read-dist zipf:5e-1 run "${R[@]}" --read-dist zipf:5e-1 --out "$OUT" --db-dir "$DB" "${Q[@]}"
}

@test "numbers: 1e6 and 1.5M rows, 1.5h, 2.5e3 and -2e3 are taken as every option takes them" {
    run -0 env SQLSOAK_TEST_CALIBRATION_S=1 "$S" run --rows 1e6 --chunk 2.5e5 --dry-run \
        --db-dir "$DB" --out "$OUT" --probe off
    [[ "$output" == *" 1000000 rows each in chunks of 250000"* ]]
    # the options a run takes, written back (no dry run: its calibration
    # costs a second of CPU, under qemu too)
    run -0 "$S" run --rows 1.5M --chunk 1.5e5 --max-time 1.5h --cache-size -2e3 \
        --save-job "$T/a.conf"
    grep -qx 'rows = 1500000' "$T/a.conf"
    grep -qx 'chunk = 150000' "$T/a.conf"
    grep -qx 'max-time = 5400' "$T/a.conf"
    grep -qx 'cache-size = -2000' "$T/a.conf"
    [ ! -e "$OUT" ] && [ ! -e "$DB" ]
}

@test "need: a value the grammar refuses, or an empty item, is one line naming the item and value, exit 2, nothing created" {
    UNCHANGED=$(snapshot "$T")
    for v in writes=0x10/s writes=+200/s 'writes= 200/s' writes=99999999999999999999/s \
        writes=1e-300/s writes=0/s read-p99=0x1p3ms 'read-p99=20ms ' wal=0x100; do
        refused_value "--need ${v%%=*}" "'${v#*=}'" run "${R[@]}" --need "$v" --out "$OUT" \
            --db-dir "$DB" "${Q[@]}"
    done
    for v in writes=200/s, ,writes=200/s 'writes=200/s,,reads=1/s'; do
        refused_value --need "empty item" run "${R[@]}" --need "$v" --out "$OUT" --db-dir "$DB" "${Q[@]}"
    done
    # an exponent, as every option takes one
    run -0 "$S" run --rows 20k --chunk 10k --need writes=1e6/s,read-p99=1e3ms --save-job "$T/n.conf"
    grep -qx 'need = writes=1e6/s,read-p99=1e3ms' "$T/n.conf"
}

@test "paced options without --write-rate, in run and crash: --backlog-limit as --arrival and --latency-limit" {
    for cmd in run crash; do
        refused "--backlog-limit applies to a paced writer: give --write-rate too" \
            $cmd --rows 2000 --chunk 100 --backlog-limit 10s --out "$OUT" --db-dir "$DB" "${Q[@]}"
        refused "--latency-limit applies to a paced writer" \
            $cmd --rows 2000 --chunk 100 --latency-limit 5 --out "$OUT" --db-dir "$DB" "${Q[@]}"
    done
    # with a paced writer, it is taken
    run -0 env SQLSOAK_TEST_CALIBRATION_S=1 "$S" run --rows 2000 --chunk 1000 --write-rate 1M \
        --backlog-limit 10s --dry-run \
        --db-dir "$DB" --out "$OUT" --probe off
    [ ! -e "$OUT" ] && [ ! -e "$DB" ]
}

@test "target-rows below --rows: refused with why, not taken and then ignored" {
    refused "--target-rows 1000 is below --rows 20000" run "${R[@]}" --target-rows 1k \
        --out "$OUT" --db-dir "$DB" "${Q[@]}"
    run -0 env SQLSOAK_TEST_CALIBRATION_S=1 "$S" run "${R[@]}" --target-rows 20k --dry-run \
        --db-dir "$DB" --out "$OUT" --probe off
    [ ! -e "$OUT" ] && [ ! -e "$DB" ]
}
