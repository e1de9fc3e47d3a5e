#!/usr/bin/env bats
# The map of src/ (docs/development.md) against the tree: each folder's row
# names exactly the modules its .c and .h files are, and every folder of
# src/ has a row.

load helpers/common

top=$BATS_TEST_DIRNAME/../..

# The map's rows: "FOLDER MODULE..." a line each.
map_rows() {
    awk -F'|' '/^\| `src\/[a-z]+\/` \|/ {
        folder = $2; gsub(/[` ]/, "", folder); sub(/^src\//, "", folder); sub(/\/$/, "", folder)
        line = folder; s = $4
        gsub(/\([^)]*\)/, "", s)          # what a module is, in words, is no module
        while (match(s, /`[a-z0-9_]+`/)) {
            w = substr(s, RSTART + 1, RLENGTH - 2)
            line = line " " w
            s = substr(s, RSTART + RLENGTH)
        }
        print line
    }' "$top/docs/development.md"
}

@test "the map of src/ (docs/development.md): each folder's row names exactly its modules, and every folder has a row" {
    rows=$(map_rows)
    [ "$(echo "$rows" | wc -l)" -ge 8 ]
    while read -r folder modules; do
        want=$(printf '%s\n' $modules | sort -u)
        have=$(cd "$top/src/$folder" && ls *.c *.h 2>/dev/null | sed 's/\.[ch]$//' | sort -u)
        [ "$want" = "$have" ] || {
            diff <(echo "$want") <(echo "$have") >&2
            echo "src/$folder: the map's row (<) differs from the tree (>)" >&2
            return 1
        }
    done <<<"$rows"
    for d in "$top"/src/*/; do
        d=$(basename "$d")
        echo "$rows" | grep -q "^$d " || { echo "src/$d has no row in the map (docs/development.md)" >&2; return 1; }
    done
    ! ls "$top"/src/*.c "$top"/src/*.h 2>/dev/null
}

# Every include of src/ as "FROM_FOLDER FROM_MODULE TO_FOLDER TO_MODULE",
# a header found by its name alone, whatever its folder.
includes() {
    (cd "$top/src" && ls */*.h | awk -F/ '
        FNR == 1 && FILENAME != "-" { from = FILENAME; folder = from; sub(/\/.*/, "", folder)
                                      module = from; sub(/^[^\/]*\//, "", module); sub(/\.[ch]$/, "", module) }
        FILENAME == "-" { h = $2; sub(/\.h$/, "", h); home[h] = $1; next }
        /^[[:space:]]*#[[:space:]]*include[[:space:]]*"[a-z0-9_]*\.h"/ {
            h = $0; sub(/^[^"]*"/, "", h); sub(/\.h".*/, "", h)
            if ((h in home) && h != module) print folder, module, home[h], h
        }' - */*.[ch])
}

# The includes of file FILE (as includes writes them) that point at a
# folder later in ORDER (folders from the ground up), a line each.
pointing_up() {
    awk -v order="$1" 'BEGIN { n = split(order, o, " "); for (i = 1; i <= n; i++) rank[o[i]] = i }
        rank[$3] > rank[$1] { print "src/" $1 "/" $2 " includes " $4 ".h of src/" $3 "/" }' "$2"
}

# The modules of FILE's includes that are in a loop, as tsort says them:
# any loop, of two modules or more, with no exception.
loops() {
    awk '{print $2, $4}' "$1" | tsort 2>&1 >/dev/null || true
}

@test "src/'s layers: no include points at a folder later in the map, and no modules include each other in a loop" {
    order=$(map_rows | awk '{print $1}')
    [ "$(echo "$order" | head -1)" = sys ] && [ "$(echo "$order" | tail -1)" = cli ]
    includes >"$BATS_TEST_TMPDIR/inc"
    [ "$(wc -l <"$BATS_TEST_TMPDIR/inc")" -gt 300 ]
    up=$(pointing_up "$(echo $order)" "$BATS_TEST_TMPDIR/inc")
    [ -z "$up" ] || { echo "$up" >&2; return 1; }
    loop=$(loops "$BATS_TEST_TMPDIR/inc")
    [ -z "$loop" ] || { echo "$loop" >&2; return 1; }
}

@test "the layers test sees an include that points up, and a loop" {
    printf 'sys spawn run owner\nrun owner sys spawn\nmodel plan sys rng\n' >"$BATS_TEST_TMPDIR/inc"
    [ "$(pointing_up "sys model run" "$BATS_TEST_TMPDIR/inc")" = "src/sys/spawn includes owner.h of src/run/" ]
    [[ "$(loops "$BATS_TEST_TMPDIR/inc")" == *loop*spawn* || "$(loops "$BATS_TEST_TMPDIR/inc")" == *loop*owner* ]]
    printf 'vfs faultvfs vfs faultstate\nvfs faultstate vfs faultvfs\n' >"$BATS_TEST_TMPDIR/inc"
    [[ "$(loops "$BATS_TEST_TMPDIR/inc")" == *loop*fault* ]]
    printf 'cell soak cell celldb\ncell celldb cell soakrecord\ncell soakrecord cell soak\n' >"$BATS_TEST_TMPDIR/inc"
    [[ "$(loops "$BATS_TEST_TMPDIR/inc")" == *loop* ]]
}

@test "every test hook is read through src/sys/testhook.c, no other file asks the environment for one" {
    run grep -rn 'getenv("SQLSOAK_TEST_' "$top/src" --include=*.c
    [ "$status" -eq 0 ]
    others=$(echo "$output" | grep -v '/src/sys/testhook\.c:' || true)
    [ -z "$others" ] || { echo "$others" >&2; return 1; }
}

# A file past this is split by what it holds, one noun a module.
MAX_LINES=700

# long_files DIR: its */*.[ch] files of MAX_LINES lines or more, a line each.
long_files() {
    (cd "$1" && wc -l */*.[ch] | awk -v m="$MAX_LINES" '$2 != "total" && $1 >= m { print $2 ": " $1 " lines" }')
}

@test "every file of src/ is under $MAX_LINES lines" {
    long=$(long_files "$top/src")
    [ -z "$long" ] || { echo "$long" >&2; return 1; }
    # the check sees a long file
    mkdir -p "$BATS_TEST_TMPDIR/src/a"
    seq 1 "$MAX_LINES" >"$BATS_TEST_TMPDIR/src/a/long.c"
    seq 1 10 >"$BATS_TEST_TMPDIR/src/a/short.h"
    [ "$(long_files "$BATS_TEST_TMPDIR/src")" = "a/long.c: $MAX_LINES lines" ]
}

# unhelped DIR: its .bats files that do not load helpers/common, or whose
# code (not a comment) spells out the binary's path or its default, and
# its helpers other than common.bash that do: a line each.
unhelped() {
    grep -Lx 'load helpers/common' "$1"/*.bats | sed 's|.*/||; s|$|: does not load helpers/common|'
    ls "$1"/*.bats "$1"/helpers/*.bash | grep -v '/common\.bash$' |
        xargs grep -nE '(\.\./\.\./|[$][{]?(top|TOP)[}]?/)build/sqlsoak\b|SQLSOAK[:]-' |
        grep -vE '^[^:]+:[0-9]+:\s*#' | sed 's|^[^:]*/||'
}

@test "every e2e file loads helpers/common, the one place that names the binary under test" {
    bad=$(unhelped "$top/tests/e2e")
    [ -z "$bad" ] || { echo "$bad" >&2; return 1; }
    # the check sees a file without the helper and one that names the binary
    mkdir -p "$BATS_TEST_TMPDIR/e2e/helpers"
    printf 'load helpers/common\n@test x { true; }\n' >"$BATS_TEST_TMPDIR/e2e/good.bats"
    printf '@test x { true; }\n' >"$BATS_TEST_TMPDIR/e2e/bare.bats"
    # (the paths made by printf, so that this file does not spell them)
    printf 'load helpers/common\n# build/sqlsoak, in words\nS=${SQLSOAK%s}\n' :-x >"$BATS_TEST_TMPDIR/e2e/spelt.bats"
    printf 'run "$TOP/%s" info\n' build/sqlsoak >"$BATS_TEST_TMPDIR/e2e/helpers/h.bash"
    bad=$(unhelped "$BATS_TEST_TMPDIR/e2e")
    echo "$bad" >&2
    [ "$(echo "$bad" | cut -d: -f1-2 | tr '\n' ' ')" = "bare.bats: does not load helpers/common h.bash:1 spelt.bats:3 " ]
}

# unchecked FILE...: the lines of FILEs that negate a command with "!"
# neither at the end of its block (a "}" next) nor with "|| ..." after it,
# "FILE:LINE" each.  bats' errexit ignores a negated command's status, so
# such a check could never fail its test.
unchecked() {
    awk '
        FNR == 1 { open = 0; cont = 0 }
        open && NF { if ($0 !~ /^[[:space:]]*}/) print FILENAME ":" at; open = 0 }
        cont { cont = ($0 ~ /\\$/); if (!cont) open = 1; next }
        /^[[:space:]]+! / && !/\|\|/ { at = FNR; cont = ($0 ~ /\\$/); open = !cont }
    ' "$@" | sed 's|^.*/||'
}

@test "no e2e check negates a command with ! where its status is ignored: at a block's end, or with || after it" {
    bad=$(unchecked "$top"/tests/e2e/*.bats)
    [ -z "$bad" ] || { echo "$bad" >&2; return 1; }
    # the check sees a negation in the middle, and none at the end or with ||
    printf '@test x {\n    ! grep -q a f\n    true\n}\n@test y {\n    ! grep -q a f || return 1\n    ! grep -q a \\\n        f\n}\n' \
        >"$BATS_TEST_TMPDIR/n.bats"
    [ "$(unchecked "$BATS_TEST_TMPDIR/n.bats")" = "n.bats:2" ]
}

# misplaced_commands SRC: what breaks "a file a command" in SRC (a src/
# tree), a line each: a row of cli/commands.c's table whose function is
# not cmd_NAME for command NAME, a command without its file cmd/cmd_NAME.c
# defining that function in the table's one signature, a file of cmd/ no
# command is, and a command that includes another command's header.
misplaced_commands() {
    local rows name act
    # a row of the table on one line: {"NAME", CMD_WORD, ..., FUNCTION, POSITIONAL}
    rows=$(tr '\n' ' ' <"$1/cli/commands.c" | grep -oE '\{"[a-z]+", CMD_[A-Z]+,[^}]*\}' |
           sed -E 's/^\{"([a-z]+)".*,[[:space:]]+([a-z_]+),[[:space:]]*[01][[:space:]]*\}$/\1 \2/')
    [ -n "$rows" ] || { echo "$1/cli/commands.c: no command found in the table"; return; }
    while read -r name act; do
        [ "$act" = "cmd_$name" ] || echo "the table names $act for $name, not cmd_$name"
        grep -qE "^int cmd_$name\(const struct config \*[a-z]+, int argc, char \*\*argv, char \*err, size_t errlen\)$" \
            "$1/cmd/cmd_$name.c" 2>/dev/null || echo "cmd/cmd_$name.c does not define cmd_$name in the one signature"
    done <<<"$rows"
    for f in "$1"/cmd/*.[ch]; do
        name=$(basename "$f" | sed -E 's/^cmd_//; s/\.[ch]$//')
        echo "$rows" | grep -q "^$name " || echo "cmd/$(basename "$f") is no command of the table"
        grep -H '#include "cmd_' "$f" | grep -v "\"cmd_$name\.h\"" | sed 's|^.*/cmd/|cmd/|; s|:#include| includes|'
    done
}

@test "the commands: a file each in src/cmd/, its function the table's, none calling another; cmd the layer under cli" {
    [ "$(map_rows | awk '{print $1}' | tail -2 | tr '\n' ' ')" = "cmd cli " ]
    bad=$(misplaced_commands "$top/src")
    [ -z "$bad" ] || { echo "$bad" >&2; return 1; }
    [ "$(ls "$top"/src/cmd/*.c | wc -l)" -ge 13 ]
    # the check sees each way to break it
    mkdir -p "$BATS_TEST_TMPDIR/src/cli" "$BATS_TEST_TMPDIR/src/cmd"
    printf '    {"run", CMD_RUN, "[OPTIONS]", "rows", cmd_run, 0},\n    {"plot", CMD_PLOT, "DIR", "graphs",\n     plot_main, 1},\n    {"db", CMD_DB, "add", "nights", cmd_db, 1},\n' \
        >"$BATS_TEST_TMPDIR/src/cli/commands.c"
    printf '#include "cmd_run.h"\n#include "cmd_plot.h"\nint cmd_run(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)\n' \
        >"$BATS_TEST_TMPDIR/src/cmd/cmd_run.c"
    printf 'int cmd_db(const struct config *cfg, char *err, size_t errlen)\n' >"$BATS_TEST_TMPDIR/src/cmd/cmd_db.c"
    printf 'int cmd_extra(void)\n' >"$BATS_TEST_TMPDIR/src/cmd/cmd_extra.c"
    bad=$(misplaced_commands "$BATS_TEST_TMPDIR/src")
    echo "$bad" >&2
    [ "$bad" = "the table names plot_main for plot, not cmd_plot
cmd/cmd_plot.c does not define cmd_plot in the one signature
cmd/cmd_db.c does not define cmd_db in the one signature
cmd/cmd_extra.c is no command of the table
cmd/cmd_run.c includes \"cmd_plot.h\"" ]
}
