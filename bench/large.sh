#!/usr/bin/env bash
# bench/large.sh: a database past 4 GiB, for 32-bit builds above all (on
# armhf and i386 size_t and long are 32 bits: a byte count kept in one
# wraps at 4 GiB, a signed one at 2 GiB).  64 KiB values make it quick:
# 80k rows in 4k-row chunks, about 5.3 GB, every byte through SQLite.
#
#   make cross ARCH=i386 && bench/large.sh          (the default binary)
#   SQLSOAK=build/sqlsoak bench/large.sh            (any other build)
#
# Checks, on a filesystem of its own (a loop-mounted ext4 image, when run
# as root, so that nothing here can fill the host's disk):
#   1. the disk-space estimate and --min-free, before the run: refused
#      with exit 2 and the right figures when estimate + --min-free pass
#      the free space (all three past 4 GiB or summing past it);
#   2. a run stopped by SIGINT after its database passed 4 GiB, then
#      resumed with --verify: every size and byte column of chunks.csv and
#      summary.csv (db_bytes against the file itself, the per-chunk
#      /proc/self/io deltas whose counters pass 4 GiB, rows), run.json's
#      free and total bytes, the full-scan verification;
#   3. --min-free during a run: free space taken (fallocate) once the
#      database is past 4 GiB ends the cell disk_full "below --min-free".
# Needs about 9.5 GiB free under LARGE_DIR (default /var/tmp; 5.3 GB is
# really written); skips, saying so, when there is less.
set -euo pipefail
cd "$(dirname "$0")/.."
S=${SQLSOAK:-$PWD/build/i386/sqlsoak.sh}
ROWS=${ROWS:-80000}
CHUNK=${CHUNK:-4000}
GIB=$((1 << 30))
[ -x "$S" ] || { echo "large: no $S: make cross ARCH=i386 first, or set SQLSOAK" >&2; exit 2; }
base=${LARGE_DIR:-/var/tmp}
img_size=$((9 * GIB))
avail=$(df -B1 --output=avail "$base" | tail -n 1)
if [ "$avail" -lt $((img_size + GIB / 2)) ]; then
    echo "large: SKIP: needs $(((img_size + GIB / 2) >> 20)) MiB free in $base, has $((avail >> 20)) MiB"
    exit 0
fi
W=$(mktemp -d "$base/sqlsoak-large.XXXXXX")
MNT=$W/fs
mkdir -p "$MNT"
loop=""
cleanup() {
    [ -n "$loop" ] && umount "$MNT" 2>/dev/null
    rm -rf "$W"
}
trap cleanup EXIT
if [ "$(id -u)" -eq 0 ] && truncate -s "$img_size" "$W/fs.img" &&
    mkfs.ext4 -q -F -m 0 "$W/fs.img" && mount -o loop "$W/fs.img" "$MNT"; then
    loop=1
else
    rm -f "$W/fs.img"
    echo "large: no loop-mounted filesystem (root and mount -o loop are needed): step 3 is skipped"
fi
Q=(--progress never --no-plot)
SHAPE=(--rows "$ROWS" --chunk "$CHUNK" --value-size 64k --page-size 4k --journal delete
       --sync off --reads 1000)
echo "large: $S, $ROWS rows of 64 KiB in chunks of $CHUNK, on $MNT"
fail() { echo "large: FAIL: $*" >&2; exit 1; }
free_now() { df -B1 --output=avail "$MNT" | tail -n 1; }
# past_4g CSV: whether a chunk recorded in CSV left the database past 4 GiB.
past_4g() {
    [ -s "$1" ] && python3 -c '
import csv, sys
sys.exit(not any(int(r["db_bytes"]) > 4 << 30 for r in csv.DictReader(open(sys.argv[1], newline=""))))' "$1"
}

# plan_estimate_db_bytes (src/model/plan.c) for this shape: 4 KiB pages, 64 KiB
# values in 17 overflow pages a row, seq keys, one commit a chunk.
est=$(python3 -c '
import sys
rows, chunk = int(sys.argv[1]), int(sys.argv[2])
page, value = 4096, 65536
row = value + 14.0
if row > (page - 35) / 4:
    row = page * int((row + page - 5) / (page - 4))
db = rows * row / 0.95 * 1.02
journal = min(chunk, rows) * row / 0.95 * 1.1
print(int(db + journal) + 1024 * 1024)' "$ROWS" "$CHUNK")
[ "$est" -gt $((4 * GIB)) ] || fail "the estimate $est does not pass 4 GiB: raise ROWS"

# ---- 1. the estimate and --min-free before the run ----
t0=$(date +%s)
free0=$(free_now)
minfree=$((free0 - est + GIB))
rc=0
"$S" run "${SHAPE[@]}" --min-free "$minfree" --db-dir "$MNT/db" --out "$W/refused" "${Q[@]}" \
    >"$W/refused.out" 2>&1 || rc=$?
msg=$(cat "$W/refused.out")
[ "$rc" -eq 2 ] || fail "estimate $est + --min-free $minfree > free $free0: exit $rc, not 2: $msg"
[[ "$msg" == *"needs about $((est >> 20)) MiB plus --min-free $((minfree >> 20)) MiB, only "* ]] ||
    fail "the refusal does not give the estimate $((est >> 20)) MiB and --min-free $((minfree >> 20)) MiB: $msg"
said=$(sed -n 's/.*only \([0-9]*\) MiB free.*/\1/p' <<<"$msg")
if [ -z "$said" ] || [ $((said - (free0 >> 20))) -gt 2 ] || [ $(((free0 >> 20) - said)) -gt 2 ]; then
    fail "free space said $said MiB, df says $((free0 >> 20)) MiB"
fi
[ ! -e "$W/refused" ] || fail "a refused run created its --out"
echo "large: 1. refused as it must: $msg"

# ---- 2. past 4 GiB, interrupted, resumed, verified ----
minfree=$((free0 - est - GIB / 2))
[ "$minfree" -gt 0 ] || minfree=0
OUT=$W/out DB=$MNT/db
"$S" run "${SHAPE[@]}" --min-free "$minfree" --keep-db --verify --db-dir "$DB" --out "$OUT" \
    "${Q[@]}" >"$W/run.out" 2>&1 &
pid=$!
# stopped once a chunk has left the database past 4 GiB; the chunk in
# flight is finished, the rest is for resume
until past_4g "$OUT/chunks.csv"; do
    kill -0 "$pid" 2>/dev/null || fail "the run ended early: $(tail -n 3 "$W/run.out")"
    sleep 0.2
done
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" -eq 130 ] || fail "interrupted run: exit $rc, not 130: $(tail -n 3 "$W/run.out")"
t1=$(date +%s)
rc=0
"$S" resume "$OUT" "${Q[@]}" >"$W/resume.out" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || fail "resume: exit $rc: $(tail -n 3 "$W/resume.out")"
t2=$(date +%s)
db=$(ls "$DB"/*.db)
python3 - "$OUT" "$db" "$ROWS" "$CHUNK" <<'PY' || fail "the results of the run past 4 GiB"
import csv, json, os, sys
out, db, rows, chunk = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
G4 = 4 << 30
def rd(name):
    return list(csv.DictReader(open(os.path.join(out, name), newline='')))
def num(r, k):
    v = r[k]
    assert v.lstrip('-').isdigit(), (k, v)
    n = int(v)
    assert 0 <= n < 1 << 53, (k, v)    # never negative (a signed wrap), never absurd
    return n
ch = rd('chunks.csv')
assert len(ch) == rows // chunk, len(ch)
size = os.stat(db).st_size
assert size > G4, size
prev, io_sum = 0, 0
for i, r in enumerate(ch):
    assert num(r, 'chunk') == i and num(r, 'rows') == (i + 1) * chunk, r
    assert num(r, 'chunk_rows') == chunk, r
    b = num(r, 'db_bytes')
    assert b > prev, (i, b, prev)                  # grows every chunk, past 4 GiB too
    grow = b - prev
    assert 0.9 * chunk * 65536 < grow < 1.2 * chunk * 69632, (i, grow)
    prev = b
    for k in ('wal_bytes', 'journal_bytes', 'io_read_bytes', 'rss_kib', 'verify_failures'):
        num(r, k)
    w = num(r, 'io_write_bytes')      # a delta of /proc/self/io counters past 4 GiB
    assert w < 4 * grow, (i, w, grow)
    io_sum += w
    assert num(r, 'verify_failures') == 0, r
assert prev == size, (prev, size)                  # the last db_bytes is the file's size
assert io_sum >= 0.9 * size, (io_sum, size)        # no write lost to a 32-bit wrap
resumed = [r['resumed'] for r in ch]
assert resumed[0] == '0' and resumed[-1] == '1', resumed
over = [r for r in ch if int(r['db_bytes']) > G4]
assert any(r['resumed'] == '0' for r in over) and any(r['resumed'] == '1' for r in over), resumed
(s,) = rd('summary.csv')
assert s['status'] == 'ok', s
assert num(s, 'rows') == rows and num(s, 'chunks') == len(ch), s
assert num(s, 'db_bytes') == size, (s['db_bytes'], size)
assert num(s, 'verify_failures') == 0, s
assert s['verify_s'] not in ('', None) and float(s['verify_s']) > 0, s
per_row = float(s['io_write_bytes_per_row'])
assert 0.9 * 65536 < per_row < 4 * 69632, per_row
j = json.load(open(os.path.join(out, 'run.json')))
def find(o, key):
    if isinstance(o, dict):
        for k, v in o.items():
            if k == key:
                yield v
            yield from find(v, key)
    elif isinstance(o, list):
        for v in o:
            yield from find(v, key)
totals = [v for v in find(j, 'total_bytes') if isinstance(v, int)]
frees = [v for v in find(j, 'free_bytes') if isinstance(v, int)]
assert totals and all(t > G4 for t in totals), totals
assert frees and all(0 <= f <= t for f in frees for t in totals), (frees, totals)
print('large: 2. %d chunks, database %d bytes (%.2f GiB; the file: %d), %d of them '
      'before the interrupt past 4 GiB; io writes %d bytes in all, %.0f a row; verified in %s s'
      % (len(ch), prev, prev / 2**30, size, sum(r['resumed'] == '0' for r in over),
         io_sum, per_row, s['verify_s']))
PY
echo "large: 2. run to the interrupt and resume with --verify: $((t1 - t0)) s and $((t2 - t1)) s"
rm -rf "$DB"

# ---- 3. --min-free during the run, past 4 GiB ----
if [ -z "$loop" ]; then
    echo "large: 3. SKIP: --min-free during a run needs the filesystem of its own"
    exit 0
fi
OUT=$W/out3 DB=$MNT/db3
minfree=$GIB
"$S" run "${SHAPE[@]}" --min-free "$minfree" --db-dir "$DB" --out "$OUT" "${Q[@]}" \
    >"$W/run3.out" 2>&1 &
pid=$!
until past_4g "$OUT/chunks.csv"; do
    kill -0 "$pid" 2>/dev/null || fail "run 3 ended early: $(tail -n 3 "$W/run3.out")"
    sleep 0.2
done
# Leave --min-free + 200 MiB: less than a chunk (~265 MB) writes, and
# the chunk in flight finishes without ENOSPC.
ballast=$(($(free_now) - minfree - 200 * (1 << 20)))
fallocate -l "$ballast" "$MNT/ballast"
rc=0
wait "$pid" || rc=$?
[ "$rc" -eq 1 ] || fail "run 3: exit $rc, not 1: $(tail -n 3 "$W/run3.out")"
python3 - "$OUT" $((ROWS / CHUNK)) <<'PY' || fail "run 3 stopped by --min-free"
import csv, os, sys
out, nchunks = sys.argv[1], int(sys.argv[2])
(s,) = list(csv.DictReader(open(os.path.join(out, 'summary.csv'), newline='')))
assert s['status'] == 'disk_full', s
assert 'below --min-free' in s['reason'], s['reason']
ch = list(csv.DictReader(open(os.path.join(out, 'chunks.csv'), newline='')))
assert len(ch) < nchunks, len(ch)
assert int(ch[-1]['db_bytes']) > 4 << 30, ch[-1]['db_bytes']
print('large: 3. stopped by --min-free after %d chunks, the database at %s bytes: %s'
      % (len(ch), ch[-1]['db_bytes'], s['reason']))
PY
echo "large: all checks passed in $(($(date +%s) - t0)) s"
