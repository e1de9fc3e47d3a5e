#!/usr/bin/env bats
# Job files: a run's options kept in a file, one a line, with comments;
# --save-job writes them; the file a run read is kept in its folder.

bats_require_minimum_version 1.5.0

load helpers/common

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

# bad TEXT WHY: a job file of TEXT (printf's %b) is refused by a run and a
# dry run alike in one line, "--job bad.conf:WHY", exit 2, nothing created.
bad() {
    printf '%b' "$1" >bad.conf
    run --separate-stderr "$S" run --job bad.conf --out "$T/out" --db-dir "$T/db" --progress never
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --job bad.conf:$2" ]
    [ -z "$output" ]
    [ ! -e "$T/out" ] && [ ! -e "$T/db" ]
    run --separate-stderr "$S" run --job bad.conf --dry-run --out "$T/out" --db-dir "$T/db"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --job bad.conf:$2" ]
    [ ! -e "$T/out" ] && [ ! -e "$T/db" ]
}

@test "a bad job file line is refused in one line naming the file and line, exit 2, nothing created" {
    bad 'rows = 2k\n# a comment\n\npage-size = 3k\n' "4: --page-size: 3k is not a power of two"
    bad 'rows 2k\n' "1: expected 'name = value' or a flag's name"
    bad 'rows = 1k\nbogus = 1\n' "2: unknown option '--bogus' (see --help)"
    bad 'job = other.conf\n' "1: --job belongs on the command line, not in a job file"
    bad 'rows = 2k\nhelp\n' "2: --help belongs on the command line, not in a job file"
    bad 'version\n' "1: unknown option '--version' (see --help)"
    bad 'keep-db = yes\n' "1: --keep-db takes no value"
    bad 'db-dir = "ab\n' "1: a value's double quotes go round all of it"
    bad 'preset = nope\n' "1: --preset: unknown preset 'nope' ($("$S" run --preset nope 2>&1 | sed 's/.*(\(.*\))$/\1/'))"
    run --separate-stderr "$S" run --job none.conf
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --job none.conf: No such file or directory" ]
}

@test "a job file's value refused by any check before the run names the file and line: need, baseline, shard and the rest" {
    R='rows = 20k\nchunk = 10k\n'
    bad "${R}need = writes=200/s,\n" "3: --need: an empty item in 'writes=200/s,'"
    bad "${R}need = writes=0x10/s\n" \
        "3: --need writes: '0x10/s' is not a rate above 0 per second (200/s, 2k/s)"
    bad "${R}need = read-p99=20\n" "3: --need read-p99: '20' is not a time above 0 (20ms, 500us, 1s)"
    bad "${R}baseline = page-size=3k\n" "3: --baseline page-size=3k: --page-size: 3k is not a power of two"
    bad "${R}baseline = \"+2\"\n" "3: --baseline +2: expected DIM=VALUE (page-size=16k) or a cell number"
    bad "${R}shard = 0/3\n" "3: --shard 0/3: expected K/N, 1 <= K <= N (2/3: the second of three shares)"
    # against the plan, once it is built
    bad "${R}baseline = 7\n" "3: --baseline 7: no such cell (the only cell is 1)"
    bad "${R}page-size = 1k,4k\nbaseline = page-size=8k\n" \
        "4: --baseline page-size=8k: no cell has it (with every other setting at its first value)"
    bad "${R}shard = 3/4\n" "3: --shard 3/4: the matrix has 1 combinations, too few for 4 shares"
    bad "${R}baseline = 1\nbaseline = 7\n" "4: --baseline 7: no such cell (the only cell is 1)"
    # every check before the run: the line of the option its error names first
    bad "${R}update-keys = hot:x\n" \
        "3: --update-keys: 'hot:x' is neither uniform nor hot:K (K >= 1 rows, e.g. hot:1k)"
    bad "rows = 20k\nchunk = 40k\n" "2: --chunk 40000 is larger than --rows 20000"
    bad "${R}backlog-limit = 10s\n" "3: --backlog-limit applies to a paced writer: give --write-rate too"
    bad "${R}target-rows = 1k\n" \
        "3: --target-rows 1000 is below --rows 20000: the answer is for a table the run reaches or one it projects to, past it"
    # the command line's own value is not the job file's: no line named
    printf 'rows = 20k\nchunk = 10k\nbaseline = 1\n' >ok.conf
    run --separate-stderr "$S" run --job ok.conf --baseline 7 --out "$T/out" --db-dir "$T/db"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --baseline 7: no such cell (the only cell is 1)" ]
    [ ! -e "$T/out" ] && [ ! -e "$T/db" ]
}

@test "the job file a run read is kept in its folder, and resume needs nothing else" {
    printf 'rows = 40k\nchunk = 10k\nreads = 1k\nsync = full\n' >night.conf
    # held after chunk 1 by the test hook: the run is still going when the SIGINT comes
    SQLSOAK_TEST_HANG=1:between:1 interrupt_after 3 "$OUT/chunks.csv" "$T/log" "$S" run --job night.conf --out "$OUT" --db-dir "$DB" "${Q[@]}"
    cmp night.conf "$OUT/job.conf"
    python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))["job"]; assert j == {"given": "night.conf", "copy": "job.conf"}, j' "$OUT/run.json"
    # the file it was given is gone: its copy is read
    rm night.conf
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 "$CHECK" final "$OUT" 40000 10000 1
}

# ---- presets: shipped job files (data/presets/NAME.conf)

@test "each preset, read from its shipped file, gives the plan the compiled-in preset gave" {
    # tests/fixtures/presets-compiled: --save-job of each preset made when
    # presets were compiled in; every line of it must come out unchanged
    # (an option added since only adds a line)
    local want n=0
    for want in "$BATS_TEST_DIRNAME"/../fixtures/presets-compiled/*.conf; do
        local name=${want##*/}
        name=${name%.conf}
        run -0 "$S" run --preset "$name" --save-job "$name.conf"
        run grep -vxFf "$name.conf" "$want"
        [ "$status" -eq 1 ] || { echo "$name: lost or changed: $output"; return 1; }
        n=$((n + 1))
    done
    # one fixture a preset, and no preset without one
    [ "$n" -eq "$(ls "$BATS_TEST_DIRNAME"/../../data/presets/*.conf | wc -l)" ]
}

@test "a shipped preset file is a job file: run --job on it gives the preset's plan" {
    local f=$BATS_TEST_DIRNAME/../../data/presets/overnight.conf
    grep -q "^# sqlsoak preset 'overnight': an 8-hour matrix" "$f"
    "$S" run --preset overnight --save-job a.conf
    "$S" run --job "$f" --save-job b.conf
    diff a.conf b.conf
}

@test "a preset whose file is missing, or has a bad line: one line naming it, exit 2, nothing created" {
    mkdir -p scripts/plots
    : >scripts/plots/x.gp      # a place with plot scripts and no presets
    export SQLSOAK_PLOTS_DIR=$T/scripts/plots
    run --separate-stderr "$S" run --preset quick --out "$OUT" --db-dir "$DB" "${Q[@]}"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --preset quick: no preset file quick.conf in $T/scripts/plots/../data/presets or $T/scripts/plots/../presets" ]
    [ -z "$output" ] && [ ! -e "$OUT" ] && [ ! -e "$DB" ]
    printf 'preset = quick\n' >night.conf
    run --separate-stderr "$S" run --job night.conf --out "$OUT" --db-dir "$DB" "${Q[@]}"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --job night.conf:1: --preset quick: no preset file quick.conf in $T/scripts/plots/../data/presets or $T/scripts/plots/../presets" ]
    mkdir -p scripts/presets
    printf '# quick, edited\nrows = 1k\npage-size = 3k\n' >scripts/presets/quick.conf
    run --separate-stderr "$S" run --preset quick --out "$OUT" --db-dir "$DB" "${Q[@]}"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --preset quick: $T/scripts/plots/../presets/quick.conf:3: --page-size: 3k is not a power of two" ]
    printf 'preset = txn\n' >scripts/presets/quick.conf
    run --separate-stderr "$S" run --preset quick --out "$OUT" --db-dir "$DB" "${Q[@]}"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --preset quick: $T/scripts/plots/../presets/quick.conf:1: a preset's file cannot start from another preset" ]
    [ ! -e "$OUT" ] && [ ! -e "$DB" ]
}
