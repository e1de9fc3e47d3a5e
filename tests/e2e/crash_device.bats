#!/usr/bin/env bats
# The simulated device: a lying one (syncs acknowledged, carried out at
# random) takes from FULL and EXTRA what an honest one keeps; the shim
# tells SQLite the device's powersafe-overwrite property, and SQLite acts
# on it; every outcome replays from its seed and the options trials.csv
# records.

load helpers/common
load helpers/images

setup_file() {
    export MATRIX="$BATS_FILE_TMPDIR/device"
    "$SQLSOAK" crash --journal delete,wal --sync full,extra --device honest,lying \
        --powersafe-overwrite on,off --trials 40 --rows 1000 --chunk 100 \
        --db-dir "$BATS_FILE_TMPDIR/db" --out "$MATRIX" --no-plot \
        >"$BATS_FILE_TMPDIR/device.log" 2>&1
}

# figure JOURNAL SYNC DEVICE POWERSAFE FIELD: one figure of durability.csv
figure() {
    python3 - "$MATRIX/durability.csv" "$@" <<'PY'
import csv, sys
path, journal, sync, device, psow, field = sys.argv[1:]
(row,) = [r for r in csv.DictReader(open(path))
          if (r["journal_mode"], r["synchronous"], r["device"], r["powersafe_overwrite"])
          == (journal, sync, device, psow)]
print(row[field])
PY
}

@test "a lying device loses or corrupts with FULL and EXTRA where an honest one keeps everything" {
    # every cell's figures in one look (a python start a figure cost more
    # than the checks)
    python3 - "$MATRIX/durability.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
cells = {(r["journal_mode"], r["synchronous"], r["device"], r["powersafe_overwrite"]): r
         for r in rows}
assert len(cells) == len(rows) == 16, rows          # a row a cell
for psow in ("on", "off"):
    for journal, sync in (("delete", "extra"), ("wal", "full"), ("wal", "extra")):
        honest = cells[journal, sync, "honest", psow]
        assert (honest["lost_trials"], honest["corrupt"]) == ("0", "0"), honest
        lying = cells[journal, sync, "lying", psow]
        assert int(lying["lost_trials"]) + int(lying["corrupt"]) > 0, lying
PY
}

@test "a lying device can corrupt a rollback-journal database even with FULL" {
    bad=0
    for sync in full extra; do
        for psow in on off; do
            bad=$(( bad + $(figure delete $sync lying $psow corrupt) ))
        done
    done
    [ "$bad" -gt 0 ]
}

@test "SQLite sees the simulated device: without powersafe overwrite a WAL pads its syncs" {
    python3 - "$MATRIX/trials.csv" <<'PY'
import csv, sys
events = {}
for r in csv.DictReader(open(sys.argv[1])):
    events.setdefault((r["journal_mode"], r["synchronous"], r["powersafe_overwrite"]),
                      set()).add(int(r["events"]))
for sync in ("full", "extra"):
    (on,), (off,) = events[("wal", sync, "on")], events[("wal", sync, "off")]
    assert off > on, (sync, on, off)     # the padding frames are writes
PY
}

@test "every outcome replays from the options trials.csv records" {
    python3 - "$MATRIX/trials.csv" >"$BATS_TEST_TMPDIR/picks" <<'PY'
import csv, sys
seen = set()
for r in csv.DictReader(open(sys.argv[1])):
    if r["device"] == "lying" and r["outcome"] not in seen:
        seen.add(r["outcome"])
        # without the ' that guards the text against spreadsheets' formulas
        assert r["replay"].startswith("'--"), r["replay"]
        print(r["outcome"], r["acked_rows"], r["found_rows"], r["replay"].removeprefix("'"))
assert seen == {"intact", "lost", "corrupt"}, seen
PY
    [ "$(wc -l <"$BATS_TEST_TMPDIR/picks")" -eq 3 ]
    while read -r outcome acked found replay; do
        eval "set -- $replay"
        run "$SQLSOAK" crash "$@" --db-dir "$BATS_TEST_TMPDIR/db" \
            --out "$BATS_TEST_TMPDIR/replay-$outcome" --no-plot
        [ "$status" -eq 0 ]
        [[ "$output" == *": $acked rows acknowledged, $found found, integrity "*": $outcome"* ]]
    done <"$BATS_TEST_TMPDIR/picks"
}

@test "trials.csv records every setting of a replay" {
    python3 - "$MATRIX/trials.csv" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    for opt, col in (("--device", "device"), ("--powersafe-overwrite", "powersafe_overwrite"),
                     ("--journal", "journal_mode"), ("--sync", "synchronous"),
                     ("--rows", "rows"), ("--chunk", "chunk"), ("--seed", "workload_seed"),
                     ("--sector-size", "sector_size"), ("--replay", "seed")):
        assert f"{opt} {r[col]}" in r["replay"], (opt, r["replay"])
PY
}

@test "the durability graph groups cells by device and powersafe overwrite, with bounds" {
    d="$BATS_TEST_TMPDIR/plotted"
    cp -r "$MATRIX" "$d"
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 0 ]
    check_png "$d/plots/durability.png" 800 0 6
    # 16 rows in 4 groups; an outcome never seen shows its 95% bound
    check_svg "$d/plots/durability.svg" "honest device · powersafe on · delete · extra" \
        "lying device · powersafe off · wal · full" "lost, corrupt each &lt;7.22%" \
        "95% upper bound"
}

@test "run refuses the crash-only dimensions and records the values it ran with" {
    run "$SQLSOAK" run --device lying --db-dir "$BATS_TEST_TMPDIR/db" --out "$BATS_TEST_TMPDIR/r"
    [ "$status" -eq 2 ]
    [ ! -e "$BATS_TEST_TMPDIR/r" ]
    run "$SQLSOAK" run --rows 1000 --chunk 500 --reads 100 --db-dir "$BATS_TEST_TMPDIR/db" \
        --out "$BATS_TEST_TMPDIR/r" --no-plot --progress never
    [ "$status" -eq 0 ]
    python3 - "$BATS_TEST_TMPDIR/r" <<'PY'
import csv, sys
for f in ("summary.csv", "chunks.csv"):
    for r in csv.DictReader(open(sys.argv[1] + "/" + f)):
        assert (r["device"], r["powersafe_overwrite"]) == ("honest", "on"), r
PY
}

@test "report.html bounds an outcome no trial showed" {
    d="$BATS_TEST_TMPDIR/reported"
    cp -r "$MATRIX" "$d"
    run "$SQLSOAK" plot "$d"
    [ "$status" -eq 0 ]
    # 0 in 40 trials: below 7.22% at 95% confidence (1 - 0.05^(1/40))
    grep -qF 'lost &lt;7.22% · corrupt &lt;7.22%' "$d/report.html"
}
