#!/usr/bin/env bats
# The graphs and the report sentence of the reader processes (--readers),
# drawn from a results folder whose reader columns were filled by hand:
# a real run of a DELETE and a WAL cell, then the readers' figures of
# each chunk written into chunks.csv (added where the columns are absent).
# The same folder with those columns empty draws none of them.

load helpers/common
load helpers/images

setup_file() {
    export RUNS="$BATS_FILE_TMPDIR/runs"
    "$SQLSOAK" run --rows 3000 --chunk 1000 --reads 100 --journal delete,wal --no-plot \
        --db-dir "$RUNS/db" --out "$RUNS/base" --progress never >/dev/null
}

# with_readers DIR FILL: a copy of the base run in DIR, its reader columns
# filled (FILL 1: DELETE's readers waited 20 ms and met 5 SQLITE_BUSY a
# chunk, WAL's none) or left empty (FILL 0).
with_readers() {
    cp -r "$RUNS/base" "$1"
    rm -rf "$1/plots" "$1/report.html"
    python3 - "$1/chunks.csv" "$2" <<'PY'
import csv, sys
path, fill = sys.argv[1], sys.argv[2] == "1"
rows = list(csv.reader(open(path, newline="")))
head = rows[0]
cols = ["reader_ops", "reader_ops_per_s", "reader_p99_us", "reader_busy", "reader_wait_s",
        "reader_ops_during_write", "reader_ops_during_commit", "reader_ops_during_read"]
for c in cols:
    if c not in head:
        head.append(c)
        for r in rows[1:]:
            r.append("")
for r in rows[1:]:
    rec = dict(zip(head, r))
    delete = rec["journal_mode"] == "delete"
    chunk = int(rec["chunk"])
    vals = {"reader_ops": 4000, "reader_ops_per_s": 40000.0, "reader_p99_us": 150.0 + 10 * chunk,
            "reader_busy": 5 if delete else 0, "reader_wait_s": 0.02 if delete else 0,
            "reader_ops_during_write": 3000, "reader_ops_during_commit": 10 if delete else 900,
            "reader_ops_during_read": 90}
    for c in cols:
        r[head.index(c)] = str(vals[c]) if fill else ""
csv.writer(open(path, "w", newline=""), lineterminator="\n").writerows(rows)
PY
}

@test "readers' graphs: drawn from the reader columns, labelled by cell; the report says what a COMMIT cost them" {
    d="$BATS_TEST_TMPDIR/readers"
    with_readers "$d" 1
    run "$SQLSOAK" plot "$d"
    echo "$output"
    [ "$status" -eq 0 ]
    for g in readers_p99 readers_commit readers_busy; do
        check_png "$d/plots/$g.png" 800 1
    done
    check_svg "$d/plots/readers_p99.svg" "readers' p99 latency" "delete" "wal"
    check_svg "$d/plots/readers_commit.svg" "delete · during COMMIT" "wal · inserting" "wal · its reads"
    check_svg "$d/plots/readers_busy.svg" "SQLITE_BUSY answers per chunk" "ms in busy handlers per chunk"
    # the data drawn: DELETE's readers, 10 reads in its COMMIT's time, WAL's 900
    python3 - "$d" <<'PY'
import csv, sys
d = sys.argv[1]
chunks = list(csv.DictReader(open(d + "/chunks.csv", newline="")))
lines = list(csv.DictReader(open(d + "/plots/data/readers.tsv"), delimiter="\t"))
assert [l["label"] for l in lines] == ["delete", "wal"], lines
for l in lines:
    mode = l["label"]
    rd = list(csv.DictReader(open(d + "/plots/data/rd-%s.tsv" % l["series"]), delimiter="\t"))
    mine = [c for c in chunks if c["journal_mode"] == mode]
    assert len(rd) == len(mine) == 3, rd
    for p, c in zip(rd, mine):
        assert float(p["p99_us"]) == 150 + 10 * int(c["chunk"]), p
        want = (10 if mode == "delete" else 900) / float(c["commit_s"])
        assert abs(float(p["commit_per_s"]) - want) <= 1e-6 * want, (p, c)
        assert float(p["wait_ms"]) == (20 if mode == "delete" else 0), p
PY
    check_report_refs "$d"
    grep -qF '<li>Under DELETE, readers waited 20.0 ms per COMMIT; under WAL, 0 µs.</li>' "$d/report.html"
    for g in readers_p99 readers_commit readers_busy; do grep -q "plots/$g.png" "$d/report.html"; done
}

@test "readers' graphs: not drawn, nor the sentence said, when the reader columns are empty" {
    d="$BATS_TEST_TMPDIR/none"
    with_readers "$d" 0
    run "$SQLSOAK" plot "$d"
    echo "$output"
    [ "$status" -eq 0 ]
    grep -q '<li>readers_p99: no reader processes ran' "$d/report.html"
    grep -q '<li>readers_busy: no reader processes ran' "$d/report.html"
    for g in readers_p99 readers_commit readers_busy; do
        [ ! -e "$d/plots/$g.png" ] && [ ! -e "$d/plots/$g.svg" ]
    done
    [ ! -e "$d/plots/data/readers.tsv" ]
    [ -s "$d/plots/write.png" ]
    if grep -q 'alt="readers_\|plots/readers_\|readers waited' "$d/report.html"; then return 1; fi
}
