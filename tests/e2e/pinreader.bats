#!/usr/bin/env bats
# --pin-reader: a reader beside the writer that holds snapshots open, as a
# report or a backup job does, and the WAL's verdict it leads to: bounded
# without it, growing with it (no checkpoint can reset the WAL past its
# snapshot).  The writer starts its first chunk once the snapshot is held,
# so that every chunk is measured beside it.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    scratch
}

@test "pin reader: in WAL with a checkpoint after each chunk, a pinned snapshot keeps the WAL growing and the headline says so; without one it is bounded" {
    run "$S" run --rows 40k --chunk 5k --reads 100 --journal wal --checkpoint passive \
        --pin-reader 0,1h --db-dir "$T/db" --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    grep -Eq "^  WAL \(cell 1: snapshots of 0 s\): bounded: after each chunk the -wal file stayed (at|between) .* over 7 chunks, as the table grew from 10000 to 40000 rows\.$" <<<"$output"
    grep -Eq "^  WAL \(cell 2: snapshots of 3600 s\): growing: after each chunk the -wal file was larger in 6 of 6 chunks, from .* at 10000 rows to .* at 40000, .* per million rows written \(.* an hour\); a reader held its checkpoint back in 8 of 8 chunks\.$" <<<"$output"
    python3 - "$T/out" <<'PY'
import csv, json, sys
out = sys.argv[1]
chunks = list(csv.DictReader(open(out + "/chunks.csv")))
by = {}
for c in chunks:
    by.setdefault(c["pin_reader_s"], []).append(c)
assert set(by) == {"0", "3600"}, set(by)
free, pinned = by["0"], by["3600"]
# unpinned: every checkpoint reset the WAL, the file as large as a chunk's;
# pinned: each checkpoint held back, the file larger after every chunk
assert len({c["wal_bytes"] for c in free}) == 1, [c["wal_bytes"] for c in free]
assert all(c["checkpoint_busy"] == "0" for c in free), free
w = [int(c["wal_bytes"]) for c in pinned]
assert all(b > a for a, b in zip(w, w[1:])), w
assert all(c["checkpoint_busy"] == "1" for c in pinned), pinned
# the pinning reader reads nothing of its own: no readers' figures
assert all(c["reader_ops"] == "" for c in chunks), chunks
summary = json.load(open(out + "/summary.json"))
found = [f for f in summary["findings"] if f["kind"] == "wal_size"]
assert len(found) == 2, found
grow = [f for f in found if "growing" in f["text"]][0]
figs = {f["name"]: f["value"] for f in grow["figures"]}
assert figs["wal_bytes_first"] == w[1] and figs["wal_bytes_last"] == w[-1], (figs, w)
assert abs(figs["wal_growth_bytes_per_million_rows"] - (w[-1] - w[1]) / 30000 * 1e6) < 1, figs
PY
}

@test "--need wal=SIZE: a bounded WAL meets it with its headroom, a growing one falls short where its growth crosses it, recomputed from chunks.csv; a cell without a WAL is not held to it" {
    run "$S" run --rows 40k --chunk 5k --reads 100 --journal wal --checkpoint passive \
        --pin-reader 0,1h --need wal=10M --target-rows 1M --db-dir "$T/db" --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$T/out" "$output" <<'PY'
import csv, json, re, sys
out, text = sys.argv[1:]
chunks = list(csv.DictReader(open(out + "/chunks.csv")))
# the largest -wal file a cell's chunks saw
largest = {c: max(max(int(r["write_wal_bytes"]), int(r["wal_bytes"]), int(r["wal_bytes_peak"]))
                  for r in chunks if r["cell"] == c) for c in ("1", "2")}
need = {l.strip().split(": ", 1)[1].split(" ", 3)[2]: l.strip() for l in text.splitlines()
        if l.strip().startswith("Need (wal 10 MiB): ")}
m = re.fullmatch(r"Need \(wal 10 MiB\): snapshots of 0 s meets it at 1M rows \(projected\) with "
                 r"([0-9.]+)x headroom, its tightest wal \(([0-9.]+) KiB against 10 MiB\)\.",
                 need["0"])
assert m, need
# the headroom to three significant figures
assert abs(float(m.group(1)) - 10 * 2**20 / largest["1"]) <= 0.005 * 10 * 2**20 / largest["1"], m.group(1)
assert abs(float(m.group(2)) - largest["1"] / 1024) < 0.5, (m.group(2), largest)
m = re.fullmatch(r"Need \(wal 10 MiB\): snapshots of 3600 s falls short from about ([0-9.]+)k rows "
                 r"\(projected from its WAL's growth\), its wal reaching 10 MiB there\.", need["3600"])
assert m, need
grow = [f for f in json.load(open(out + "/summary.json"))["findings"]
        if f["kind"] == "wal_size" and "growing" in f["text"]][0]
slope = {f["name"]: f["value"] for f in grow["figures"]}["wal_growth_bytes_per_million_rows"]
cross = 40000 + (10 * 2**20 - largest["2"]) / slope * 1e6
assert abs(float(m.group(1)) * 1e3 - cross) <= 0.05 * cross, (m.group(1), cross)
PY
    # a need under what every chunk left: short already at the largest chunk
    sed -i 's/"wal=10M"/"wal=100k"/' "$T/out/run.json"
    run "$S" plot "$T/out"
    grep -Fq "Need (wal 100 KiB): snapshots of 0 s falls short already at 40k rows: wal 137 KiB against 100 KiB." <<<"$output"
    # a rollback journal keeps no WAL: the item does not apply, the others do
    run "$S" run --rows 8k --chunk 2k --journal delete --need wal=1M --db-dir "$T/db" \
        --out "$T/del" "${Q[@]}"
    [ "$status" -eq 0 ]
    grep -Fq "Need (wal 1 MiB): cell 1 measured none of the need's figures (it keeps no WAL)." <<<"$output"
    sed -i 's/"wal=1M"/"writes=1\/s,wal=1M"/' "$T/del/run.json"
    run "$S" plot "$T/del"
    grep -Eq "Need \(writes 1/s, wal 1 MiB\): cell 1 meets it at 8k rows with [0-9.]+x headroom, its tightest writes" <<<"$output"
    # bad sizes: one line naming the item, exit 2, nothing created
    for bad in 0 lots 256MB; do
        run "$S" run --rows 8k --chunk 2k --need "wal=$bad" --db-dir "$T/db2" --out "$T/bad"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [[ "$output" == *"--need wal: '$bad' is not a size above 0 (256M, 1GiB, 900k)"* ]]
        [ ! -e "$T/bad" ] && [ ! -e "$T/db2" ]
    done
}

@test "the WAL's course: timeline.csv gives the -wal file's size each interval, chunks.csv each chunk's peak, wal.png draws it; outside WAL all empty and the graph not drawn, with why" {
    run "$S" run --rows 20k --chunk 5k --reads 100 --journal wal --checkpoint passive \
        --pin-reader 0,1h --timeline-interval 10 --db-dir "$T/db" --out "$T/out" --progress never
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$T/out" <<'PY'
import csv, sys
out = sys.argv[1]
chunks = list(csv.DictReader(open(out + "/chunks.csv")))
tl = list(csv.DictReader(open(out + "/timeline.csv")))
assert tl and all(r["wal_bytes"] != "" for r in tl), tl
for c in chunks:
    rows = [float(r["wal_bytes"]) for r in tl
            if (r["cell"], r["repeat"], r["chunk"]) == (c["cell"], c["repeat"], c["chunk"])]
    assert rows, c
    # the peak: the largest at any row's end, or at the write phase's or the chunk's end
    want = max(rows + [float(c["write_wal_bytes"]), float(c["wal_bytes"])])
    assert float(c["wal_bytes_peak"]) == want, (c["cell"], c["chunk"], c["wal_bytes_peak"], want)
# a pinned snapshot: no checkpoint brings the file back, it only grows
pinned = [float(r["wal_bytes"]) for r in tl if r["pin_reader_s"] == "3600"]
assert all(b >= a for a, b in zip(pinned, pinned[1:])), pinned
assert pinned[-1] > 2 * pinned[0], pinned
PY
    [ -s "$T/out/plots/wal.png" ] && [ -s "$T/out/plots/wal.svg" ]
    grep -q "a checkpoint in the interval" "$T/out/plots/wal.svg"
    # a rollback journal: no WAL to follow
    run "$S" run --rows 4k --chunk 2k --journal delete --db-dir "$T/db" --out "$T/del" \
        --progress never
    [ "$status" -eq 0 ]
    python3 - "$T/del" <<'PY'
import csv, sys
out = sys.argv[1]
assert all(r["wal_bytes_peak"] == "" for r in csv.DictReader(open(out + "/chunks.csv")))
assert all(r["wal_bytes"] == "" for r in csv.DictReader(open(out + "/timeline.csv")))
PY
    [ ! -e "$T/del/plots/wal.png" ]
    grep -q "<li>wal: no -wal file&#39;s size was recorded (no cell in WAL" "$T/del/report.html"
}

@test "pin reader: a WAL still filling up to its first automatic checkpoint gets no verdict" {
    # 6 chunks of some 34 frames each, far under wal_autocheckpoint's 1000
    run "$S" run --rows 30k --chunk 5k --reads 100 --journal wal --pin-reader 0,1h \
        --db-dir "$T/db" --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" != *"WAL (cell"* ]]
    python3 -c 'import json,sys; assert not [f for f in json.load(open(sys.argv[1]))["findings"] if f["kind"] == "wal_size"]' \
        "$T/out/summary.json"
}

@test "pin reader: under a rollback journal the writer's every COMMIT waits for the snapshot, counted in its busy waits" {
    run "$S" run --rows 10k --chunk 5k --reads 100 --journal delete --pin-reader 2 \
        --db-dir "$T/db" --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$T/out/chunks.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 2 and all(r["pin_reader_s"] == "2" for r in rows), rows
assert all(int(r["writer_busy"]) > 0 and float(r["writer_wait_s"]) > 0 for r in rows), rows
PY
    # the verdict is a WAL's: none here
    [[ "$output" != *"WAL (cell"* ]]
}

@test "pin reader: under a rollback journal, a snapshot held past the busy timeout ends the cell locked" {
    run "$S" run --rows 10k --chunk 5k --reads 100 --journal delete --pin-reader 1h \
        --busy-timeout 200 --db-dir "$T/db" --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 1 ]
    python3 - "$T/out/summary.csv" <<'PY'
import csv, sys
r = list(csv.DictReader(open(sys.argv[1])))[0]
assert r["status"] == "locked", r
assert r["reason"] == "COMMIT: database is locked (busy timeout 200 ms)", r
assert float(r["writer_wait_s"]) >= 0.19, r
PY
}

@test "pin reader: a bad value is one line naming it, exit 2, nothing created" {
    run "$S" run --pin-reader soon --db-dir "$T/db" --out "$T/out"
    [ "$status" -eq 2 ]
    [[ "$output" == "sqlsoak run: --pin-reader: 'soon' is not a duration"* ]]
    [ ! -e "$T/out" ] && [ ! -e "$T/db" ]
}
