#!/usr/bin/env bats
# The rates sqlsoak ranks on a throttled, card-like device (the loop
# device and block I/O cgroup of tests/helpers/slowdev.sh), held to what
# each cell sustained over all its chunks: a WAL cell there pays its
# checkpoint in some chunks only, at the device's write rate, and every
# rate and ratio of the answer must count it.

bats_require_minimum_version 1.5.0

load helpers/common
. "$BATS_TEST_DIRNAME/../helpers/slowdev.sh"

# the test's folder (scratch) holds the device's state; no device, a skip
setup() {
    scratch
    if why=$(slowdev_why); then skip "$why"; fi
    slowdev_up "$T"
}

teardown() { slowdev_down "$T"; }

@test "cardrates: on a card-like device, a matrix with WAL cells: every ranked rate and ratio within 30% of what the cells sustained over all their chunks, no read stated past the limit that bound it" {
    # a card's limits (400 write and 800 read IOPS, 22 MiB/s of reads), its
    # writes held to 2 MiB/s; 400k rows in chunks of 50k: a 4k-page WAL
    # reaches the automatic checkpoint's 1000 pages (4 MiB) every few
    # chunks, and the chunk that crosses it copies some 5 MB into the
    # database and syncs it, over 2 s at that rate, where its other chunks
    # sync nothing (synchronous NORMAL): the throttle, not the machine,
    # sets the checkpoint's cost; the 16k-page WAL never reaches its 16 MiB
    slowdev_limit "$T" 400 800 $((2 << 20)) $((22 << 20))
    run --separate-stderr slowdev_run "$T" "$S" run --rows 400k --chunk 50k --reads 1k \
        --page-size 4k,16k --journal delete,wal --sync normal --os-cache drop --probe auto \
        --probe-time 3s --no-plot --progress never --min-free 16M --db-dir "$SLOWDEV_MNT" \
        --out "$T/o"
    echo "$output"
    echo "$stderr" >&2
    [ "$status" -eq 0 ]
    PYTHONPATH="$BATS_TEST_DIRNAME/helpers" python3 - "$T/o" "$output" <<'PY'
import csv, json, re, statistics, sys
from units import FIG, near as states, parse
d, out = sys.argv[1], sys.argv[2]
chunks = list(csv.DictReader(open(d + "/chunks.csv")))
timeline = list(csv.DictReader(open(d + "/timeline.csv")))
summ = {r["cell"]: r for r in csv.DictReader(open(d + "/summary.csv"))}
js = json.load(open(d + "/summary.json"))
lim = json.load(open(d + "/run.json"))["device_limits"]
assert len(summ) == 4 and all(r["status"] == "ok" for r in summ.values()), summ
mine = {c: sorted((r for r in chunks if r["cell"] == c), key=lambda r: int(r["chunk"])) for c in summ}
assert all(len(v) == 8 and all(r["chunk_rows"] == "50000" for r in v) for v in mine.values()), mine

def num(s):
    return float(s) if s else 0.0

# The WAL checkpoint: in WAL mode SQLite writes the database file only to
# copy the WAL into it, so a chunk that wrote the database (the counting
# VFS) carried a checkpoint, in its write phase (the automatic one, at a
# COMMIT), as the timeline's rows of that chunk's write phase show (a
# COMMIT that lasted an interval a row of its own, phase commit).  Some chunks of
# a WAL cell carry it and others not: what a median over chunks would skip.
paid = {}
for c, rs in mine.items():
    if rs[0]["journal_mode"] != "wal":
        continue
    paid[c] = [r["chunk"] for r in rs if num(r["vfs_db_write_bytes"]) > 0]
    for r in rs:
        tl = [t for t in timeline if t["cell"] == c and t["chunk"] == r["chunk"] and t["phase"] in ("write", "commit")]
        assert sum(num(t["vfs_db_write_bytes"]) for t in tl) == num(r["vfs_db_write_bytes"]), (c, r["chunk"])
print("chunks that paid a checkpoint, by WAL cell:", paid)
assert any(0 < len(v) < 8 for v in paid.values()), paid
# and each took at least the time the throttle gives its database writes
# (80% of it: the limit is a ceiling on the rate, a floor on the time)
for c, ids in paid.items():
    for r in (r for r in mine[c] if r["chunk"] in ids):
        assert float(r["write_s"]) >= 0.8 * num(r["vfs_db_write_bytes"]) / (2 << 20), r

# What each cell sustained over all its chunks: its rows over the sum of
# their write phases (each COMMIT and the checkpoint it ran in them, and
# an explicit checkpoint, were there one), its reads over their read phases.
def sustained(c, phase):
    rs = mine[c]
    if phase == "write":
        return sum(int(r["chunk_rows"]) for r in rs) / sum(num(r["write_s"]) + num(r["checkpoint_s"]) for r in rs)
    return sum(int(r["reads"]) for r in rs) / sum(num(r["read_s"]) for r in rs)
held = {(c, p): sustained(c, p) for c in summ for p in ("write", "read")}
for c, rs in mine.items():
    print("cell", c, rs[0]["page_size"], rs[0]["journal_mode"], "sustained %.0f rows/s, %.0f reads/s;"
          % (held[c, "write"], held[c, "read"]), "median chunk %.0f rows/s"
          % statistics.median(float(r["write_rows_per_s"]) for r in rs))

def near(what, got, want):
    assert abs(got / want - 1) <= 0.30, (what, got, "not within 30% of", want)

# summary.json: each cell's rate and its ratio against the baseline
base = "1"
for cell in js["cells"]:
    c, f = str(cell["cell"]), cell["figures"]
    for p, col in (("write", "write_rows_per_s"), ("read", "read_ops_per_s")):
        near((c, col), f[col + "_sustained"]["value"], held[c, p])
        if c != base:
            near((c, p, "vs baseline"), f[p + "_vs_baseline"]["value"], held[c, p] / held[base, p])

# the terminal's rankings: each rate, and its ratio beside it
scale = {"": 1, "k": 1e3, "M": 1e6}
for p, head in (("write", "by write rate"), ("read", "by read rate")):
    block = out.split("\n" + head, 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    ranked = []
    for line in block:
        m = re.match(r"\s+[0-9]+\.\s+([0-9.]+)([kM]?) (?:rows|reads)/s\s+(baseline|([0-9.]+)x).*\bcell ([0-9]+)\b", line)
        assert m, line
        c = m.group(5)
        near((c, p, "ranked"), float(m.group(1)) * scale[m.group(2)], held[c, p])
        if m.group(4):
            near((c, p, "ranked ratio"), float(m.group(4)), held[c, p] / held[base, p])
        ranked.append(c)
    assert len(ranked) == 4, block
    # ranked by what they sustained (a rate within 1% of its neighbour's may fall either way)
    for x, y in zip(ranked, ranked[1:]):
        assert held[x, p] >= 0.99 * held[y, p], (p, ranked, held)

# the headline's opening sentences: the baseline's rate and the fastest
# writer's, which heads the ranking
label = {}
for c, r in summ.items():
    label["%s pages · %s" % ({"4096": "4k", "16384": "16k"}[r["page_size"]], r["journal_mode"])] = c
head = out.split("\nheadline:\n", 1)[1].split("\n\n", 1)[0]
opening = re.findall(r"\), ([0-9a-z]+ pages · [a-z]+)( \(the baseline\)|, the fastest writer,) wrote "
                     r"[0-9.]+ s per million rows \(([0-9.]+)([kM]?) rows/s\) sustained", head)
assert len(opening) == 2, head
for name, role, rate, unit in opening:
    c = label[name]
    near((c, "opening"), float(rate) * scale[unit], held[c, "write"])
    if "fastest" in role:
        assert all(held[c, "write"] >= 0.99 * held[x, "write"] for x in summ), (c, held)

# each dimension's ratio lies where its cells' lie: between the least and
# the most of the ratios of cells that differ in it alone, 30% either side
dims = {"page_size": ("page_size", {"4k": "4096", "16k": "16384"}), "journal_mode": ("journal_mode", None)}
for f in (x for x in js["findings"] if x["kind"] == "dimension"):
    dim = f["text"].split(":", 1)[0]
    col, values = dims[dim]
    for g in f["figures"]:
        if not g["name"].endswith("_ratio"):
            continue
        p = g["name"].split("_")[0]
        hi_v, lo_v = (values or {}).get(g["of"].split(" against ")[0], g["of"].split(" against ")[0]), \
            (values or {}).get(g["of"].split(" against ")[1], g["of"].split(" against ")[1])
        ratios = []
        for a, ra in summ.items():
            for b, rb in summ.items():
                others = [k for k in ("page_size", "journal_mode") if k != col]
                if ra[col] == hi_v and rb[col] == lo_v and all(ra[k] == rb[k] for k in others):
                    ratios.append(held[a, p] / held[b, p])
        assert ratios, (g, dim)
        print(dim, g["of"], p, "%.2f" % g["value"], "cells' %.2f..%.2f" % (min(ratios), max(ratios)))
        assert 0.7 * min(ratios) <= g["value"] <= 1.3 * max(ratios), (g, ratios)

# the reads against the device: a read limit said to bind only where the
# figure stated reached it (80% of it or more) and never past it
dev = [x["text"] for x in js["findings"] if x["kind"] == "against_device"]
assert dev, js["findings"]
for t in dev:
    print(t)
    r = summ[re.match(r"Against the device \(cell ([0-9]+)", t).group(1)]
    m = re.search(r"reads sent " + FIG + r" reads a second to the device \(" + FIG + r" per read\), " + FIG
                  + r"% of its ([0-9]+) KiB random-read rate \(" + FIG + r"/s\)", t)
    assert m, t
    reads, unit, rate = parse(m.group(1)), int(m.group(4)) * 1024, parse(m.group(5))
    # the probe's figure for the cell's page size, with the precision said
    want = (lim["random_read_4k"] if unit == 4096 else lim["random_read_by_page_size"][str(unit)])["ops_per_s"]
    assert unit in (4096, int(r["page_size"])) and states(m.group(5), want), (t, want)
    if "bound by the device's random reads" in t:
        assert 0.8 * rate <= reads <= rate, (reads, rate)
    if reads > rate:
        assert "bound by the device's random reads" not in t, t
    m = re.search(r"reads moved " + FIG + r" MB/s from the storage, " + FIG + r"% of its sequential read rate "
                  r"\(" + FIG + r" MB/s\)", t)
    assert m, t
    mb, seq = parse(m.group(1)), parse(m.group(3))
    assert states(m.group(3), lim["seq_read_mb_per_s"]), (seq, lim["seq_read_mb_per_s"])
    if "bound by the device's read bandwidth" in t:
        assert 0.8 * seq <= mb <= seq, (mb, seq)
    if mb > seq:
        assert "bound by the device's read bandwidth" not in t, t
PY
}
