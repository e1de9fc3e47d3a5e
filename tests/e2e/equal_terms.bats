#!/usr/bin/env bats
# SQLite releases on equal terms: the page cache in bytes whatever a
# library counts it in, secure_delete and mmap_size set and read back, and
# the compile options in which the libraries differ named in the plan and
# the answer.  The libraries differ as the tests make them: SQLite 3.7.8
# (pages only: before a negative cache_size) built twice, once with
# SQLITE_SECURE_DELETE, beside the system library (and once without its
# list of compile options).  Needs an amalgamation:
# SQLITE_AMALGAMATION points to one (.ci/amalgamation fetches it); the
# tests are skipped without it.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/sqlitelib

setup_file() {
    [ -n "${SQLITE_AMALGAMATION:-}" ] || return 0
    PLAIN=$(sqlite_lib -O0)
    SECURE=$(sqlite_lib -O0 -DSQLITE_SECURE_DELETE)
    # without PRAGMA compile_options, as a release before 3.6.23
    NOOPTS=$(sqlite_lib -O0 -DSQLITE_OMIT_COMPILEOPTION_DIAGS)
    export PLAIN SECURE NOOPTS
}

setup() {
    [ -n "${SQLITE_AMALGAMATION:-}" ] || skip "SQLITE_AMALGAMATION is not set"
    [ -f "$PLAIN" ] && [ -f "$SECURE" ] && [ -f "$NOOPTS" ]
    T=$BATS_TEST_TMPDIR
    Q=(--rows 2000 --chunk 1000 --reads 200 --db-dir "$T/db" --no-plot --progress never)
}

# plan: the run's output before its first cell; answer: its headline.
plan() { sed -n '1,/^run 1 of/p' <<<"$output"; }
answer() { sed -n '/^headline:/,/^$/p' <<<"$output"; }

# same_cache N KIB: $T/out's N cells ran, each asked for cache_size KIB
# (negative: KiB), and each had KIB KiB, whether as KIB or, on 3.7.8, as
# pages of the cell's size
same_cache() {
    python3 - "$T/out/run.json" "$1" "$2" <<'PY'
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
n, kib = int(sys.argv[2]), int(sys.argv[3])
assert len(cells) == n, cells
for c in cells:
    assert c["status"] == "ok" and c["requested"]["cache_size"] == str(kib), c
    assert c["cache_bytes"] == -kib * 1024, c
    page = c["actual"]["page_size"]
    want = -kib * 1024 // page if c["sqlite_version"] == "3.7.8" else kib
    assert c["actual"]["cache_size"] == want, c["actual"]
PY
}

@test "the default page cache is the same bytes for 3.7.8, which knows only pages, and the system library, at each page size" {
    run "$S" run --sqlite-lib "$PLAIN",libsqlite3.so.0 --page-size 1k,4k --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    same_cache 4 -2000
    python3 - "$T/out/run.json" <<'PY'
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
for c in cells:
    # mmap_size 0 where the library has the pragma; 3.7.8 has none, and maps nothing
    assert c["requested"]["mmap_size"] == "0", c["requested"]
    mmap = None if c["sqlite_version"] == "3.7.8" else 0
    assert c["actual"]["mmap_size"] == mmap and c["actual"]["secure_delete"] == "off", c
assert {c["sqlite_version"] for c in cells} - {"3.7.8"}, cells
PY
    # the plan does not warn of different caches: they are the same
    [[ "$(plan)" != *"different page caches"* ]]
}

@test "a cache asked for in KiB runs on 3.7.8 as as many bytes in pages, not unsupported" {
    run "$S" run --sqlite-lib "$PLAIN" --cache-size -4000 --out "$T/out" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 - "$T/out/run.json" <<'PY'
import json, sys
(c,) = json.load(open(sys.argv[1]))["cells"]
assert c["status"] == "ok", c
assert c["actual"]["cache_size"] == 1000 and c["cache_bytes"] == 4000 * 1024, c
PY
}

@test "a cache asked for in bytes is the same bytes for 3.7.8, in pages, and the system library, in KiB" {
    run "$S" run --sqlite-lib "$PLAIN",libsqlite3.so.0 --cache-size 8MiB --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    same_cache 2 -8192
}

@test "--cache-size default: the plan says the libraries run with different page caches" {
    run "$S" run --sqlite-lib "$PLAIN",libsqlite3.so.0 --cache-size default --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    own=$(plan | grep -- '--cache-size default: the libraries run with different page caches')
    [[ "$own" == *"SQLite 3.7.8 2000 pages"* ]]
    # the system library's own default, asked of it: KiB since 3.12.0
    sys_cache=$(python3 - "$T/out/run.json" <<'PY'
import json, sys
for lib in json.load(open(sys.argv[1]))["libraries"]:
    if lib["version"] != "3.7.8":
        print(lib["capabilities"]["default_cache_size"])
PY
    )
    [ -n "$sys_cache" ] && [ "$sys_cache" != 2000 ]
    python3 - "$T/out/run.json" <<'PY'
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
old = [c for c in cells if c["sqlite_version"] == "3.7.8"]
assert old and old[0]["actual"]["cache_size"] == 2000, old
PY
}

@test "secure_delete is set off for every library and read back equal, and the plan and the answer say the option that differs was set equal" {
    run "$S" run --sqlite-lib "$PLAIN,$SECURE" --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$T/out/run.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert [c["actual"]["secure_delete"] for c in j["cells"]] == ["off", "off"], j["cells"]
assert [c["status"] for c in j["cells"]] == ["ok", "ok"], j["cells"]
opts = [lib["compile_options"] for lib in j["libraries"]]
assert "SECURE_DELETE" not in opts[0] and "SECURE_DELETE" in opts[1], opts
PY
    named="SECURE_DELETE ($PLAIN -, $SECURE on; PRAGMA secure_delete)"
    plan | grep -F -- "each set equal in every cell by its pragma and read back: $named"
    answer | grep -F -- "each set equal in every cell by its pragma and read back: $named"
    [[ "$(plan)" != *"can move the verdicts"* ]]
}

@test "a compile option left to each build is named in the plan and the answer, beside the verdicts it can move" {
    run "$S" run --sqlite-lib "$PLAIN,$SECURE" --secure-delete default --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    # each library ran with its own build's setting, read back
    python3 - "$T/out/run.json" <<'PY'
import json, sys
cells = json.load(open(sys.argv[1]))["cells"]
assert [c["actual"]["secure_delete"] for c in cells] == ["off", "on"], cells
PY
    named="SECURE_DELETE ($PLAIN -, $SECURE on): deleted and overwritten content is written over with zeros, can move updates and deletes"
    plan | grep -F -- "can move the verdicts between them (-: not listed, the release's own default): $named"
    answer | grep -F -- "$named"
    [[ "$(plan)" != *"set equal in every cell"* ]]
}

# cached RELEASE LIB: SQLSOAK_CACHE's folder of RELEASE, as `sqlite get`
# leaves it (its build record, the library), holding LIB
cached() {
    mkdir -p "$T/cache/$1"
    ln -s "$2" "$T/cache/$1/libsqlite3.so"
    printf 'version\t%s\n' "$1" >"$T/cache/$1/build.txt"
}

@test "a release number beside paths: every library in the order of the release it reports, ties as given, and the plan says so" {
    cached 3.7.8 "$PLAIN"
    SQLSOAK_CACHE=$T/cache run "$S" run --sqlite-lib libsqlite3.so.0,"$SECURE",3.7.8 \
        --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    plan | grep -qx '  libraries in release order, each by the version it reports'
    python3 - "$T/out/summary.csv" "$SECURE" "$(readlink -f "$PLAIN")" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
# the system library is a later release than 3.7.8 on every system the tests run on
assert [r["sqlite_lib"] for r in rows][:2] == sys.argv[2:], rows
assert [r["sqlite_version"] for r in rows][:2] == ["3.7.8", "3.7.8"], rows
assert rows[2]["sqlite_lib"] == "libsqlite3.so.0" and rows[2]["sqlite_version"] != "3.7.8", rows
PY
    # paths alone keep the order given
    run "$S" run --sqlite-lib libsqlite3.so.0,"$PLAIN" --out "$T/out2" "${Q[@]}"
    [ "$status" -eq 0 ]
    [[ "$(plan)" != *"release order"* ]]
    [ "$(python3 -c 'import csv,sys; print(next(csv.DictReader(open(sys.argv[1])))["sqlite_lib"])' "$T/out2/summary.csv")" = libsqlite3.so.0 ]
}

@test "a library that lists no compile options is named in the plan and the answer, not compared" {
    run "$S" run --sqlite-lib "$NOOPTS",libsqlite3.so.0 --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(jq '.libraries[0].compile_options | length' "$T/out/run.json")" -eq 0 ]
    [ "$(jq '.libraries[1].compile_options | length' "$T/out/run.json")" -gt 0 ]
    plan | grep -qx '  3.7.8 lists no compile options: not compared'
    answer | grep -qx '  3.7.8 lists no compile options: not compared.'
    # libraries that list theirs are compared without it
    run "$S" run --sqlite-lib "$PLAIN",libsqlite3.so.0 --out "$T/out2" "${Q[@]}"
    [ "$status" -eq 0 ]
    [[ "$output" != *"lists no compile options"* ]]
}
