#!/usr/bin/env bats
# `sqlsoak sqlite get|list|clear` against a mirror of sqlite.org served on
# 127.0.0.1 from the two amalgamations .ci/amalgamation fetches (3.7.8,
# from before sqlite.org published hashes, and 3.44.2, whose SHA3-256 and
# its sqlite3.c's data/sqlite/releases.tsv records), under sqlite.org's own paths; and
# --sqlite-lib's release numbers and ranges naming what was built.  The
# tests are skipped without the amalgamations.  Both are built once, in
# setup_file, at -O0 (SQLSOAK_TEST_SQLITE_OPT) in a fraction of -O2's time.

load helpers/common

ROOT="$BATS_TEST_DIRNAME/../.."

# serve DIR: an HTTP server of DIR on a free port of 127.0.0.1, its port
# in $BATS_FILE_TMPDIR/port once it listens (it binds port 0 itself, so
# no other process can take the port between choice and bind); the
# interpreter itself, not the python3 function, so that $! is the server
# that teardown_file ends (a function's $! is a subshell, and the server
# it leaves holds bats' output open: bats, run without --jobs, hangs)
serve() {
    "$E2E_PYTHON" - "$1" "$BATS_FILE_TMPDIR/port" >"$BATS_FILE_TMPDIR/server.log" 2>&1 3>&- <<'PY' &
import functools, http.server, os, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
with open(sys.argv[2] + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(sys.argv[2] + ".tmp", sys.argv[2])
server.serve_forever()
PY
    echo $! >"$BATS_FILE_TMPDIR/server.pid"
    while [ ! -s "$BATS_FILE_TMPDIR/port" ]; do
        kill -0 "$(cat "$BATS_FILE_TMPDIR/server.pid")" 2>/dev/null || return 1
        sleep 0.05
    done
}

setup_file() {
    old=$(sh "$ROOT/.ci/amalgamation" "$ROOT/build/amalgamation")
    new=$(sh "$ROOT/.ci/amalgamation" "$ROOT/build/amalgamation" current)
    [ -n "$old" ] && [ -n "$new" ] || return 0
    m="$BATS_FILE_TMPDIR/mirror"
    # good/: sqlite.org's files; bad/: the same names, damaged
    mkdir -p "$m/good/2023" "$m/bad/2023" "$m/bad/2024"
    cp "$old" "$m/good/sqlite-autoconf-3070800.tar.gz"
    # 3.44.2's sound archive under 3.45.0's name: its sqlite3.c is not 3.45.0's
    cp "$new" "$m/bad/2024/sqlite-autoconf-3450000.tar.gz"
    cp "$new" "$m/good/2023/sqlite-autoconf-3440200.tar.gz"
    head -c 100000 "$old" >"$m/bad/sqlite-autoconf-3070800.tar.gz"
    python3 - "$new" "$m/bad/2023/sqlite-autoconf-3440200.tar.gz" <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
data[len(data) // 2] ^= 0xff          # one byte: the size holds, the hash does not
open(sys.argv[2], "wb").write(data)
PY
    serve "$m" || return 1
    export MIRROR="http://127.0.0.1:$(cat "$BATS_FILE_TMPDIR/port")"
    export SQLSOAK_CACHE="$BATS_FILE_TMPDIR/cache"
    SQLSOAK_TEST_SQLITE_OPT=-O0 "$SQLSOAK" sqlite get 3.7.8 3.44.2 --mirror "$MIRROR/good" \
        >"$BATS_FILE_TMPDIR/get.log" 2>&1
    echo $? >"$BATS_FILE_TMPDIR/get.status"
}

teardown_file() {
    [ -s "$BATS_FILE_TMPDIR/server.pid" ] && kill "$(cat "$BATS_FILE_TMPDIR/server.pid")"
    return 0
}

setup() {
    [ -s "$BATS_FILE_TMPDIR/get.status" ] || skip "the amalgamations are not available (.ci/amalgamation fetches them)"
}

@test "the mirror's server is the process teardown_file ends" {
    pid=$(cat "$BATS_FILE_TMPDIR/server.pid")
    tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q "^$E2E_PYTHON - $BATS_FILE_TMPDIR/mirror "
}

@test "sqlite get downloads each release by its number and builds it into the cache with the flags it records" {
    [ "$(cat "$BATS_FILE_TMPDIR/get.status")" -eq 0 ]
    grep -q "3.7.8: downloading $MIRROR/good/sqlite-autoconf-3070800.tar.gz" "$BATS_FILE_TMPDIR/get.log"
    grep -q "3.44.2: downloading $MIRROR/good/2023/sqlite-autoconf-3440200.tar.gz" "$BATS_FILE_TMPDIR/get.log"
    for v in 3.7.8 3.44.2; do
        [ -f "$SQLSOAK_CACHE/$v/libsqlite3.so" ]
        grep -qx "command	cc -O0 -fPIC -shared -w -DSQLITE_THREADSAFE=1 -DSQLITE_ENABLE_COLUMN_METADATA -o libsqlite3.so sqlite3.c -lpthread -ldl -lm" \
            "$SQLSOAK_CACHE/$v/build.txt"
    done
    grep -qx "sha3_256	6c427f0547e2f7babe636b748dd5d5a1f2f31601adadef7e2805e7d1f7171861" \
        "$SQLSOAK_CACHE/3.44.2/build.txt"
    # its sqlite3.c: the hash sqlite.org's release log gives
    grep -qx "sqlite3_c_sha3_256	bd70b012e2d1b3efa132d905224cd0ab476a69b892f8c6b21135756ec7ffbb13" \
        "$SQLSOAK_CACHE/3.44.2/build.txt"
    # nothing but the releases' folders: no work folder, no archive
    [ "$(ls -A "$SQLSOAK_CACHE" | tr '\n' ' ')" = "3.44.2 3.7.8 " ]
}

@test "sqlite get of a release already built fetches nothing" {
    run "$SQLSOAK" sqlite get 3.7.8 --mirror "http://127.0.0.1:1/nothing"
    [ "$status" -eq 0 ]
    [[ "$output" == "3.7.8: already in the cache: $SQLSOAK_CACHE/3.7.8/libsqlite3.so" ]]
}

@test "sqlite list shows the built releases in release order, with their dates and builds" {
    run "$SQLSOAK" sqlite list
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "$SQLSOAK_CACHE: 2 releases" ]
    [[ "${lines[1]}" == "  3.7.8      2011-09-19  $SQLSOAK_CACHE/3.7.8/libsqlite3.so" ]]
    [[ "${lines[2]}" == *"built: cc -O0 -fPIC"*"from $MIRROR/good/sqlite-autoconf-3070800.tar.gz" ]]
    [[ "${lines[3]}" == "  3.44.2     2023-11-24  $SQLSOAK_CACHE/3.44.2/libsqlite3.so" ]]
}

@test "--sqlite-lib 3.7.8 names the cached build, and info prints how it was built" {
    run "$SQLSOAK" info --sqlite-lib 3.7.8
    [ "$status" -eq 0 ]
    [[ "$output" == *"version            3.7.8 (3007008)"* ]]
    [[ "$output" == *"built by sqlsoak   cc -O0 -fPIC -shared -w -DSQLITE_THREADSAFE=1 -DSQLITE_ENABLE_COLUMN_METADATA -o libsqlite3.so sqlite3.c -lpthread -ldl -lm, from $MIRROR/good/sqlite-autoconf-3070800.tar.gz"* ]]
}

@test "a run on --sqlite-lib 3.44.2,3.7.8 measures both, its cells in release order" {
    out="$BATS_TEST_TMPDIR/run"
    run "$SQLSOAK" run --sqlite-lib 3.44.2,3.7.8 --rows 2000 --chunk 1000 --reads 200 \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$out" --no-plot --progress never --verify
    [ "$status" -eq 0 ]
    python3 - "$out/summary.csv" "$SQLSOAK_CACHE" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert [r["sqlite_version"] for r in rows] == ["3.7.8", "3.44.2"], rows
assert [r["sqlite_lib"] for r in rows] == [sys.argv[2] + "/3.7.8/libsqlite3.so",
                                          sys.argv[2] + "/3.44.2/libsqlite3.so"], rows
for r in rows:
    assert r["status"] == "ok" and r["verify_failures"] == "0", r
PY
    # run.json keeps each library's build: the command and the archive it came from
    python3 - "$out/run.json" "$MIRROR" <<'PY'
import json, sys
libs = {l["version"]: l for l in json.load(open(sys.argv[1]))["libraries"]}
cmd = ("cc -O0 -fPIC -shared -w -DSQLITE_THREADSAFE=1 -DSQLITE_ENABLE_COLUMN_METADATA "
       "-o libsqlite3.so sqlite3.c -lpthread -ldl -lm")
assert libs["3.7.8"]["build"] == {"command": cmd,
    "source": sys.argv[2] + "/good/sqlite-autoconf-3070800.tar.gz"}, libs["3.7.8"]
assert libs["3.44.2"]["build"] == {"command": cmd,
    "source": sys.argv[2] + "/good/2023/sqlite-autoconf-3440200.tar.gz"}, libs["3.44.2"]
PY
}

@test "a range names the releases built in it, in release order, and says which are not" {
    run "$SQLSOAK" info --sqlite-lib 3.7.0..3.44.2
    [ "$status" -eq 0 ]
    [ "$(grep -c '^  version' <<<"$output")" -eq 2 ]
    [[ "$(grep '^  version' <<<"$output" | head -n 1)" == *"3.7.8"* ]]
    [[ "$output" == *"--sqlite-lib 3.7.0..3.44.2: 2 of its 149 releases built, taken; not built: \`sqlsoak sqlite get 3.7.0 3.7.0.1"* ]]
    # one release's range, and a list with latest: the last release of data/sqlite/releases.tsv
    run "$SQLSOAK" info --sqlite-lib 3.7.8..3.7.8
    [ "$status" -eq 0 ]
    [ "$(grep -c '^  version' <<<"$output")" -eq 1 ]
    latest=$(tail -n 1 "$ROOT/data/sqlite/releases.tsv" | cut -f 1)
    run "$SQLSOAK" info --sqlite-lib 3.7.8,latest
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak info: --sqlite-lib latest: not built: \`sqlsoak sqlite get $latest\` fetches it" ]
}

@test "a release not built is named with the command that fetches it; a bad range is refused" {
    run "$SQLSOAK" info --sqlite-lib 3.7.3
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak info: --sqlite-lib 3.7.3: not built: \`sqlsoak sqlite get 3.7.3\` fetches it" ]
    run "$SQLSOAK" info --sqlite-lib 3.8.0..3.7.0
    [ "$status" -eq 2 ]
    [[ "$output" == *"a range is two release numbers, the older first"* ]]
    # a path's .. is no range
    run "$SQLSOAK" info --sqlite-lib "$SQLSOAK_CACHE/../cache/3.7.8/libsqlite3.so"
    [ "$status" -eq 0 ]
    [[ "$output" == *"version            3.7.8 (3007008)"* ]]
    run "$SQLSOAK" info --sqlite-lib 3.7.9..3.7.10
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak info: --sqlite-lib 3.7.9..3.7.10: not built: \`sqlsoak sqlite get 3.7.9 3.7.10\` fetches them" ]
}

# get_fails MIRROR VERSION WORDS: the get fails, one line naming WORDS,
# exit 2, and leaves the cache as empty as it was
get_fails() {
    cache="$BATS_TEST_TMPDIR/cache"
    run env SQLSOAK_TEST_SQLITE_OPT=-O0 "$SQLSOAK" sqlite get "$2" --mirror "$1" --cache "$cache"
    [ "$status" -eq 2 ]
    [ "$(grep -vc ': downloading ' <<<"$output")" -eq 1 ]
    [[ "$output" == *"$3"* ]]
    [ -z "$(ls -A "$cache")" ]
}

@test "a download that fails says why in one line, exit 2, and leaves nothing" {
    get_fails "$MIRROR/good" 3.7.9 "sqlsoak sqlite: 3.7.9: download failed: curl: (22) The requested URL returned error: 404"
}

@test "a damaged archive with no published hash fails the gzip check, and leaves nothing" {
    get_fails "$MIRROR/bad" 3.7.8 "sqlsoak sqlite: 3.7.8: the archive's gzip check failed: "
}

@test "an archive whose SHA3-256 is not the one published is refused, and leaves nothing" {
    get_fails "$MIRROR/bad" 3.44.2 "sqlsoak sqlite: 3.44.2: $MIRROR/bad/2023/sqlite-autoconf-3440200.tar.gz has SHA3-256 "
    [[ "$output" == *"not the 6c427f0547e2f7ba... sqlite.org published: damaged or not the release's" ]]
}

@test "a sqlite3.c whose SHA3-256 is not the one the release log gives is refused, and leaves nothing" {
    get_fails "$MIRROR/bad" 3.45.0 "sqlsoak sqlite: 3.45.0: sqlite3.c of $MIRROR/bad/2024/sqlite-autoconf-3450000.tar.gz has SHA3-256 bd70b012e2d1b3ef..., not the f56d8e5e8c61d87b... sqlite.org's release log gives: damaged or not the release's"
}

@test "a build that fails says so in one line, exit 2, and leaves nothing; CC names the compiler" {
    cache="$BATS_TEST_TMPDIR/cache"
    run env CC=false "$SQLSOAK" sqlite get 3.7.8 --mirror "$MIRROR/good" --cache "$cache"
    [ "$status" -eq 2 ]
    [[ "$output" == *"3.7.8: building with false -O2 -fPIC"* ]]
    [ "${lines[-1]}" = "sqlsoak sqlite: 3.7.8: build failed" ]
    [ -z "$(ls -A "$cache")" ]
}

@test "--sqlite-lib 3.7.8 names build/sqlite/3.7.8 beside a checkout's build/sqlsoak (make sqlite-lib's)" {
    t="$BATS_TEST_TMPDIR/checkout"
    mkdir -p "$t/build/sqlite/3.7.8" "$BATS_TEST_TMPDIR/empty"
    cp "$SQLSOAK" "$t/build/sqlsoak"
    cp "$SQLSOAK_CACHE/3.7.8/libsqlite3.so" "$t/build/sqlite/3.7.8/"
    SQLSOAK_CACHE="$BATS_TEST_TMPDIR/empty" run "$t/build/sqlsoak" info --sqlite-lib 3.7.8
    [ "$status" -eq 0 ]
    [[ "$output" == *"file               $t/build/sqlite/3.7.8/libsqlite3.so"* ]]
    [[ "$output" == *"version            3.7.8 (3007008)"* ]]
    [[ "$output" != *"built by sqlsoak"* ]]
}

@test "sqlite get refuses a number that is not a release before fetching anything" {
    run "$SQLSOAK" sqlite get 3.7.8 3.99.1 --mirror "http://127.0.0.1:1/nothing" --cache "$BATS_TEST_TMPDIR/cache"
    [ "$status" -eq 2 ]
    [[ "$output" == "sqlsoak sqlite: get 3.99.1: not a release sqlsoak knows (data/sqlite/releases.tsv lists 3.6.0 to "* ]]
    [ ! -e "$BATS_TEST_TMPDIR/cache" ]
}

@test "sqlite clear removes one release or all, and keeps a file sqlsoak did not make" {
    cache="$BATS_TEST_TMPDIR/cache"
    cp -a "$SQLSOAK_CACHE" "$cache"
    rm "$cache/3.44.2/libsqlite3.so"        # a release damaged: listed so, and clearable
    run "$SQLSOAK" sqlite list --cache "$cache"
    [ "$status" -eq 0 ]
    [ "${lines[4]}" = "             built: (damaged: \`sqlsoak sqlite clear 3.44.2\` removes it)" ]
    run "$SQLSOAK" sqlite clear 3.44.2 --cache "$cache"
    [ "$status" -eq 0 ]
    [ ! -e "$cache/3.44.2" ] && [ -f "$cache/3.7.8/libsqlite3.so" ]
    run "$SQLSOAK" sqlite clear 3.44.2 --cache "$cache"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak sqlite: clear 3.44.2: not in the cache $cache" ]
    echo mine >"$cache/3.7.8/notes.txt"
    run "$SQLSOAK" sqlite clear --cache "$cache"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak sqlite: clear 3.7.8: $cache/3.7.8 holds notes.txt, which sqlsoak did not make: kept whole" ]
    [ "$(cat "$cache/3.7.8/notes.txt")" = mine ] && [ -f "$cache/3.7.8/libsqlite3.so" ]
    rm "$cache/3.7.8/notes.txt"
    run "$SQLSOAK" sqlite clear --cache "$cache"
    [ "$status" -eq 0 ]
    [ -z "$(ls -A "$cache")" ]
    run env SQLSOAK_CACHE="$cache" "$SQLSOAK" info --sqlite-lib 3.7.8
    [ "$status" -eq 2 ]
}

@test "the cache is ~/.cache/sqlsoak/sqlite, or XDG_CACHE_HOME's, or SQLSOAK_CACHE's, or --cache's" {
    h="$BATS_TEST_TMPDIR/home"
    run env -u SQLSOAK_CACHE -u XDG_CACHE_HOME HOME="$h" "$SQLSOAK" sqlite list
    [ "$status" -eq 0 ]
    [ "$output" = "$h/.cache/sqlsoak/sqlite: 0 releases" ]
    run env -u SQLSOAK_CACHE HOME="$h" XDG_CACHE_HOME="$h/xdg" "$SQLSOAK" sqlite clear
    [ "$status" -eq 0 ]
    [ "$output" = "$h/xdg/sqlsoak/sqlite: nothing to clear" ]
    run env HOME="$h" XDG_CACHE_HOME="$h/xdg" "$SQLSOAK" sqlite list
    [ "${lines[0]}" = "$SQLSOAK_CACHE: 2 releases" ]
    run env HOME="$h" XDG_CACHE_HOME="$h/xdg" "$SQLSOAK" sqlite list --cache "$h/mine"
    [ "$output" = "$h/mine: 0 releases" ]
    [ ! -e "$h" ]           # listing and clearing create nothing
}

# get_building: starts `sqlite get 3.7.8` into $cache (the test's own)
# with a compiler that says it started, then waits to be stopped; returns
# once it builds, the get's process in $pid, the compiler's in
# $BATS_TEST_TMPDIR/building
get_building() {
    cache="$BATS_TEST_TMPDIR/cache" cc="$BATS_TEST_TMPDIR/cc"
    printf '#!/bin/sh\necho $$ >"%s/building"\nexec sleep 600\n' "$BATS_TEST_TMPDIR" >"$cc"
    chmod +x "$cc"
    CC="$cc" "$SQLSOAK" sqlite get 3.7.8 --mirror "$MIRROR/good" --cache "$cache" \
        >"$BATS_TEST_TMPDIR/out" 2>&1 3>&- &
    pid=$!
    while [ ! -s "$BATS_TEST_TMPDIR/building" ]; do kill -0 "$pid" || break; sleep 0.05; done
}

@test "a get stopped by a signal while it builds ends the build, says so, and leaves nothing" {
    get_building
    kill -TERM "$pid"
    st=0
    wait "$pid" || st=$?
    [ "$st" -eq 2 ]
    [ "$(tail -n 1 "$BATS_TEST_TMPDIR/out")" = "sqlsoak sqlite: 3.7.8: build stopped by a signal" ]
    [ -z "$(ls -A "$cache")" ]
    run kill -0 "$(cat "$BATS_TEST_TMPDIR/building")"     # the compiler ended with it
    [ "$status" -ne 0 ]
}

@test "a get killed outright leaves its marked work folder, which the next clear or get removes; no other folder" {
    get_building
    kill -KILL "$pid"
    wait "$pid" || true
    kill "$(cat "$BATS_TEST_TMPDIR/building")" 2>/dev/null || true
    left="$cache/.get-3.7.8-$pid"
    [ -f "$left/.sqlsoak-get" ] && [ -f "$left/archive.tar.gz" ]
    # beside it, kept: a folder of that name sqlsoak did not mark, and a
    # marked one whose process lives (this test's)
    mkdir "$cache/.get-3.7.9-$pid" "$cache/.get-3.7.10-$$"
    echo mine >"$cache/.get-3.7.9-$pid/notes.txt"
    : >"$cache/.get-3.7.10-$$/.sqlsoak-get"
    run "$SQLSOAK" sqlite clear --cache "$cache"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "removed $left, left by a get that was killed" ]
    [ ! -e "$left" ]
    [ "$(cat "$cache/.get-3.7.9-$pid/notes.txt")" = mine ]
    [ -f "$cache/.get-3.7.10-$$/.sqlsoak-get" ]
    # a get removes one too, before its own work
    cp -a "$SQLSOAK_CACHE/3.7.8" "$cache/"
    mkdir "$left" && : >"$left/.sqlsoak-get"
    run "$SQLSOAK" sqlite get 3.7.8 --mirror "http://127.0.0.1:1/nothing" --cache "$cache"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "removed $left, left by a get that was killed" ]
    [ "${lines[1]}" = "3.7.8: already in the cache: $cache/3.7.8/libsqlite3.so" ]
    [ ! -e "$left" ] && [ -d "$cache/.get-3.7.9-$pid" ] && [ -d "$cache/.get-3.7.10-$$" ]
}
