#!/usr/bin/env bats
# contradict.bats: the findings of one run read against each other and
# against the files they come from.  One residency story (where the reads
# came from agrees with the bytes they read from storage); what the device
# wrote while sqlsoak idled named the device's; a cost that falls in some
# chunks only (a COMMIT every few chunks, the WAL inside one transaction)
# never grown to a million rows or an hour from one chunk; wear stated per
# cell only beyond what other writers could have moved; a size with
# deletes the table's; no night grown from seconds.

bats_require_minimum_version 1.5.0

load helpers/common

setup_file() {
    export S
    export RUN="$BATS_FILE_TMPDIR/run"
    # delete and wal, a COMMIT each chunk and one transaction of the whole run
    "$S" run --rows 40k --chunk 5k --reads 500 --journal delete,wal --commit-every chunk,40k \
        --progress never --db-dir "$BATS_FILE_TMPDIR/db" --out "$RUN" >"$BATS_FILE_TMPDIR/out" 2>&1
}

# findings PY: PY holds of summary.json's findings (found), summary.csv's
# rows (summ) and chunks.csv's (chunks).
findings() {
    python3 - "$RUN" "$1" <<'PY'
import csv, json, re, sys
d, expr = sys.argv[1:]
found = json.load(open(d + "/summary.json"))["findings"]
summ = list(csv.DictReader(open(d + "/summary.csv", newline="")))
chunks = list(csv.DictReader(open(d + "/chunks.csv", newline="")))
exec(expr)
PY
}

@test "contradict: the WAL inside one transaction longer than a chunk is not grown to an hour; each WAL cell named by its settings" {
    findings '
wal = [f for f in found if f["kind"] == "wal_size"]
print(*[f["text"] for f in wal], sep="\n")
assert wal, found
for f in wal:
    # named by number and the settings that vary: "cell 4: wal · 40000"
    assert re.match(r"WAL \(cell [0-9]+: wal · ", f["text"]), f["text"]
cell = next(int(r["cell"]) for r in summ
            if r["journal_mode"] == "wal" and r["commit_every"] == "40000")
one = [f for f in wal if f["cell"] == cell]
assert one and "inside its transactions of 40000 rows, longer than a chunk" in one[0]["text"], wal
assert "an hour)" not in one[0]["text"] and "per million rows written" not in one[0]["text"], one
'
}

@test "contradict: each cell's wear is its bytes a row over all its chunks, and cells not told apart share one sentence" {
    findings '
wear = [f for f in found if f["kind"] == "wear"]
print(*[f["text"] for f in wear], sep="\n")
if not all(r["dev_write_bytes_per_row"] for r in summ):
    sys.exit(0)         # the machine counts no device writes here
per = {}
for f in wear:
    got = [g for g in f["figures"] if g["name"] == "dev_write_bytes_per_row"]
    assert got, f
    for g in got:
        cell = g["of"].split()[1]
        whole = float(next(r for r in summ if r["cell"] == cell)["dev_write_bytes_per_row"])
        # summary.csv figure: the chunks totals, not the largest chunk grown
        assert abs(g["value"] - whole) <= 1e-6 * max(whole, 1), (g, whole)
        per[cell] = (g["value"], f["text"])
    assert "the largest full chunk" not in f["text"], f["text"]
assert sorted(per) == sorted(r["cell"] for r in summ), per
# two separate sentences are told apart by more than 1% (and the margins)
single = [f for f in wear if len([g for g in f["figures"] if g["name"] == "dev_write_bytes_per_row"]) == 1]
for a in single:
    for b in single:
        if a is b:
            continue
        va = next(g["value"] for g in a["figures"] if g["name"] == "dev_write_bytes_per_row")
        vb = next(g["value"] for g in b["figures"] if g["name"] == "dev_write_bytes_per_row")
        ma = next((g["value"] for g in a["figures"] if g["name"] == "other_writers_bytes_per_row"), 0)
        mb = next((g["value"] for g in b["figures"] if g["name"] == "other_writers_bytes_per_row"), 0)
        assert abs(va - vb) > ma + mb + 0.01 * max(va, vb), (a["text"], b["text"])
'
}

@test "contradict: one residency story: where the reads came from agrees with the bytes they read from storage" {
    findings '
cache = [f for f in found if f["kind"] == "cache"]
assert len(cache) == 1, cache
t = cache[0]["text"]
print(t)
m = re.search(r"([0-9.]+) bytes read from storage per read", t)
assert m, t
b = float(m.group(1))
if t.startswith("Reads came from RAM"):
    assert b < 0.05 * 4096, t
if t.startswith("Reads came partly from RAM"):
    assert b >= 0.05 * 4096, t
'
}

@test "contradict: what the device wrote while sqlsoak idled is the device's; no 8-hour night from seconds" {
    run cat "$BATS_FILE_TMPDIR/out"
    if grep -q "idled it wrote" <<<"$output"; then return 1; fi
    if grep -q "reached the device" <<<"$output"; then
        grep -Eq "while sqlsoak idled (the device wrote|its writes were not measured|the device's)" <<<"$output" ||
            grep -q "its writes while sqlsoak idled were not measured here" <<<"$output"
    fi
    h=$RUN/report.html
    grep -q "too short to grow to an 8-hour night" "$h"
    if grep -q "this matrix writes about" "$h"; then return 1; fi
}

@test "contradict: with deletes, a size is the table's, not the rows inserted" {
    d=$BATS_TEST_TMPDIR/churn
    run "$S" run --rows 20k --chunk 5k --reads 200 --deletes 1k --progress never --no-plot \
        --db-dir "$BATS_TEST_TMPDIR/db" --out "$d"
    echo "$output"
    [ "$status" -eq 0 ]
    # 20k inserted, 4 chunks of 1k deleted: 16k in the table
    [[ "$output" == *"At 20k rows inserted, 16k in the table (the largest full chunk)"* ]]
    [[ "$output" == *"after its last chunk's deletes, with 16k rows in the table,"* ]]
    [[ "$output" != *"at 20k rows,"* ]]
}
