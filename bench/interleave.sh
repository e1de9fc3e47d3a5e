#!/bin/bash
# interleave.sh: how far the figures of a matrix run in lockstep
# (--interleave chunk) move from the same matrix run one cell after
# another.  Rounds alternate the two ways (one after another, lockstep,
# one after another, ...), each from fresh databases; each cell's figure
# in a run is summary.csv's median write rows/s and read ops/s over its
# chunks, and the ratio printed is the cell's median over the lockstep
# runs over its median over the others.  1.00 means the way the cells
# were run did not move them.  Each run's wall time, from its start to
# its end, is printed too: what lockstep costs in time.
#
#   RESULTS=bench/results/interleave bench/interleave.sh
#
# Environment: ROWS [400k], CHUNK [20k], READS [5k], ROUNDS [3],
# MATRIX [--journal delete,wal --sync normal,full], DB_DIR
# [data/db/bench], RESULTS (required), SQLSOAK [build/sqlsoak].
set -eu
cd "$(dirname "$0")/.."

ROWS=${ROWS:-400k}
CHUNK=${CHUNK:-20k}
READS=${READS:-5k}
ROUNDS=${ROUNDS:-3}
MATRIX=${MATRIX:---journal delete,wal --sync normal,full}
DB_DIR=${DB_DIR:-data/db/bench}
RESULTS=${RESULTS:?RESULTS: the folder this writes to}
SQLSOAK=${SQLSOAK:-build/sqlsoak}
[ -x "$SQLSOAK" ] || make --no-print-directory all >&2
mkdir -p "$RESULTS" "$DB_DIR"

for ((r = 1; r <= ROUNDS; r++)); do
    for way in off chunk; do
        out=$RESULTS/$way-r$r
        rm -rf "$out"
        start=$EPOCHREALTIME
        # shellcheck disable=SC2086  # MATRIX is a list of options
        "$SQLSOAK" run --rows "$ROWS" --chunk "$CHUNK" --reads "$READS" $MATRIX \
            --interleave "$way" --db-dir "$DB_DIR" --out "$out" --no-plot --progress never \
            >"$out.log" 2>&1
        echo "$start $EPOCHREALTIME" >"$out.wall"
    done
done

python3 - "$RESULTS" "$ROUNDS" <<'PY'
import csv, statistics, sys
res, rounds = sys.argv[1], int(sys.argv[2])
cols = {"write": "write_rows_per_s_median", "read": "read_ops_per_s_median"}
fig = {}
for way in ("off", "chunk"):
    for r in range(1, rounds + 1):
        for row in csv.DictReader(open(f"{res}/{way}-r{r}/summary.csv", newline="")):
            if row["status"] != "ok":
                continue
            for m, c in cols.items():
                fig.setdefault((row["cell"], m, way), []).append(float(row[c]))
cells = sorted({k[0] for k in fig}, key=int)
print("cell  metric  one-after-another  lockstep  lockstep/one-after-another")
ratios = []
for c in cells:
    for m in cols:
        a, b = fig.get((c, m, "off")), fig.get((c, m, "chunk"))
        if not a or not b:
            continue
        ra, rb = statistics.median(a), statistics.median(b)
        ratios.append(rb / ra)
        print(f"{c:>4}  {m:<6}  {ra:17.0f}  {rb:8.0f}  {rb / ra:.3f}")
if ratios:
    print(f"ratios from {min(ratios):.3f} to {max(ratios):.3f}, median {statistics.median(ratios):.3f}")
def seconds(path):
    start, end = open(path).read().split()
    return float(end) - float(start)
wall = {way: [seconds(f"{res}/{way}-r{r}.wall") for r in range(1, rounds + 1)]
        for way in ("off", "chunk")}
for way, name in (("off", "one after another"), ("chunk", "lockstep")):
    print(f"wall time {name}: " + ", ".join(f"{w:.1f}" for w in wall[way]) +
          f" s, median {statistics.median(wall[way]):.1f} s")
print(f"wall time lockstep/one-after-another: "
      f"{statistics.median(wall['chunk']) / statistics.median(wall['off']):.3f}")
PY
