#!/bin/bash
# readers.sh: run.sh's reader pair -- one sqlsoak reader (--readers 1)
# against the bare reader loop (bench/refreader.c) beside the reference
# writer (bench/ref), each reading the table its writer fills, and the
# ratio of their reads per second.  Run by run.sh once sqlsoak has
# --readers; alone:
#
#   RESULTS=bench/results/readers ROWS=2M CHUNK=200k bench/readers.sh
#
# Environment: ROWS, CHUNK, ROUNDS, DB_DIR, RESULTS as run.sh's;
# READER_TARGET [1.05].  Rounds alternate: ref pair, sqlsoak, ref pair,
# ..., ref pair (bracketed as run.sh's), each from a fresh database; the
# figure of each is its reads per second over the whole run (reads /
# seconds), and the ratio is the reference's median over sqlsoak's median.
set -eu
cd "$(dirname "$0")/.."
B=${BENCH_BIN:-build/bench}   # where bench/build.sh puts the programs

ROWS=${ROWS:-5M}
CHUNK=${CHUNK:-1M}
ROUNDS=${ROUNDS:-3}
DB_DIR=${DB_DIR:-data/db/bench}
RESULTS=${RESULTS:?RESULTS: the folder run.sh writes to}
READER_TARGET=${READER_TARGET:-1.05}
BIN=$RESULTS/bin
if [ ! -x "$BIN/refreader" ]; then
    bench/build.sh
    mkdir -p "$BIN"
    cp "$B/ref" "$B/refreader" "$B/sqlsoak" "$BIN/"
fi
if ! "$BIN/sqlsoak" run --readers 0 --help >/dev/null 2>&1; then
    echo "readers.sh: this sqlsoak has no --readers: no reader pair" >&2
    exit 2
fi
mkdir -p "$DB_DIR"
SAMPLES=$RESULTS/reader_samples.csv
echo "round,tool,reads,seconds,reads_per_s" > "$SAMPLES"

ref_pair() {
    local r=$1 db=$DB_DIR/bench-refreader-r$1.db
    local gate=$RESULTS/refpair-r$r.gate i
    rm -f "$db" "$db-journal" "$db-wal" "$db-shm" "$gate"
    # the writer starts once its reader waits for the database: started
    # together, a small table could be written (and removed) before the
    # reader first looked
    mkfifo "$gate"
    (read -r _ < "$gate" && exec "$BIN/ref" --db "$db" --rows "$ROWS" --chunk "$CHUNK" \
        --reads 0 > "$RESULTS/refpair-r$r.csv" 2> "$RESULTS/refpair-r$r.log") &
    local writer=$!
    "$BIN/refreader" --db "$db" --while-pid "$writer" \
        > "$RESULTS/refreader-r$r.csv" 2> "$RESULTS/refreader-r$r.log" &
    local reader=$!
    for ((i = 0; i < 6000; i++)); do
        grep -q '^refreader: waiting for' "$RESULTS/refreader-r$r.log" && break
        kill -0 "$reader" 2>/dev/null || break
        sleep 0.01
    done
    echo go > "$gate"
    wait "$writer"
    wait "$reader"
    rm -f "$gate"
    awk -F, -v r="$r" 'NR == 2 { print r ",ref," $1 "," $2 "," $3 }' \
        "$RESULTS/refreader-r$r.csv" >> "$SAMPLES"
}

soak_reader() {
    local r=$1 out=$RESULTS/sqlsoak-readers-r$1
    "$BIN/sqlsoak" run --rows "$ROWS" --chunk "$CHUNK" --reads 0 --readers 1 \
        --db-dir "$DB_DIR" --out "$out" --no-plot --progress never \
        > "$RESULTS/sqlsoak-readers-r$r.log" 2>&1
    # the readers' reads over the cell's time, the columns by name
    awk -F, -v r="$r" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        { ops += $col["reader_ops"]; s = $col["elapsed_s"] }
        END { printf "%d,sqlsoak,%d,%.6f,%.1f\n", r, ops, s, (s > 0 ? ops / s : 0) }' \
        "$out/chunks.csv" >> "$SAMPLES"
}

for r in $(seq 1 $((ROUNDS + 1))); do
    printf 'reader pair round %d: ref ... ' "$r"; ref_pair "$r"; echo done
    [ "$r" -le "$ROUNDS" ] || break
    printf 'reader pair round %d: sqlsoak ... ' "$r"; soak_reader "$r"; echo done
done

awk -F, -v target="$READER_TARGET" '
    function median(a, n,    i, j, x) {
        for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j + 1] = a[j]; a[j + 1] = x }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    NR > 1 { if ($2 == "ref") ref[++nr] = $5; else soak[++ns] = $5 }
    END {
        mr = median(ref, nr); ms = median(soak, ns)
        ratio = (ms > 0 ? mr / ms : 0)
        printf "reader: ref %.1f reads/s (median of %d), sqlsoak %.1f reads/s (median of %d): " \
               "ratio %.3f   target <= %s: %s\n", mr, nr, ms, ns, ratio, target,
               (ratio > 0 && ratio <= target ? "MET" : "NOT MET")
    }' "$SAMPLES" | tee "$RESULTS/reader_ratio.txt"
