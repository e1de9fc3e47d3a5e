#!/usr/bin/env bats
# SQLite versions as a matrix dimension, with the two cores Debian ships:
# the system libsqlite3 and sqlcipher's (used unencrypted; on Debian 12 a
# 3.15.2 core beside 3.40.1, on Debian 13 the system's own release).  Every cell is labelled with its library's version and
# source id (read from the .so file itself, independently of sqlsoak);
# a file that is not SQLite, or no file, is refused with exit 2; a setting
# the library refuses is recorded as unsupported with requested vs actual.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/libs

setup() {
    scratch
    need_cipher
}

field() {
    python3 - "$1" "$2" <<'EOF'
import csv, sys
for r in csv.DictReader(open(sys.argv[2], newline='')):
    print(r[sys.argv[1]])
EOF
}

# The file the loader finds for a library name (or the path itself): the
# library path first, as sqlsoak's dlopen, then ldconfig's cache.
source_file() {
    local f d
    f=$(readlink -f "$1" 2>/dev/null || true)
    if [ ! -e "$f" ]; then
        for d in ${LD_LIBRARY_PATH//:/ }; do
            [ -e "$d/$1" ] && { f=$(readlink -f "$d/$1"); break; }
        done
    fi
    [ -e "$f" ] || f=$(ldconfig -p | awk -v n="$1" '$1 == n {print $NF; exit}')
    echo "$f"
}

# The source id compiled into a library file: "YYYY-MM-DD HH:MM:SS <hash>".
source_id_of() {
    strings "$(source_file "$1")" | grep -Em1 '^20[0-9]{2}-[0-9]{2}-[0-9]{2} [0-9:]{8} [0-9a-f]{40}'
}

@test "versions: one matrix over two SQLite releases, each cell labelled and verified" {
    need_second_core
    sys_id=$(source_id_of "$SYS")
    cipher_id=$(source_id_of "$CIPHER")
    [ -n "$sys_id" ]
    [ -n "$cipher_id" ]
    run "$S" run --rows 4000 --chunk 2000 --reads 4000 --sync off --sqlite-lib "$SYS,$CIPHER" \
        --journal delete,wal --verify --keep-db --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$OUT" "$DB" "$SYS" "$CIPHER" "$sys_id" "$cipher_id" "$SYS_V" "$CIPHER_V" <<'EOF'
import csv, glob, json, subprocess, sys
out, db, sys_lib, cipher_lib, sys_id, cipher_id, sys_v, cipher_v = sys.argv[1:]
want = {sys_lib: (sys_v, sys_id), cipher_lib: (cipher_v, cipher_id)}
summary = list(csv.DictReader(open(out + "/summary.csv", newline="")))
assert len(summary) == 4, summary
libs = set()
for r in summary:
    v, sid = want[r["sqlite_lib"]]
    assert r["sqlite_version"] == v, r
    assert r["sqlite_source_id"] == sid, (r["sqlite_source_id"], sid)
    assert r["status"] == "ok" and r["verify_failures"] == "0", r
    libs.add(r["sqlite_lib"])
    f = glob.glob(f"{db}/*-cell{r['cell']}-rep1.db")
    assert len(f) == 1
    assert subprocess.check_output(["sqlite3", f[0], "SELECT count(*) FROM kv"], text=True).strip() == "4000"
    assert subprocess.check_output(["sqlite3", f[0], "PRAGMA integrity_check"], text=True).strip() == "ok"
assert libs == set(want)
chunks = list(csv.DictReader(open(out + "/chunks.csv", newline="")))
assert len(chunks) == 8
for r in chunks:
    v, sid = want[r["sqlite_lib"]]
    assert (r["sqlite_version"], r["sqlite_source_id"]) == (v, sid), r
    assert r["verify_failures"] == "0"
j = json.load(open(out + "/run.json"))
got = {l["path"]: (l["version"], l["source_id"]) for l in j["libraries"]}
assert got == want, got
for l in j["libraries"]:
    assert l["capabilities"]["wal"] is True
    assert len(l["compile_options"]) > 0
EOF
}

@test "versions: cells of two libraries in one run do not interfere (same data, same answers)" {
    run "$S" run --rows 2000 --chunk 1000 --reads 500 --sync off --sqlite-lib "$CIPHER,$SYS" \
        --keep-db --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    h1=$(sqlite3 "$DB"/*-cell1-rep1.db 'SELECT hex(v) FROM kv ORDER BY k' | md5sum)
    h2=$(sqlite3 "$DB"/*-cell2-rep1.db 'SELECT hex(v) FROM kv ORDER BY k' | md5sum)
    [ "$h1" = "$h2" ]
    [ "$(field sqlite_version "$OUT/summary.csv" | tr '\n' ' ')" = "$(lib_version "$CIPHER") $(lib_version "$SYS") " ]
}

@test "info: reports both libraries with version, source id and capabilities" {
    run "$S" info --sqlite-lib "$SYS,$CIPHER"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"$SYS"* ]]
    [[ "$output" == *"$CIPHER"* ]]
    [[ "$output" == *"version            $(lib_version "$SYS") ("* ]]
    [[ "$output" == *"version            $(lib_version "$CIPHER") ("* ]]
    [[ "$output" == *"$(source_id_of "$SYS")"* ]]
    [[ "$output" == *"$(source_id_of "$CIPHER")"* ]]
    [ "$(grep -c 'max page size *65536' <<<"$output")" -eq 2 ]
    [ "$(grep -c 'journal modes.*wal' <<<"$output")" -eq 2 ]
    [ "$(grep -c 'mmap_size *yes' <<<"$output")" -eq 2 ]
    [ "$(grep -c 'compile options *[A-Z]' <<<"$output")" -eq 2 ]
}

@test "info: the default is the system library" {
    run "$S" info
    [ "$status" -eq 0 ]
    # the source id compiled into the file the loader finds for libsqlite3.so.0
    id=$(source_id_of "$SYS")
    [ -n "$id" ]
    [[ "$output" == *"source id          $id"* ]]
}

@test "info: a non-SQLite shared library gives exit 2 naming the path and the symbol" {
    run --separate-stderr "$S" info --sqlite-lib "$LIBDIR/libz.so.1"
    echo "$stderr"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"$LIBDIR/libz.so.1"* ]]
    [[ "$stderr" == *"sqlite3_"* ]]
    [ "$(printf '%s\n' "$stderr" | wc -l)" -eq 1 ]
}

@test "info: a missing file gives exit 2 naming the path" {
    run --separate-stderr "$S" info --sqlite-lib "$T/no/such/libsqlite3.so"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"$T/no/such/libsqlite3.so"* ]]
}

@test "info: a file that is not a shared library at all gives exit 2" {
    echo "not an ELF" > "$T/libfake.so"
    run --separate-stderr "$S" info --sqlite-lib "$T/libfake.so"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"$T/libfake.so"* ]]
}

@test "run: a non-SQLite library among good ones: exit 2, nothing created" {
    run --separate-stderr "$S" run --rows 1000 --chunk 500 --sqlite-lib "$SYS,$LIBDIR/libz.so.1" \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"libz.so.1"*"sqlite3_"* ]]
    [ ! -e "$OUT" ]
    [ ! -e "$DB" ]
}

@test "run: a missing library file: exit 2, nothing created" {
    run --separate-stderr "$S" run --rows 1000 --chunk 500 --sqlite-lib "$T/missing.so" \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 2 ]
    [[ "$stderr" == *"$T/missing.so"* ]]
    [ ! -e "$OUT" ]
    [ ! -e "$DB" ]
}

# A library caps mmap_size at its SQLITE_MAX_MMAP_SIZE (Debian's builds,
# 0x7fff0000): asking for 4 GiB reads back less.  The cell must not be
# measured under another setting: unsupported, requested vs actual in the
# reason, no chunk rows; the other cells go on; the run exits 0.
@test "refused setting: --mmap-size 4G is recorded unsupported with requested vs actual" {
    caps=()
    for lib in "$SYS" "$CIPHER"; do
        # a library that does not list it has SQLite's default, 0x7fff0000
        cap=$(lib_option "$lib" MAX_MMAP_SIZE)
        cap=${cap:-0x7fff0000}
        [ $((cap)) -lt $((4 << 30)) ] || skip "$lib keeps an mmap_size of 4 GiB (MAX_MMAP_SIZE=$cap)"
        caps+=("$lib=$((cap))")
    done
    run "$S" run --rows 2000 --chunk 1000 --reads 100 --sync off --sqlite-lib "$SYS,$CIPHER" \
        --mmap-size 4G,1M --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$OUT" "${caps[@]}" <<'EOF'
import csv, json, sys
out = sys.argv[1]
cap = dict(a.rsplit("=", 1) for a in sys.argv[2:])   # library: its MAX_MMAP_SIZE
rows = list(csv.DictReader(open(out + "/summary.csv", newline="")))
assert len(rows) == 4
for r in rows:
    if r["mmap_size"] == str(4 << 30):
        assert r["status"] == "unsupported", r
        assert "mmap_size" in r["reason"] and "4294967296" in r["reason"], r["reason"]
        assert cap[r["sqlite_lib"]] in r["reason"], r["reason"]   # what the library kept
        assert r["chunks"] == "0" and r["rows"] == "0", r
    else:
        assert r["mmap_size"] == "1048576" and r["status"] == "ok", r
chunks = list(csv.DictReader(open(out + "/chunks.csv", newline="")))
unsup = {r["cell"] for r in rows if r["status"] == "unsupported"}
assert not [c for c in chunks if c["cell"] in unsup], "an unsupported cell was measured"
assert len(chunks) == 4
cells = json.load(open(out + "/run.json"))["cells"]
for c in cells:
    if c["status"] == "unsupported":
        assert str(c["actual"]["mmap_size"]) in cap.values(), c["actual"]
        assert "4294967296" in c["reason"]
EOF
    # the unsupported cells' databases are not left behind
    [ -z "$(ls -A "$DB")" ]
}

@test "control: settings both libraries keep (cache_size in KiB and pages) are measured" {
    run "$S" run --rows 1000 --chunk 1000 --reads 10 --sync off --sqlite-lib "$SYS,$CIPHER" \
        --cache-size -4000,500 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    [ "$(field status "$OUT/summary.csv" | sort -u)" = ok ]
}
