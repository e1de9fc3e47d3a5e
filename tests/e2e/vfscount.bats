#!/usr/bin/env bats
# The counting VFS: what SQLite asked of the storage, by file, per chunk,
# against what the workload implies and what the kernel saw.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/runs

setup() {
    runs_setup
}

teardown() {
    runs_teardown
}

# chunks DIR PY: PY (a Python expression of r, one chunks.csv row, and
# page, the page size) holds for every chunk of DIR.
chunks() {
    python3 - "$1" "$2" <<'PY'
import csv, sys
d, expr = sys.argv[1:]
rows = list(csv.DictReader(open(d + "/chunks.csv")))
assert rows
for r in rows:
    n = {k: float(v) for k, v in r.items() if v and k.startswith(("vfs_", "commits", "db_bytes", "io_", "page_size", "chunk"))}
    assert eval(expr, {}, {"r": n}), (expr, n)
PY
}

@test "DELETE journal, synchronous FULL: each COMMIT syncs the database once and the journal at least once; no WAL" {
    run "$S" run --rows 30k --chunk 10k --reads 100 --journal delete --sync full --commit-every 2500 \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    chunks "$OUT" 'r["commits"] == 4 and r["vfs_db_syncs"] == r["commits"] and r["vfs_journal_syncs"] >= r["commits"]'
    chunks "$OUT" 'r["vfs_journal_writes"] >= r["commits"] and r["vfs_wal_write_bytes"] == 0 and r["vfs_shm_locks"] == 0'
    # the database is written in whole pages, every page of the file the first chunk made
    chunks "$OUT" 'r["vfs_db_write_bytes"] % r["page_size"] == 0'
    python3 - "$OUT" <<'PY'
import csv, sys
r = next(csv.DictReader(open(sys.argv[1] + "/chunks.csv")))
assert float(r["vfs_db_write_bytes"]) + float(r["page_size"]) >= float(r["db_bytes"]), r
s = next(csv.DictReader(open(sys.argv[1] + "/summary.csv")))
assert float(s["vfs_syncs_per_commit"]) >= 2 and float(s["vfs_wal_bytes_per_row"]) == 0, s
assert float(s["vfs_db_bytes_per_row"]) > 0 and float(s["vfs_journal_bytes_per_row"]) > 0, s
PY
}

@test "WAL, synchronous FULL: each COMMIT syncs the WAL once, the database is not written before a checkpoint, the -shm is locked" {
    run "$S" run --rows 20k --chunk 10k --reads 100 --journal wal --sync full --commit-every 5000 \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    chunks "$OUT" 'r["vfs_wal_syncs"] == r["commits"] == 2 and r["vfs_journal_write_bytes"] == 0'
    chunks "$OUT" 'r["vfs_db_write_bytes"] == 0 and r["vfs_shm_locks"] > 0'
}

@test "synchronous OFF: no file is synced; one COMMIT a chunk writes each page of the new file once" {
    run "$S" run --rows 20k --chunk 10k --reads 100 --journal delete,wal --sync off \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    chunks "$OUT" 'r["vfs_db_syncs"] == r["vfs_journal_syncs"] == r["vfs_wal_syncs"] == r["vfs_other_syncs"] == 0'
    # the DELETE cell's first chunk: its database writes are the file, within a page
    python3 - "$OUT" <<'PY'
import csv, sys
r = next(csv.DictReader(open(sys.argv[1] + "/chunks.csv")))
assert r["journal_mode"] == "delete" and r["commits"] == "1", r
assert abs(float(r["vfs_db_write_bytes"]) - float(r["db_bytes"])) <= float(r["page_size"]), r
PY
}

@test "the kernel's view: where /proc/self/io counts the writes, it agrees with the VFS's bytes within 25%" {
    run "$S" run --rows 40k --chunk 20k --reads 100 --journal delete,wal --sync full \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 - "$OUT" <<'PY' || skip "/proc/self/io counts no writes on this storage"
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1] + "/chunks.csv")) if r["io_write_bytes"] not in ("", "-1", "0")]
sys.exit(0 if rows else 1)
PY
    python3 - "$OUT" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1] + "/chunks.csv")):
    vfs = sum(float(r[f"vfs_{k}_write_bytes"]) for k in ("db", "journal", "wal", "other"))
    kernel = float(r["io_write_bytes"])
    assert 0.8 <= kernel / vfs <= 1.25, (kernel, vfs, r["journal_mode"])
PY
}

@test "report.html: bytes per row by file, syncs per COMMIT, and the matrix's writes in a night" {
    run "$S" run --rows 20k --chunk 10k --reads 100 --journal delete,wal --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    "$S" plot "$OUT" >/dev/null
    grep -q '<h2>Writes by file</h2>' "$OUT/report.html"
    grep -Eq '<li>cell 1: SQLite wrote [0-9.]+ bytes a row into its files \(database [0-9.]+, journal [0-9.]+\)(; the process wrote [0-9.]+ to the storage[^;]*)?(; [0-9.]+ reached the device)?; [0-9.]+ syncs per COMMIT</li>' "$OUT/report.html"
    grep -Eq '<li>cell 2: SQLite wrote [0-9.]+ bytes a row into its files \(WAL [0-9.]+\)(; the process wrote [0-9.]+ to the storage[^;]*)?(; [0-9.]+ reached the device)?; 1.00 syncs per COMMIT</li>' "$OUT/report.html"
    check_wear "$OUT"
}

# check_wear DIR: each cell's three figures on the page are summary.csv's
# (SQLite's writes, the VFS's; what the process wrote to the storage, the
# kernel's; what reached the device, its own count), the merge named
# exactly where the kernel's is under SQLite's by more than a quarter, the
# night's GB from what the process wrote, and the device's beside it, with
# its other writers named and its idle rate's share of its rate during the
# cells, run.json's.
check_wear() {
    PYTHONPATH="$BATS_TEST_DIRNAME/helpers" python3 - "$1" <<'PY'
import csv, json, re, sys
from units import num, secs, nbytes, pct
d = sys.argv[1]
page = open(d + "/report.html", encoding="utf-8").read()
rows = [r for r in csv.DictReader(open(d + "/summary.csv")) if r["status"] == "ok"]
repeats = max(int(r["repeat"]) for r in rows)
written = device = wall = 0
kernel_all = all(r["io_write_bytes_per_row"] for r in rows)
for r in rows:
    vfs = sum(float(r[f"vfs_{k}_bytes_per_row"] or 0) for k in ("db", "journal", "wal", "other"))
    # named as every place names a cell's run: its repeat only in a run of several
    name = "cell %s" % r["cell"] + (" · repeat %s" % r["repeat"] if repeats > 1 else "")
    li = re.search(r"<li>%s: ([^<]*)</li>" % re.escape(name), page).group(1)
    assert li.startswith("SQLite wrote %s bytes a row into its files" % num(vfs)), (li, vfs)
    kb = r["io_write_bytes_per_row"]
    if kb:
        assert "; the process wrote %s to the storage" % num(float(kb)) in li, (li, kb)
        assert ("page cache merged rewrites" in li) == (float(kb) * 1.25 < vfs), (li, kb, vfs)
    db = r["dev_write_bytes_per_row"]
    assert ("; %s reached the device" % num(float(db)) in li) if db else "reached the device" not in li, (li, db)
    written += (float(kb) if kb else vfs) * float(r["rows"])
    device += float(db or 0) * float(r["rows"])
    wall += float(r["wall_s"])
m = re.search(r"These cells wrote [^<]* to the storage over ([^(<]+) \(", page)
assert m and m.group(1) == secs(wall), (m and m.group(1), wall)
assert ("the kernel's count" in page) == kernel_all
# a night is grown only from cells that ran an hour, and says from how long
m = re.search(r"; grown from their ([^<]+?) to an 8-hour night at that rate, this "
              r"matrix writes about ([^<]+?) to it", page)
if wall < 3600:
    assert not m and "this matrix writes about" not in page
    assert "too short to grow to an 8-hour night" in page
else:
    assert m and m.group(1) == secs(wall), (m.groups(), wall)
    assert m.group(2) == nbytes(written / wall * 8 * 3600), m.groups()
if all(r["dev_write_bytes_per_row"] for r in rows):
    m = re.search(r"; by the device's count, its other writers' included, about ([0-9.]+ (?:bytes|[kMGTP]B))\.", page)
    assert (m and m.group(1) == nbytes(device / wall * 8 * 3600)) if wall >= 3600 else not m, (m and m.group(1))
    assert "The device's count holds every writer of the device" in page
    idle = json.load(open(d + "/run.json")).get("device_idle")
    if idle:
        m = re.search(r"While sqlsoak idled \(([^(<]+) before the first cell, after a sync of "
                      r"the filesystem\), the device wrote ([^<]*) a second: ([0-9.]+%) of its", page)
        assert m and m.group(1) == secs(idle["seconds"]), (m and m.groups(), idle)
        share = 100 * idle["write_bytes_per_s"] / (device / wall)
        assert m.group(3) == pct(share), (m.groups(), share)
else:
    assert "by the device's count" not in page
PY
}

@test "report.html: a night is grown only from cells that ran an hour, labelled with the hours; a run of seconds states its rate alone" {
    run "$S" run --rows 20k --chunk 10k --reads 100 --journal delete,wal --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    "$S" plot "$OUT" >/dev/null
    check_wear "$OUT"
    grep -q 'too short to grow to an 8-hour night (cells of 3600 s or more state one)' "$OUT/report.html"
    # the same cells as if they had run 40 minutes each: 1.33 hours in all
    python3 - "$OUT/summary.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
for r in rows:
    r["wall_s"] = "2400"
w = csv.DictWriter(open(sys.argv[1], "w", newline=""), fieldnames=rows[0].keys())
w.writeheader()
w.writerows(rows)
PY
    "$S" plot "$OUT" >/dev/null
    grep -q 'grown from their 1.33 h to an 8-hour night at that rate' "$OUT/report.html"
    check_wear "$OUT"
}

@test "report.html: random keys, whose pages SQLite rewrites, give both wear figures by name, the night's from what reached the storage" {
    run "$S" run --rows 60k --chunk 30k --reads 100 --key-order random --cache-size 10 \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    "$S" plot "$OUT" >/dev/null
    check_wear "$OUT"
}

# phase_sums DIR FILE: for every chunk of DIR, its timeline rows' FILE
# bytes and every file's syncs, in its write and its commit rows, against
# chunks.csv's; each chunk's one COMMIT has its own row (a sync of 10 ms
# more, intervals of 10 ms).
phase_sums() {
    python3 - "$1" "$2" <<'PY'
import csv, sys
d, file = sys.argv[1:]
kinds = ("db", "journal", "wal", "other")
tl = list(csv.DictReader(open(d + "/timeline.csv")))
chunks = list(csv.DictReader(open(d + "/chunks.csv")))
assert chunks
for c in chunks:
    rows = [r for r in tl if (r["cell"], r["chunk"]) == (c["cell"], c["chunk"])]
    def s(phase, col):
        return sum(float(r[col]) for r in rows if r["phase"] == phase)
    syncs = sum(float(c[f"vfs_{k}_syncs"]) for k in kinds)
    commit_syncs = sum(s("commit", f"vfs_{k}_syncs") for k in kinds)
    col = f"vfs_{file}_write_bytes"
    assert c["commits"] == "1" and s("commit", "ops") == 1, c
    assert syncs > 0 and commit_syncs == syncs, (c["cell"], c["chunk"], commit_syncs, syncs)
    assert sum(s(p, f"vfs_{k}_syncs") for p in ("write", "read") for k in kinds) == 0, c
    assert float(c[col]) > 0 and s("write", col) + s("commit", col) == float(c[col]), \
        (c["cell"], c["chunk"], s("write", col), s("commit", col), c[col])
    assert s("read", col) == 0, c
PY
}

@test "timeline.csv: a chunk's COMMIT row holds all its syncs, and its write and commit rows its database (DELETE) or WAL bytes" {
    SQLSOAK_TEST_SLOW_SYNC_MS=10 run "$S" run --rows 20k --chunk 10k --reads 100 --journal delete \
        --sync full --timeline-interval 10 --db-dir "$DB" --out "$OUT/delete" "${Q[@]}"
    [ "$status" -eq 0 ]
    phase_sums "$OUT/delete" db
    SQLSOAK_TEST_SLOW_SYNC_MS=10 run "$S" run --rows 20k --chunk 10k --reads 100 --journal wal \
        --sync full --timeline-interval 10 --db-dir "$DB" --out "$OUT/wal" "${Q[@]}"
    [ "$status" -eq 0 ]
    phase_sums "$OUT/wal" wal
}

@test "--vfs-counts off: the database is opened without the counting VFS, its columns empty in every file, and run.json says so" {
    run "$S" run --rows 2000 --chunk 1000 --reads 10 --vfs-counts off --db-dir "$DB" --out "$OUT" \
        --progress never
    [ "$status" -eq 0 ]
    python3 - "$OUT" <<'PY'
import csv, json, sys
d = sys.argv[1]
for f in ("chunks", "summary", "timeline"):
    rows = list(csv.DictReader(open(f"{d}/{f}.csv")))
    cols = [k for k in rows[0] if k.startswith("vfs_") or k == "commits"]
    assert rows and len(cols) >= 5, (f, cols)
    assert all(r[k] == "" for r in rows for k in cols), f
assert json.load(open(d + "/run.json"))["options"]["vfs-counts"] == "off"
PY
    ! grep -q '<h2>Writes by file</h2>' "$OUT/report.html"
}
