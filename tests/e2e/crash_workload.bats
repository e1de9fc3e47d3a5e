#!/usr/bin/env bats
# crash runs the update and delete phases too: the power cut lands in
# them, and each trial is judged against the table the schedule gives at
# its last acknowledged COMMIT (or the next, not yet acknowledged, wholly
# in).  WAL/FULL and DELETE/EXTRA keep every acknowledged commit of
# updates and deletes as of inserts; a stale value, or a lying device,
# is caught as corrupt or lost.

load helpers/common
load helpers/images

setup_file() {
    export UPD="$BATS_FILE_TMPDIR/updates" DEL="$BATS_FILE_TMPDIR/deletes"
    "$SQLSOAK" crash --journal delete,wal --sync full,extra --updates 20 --update-keys hot:7 \
        --commit-every 30 --trials 30 --rows 600 --chunk 100 \
        --db-dir "$BATS_FILE_TMPDIR/db" --out "$UPD" --no-plot >"$BATS_FILE_TMPDIR/upd.log" 2>&1
    "$SQLSOAK" crash --journal delete,wal --sync full,extra --deletes 40 --delete-keys oldest \
        --trials 30 --rows 600 --chunk 100 \
        --db-dir "$BATS_FILE_TMPDIR/db" --out "$DEL" --no-plot >"$BATS_FILE_TMPDIR/del.log" 2>&1
}

# figure FOLDER JOURNAL SYNC FIELD: one figure of durability.csv
figure() {
    python3 - "$1/durability.csv" "$2" "$3" "$4" <<'PY'
import csv, sys
path, journal, sync, field = sys.argv[1:]
(row,) = [r for r in csv.DictReader(open(path))
          if (r["journal_mode"], r["synchronous"]) == (journal, sync)]
print(row[field])
PY
}

@test "crash with hot-key updates and oldest deletes: WAL/FULL, WAL/EXTRA, DELETE/EXTRA all intact" {
    # both folders' figures in one look (a python start a figure cost more
    # than the checks)
    python3 - "$UPD" "$DEL" <<'PY'
import csv, sys
for d in sys.argv[1:]:
    rows = list(csv.DictReader(open(d + "/durability.csv")))
    cells = {(r["journal_mode"], r["synchronous"]): r for r in rows}
    assert len(cells) == len(rows) == 4, rows      # a row a cell
    for cell in (("wal", "full"), ("wal", "extra"), ("delete", "extra")):
        r = cells[cell]
        assert (r["status"], r["trials"], r["intact"]) == ("ok", "30", "30"), (d, r)
    # DELETE/FULL loses as it does with inserts alone (its unlink), never corrupts
    r = cells["delete", "full"]
    assert (r["corrupt"], r["trials"]) == ("0", "30"), (d, r)
PY
}

@test "crash: the cut lands in the update and delete phases, judged against the schedule" {
    # a lost commit of updates leaves the rows' count as acknowledged:
    # only the generations tell; a lost commit of deletes leaves more rows
    python3 - "$UPD/trials.csv" "$DEL/trials.csv" <<'PY'
import csv, sys
upd = list(csv.DictReader(open(sys.argv[1])))
dele = list(csv.DictReader(open(sys.argv[2])))
assert all(r["updates_per_chunk"] == "20" for r in upd)
assert all("--updates 20 --update-keys hot:7" in r["replay"] for r in upd)
assert all("--deletes 40 --delete-keys oldest" in r["replay"] for r in dele)
assert any(r["outcome"] == "lost" and r["acked_rows"] == r["found_rows"] for r in upd), upd
assert any(r["outcome"] == "lost" and int(r["found_rows"]) > int(r["acked_rows"])
           for r in dele), dele
# the transaction in flight at the cut, found wholly in, is intact
assert any(r["outcome"] == "intact" and r["found_rows"] != r["acked_rows"]
           for r in upd + dele)
PY
}

@test "crash: a replayed lost update commit names where the workload stood" {
    read -r seed acked < <(python3 - "$UPD/trials.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["outcome"] == "lost" and r["acked_rows"] == r["found_rows"]:
        print(r["seed"], r["acked_rows"]); break
PY
)
    [ -n "$seed" ]
    run "$SQLSOAK" crash --journal delete --sync full --updates 20 --update-keys hot:7 \
        --commit-every 30 --rows 600 --chunk 100 --replay "$seed" \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$BATS_TEST_TMPDIR/replay" --no-plot
    [ "$status" -eq 0 ]
    [[ "$output" == *"last acknowledged COMMIT: chunk "*", update phase, after "*" of its ops"* ]]
    [[ "$output" == *": $acked rows acknowledged, $acked found, integrity ok: lost"* ]]
}

@test "crash with updates still fails a stale value and a lying device" {
    out="$BATS_TEST_TMPDIR/stale"
    SQLSOAK_TEST_STALE_ROW=3 run "$SQLSOAK" crash --journal wal --sync full --updates 20 \
        --update-keys hot:7 --commit-every 30 --trials 10 --rows 600 --chunk 100 \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$out" --no-plot
    [ "$status" -eq 0 ]
    [ "$(figure "$out" wal full corrupt)" -gt 0 ]
    # a corrupt table is none the schedule gives at a COMMIT: one verify failure
    python3 - "$out/trials.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    assert (r["outcome"] == "corrupt") == (r["verify_failures"] == "1"), r
PY
    out="$BATS_TEST_TMPDIR/lying"
    run "$SQLSOAK" crash --journal wal --sync full --device lying --updates 20 \
        --update-keys hot:7 --deletes 10 --commit-every 30 --trials 20 --rows 600 --chunk 100 \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$out" --no-plot
    [ "$status" -eq 0 ]
    bad=$(( $(figure "$out" wal full lost_trials) + $(figure "$out" wal full corrupt) ))
    [ "$bad" -gt 0 ]
}

@test "crash with updates and deletes: the durability graph names them, laid out whole" {
    out="$BATS_TEST_TMPDIR/graph"
    run "$SQLSOAK" crash --journal wal --sync full --updates 20 --update-keys hot:7 \
        --deletes 10 --trials 3 --rows 300 --chunk 100 \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$out"
    [ "$status" -eq 0 ]
    check_svg "$out/plots/durability.svg" "20 updates a chunk · 10 deletes a chunk"
}

@test "crash without updates or deletes: trials.csv's replay names neither" {
    out="$BATS_TEST_TMPDIR/plain"
    run "$SQLSOAK" crash --journal wal --sync full --trials 3 --rows 300 --chunk 100 \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$out" --no-plot
    [ "$status" -eq 0 ]
    ! grep -q -- "--updates\|--deletes\|-keys" "$out/trials.csv"
}

@test "crash: bad updates and deletes exit 2 with one line and create nothing" {
    for args in "--updates 200" "--update-keys hot:500 --updates 5" "--update-keys bogus" \
                "--deletes 101" "--delete-keys newest" "--auto-vacuum full --deletes 5"; do
        out="$BATS_TEST_TMPDIR/bad"
        run "$SQLSOAK" crash --rows 600 --chunk 100 --trials 2 $args \
            --db-dir "$BATS_TEST_TMPDIR/bad-db" --out "$out"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [ ! -e "$out" ] && [ ! -e "$BATS_TEST_TMPDIR/bad-db" ]
    done
}

@test "crash with updates and deletes leaves no database behind" {
    [ -z "$(ls -A "$BATS_FILE_TMPDIR/db")" ]
}
