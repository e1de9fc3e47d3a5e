#!/usr/bin/env bats
# One verdict per comparison: a run of three SQLite releases in lockstep
# ranks them by the rate each sustained, compares each with the next
# released, one ratio and one verdict each, and summary.json's typed
# verdicts say what the sentence says; all recomputed here from
# chunks.csv.  The three: 3.7.8 built from the amalgamation
# (SQLITE_AMALGAMATION; .ci/amalgamation fetches it), sqlcipher's core and
# the system's, when they are three releases.

bats_require_minimum_version 1.5.0

load helpers/common

load helpers/libs

setup_file() {
    [ -n "${SQLITE_AMALGAMATION:-}" ] || return 0
    OLDLIB=$(sqlite_lib -O0)
    export OLDLIB
}

setup() {
    T=$BATS_TEST_TMPDIR
    [ -n "${SQLITE_AMALGAMATION:-}" ] || skip "SQLITE_AMALGAMATION is not set"
    need_second_core
    [ "$(lib_version "$OLDLIB")" != "$CIPHER_V" ] || skip "sqlcipher's core is 3.7.8 too"
}

@test "verdict: three releases in lockstep, ranked, each against the next released, typed as said" {
    run "$S" run --sqlite-lib "$SYS,$OLDLIB,$CIPHER" --rows 30k --chunk 1k --reads 100 \
        --sync off --interleave chunk --db-dir "$T/db" --out "$T/v" --progress never --no-plot
    echo "$output"
    [ "$status" -eq 0 ]
    PYTHONPATH="$BATS_TEST_DIRNAME/helpers" python3 - "$T/v" "$output" <<'PY'
import csv, json, re, sys
from units import ratio, interval
d, out = sys.argv[1], sys.argv[2]
summ = list(csv.DictReader(open(d + "/summary.csv", newline="")))
chunks = list(csv.DictReader(open(d + "/chunks.csv", newline="")))
head = [h.strip() for h in out.split("\nheadline:\n", 1)[1].split("\n\n", 1)[0].splitlines()]
line = next(h for h in head if h.startswith("sqlite: "))
version = {r["cell"]: r["sqlite_version"] for r in summ}
def key(v):
    return tuple(int(x) for x in v.split("."))
releases = sorted(version.values(), key=key)
assert len(set(releases)) == 3, releases
# the rate each sustained: its full chunks' rows over their time
def sustained(cell, col):
    mine = [c for c in chunks if c["cell"] == cell and int(c["chunk_rows"]) == 1000]
    return len(mine) / sum(1 / float(c[col]) for c in mine)
write = {version[c]: sustained(c, "write_rows_per_s") for c in version}
for r in summ:
    assert abs(float(r["write_rows_per_s_sustained"]) / write[version[r["cell"]]] - 1) < 1e-3, r
# ranked by it, and the fastest writer named first heads the ranking
ranking = sorted(write, key=lambda v: -write[v])
assert line.startswith("sqlite: ranked by write rate: %s; " % ", ".join(ranking)), (line, ranking)
fastest = [h for h in head if ", the fastest writer," in h]
base = next(version[r["cell"]] for r in summ if r["cell"] == "1")
named = re.search(r"SQLite ([0-9.]+), the fastest writer,", fastest[0]).group(1) if fastest else base
assert named == ranking[0], (named, ranking)
# the chunk pairs of two cells, as chunkpair.c takes them: ABBA units ending on the
# last pair, up to 8 blocks of 2 units or more, each block's ratio the other's time
# over the cell's (a chunk's time the inverse of its rate), the figure that over
# every blocked pair, the interval the blocks' range
def pairs(a, b, col):
    ca = sorted((c for c in chunks if c["cell"] == a), key=lambda c: int(c["chunk"]))
    cb = sorted((c for c in chunks if c["cell"] == b), key=lambda c: int(c["chunk"]))
    x = [float(p[col]) for p in ca]
    y = [float(q[col]) for q in cb]
    n = len(x)
    units = [(i, i + 1) for i in range(n % 2, n - 1, 2)]
    k = min(8, len(units) // 2)
    ln = len(units) // k
    units = units[len(units) - k * ln:]
    blocks = []
    for j in range(k):
        mine = [i for u in units[j * ln:(j + 1) * ln] for i in u]
        blocks.append(sum(1 / y[i] for i in mine) / sum(1 / x[i] for i in mine))
    every = [i for u in units for i in u]
    figure = sum(1 / y[i] for i in every) / sum(1 / x[i] for i in every)
    blocks.sort()
    return figure, blocks[0], blocks[-1], 2 * len(units) + 0, n
cell_of = {v: c for c, v in version.items()}
js = json.load(open(d + "/summary.json"))
finding = next(f for f in js["findings"] if f["kind"] == "dimension" and f["text"] == line)
typed = [v for v in finding["verdicts"] if v["phase"] == "write"]
assert len(typed) == 2, typed
assert finding["figures"], finding
# each release against the next released: one ratio, one verdict, in the sentence and typed
for older, newer in zip(releases, releases[1:]):
    fast, slow = (newer, older) if write[newer] > write[older] else (older, newer)
    said = [t for t in typed if {t["of"], t["against"]} == {older, newer}]
    assert len(said) == 1, (older, newer, typed)
    t = said[0]
    q, lo, hi, used, n = pairs(cell_of[t["of"]], cell_of[t["against"]], "write_rows_per_s")
    assert abs(t["ratio"] / q - 1) < 1e-6 and abs(t["lo"] / lo - 1) < 1e-6, (t, q, lo, hi)
    assert abs(t["hi"] / hi - 1) < 1e-6, (t, hi)
    assert t["method"] == "lockstep" and t["evidence"] == n - n % 2, t
    word = ("a difference" if round(lo * 100) > 100 or round(hi * 100) < 100 else
            "no difference beyond 5%" if lo >= 1 / 1.05 and hi <= 1.05 else "not decided")
    assert t["verdict"] == word, (t, word)
    text = "%s%s writes %s as fast as %s (%s): %s, from %d chunk pairs in lockstep" % (
        t["of"], " (the baseline)" if t["of"] == base else "", ratio(t["ratio"]), t["against"],
        interval(t["lo"], t["hi"]), word, t["evidence"])
    assert line.count(text) == 1, (text, line)
    assert line.count("writes") == 2, line
# summary.csv types the same one verdict, each cell against the baseline: its chunk pairs'
for r in summ:
    if r["cell"] == "1":
        assert r["write_verdict"] == "baseline", r
        continue
    q, lo, hi, used, n = pairs(r["cell"], "1", "write_rows_per_s")
    assert r["write_vs_baseline_method"] == "lockstep", r
    for col, want in (("write_vs_baseline", q), ("write_vs_baseline_lo", lo),
                      ("write_vs_baseline_hi", hi)):
        assert abs(float(r[col]) / want - 1) < 1e-3, (col, r[col], want)
    word = ("a difference" if round(lo * 100) > 100 or round(hi * 100) < 100 else
            "no difference beyond 5%" if lo >= 1 / 1.05 and hi <= 1.05 else "not decided")
    assert r["write_verdict"] == word, (r["write_verdict"], word)
# one verdict each, never two, never "within noise"
assert "disagree" not in line and "within noise" not in out and "not established" not in out
PY
}
