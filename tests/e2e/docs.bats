#!/usr/bin/env bats
# The pages (README.md, docs/*.md) carry no splice debris: no sentence or
# long run of words said three times, no command listed twice in the
# commands table, no link to a page or heading that is not there.  The
# checker is shown to catch each defect on a page made for it.

load helpers/common

top=$BATS_TEST_DIRNAME/../..
check=$BATS_TEST_DIRNAME/helpers/doccheck.py

pages() {
    ls "$top/README.md" "$top"/docs/*.md 2>/dev/null
}

@test "the pages have no passage said three times, no command listed twice, no broken link" {
    run python3 "$check" $(pages)
    echo "$output"
    [ "$status" -eq 0 ]
    [ -z "$output" ]
}

@test "doccheck: a passage spliced in three times is found" {
    page=$BATS_TEST_TMPDIR/page.md
    for i in 1 2 3; do
        echo "Option $i, and a WAL costs an SD card depends on it, and so the card wears out sooner here." >> "$page"
    done
    run python3 "$check" "$page"
    [ "$status" -eq 1 ]
    [[ "$output" == *"said 3 times"* ]]
}

@test "doccheck: a command listed twice in the commands table is found" {
    page=$BATS_TEST_TMPDIR/page.md
    printf '| command | what it does |\n|---|---|\n| `sqlsoak plot DIR` | draws |\n| `sqlsoak run` | runs |\n| `sqlsoak plot DIR` | draws again |\n' > "$page"
    run python3 "$check" "$page"
    [ "$status" -eq 1 ]
    [[ "$output" == *"lists sqlsoak plot twice"* ]]
}

@test "doccheck: a link to a missing page or heading is found, a good one is not" {
    mkdir -p "$BATS_TEST_TMPDIR/docs"
    printf '# Guide\n\n## The matrix\n\ntext\n' > "$BATS_TEST_TMPDIR/docs/guide.md"
    page=$BATS_TEST_TMPDIR/page.md
    printf 'See [the matrix](docs/guide.md#the-matrix).\n' > "$page"
    run python3 "$check" "$page"
    [ "$status" -eq 0 ]
    printf 'See [results](docs/results.md) and [noise](docs/guide.md#noise).\n' >> "$page"
    run python3 "$check" "$page"
    [ "$status" -eq 1 ]
    [[ "$output" == *"missing page: docs/results.md"* ]]
    [[ "$output" == *"missing heading: docs/guide.md#noise"* ]]
}

@test "README.md is the front page: under 300 lines, and it links every page of docs/" {
    [ "$(wc -l <"$top/README.md")" -lt 300 ]
    for p in "$top"/docs/*.md; do
        grep -q "](docs/${p##*/})" "$top/README.md" || { echo "README.md does not link docs/${p##*/}"; return 1; }
    done
}
