#!/usr/bin/env bats
# What sqlsoak may delete: only a database file it created, proved by the
# identity it recorded in the results folder (OUT/.databases) when it made
# the file, never by the file's name.  Another run's database of the same
# name (a new run at the path of a moved folder), a file put in the place
# of this run's, and every database of a folder written before these
# records existed are kept, and said to be.  Real runs, real files; strace
# kills a process at the moment a test needs, and the test skips without it.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    runs_setup
}

teardown() {
    runs_teardown
}

load helpers/runs

# killed_before_chunk0: a run of one cell whose process is killed by
# SIGKILL at its first write to its database, before any chunk is
# recorded (as the OOM killer might); sets db to that database.  Its
# resume runs the whole cell: 20k rows in two chunks.
killed_before_chunk0() {
    db="$DB/$(db_prefix "$OUT")-cell1-rep1.db"
    run traced -f -o /dev/null -P "$db" -e trace=pwrite64 -e inject=pwrite64:signal=SIGKILL:when=1 \
        "$S" run --rows 20k --chunk 10k --reads 1k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 130 ]
    [ "$(data_rows "$OUT/chunks.csv")" -eq 0 ]
    [ -e "$db" ]
}

@test "resume keeps a database another run kept: a new run at the path of a moved folder" {
    run "$S" run --rows 20k --chunk 10k --reads 1k --no-plot --out "$T/r" --db-dir "$DB" --keep-db
    [ "$status" -eq 0 ]
    kept=$(one_db)
    sum=$(sha256sum <"$kept")
    # the run recorded the file it created: device, inode, birth time, name
    birth=$(stat -c %W "$kept")
    [ "$birth" != 0 ] || birth=-            # (0: the filesystem keeps none)
    read -r word dev ino born name <"$T/r/.databases"
    [ "$word $dev $ino ${born%.*} $name" = \
        "created $(stat -c '%Hd:%Ld %i' "$kept") $birth $(basename "$kept")" ]
    mv "$T/r" "$T/rA"
    # the same path, so the same database names: its cell 1 meets run A's
    # file; cell 2 is held by the test hook after its first chunk
    OUT=$T/r
    SQLSOAK_TEST_HANG=2:between:0 start run --rows 40k --chunk 20k --reads 2k --page-size 4k,8k \
        --interleave off --no-plot --out "$OUT" --db-dir "$DB"
    wait_rows "$OUT/chunks.csv" 1           # cell 2 is under way
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ]
    [ "$(field reason "$OUT/summary.csv")" = "$kept exists and is not sqlsoak's: not touched" ]
    run "$S" resume "$OUT" --no-plot
    echo "$output"
    [ "$status" -eq 1 ]                     # cell 1 failed
    [[ "$output" == *"kept $kept: the folder has no record that this run created it"* ]]
    [ "$(sha256sum <"$kept")" = "$sum" ]
    [ "$(field status "$OUT/summary.csv" | tr '\n' ' ')" = "failed ok " ]
    [ "$(ls "$DB")" = "$(basename "$kept")" ]   # cell 2's own database deleted
    cell2=$(db_prefix "$OUT")-cell2-rep1.db
    [ "$(awk '{print $1, $NF}' "$OUT/.databases")" = "created $cell2"$'\n'"deleted $cell2" ]
}

@test "resume: an interrupted cell with no chunk recorded, its database this run's: deleted, the cell measured anew" {
    need_strace
    killed_before_chunk0
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 "$CHECK" final "$OUT" 20000 10000 1
    [ -z "$(ls -A "$DB")" ]
}

@test "resume: an interrupted cell with no chunk recorded, another file in its database's place: refused, the file kept" {
    need_strace
    killed_before_chunk0
    rm "$db"*
    echo keep >"$db"
    run --separate-stderr "$S" resume "$OUT" "${Q[@]}"
    echo "$stderr"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak resume: $db: it is not the file this run created: not touched; delete it to resume" ]
    [ "$(cat "$db")" = keep ]
    [ "$(ls -A "$DB")" = "$(basename "$db")" ]
}

@test "resume of a folder of an older sqlsoak (no records of its databases) deletes none, says so, and finishes" {
    # a folder as sqlsoak 0.2.0 left it: no .databases (cell 2 held by the
    # test hook after its second chunk)
    SQLSOAK_TEST_HANG=2:between:1 start run --rows 200k --chunk 20k --reads 1k --page-size 4k,8k \
        --interleave off --db-dir "$DB" --out "$OUT" "${Q[@]}"
    wait_rows "$OUT/chunks.csv" 12          # cell 1 recorded and deleted; cell 2 under way
    kill -INT "$PID"
    finish
    [ "$RC" -eq 130 ]
    rm -f "$OUT/.databases"
    db=$(one_db)
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"  $db will be kept when its cell ends: the folder, of an older sqlsoak, records no database it created"* ]]
    python3 "$CHECK" final "$OUT" 200000 20000 2
    [ "$(one_db)" = "$db" ]
}

@test "an older folder's interrupted cell with no chunk recorded: resume refuses to delete its database" {
    need_strace
    killed_before_chunk0
    rm -f "$OUT/.databases"
    run --separate-stderr "$S" resume "$OUT" "${Q[@]}"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak resume: $db: the folder, of an older sqlsoak, records no database it created: not touched; delete it to resume" ]
    [ -e "$db" ]
    rm "$db"*                               # as the line says: then it resumes
    run "$S" resume "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 "$CHECK" final "$OUT" 20000 10000 1
}

@test "a pre-existing file of a database's name: the cell fails saying it is not sqlsoak's, the file untouched" {
    mkdir -p "$DB"
    db="$DB/$(db_prefix "$OUT")-cell1-rep1.db"
    echo keep >"$db"
    run "$S" run --rows 20k --chunk 10k --reads 100 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 1 ]
    [ "$(field reason "$OUT/summary.csv")" = "$db exists and is not sqlsoak's: not touched" ]
    [ "$(cat "$db")" = keep ]
}

# ---- crash ----

@test "crash: two runs into folders of one name sharing a --db-dir both finish" {
    "$S" crash --journal delete --sync full --trials 30 --no-plot --out "$T/a/night" --db-dir "$DB" \
        >"$T/a.log" 2>&1 3>&- &
    a=$!
    "$S" crash --journal delete --sync full --trials 30 --no-plot --out "$T/b/night" --db-dir "$DB" \
        >"$T/b.log" 2>&1 3>&- &
    b=$!
    ra=0 rb=0
    wait "$a" || ra=$?
    wait "$b" || rb=$?
    cat "$T/a.log" "$T/b.log"
    [ "$ra" -eq 0 ] && [ "$rb" -eq 0 ]
    [ "$(field status "$T/a/night/durability.csv")" = ok ]
    [ "$(field status "$T/b/night/durability.csv")" = ok ]
    [ -z "$(ls -A "$DB")" ]
}

@test "crash never deletes a file its create found in place, even when access() said the name was free" {
    # access() made to say "no such file" for the calibration database, as
    # if another run created it between a check and the create
    need_strace
    mkdir -p "$DB"
    db="$DB/$(db_prefix "$OUT")-cell1-calibration.db"
    echo keep >"$db"
    run traced -o /dev/null -P "$db" -e trace=access,faccessat,faccessat2 \
        -e inject=access,faccessat,faccessat2:error=ENOENT \
        "$S" crash --journal delete --sync full --trials 2 --db-dir "$DB" --out "$OUT" --no-plot
    echo "$output"
    [ "$status" -eq 1 ]
    [ "$(field reason "$OUT/durability.csv")" = "$db exists and is not sqlsoak's: not touched" ]
    [ "$(cat "$db")" = keep ]
}
