#!/usr/bin/env bats
# Job files: a run's options kept in a file, one a line, with comments;
# --save-job writes them; the file a run read is kept in its folder.

bats_require_minimum_version 1.5.0

setup() {
    runs_setup
    cd "$T"
}

teardown() {
    runs_teardown
}

load helpers/runs
load helpers/interrupt

@test "a job file gives the plan the same command line gives: comments, quotes, a flag, a preset overridden" {
    cat >night.conf <<'JOB'
# a night, from a preset
preset = quick          ; its options first, these lines over them
page_size = 1k,8k       # '_' reads as '-'

rows = 40k
chunk=20k
db-dir = "my db"
keep-db
JOB
    "$S" run --job night.conf --reads 1k --save-job a.conf
    "$S" run --preset quick --page-size 1k,8k --rows 40k --chunk 20k --db-dir "my db" --keep-db --reads 1k --save-job b.conf
    diff a.conf b.conf
    grep -qx 'page-size = 1k,8k' a.conf
    grep -qx 'db-dir = my db' a.conf
    grep -qx 'keep-db' a.conf
    grep -qx 'reads = 1000' a.conf
    [ ! -e "my db" ]
}

@test "--save-job round-trips, and never overwrites a file" {
    "$S" run --rows 30k --chunk 10k --page-size 4k,16k --journal wal --sync normal,full --commit-every 1k --save-job one.conf
    run "$S" run --job one.conf --save-job two.conf
    [ "$status" -eq 0 ]
    [ "$output" = "wrote two.conf: run it with sqlsoak run --job two.conf" ]
    diff one.conf two.conf
    cp one.conf before
    run --separate-stderr "$S" run --rows 5k --save-job one.conf
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --save-job one.conf: the file exists: not overwritten" ]
    diff before one.conf
}

@test "a bad job file line is refused in one line naming the file and line, exit 2, nothing created" {
    bad() {
        printf '%b' "$1" >bad.conf
        run --separate-stderr "$S" run --job bad.conf --out "$T/out" --db-dir "$T/db" --progress never
        [ "$status" -eq 2 ]
        [ "$stderr" = "sqlsoak run: --job bad.conf:$2" ]
        [ -z "$output" ]
        [ ! -e "$T/out" ] && [ ! -e "$T/db" ]
    }
    bad 'rows = 2k\n# a comment\n\npage-size = 3k\n' "4: --page-size: 3k is not a power of two"
    bad 'rows 2k\n' "1: expected 'name = value' or a flag's name"
    bad 'rows = 1k\nbogus = 1\n' "2: unknown option '--bogus' (see --help)"
    bad 'job = other.conf\n' "1: --job belongs on the command line, not in a job file"
    bad 'keep-db = yes\n' "1: --keep-db takes no value"
    bad 'db-dir = "ab\n' "1: a value's double quotes go round all of it"
    bad 'preset = nope\n' "1: --preset: unknown preset 'nope' ($("$S" run --preset nope 2>&1 | sed 's/.*(\(.*\))$/\1/'))"
    run --separate-stderr "$S" run --job none.conf
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --job none.conf: No such file or directory" ]
}

@test "the job file a run read is kept in its folder, and resume needs nothing else" {
    printf 'rows = 40k\nchunk = 10k\nreads = 1k\nsync = full\n' >night.conf
    # a slowed chunk: the run is still going when the SIGINT comes
    SQLSOAK_TEST_SLOW=5000 interrupt_after 3 "$OUT/chunks.csv" "$T/log" "$S" run --job night.conf --out "$OUT" --db-dir "$DB" "${Q[@]}"
    cmp night.conf "$OUT/job.conf"
    python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))["job"]; assert j == {"given": "night.conf", "copy": "job.conf"}, j' "$OUT/run.json"
    # the file it was given is gone: its copy is read
    rm night.conf
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 "$CHECK" final "$OUT" 40000 10000 1
}
