#!/usr/bin/env bats
# README's map of src/ (Development) against the tree: each folder's row
# names exactly the modules its .c and .h files are, and every folder of
# src/ has a row.

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
    }' "$top/README.md"
}

@test "README's map of src/: each folder's row names exactly its modules, and every folder has a row" {
    rows=$(map_rows)
    [ "$(echo "$rows" | wc -l)" -ge 8 ]
    while read -r folder modules; do
        want=$(printf '%s\n' $modules | sort -u)
        have=$(cd "$top/src/$folder" && ls *.c *.h 2>/dev/null | sed 's/\.[ch]$//' | sort -u)
        [ "$want" = "$have" ] || {
            diff <(echo "$want") <(echo "$have") >&2
            echo "src/$folder: the README's row (<) differs from the tree (>)" >&2
            return 1
        }
    done <<<"$rows"
    for d in "$top"/src/*/; do
        d=$(basename "$d")
        echo "$rows" | grep -q "^$d " || { echo "src/$d has no row in README's map" >&2; return 1; }
    done
    ! ls "$top"/src/*.c "$top"/src/*.h 2>/dev/null
}
