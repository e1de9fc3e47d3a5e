#!/usr/bin/env bats
# bench.bats: the benchmark programs build from the objects sqlsoak is
# linked from, and the reference loop runs (the timing itself is
# bench/run.sh's, never a test's).

setup() {
    TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
    [ "${SQLSOAK:-$TOP/build/sqlsoak}" = "$TOP/build/sqlsoak" ] ||
        skip "the bench programs build with the native objects of build/ only"
}

@test "bench: ref and genspeed build and the reference loop inserts and reads its rows" {
    run sh "$TOP/bench/build.sh"
    echo "$output"
    [ "$status" -eq 0 ]
    [ -x "$TOP/build/bench/ref" ] && [ -x "$TOP/build/bench/genspeed" ]
    run "$TOP/build/bench/ref" --db "$BATS_TEST_TMPDIR/ref.db" --rows 2000 --chunk 1000 --reads 100
    echo "$output"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "chunk,write_s,read_s" ]
    [[ "${lines[1]}" == 0,* ]] && [[ "${lines[2]}" == 1,* ]]
    [[ "$output" == *"2000 rows, 200 reads found a row"* ]]
}
