# The SQLite libraries the tests build from an amalgamation
# (.ci/sqlite-lib), each built once in a bats run however many files ask
# for it: a compile of SQLite costs more CPU than most tests.
#
#   - kept in the folder that the files of one run share, BATS_SUITE_TMPDIR
#     (in bats' run folder, which bats removes at the end), or SQLITE_LIBS;
#   - a folder a build, named by a hash of the amalgamation's content, the
#     compiler and the options: another build is another folder;
#   - built under a lock (flock) on that name, so that of two files asking
#     at once one builds and the other waits for its library;
#   - built in a folder of its own, renamed to its name once whole: a build
#     killed midway leaves no library there, and its folder is removed by
#     the next build of that name, which takes the lock it held.

SQLITE_LIB_SCRIPT=$(cd "${BASH_SOURCE[0]%/*}/../../.." && pwd)/.ci/sqlite-lib

# sqlite_lib OPT [CFLAGS]: prints the path of libsqlite3.so built from
# SQLITE_AMALGAMATION by CC (cc) with SQLITE_OPT=OPT and
# SQLITE_CFLAGS=CFLAGS, building it unless this run has; the build's
# output is in build.log beside its version's folder.  When the build
# fails: its output on stderr, status 1, no folder left (its lock file
# stays).
sqlite_lib() {
    local opt=$1 cflags=${2:-} cc=${CC:-cc} src=$SQLITE_AMALGAMATION
    local root=${SQLITE_LIBS:-$BATS_SUITE_TMPDIR/sqlite-libs} key dir tmp
    key=$({ printf '%s\n' "$opt" "$cflags" "$cc"; find -L "$src" -type f -print0 | LC_ALL=C sort -z |
        xargs -0 cat; } | sha256sum | cut -c 1-16) || return 1
    dir=$root/$key
    mkdir -p "$root" || return 1
    {
        flock -n 9 || { echo "sqlite_lib: waiting for the build of $dir" >&2; flock 9; } || return 1
        if [ ! -d "$dir" ]; then
            rm -rf "$root/.$key".*          # a killed build's, whose lock is ours now
            tmp=$(mktemp -d "$root/.$key.XXXXXX") || return 1
            # TMPDIR: the unpacked amalgamation in the build's folder too;
            # the compiler without the lock, which ends with this shell
            if ! TMPDIR=$tmp SQLITE_OPT=$opt SQLITE_CFLAGS=$cflags \
                sh "$SQLITE_LIB_SCRIPT" "$src" "$tmp" "$cc" >"$tmp/build.log" 2>&1 9>&-; then
                cat "$tmp/build.log" >&2
                rm -rf "$tmp"
                return 1
            fi
            mv -T "$tmp" "$dir" || return 1
        fi
    } 9>"$root/$key.lock"
    ls "$dir"/*/libsqlite3.so
}
