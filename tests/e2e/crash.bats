#!/usr/bin/env bats
# The power-loss simulator tested against what SQLite promises: WAL/FULL
# and DELETE/EXTRA lose nothing; DELETE/FULL may lose the last commit (the
# unlink that commits it is not durable until the directory is synced,
# which only EXTRA asks for) but is never corrupt; WAL/NORMAL may lose the
# last commits but is never corrupt; synchronous=OFF and journal MEMORY or
# OFF lose commits and corrupt.  A simulator that shows no loss for
# synchronous=OFF is not dropping unsynced writes, and fails here.

load helpers/common
load helpers/libs

setup_file() {
    export MATRIX="$BATS_FILE_TMPDIR/matrix"
    "$SQLSOAK" crash --journal delete,wal,memory,off --sync off,normal,full,extra --trials 40 \
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

# first_trial OUTCOME JOURNAL SYNC FIELD...: those fields of the first
# trial of that cell with that outcome
first_trial() {
    python3 - "$MATRIX/trials.csv" "$@" <<'PY'
import csv, sys
path, outcome, journal, sync, *fields = sys.argv[1:]
for r in csv.DictReader(open(path)):
    if (r["outcome"], r["journal_mode"], r["synchronous"]) == (outcome, journal, sync):
        print(*(r[f] for f in fields)); break
PY
}

# replay JOURNAL SYNC SEED: that trial of the matrix, again
replay() {
    run "$SQLSOAK" crash --journal "$1" --sync "$2" --rows 1000 --chunk 100 --replay "$3" \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$BATS_TEST_TMPDIR/replay" --no-plot
}

@test "crash writes one durability row per cell and one trials row per trial" {
    python3 - "$MATRIX" <<'PY'
import csv, sys
d = sys.argv[1]
assert len(list(csv.DictReader(open(d + "/durability.csv")))) == 16
trials = list(csv.DictReader(open(d + "/trials.csv")))
assert len(trials) == 16 * 40, len(trials)
assert all("\n" not in t["integrity"] for t in trials)
for r in csv.DictReader(open(d + "/durability.csv")):
    assert r["status"] == "ok", r
    n = int(r["trials"])
    assert n == 40 and int(r["intact"]) + int(r["lost_trials"]) + int(r["corrupt"]) == n, r
    assert float(r["write_rows_per_s"]) > 0, r
PY
}

@test "DELETE/EXTRA, WAL/FULL and WAL/EXTRA never lose an acknowledged commit nor corrupt" {
    for cell in "delete extra" "wal full" "wal extra"; do
        [ "$(durability $cell intact)" -eq 40 ]
        [ "$(durability $cell lost_commits)" -eq 0 ]
        [ "$(durability $cell corrupt)" -eq 0 ]
    done
}

@test "DELETE/FULL loses the last commit in some trials (its unlink is not durable), never corrupts" {
    [ "$(durability delete full lost_trials)" -gt 0 ]
    [ "$(durability delete full corrupt)" -eq 0 ]
    # one commit at most: the cut undoes the last unlink only
    [ "$(durability delete full lost_commits)" -eq "$(durability delete full lost_trials)" ]
}

@test "durability.csv bounds each rate: below 3/n when none was seen, above the rate seen" {
    python3 - "$MATRIX/durability.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    n = int(r["trials"])
    for seen, ub in (("lost_trials", "lost_upper95_pct"), ("corrupt", "corrupt_upper95_pct")):
        k, u = int(r[seen]), float(r[ub])
        if k == 0:
            assert abs(u - 100 * (1 - 0.05 ** (1 / n))) < 0.001 and u < 300 / n, r
        else:
            assert 100 * k / n < u <= 100, r
PY
}

@test "a replayed DELETE/FULL loss: the deleted journal is back after the cut, hot, and rolled back" {
    read -r seed acked found < <(first_trial lost delete full seed acked_rows found_rows)
    [ -n "$seed" ]
    replay delete full "$seed"
    [ "$status" -eq 0 ]
    [[ "$output" == *"-journal: deletion undone: back with "*" bytes"* ]]
    [[ "$output" == *"after the cut: -journal "*" bytes"* ]]
    [[ "$output" == *"after reopening: no -journal"* ]]
    [[ "$output" == *": $acked rows acknowledged, $found found, integrity ok: lost"* ]]
    [ "$found" -lt "$acked" ]
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
    read -r seed event outcome < <(first_trial corrupt memory full seed crash_event outcome)
    [ -n "$seed" ]
    replay memory full "$seed"
    [ "$status" -eq 0 ]
    [[ "$output" == *"cut at event $event of "*": $outcome"* ]]
    [[ "$output" == *"crash "*" bytes at "* ]]
}

@test "the simulator works on another SQLite core (sqlcipher's)" {
    need_cipher
    out="$BATS_TEST_TMPDIR/old"
    run "$SQLSOAK" crash --sqlite-lib "$CIPHER" \
        --journal wal,delete --sync normal,full --trials 15 --rows 600 --chunk 100 \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$out" --no-plot
    [ "$status" -eq 0 ]
    python3 - "$out/durability.csv" "$(lib_version "$CIPHER")" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 4
for r in rows:
    assert r["sqlite_version"] == sys.argv[2], r
    if r["synchronous"] == "full" and r["journal_mode"] == "wal":
        assert r["intact"] == r["trials"] == "15", r
    assert r["corrupt"] == "0", r
PY
}

@test "crash trials leave no database behind" {
    [ -z "$(ls -A "$BATS_FILE_TMPDIR/db")" ]
}

@test "crash: bad input exits 2 with one line and creates nothing" {
    for args in "--trials 0" "--journal bogus" "--sync always" "--sector-size 1000" \
                "--device flaky" "--powersafe-overwrite maybe" \
                "--rows 100 --chunk 1000" "--replay x" "--reads 5" "--replay 5"; do
        out="$BATS_TEST_TMPDIR/bad"
        run "$SQLSOAK" crash $args --db-dir "$BATS_TEST_TMPDIR/bad-db" --out "$out"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [ ! -e "$out" ] && [ ! -e "$BATS_TEST_TMPDIR/bad-db" ]
    done
}
