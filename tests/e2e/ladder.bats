#!/usr/bin/env bats
# The ladder of releases: libraries in release order (one release built
# more than once: in the order given), the steps between neighbours that
# changed the cost named.  The libraries differ as the test makes them:
# SQLite 3.7.8 built at -O2 and copied byte for byte (two identical
# builds), and built at -O0 with SQLITE_DEBUG and SQLITE_MEMDEBUG (every
# assert checked, every allocation filled and listed: writes several times
# slower, on any machine).  The debug builds' write phases also sleep 2 ms
# every 256 rows (SQLSOAK_TEST_SLOW_LIB): a step a loaded machine, which
# slows the CPU-bound builds unevenly from round to round, cannot hide.
# Needs an amalgamation: SQLITE_AMALGAMATION points to one
# (.ci/amalgamation fetches it); skipped without it.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/interrupt
load helpers/sqlitelib

setup_file() {
    [ -n "${SQLITE_AMALGAMATION:-}" ] || return 0
    local d=$BATS_FILE_TMPDIR o2 debug from copy
    o2=$(sqlite_lib -O2)
    debug=$(sqlite_lib -O0 '-DSQLITE_DEBUG -DSQLITE_MEMDEBUG')
    # a copy each, in a folder whose name the answer's lines show
    for copy in "$o2:o2" "$o2:o2copy" "$o2:o2copy2" "$debug:debug" "$debug:debugcopy"; do
        from=${copy%:*}
        mkdir -p "$d/${copy##*:}/3.7.8"
        cp "$from" "$d/${copy##*:}/3.7.8/libsqlite3.so"
    done
}

setup() {
    [ -n "${SQLITE_AMALGAMATION:-}" ] || skip "SQLITE_AMALGAMATION is not set"
    scratch
    FAST="$BATS_FILE_TMPDIR/o2/3.7.8/libsqlite3.so"
    COPY="$BATS_FILE_TMPDIR/o2copy/3.7.8/libsqlite3.so"
    SLOW="$BATS_FILE_TMPDIR/debug/3.7.8/libsqlite3.so"
    COPY2="$BATS_FILE_TMPDIR/o2copy2/3.7.8/libsqlite3.so"
    SLOW2="$BATS_FILE_TMPDIR/debugcopy/3.7.8/libsqlite3.so"
    [ -f "$FAST" ] && [ -f "$COPY" ] && [ -f "$SLOW" ] && [ -f "$COPY2" ] && [ -f "$SLOW2" ]
    # five libraries, the step between the third and the fourth
    FIVE="$FAST,$COPY,$COPY2,$SLOW,$SLOW2"
    export SQLSOAK_TEST_SLOW_LIB=/debug:2000
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

# bisect_runs DIR: each combination of DIR's run.json (its library's place
# in the ladder, 1 to 5) with the statuses of its rounds, and for a skipped
# one the ends its reason names ("2 skipped o2 o2copy2"); "failed" if any
# run of the five neither ran ok nor was skipped by --bisect.
bisect_runs() {
    python3 - "$1/run.json" <<'PY'
import json, re, sys
cells = json.load(open(sys.argv[1]))["cells"]
by = {}
for c in cells:
    if c["status"] == "skipped":
        assert c["reason"].startswith("bisect: "), c["reason"]
        ends = re.findall(r"/([a-z0-9]+)/3\.7\.8/libsqlite3\.so", c["reason"])
        by.setdefault(c["cell"], set()).add("skipped " + " ".join(ends))
    elif c["status"] == "ok":
        by.setdefault(c["cell"], set()).add("ok")
    else:
        print("failed", c)
for cell in sorted(by):
    print(cell, *sorted(by[cell]))
PY
}

@test "--bisect of five libraries runs the two ends, then middles whose ends differ: the step in 4 runs of 5, the one skipped named" {
    # a false alarm between identical builds runs the skipped library too,
    # and rounds spread wide by a loaded machine leave the step not decided:
    # either must repeat to fail the test
    local want=$'1 ok\n2 skipped o2 o2copy2\n3 ok\n4 ok\n5 ok' got=""
    for attempt in 1 2; do
        run "$S" run --bisect --sqlite-lib "$FIVE" --rows 100k --chunk 25k --reads 2000 \
            --sync off --repeat 3 --db-dir "$T/db$attempt" --out "$T/out$attempt" "${Q[@]}"
        echo "$output"
        [ "$status" -eq 0 ]
        got=$(bisect_runs "$T/out$attempt")
        echo "attempt $attempt: $got"
        [ "$got" = "$want" ] && [[ "$output" == *"slower from 3.7.8 ($COPY2) to 3.7.8 ($SLOW) "* ]] && break
    done
    [ "$got" = "$want" ]
    # the plan says how many of the five find one step; each skip is named as it goes
    [[ "$output" == *"--bisect: SQLite $FAST and $SLOW2 first, then the middle of each interval whose ends differ, down to neighbours: one step among 5 libraries in 4 of them"* ]]
    [ "$(grep -c '^run .*: cell 2 · repeat [123]: skipped: bisect: ' <<<"$output")" -eq 3 ]
    # the answer names the library skipped and the step between those run
    [[ "$output" == *"--bisect skipped 3.7.8 ($COPY): the ends of its interval did not differ"* ]]
    [[ "$output" == *"slower from 3.7.8 ($COPY2) to 3.7.8 ($SLOW) "* ]]
    # summary.csv: skipped, not failed
    python3 - "$T/out$attempt/summary.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
skipped = [r for r in rows if r["cell"] == "2"]
assert len(skipped) == 3 and all(r["status"] == "skipped" for r in skipped), skipped
assert all(r["reason"].startswith("bisect: ") for r in skipped), skipped
PY
}

@test "--bisect stopped in a middle library's first round and resumed decides from the same records: no run lost, none failed" {
    # held after the first chunk of cell 3 (the middle, run once the ends'
    # 3 rounds of 4 chunks are in): 1 + 24 + 1 lines of chunks.csv
    SQLSOAK_TEST_HANG=3:between:1 interrupt_after 26 "$OUT/chunks.csv" "$T/log" \
        "$S" run --bisect --sqlite-lib "$FIVE" --rows 100k --chunk 25k --reads 2000 \
        --sync off --repeat 3 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    got=$(bisect_runs "$OUT")
    echo "$got"
    [[ "$got" != *failed* ]]
    # the ends and the middle ran every round; the step's lower side too,
    # as the middle and the top end differ whatever the machine
    grep -qx '1 ok' <<<"$got"
    grep -qx '3 ok' <<<"$got"
    grep -qx '4 ok' <<<"$got"
    grep -qx '5 ok' <<<"$got"
    # the second library ran, or was skipped for its own interval's ends
    grep -Eqx '2 (ok|skipped o2 o2copy2)' <<<"$got"
    # in --bisect's order, resumed or not: the ends' rounds, the middle's,
    # then the middles of the halves, round by round
    python3 - "$OUT/run.json" <<'PY'
import json, sys
order = [c["cell"] for c in json.load(open(sys.argv[1]))["cells"]]
assert order == [1, 5] * 3 + [3] * 3 + [2, 4] * 3, order
PY
}

@test "--bisect refuses what it cannot bisect, in one line, creating nothing" {
    local bad
    for bad in "--sqlite-lib $FAST,$SLOW --repeat 3" "--sqlite-lib $FIVE" \
        "--sqlite-lib $FIVE --repeat 3 --interleave chunk" "--sqlite-lib $FIVE --repeat 3 --shard 1/2"; do
        # shellcheck disable=SC2086
        run "$S" run --bisect $bad --rows 2000 --chunk 1000 --out "$OUT" --db-dir "$DB" "${Q[@]}"
        echo "$output"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [[ "$output" == *"--bisect needs "* ]]
        [ ! -e "$OUT" ] && [ ! -e "$DB" ]
    done
}
