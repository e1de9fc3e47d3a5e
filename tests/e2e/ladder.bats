#!/usr/bin/env bats
# The ladder of releases: libraries in release order (one release built
# more than once: in the order given), the steps between neighbours that
# changed the cost named.  The libraries differ as the test makes them:
# SQLite 3.7.8 built at -O2 and copied byte for byte (two identical
# builds), and built at -O0 with SQLITE_DEBUG and SQLITE_MEMDEBUG (every
# assert checked, every allocation filled and listed: writes several times
# slower, on any machine).  Needs an amalgamation: SQLITE_AMALGAMATION
# points to one (.ci/amalgamation fetches it); skipped without it.

bats_require_minimum_version 1.5.0

load helpers/common

setup_file() {
    [ -n "${SQLITE_AMALGAMATION:-}" ] || return 0
    local lib="$BATS_TEST_DIRNAME/../../.ci/sqlite-lib" d=$BATS_FILE_TMPDIR
    SQLITE_OPT=-O2 sh "$lib" "$SQLITE_AMALGAMATION" "$d/o2" "${CC:-cc}" >"$d/build.log" 2>&1
    mkdir -p "$d/o2copy/3.7.8"
    cp "$d/o2/3.7.8/libsqlite3.so" "$d/o2copy/3.7.8/libsqlite3.so"
    SQLITE_OPT=-O0 SQLITE_CFLAGS='-DSQLITE_DEBUG -DSQLITE_MEMDEBUG' sh "$lib" \
        "$SQLITE_AMALGAMATION" "$d/debug" "${CC:-cc}" >>"$d/build.log" 2>&1
}

setup() {
    [ -n "${SQLITE_AMALGAMATION:-}" ] || skip "SQLITE_AMALGAMATION is not set"
    scratch
    FAST="$BATS_FILE_TMPDIR/o2/3.7.8/libsqlite3.so"
    COPY="$BATS_FILE_TMPDIR/o2copy/3.7.8/libsqlite3.so"
    SLOW="$BATS_FILE_TMPDIR/debug/3.7.8/libsqlite3.so"
    [ -f "$FAST" ] && [ -f "$COPY" ] && [ -f "$SLOW" ]
}

# ladder_run DIR: the three libraries, identical builds first, in four
# rounds whose cells run in shuffled order, into DIR.
ladder_run() {
    run "$S" run --sqlite-lib "$FAST,$COPY,$SLOW" --rows 100k --chunk 25k --reads 2000 \
        --sync off --repeat 4 --shuffle --db-dir "$T/db-$1" --out "$T/$1" "${Q[@]}"
}

# ladder_steps FILE: from the answer's ladder line in FILE, each of its
# writes' steps as "slower FROM TO", FROM and TO the folder a library was
# built into (o2, o2copy, debug); and "quiet" when it says no other step
# is beyond noise.
ladder_steps() {
    python3 - "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
line = next(l for l in text.splitlines() if "sqlite ladder (" in l)
writes = line.split("writes: ", 1)[1].split("; reads: ", 1)[0]
lib = r"3\.7\.8 \([^)]*/([a-z0-9]+)/3\.7\.8/libsqlite3\.so\)"
for how, a, b in re.findall(r"(faster|slower) from " + lib + " to " + lib, writes):
    print(how, a, b)
if "no other step beyond noise" in writes:
    print("quiet")
PY
}

@test "a ladder of two identical builds and a slower one names its one step, between them, and none between the identical ones" {
    # a false alarm (at most 5% of runs) or a step missed must repeat to fail
    local want=$'slower o2copy debug\nquiet' got=""
    for attempt in 1 2; do
        ladder_run "out$attempt"
        echo "$output"
        [ "$status" -eq 0 ]
        "$S" report "$T/out$attempt" >"$T/answer$attempt.md"
        got=$(ladder_steps "$T/answer$attempt.md")
        echo "attempt $attempt: $got"
        [ "$got" = "$want" ] && break
    done
    [ "$got" = "$want" ]
    # the ladder goes in release order, identical builds in the order given
    grep -F "sqlite ladder (3.7.8 ($FAST), 3.7.8 ($COPY), 3.7.8 ($SLOW), in release order)" \
        "$T/answer$attempt.md"
    # the same line in the answer of a program and in report.html
    "$S" report --format json "$T/out$attempt" | python3 -c '
import json, sys
lines = json.load(sys.stdin)["headline"]
assert [l for l in lines if l.startswith("sqlite ladder (") and "slower from" in l], lines'
    run "$S" plot "$T/out$attempt"
    [ "$status" -eq 0 ]
    grep -q "sqlite ladder (3.7.8" "$T/out$attempt/report.html"
}

@test "two libraries make no ladder: their one verdict is the dimension's line" {
    run "$S" run --sqlite-lib "$FAST,$SLOW" --rows 2000 --chunk 1000 --reads 100 \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [[ "$output" == *"sqlite: "* ]]
    [[ "$output" != *"sqlite ladder"* ]]
}
