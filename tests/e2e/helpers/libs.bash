# The SQLite libraries the tests use, and what each says of itself: asked
# of the library (through `sqlsoak info`), never assumed from one system's
# release, so the same tests hold on Debian 12 (3.40.1, sqlcipher's 3.15.2),
# Debian 13 (3.46.1, sqlcipher's 3.46.1) or a library swapped in first on
# the library path.
#
#   SYS      the system library's name, as sqlsoak loads it by default
#   LIBDIR   the libraries of the binary's architecture (make test-cross
#            sets SQLSOAK_LIBDIR)
#   CIPHER   sqlcipher's library file (libsqlcipher.so.1 on Debian 13,
#            .so.0 before), the tests' second SQLite core; "" when none

# shellcheck source=sqlitelib.bash
source "${BASH_SOURCE[0]%/*}/sqlitelib.bash"

SYS=libsqlite3.so.0
LIBDIR=${SQLSOAK_LIBDIR:-/usr/lib/$(cc -print-multiarch)}
CIPHER=$(ls "$LIBDIR"/libsqlcipher.so.[0-9] 2>/dev/null | sort -r | head -n 1)

# lib_version LIB: the SQLite version LIB reports (sqlite3_libversion).
lib_version() {
    "$SQLSOAK" info --sqlite-lib "$1" |
        awk '$1 == "version" { print $2; exit }'
}

# need_cipher: skips the test unless sqlcipher's library is installed.
need_cipher() {
    [ -n "$CIPHER" ] || skip "no sqlcipher library in $LIBDIR (Debian package libsqlcipher1 or libsqlcipher0)"
}

# need_second_core: sets SYS_V and CIPHER_V, and skips the test unless
# sqlcipher's core is another SQLite release than the system's: the test
# tells the two apart by their versions.
need_second_core() {
    need_cipher
    SYS_V=$(lib_version "$SYS")
    CIPHER_V=$(lib_version "$CIPHER")
    [ -n "$SYS_V" ] && [ -n "$CIPHER_V" ] || return 1
    [ "$SYS_V" != "$CIPHER_V" ] ||
        skip "sqlcipher's core is SQLite $CIPHER_V, the system's release too: no second version to tell apart"
}

# version_sorted V...: the versions in SQLite's order (3.9 before 3.15).
version_sorted() {
    printf '%s\n' "$@" | sort -t. -k1,1n -k2,2n -k3,3n
}

# lib_option LIB NAME: the value of compile option NAME that LIB reports
# (sqlite3_compileoption_get), "" when it reports none.
lib_option() {
    "$SQLSOAK" info --sqlite-lib "$1" |
        awk -v n="$2" '$1 == "compile" && $2 == "options" {
            for (i = 3; i <= NF; i++) if (index($i, n "=") == 1) { print substr($i, length(n) + 2); exit } }'
}

# second_core: prints CIPHER when its core is another SQLite release than
# the system's (a matrix over the two tells them apart), else nothing.
second_core() {
    [ -n "$CIPHER" ] && [ "$(lib_version "$CIPHER")" != "$(lib_version "$SYS")" ] && echo "$CIPHER"
    return 0
}

# build_no_wal_lib: sets NO_WAL_LIB to SQLite built without WAL
# (SQLITE_OMIT_WAL), once in a run (sqlitelib.bash); skips the test when
# no amalgamation is at hand.
build_no_wal_lib() {
    [ -n "${SQLITE_AMALGAMATION:-}" ] || skip "SQLITE_AMALGAMATION is not set (.ci/amalgamation fetches one)"
    NO_WAL_LIB=$(sqlite_lib -O0 -DSQLITE_OMIT_WAL)
}
