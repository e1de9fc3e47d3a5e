#!/usr/bin/env bats
# The power-loss simulator tested against what SQLite promises: FULL sync
# with a rollback journal or WAL loses nothing; WAL/NORMAL may lose the
# last commits but is never corrupt; synchronous=OFF and journal MEMORY or
# OFF lose commits and corrupt.  A simulator that shows no loss for
# synchronous=OFF is not dropping unsynced writes, and fails here.

setup_file() {
    export MATRIX="$BATS_FILE_TMPDIR/matrix"
    "$SQLSOAK" crash --journal delete,wal,memory,off --sync off,normal,full --trials 40 \
        --rows 1000 --chunk 100 --db-dir "$BATS_FILE_TMPDIR/db" --out "$MATRIX" --no-plot \
        >"$BATS_FILE_TMPDIR/matrix.log" 2>&1
}

# durability JOURNAL SYNC FIELD: one figure of durability.csv
durability() {
    python3 - "$MATRIX/durability.csv" "$1" "$2" "$3" <<'PY'
import csv, sys
path, journal, sync, field = sys.argv[1:]
(row,) = [r for r in csv.DictReader(open(path))
          if r["journal_mode"] == journal and r["synchronous"] == sync]
print(row[field])
PY
}

@test "crash writes one durability row per cell and one trials row per trial" {
    python3 - "$MATRIX" <<'PY'
import csv, sys
d = sys.argv[1]
assert len(list(csv.DictReader(open(d + "/durability.csv")))) == 12
trials = list(csv.DictReader(open(d + "/trials.csv")))
assert len(trials) == 12 * 40, len(trials)
assert all("\n" not in t["integrity"] for t in trials)
for r in csv.DictReader(open(d + "/durability.csv")):
    assert r["status"] == "ok", r
    n = int(r["trials"])
    assert n == 40 and int(r["intact"]) + int(r["lost_trials"]) + int(r["corrupt"]) == n, r
    assert float(r["write_rows_per_s"]) > 0, r
PY
}

@test "DELETE/FULL and WAL/FULL never lose an acknowledged commit nor corrupt" {
    for j in delete wal; do
        [ "$(durability $j full intact)" -eq 40 ]
        [ "$(durability $j full lost_commits)" -eq 0 ]
        [ "$(durability $j full corrupt)" -eq 0 ]
    done
}

@test "WAL/NORMAL may lose the last commits but is never corrupt" {
    [ "$(durability wal normal corrupt)" -eq 0 ]
    # nothing synced before a checkpoint at this size: cuts lose commits
    [ "$(durability wal normal lost_trials)" -gt 0 ]
}

@test "synchronous=OFF loses commits or corrupts: unsynced writes are really dropped" {
    for j in delete wal memory off; do
        bad=$(( $(durability $j off lost_trials) + $(durability $j off corrupt) ))
        [ "$bad" -gt 0 ]
    done
    [ "$(durability delete off corrupt)" -gt 0 ]
}

@test "journal_mode MEMORY and OFF corrupt even with synchronous=FULL" {
    [ "$(durability memory full corrupt)" -gt 0 ]
    [ "$(durability off full corrupt)" -gt 0 ]
}

@test "--replay SEED reproduces a trial exactly and prints the cut's choices" {
    read -r seed event outcome < <(python3 - "$MATRIX/trials.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if (r["outcome"] == "corrupt" and r["journal_mode"] == "memory"
            and r["synchronous"] == "full"):
        print(r["seed"], r["crash_event"], r["outcome"]); break
PY
)
    [ -n "$seed" ]
    run "$SQLSOAK" crash --journal memory --sync full --rows 1000 --chunk 100 --replay "$seed" \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$BATS_TEST_TMPDIR/replay" --no-plot
    [ "$status" -eq 0 ]
    [[ "$output" == *"cut at event $event of "*": $outcome"* ]]
    [[ "$output" == *"crash "*" bytes at "* ]]
}

@test "the simulator works on another SQLite core (sqlcipher's 3.15.2)" {
    out="$BATS_TEST_TMPDIR/old"
    run "$SQLSOAK" crash --sqlite-lib "${SQLSOAK_LIBDIR:-/usr/lib/x86_64-linux-gnu}/libsqlcipher.so.0" \
        --journal wal,delete --sync normal,full --trials 15 --rows 600 --chunk 100 \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$out" --no-plot
    [ "$status" -eq 0 ]
    python3 - "$out/durability.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 4
for r in rows:
    assert r["sqlite_version"] == "3.15.2", r
    if r["synchronous"] == "full":
        assert r["intact"] == r["trials"] == "15", r
    assert r["corrupt"] == "0", r
PY
}

@test "crash trials leave no database behind" {
    [ -z "$(ls -A "$BATS_FILE_TMPDIR/db")" ]
}

@test "crash: bad input exits 2 with one line and creates nothing" {
    for args in "--trials 0" "--journal bogus" "--sync always" "--sector-size 1000" \
                "--rows 100 --chunk 1000" "--replay x" "--reads 5" "--replay 5"; do
        out="$BATS_TEST_TMPDIR/bad"
        run "$SQLSOAK" crash $args --db-dir "$BATS_TEST_TMPDIR/bad-db" --out "$out"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [ ! -e "$out" ] && [ ! -e "$BATS_TEST_TMPDIR/bad-db" ]
    done
}
