#!/usr/bin/env bats
# helpers/sqlitelib.bash's sqlite_lib, which builds each SQLite library the
# tests need once in a run: of two callers at once one builds and the
# other waits for its library, and a build killed midway leaves no library
# the next would take.  A stand-in amalgamation and compiler, so that no
# test here compiles SQLite: the compiler notes its start and writes its
# output once the test lets it go.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    scratch
    mkdir -p "$T/src"
    echo '#define SQLITE_VERSION "3.99.0"' >"$T/src/sqlite3.h"
    : >"$T/src/sqlite3.c"
    cat >"$T/cc" <<EOF
#!/bin/sh
echo \$\$ >>"$T/started"
while [ ! -e "$T/go" ]; do sleep 0.01; done
while [ \$# -gt 1 ]; do
    [ "\$1" = -o ] && echo built >"\$2"
    shift
done
exit 0
EOF
    chmod +x "$T/cc"
    : >"$T/started"
    export SQLITE_LIBS=$T/libs SQLITE_AMALGAMATION=$T/src CC=$T/cc
}

# a stand-in compiler a failed test left waiting ends
teardown() {
    touch "$T/go"
}

# caller NAME: sqlite_lib -O0 in the background, in a process group of its
# own (setsid), as a file of a bats run would call it; what it prints in
# $T/NAME.out and .err, its process (and group) in $!.
caller() {
    setsid bash -c '. "$1"; sqlite_lib -O0' _ "$BATS_TEST_DIRNAME/helpers/sqlitelib.bash" \
        >"$T/$1.out" 2>"$T/$1.err" 3>&- &
}

# compiles: how many times the stand-in compiler started.
compiles() {
    wc -l <"$T/started"
}

@test "sqlite_lib: two callers at once build the library once, the second waiting for the first's" {
    caller first
    first=$!
    while [ "$(compiles)" -eq 0 ]; do kill -0 "$first" || break; sleep 0.01; done
    [ "$(compiles)" -eq 1 ]
    # the first builds; the second says it waits, or (were there no lock)
    # starts a compile of its own
    caller second
    second=$!
    while [ ! -s "$T/second.err" ] && [ "$(compiles)" -eq 1 ]; do kill -0 "$second" || break; sleep 0.01; done
    [ "$(compiles)" -eq 1 ]
    key=$(ls "$T/libs" | sed -n 's/\.lock$//p')
    [ "$(cat "$T/second.err")" = "sqlite_lib: waiting for the build of $T/libs/$key" ]
    [ ! -e "$T/libs/$key" ]         # nothing there until the build is whole
    touch "$T/go"
    wait "$first"
    wait "$second"
    [ "$(compiles)" -eq 1 ]
    lib="$T/libs/$key/3.99.0/libsqlite3.so"
    [ "$(cat "$T/first.out")" = "$lib" ] && [ "$(cat "$T/second.out")" = "$lib" ]
    [ "$(cat "$lib")" = built ]
    grep -q "/3.99.0/libsqlite3.so (SQLite 3.99.0)$" "$T/libs/$key/build.log"
    # later, other options are another build; the same ones none
    run bash -c '. "$1"; sqlite_lib -O0; sqlite_lib -O1 -DSQLITE_OMIT_WAL' _ "$BATS_TEST_DIRNAME/helpers/sqlitelib.bash"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "$lib" ] && [ "${lines[1]}" != "$lib" ] && [ "$(cat "${lines[1]}")" = built ]
    [ "$(compiles)" -eq 2 ]
}

@test "sqlite_lib: a build killed midway leaves no library; the next builds it whole and removes the killed one's folder" {
    caller killed
    killed=$!
    while [ "$(compiles)" -eq 0 ]; do kill -0 "$killed" || break; sleep 0.01; done
    [ "$(compiles)" -eq 1 ]
    kill -KILL -- "-$killed"        # the caller, the build script and the compiler
    wait "$killed" || true
    key=$(ls "$T/libs" | sed -n 's/\.lock$//p')
    [ "$(ls "$T/libs")" = "$key.lock" ]     # no folder of the build's name
    half=$(ls -d "$T/libs/.$key".*)
    [ -d "$half" ]
    touch "$T/go"
    caller next
    wait $!
    [ "$(compiles)" -eq 2 ]
    [ "$(cat "$T/next.out")" = "$T/libs/$key/3.99.0/libsqlite3.so" ]
    [ "$(cat "$T/libs/$key/3.99.0/libsqlite3.so")" = built ]
    [ "$(ls -A "$T/libs")" = "$key"$'\n'"$key.lock" ]
}

@test "sqlite_lib: a build that fails prints its output and fails, leaving no library" {
    printf '#!/bin/sh\necho "cc: no room" >&2\nexit 1\n' >"$T/cc"
    run --separate-stderr bash -c '. "$1"; sqlite_lib -O0' _ "$BATS_TEST_DIRNAME/helpers/sqlitelib.bash"
    [ "$status" -eq 1 ]
    [ -z "$output" ]
    [ "$stderr" = "cc: no room" ]
    key=$(ls "$T/libs" | sed -n 's/\.lock$//p')
    [ "$(ls -A "$T/libs")" = "$key.lock" ]
}
