#!/bin/bash
# rss.sh: does sqlsoak's memory stay flat as the table grows?
#
#   bench/rss.sh                           # 20M rows, 1M chunks, 100k reads
#   ROWS=2M CHUNK=100k bench/rss.sh        # a quick try
#
# Runs sqlsoak once and prints the rss_kib column of chunks.csv (the cell
# process's resident set after each chunk, from /proc/self/statm), the
# first chunk against the last and the largest difference between any two
# chunks.  Flat means that difference is within LIMIT_KIB (default 4096 =
# 4 MiB: SQLite's default page cache is 2 MiB and fills in the first chunk).
#
# Environment: ROWS [20M] CHUNK [1M] READS [100k] DB_DIR [data/db/bench]
#              RESULTS [bench/results/<date-time>-rss] LIMIT_KIB [4096]
set -eu
cd "$(dirname "$0")/.."
B=${BENCH_BIN:-build/bench}   # where bench/build.sh puts the programs

ROWS=${ROWS:-20M}
CHUNK=${CHUNK:-1M}
READS=${READS:-100k}
DB_DIR=${DB_DIR:-data/db/bench}
RESULTS=${RESULTS:-bench/results/$(date +%Y%m%d-%H%M%S)-rss}
LIMIT_KIB=${LIMIT_KIB:-4096}

bench/build.sh
mkdir -p "$(dirname "$RESULTS")" "$DB_DIR"
bin=$(mktemp "${TMPDIR:-/tmp}/sqlsoak-rss.XXXXXX")   # safe from a `make clean`
trap 'rm -f "$bin"' EXIT
cp "$B/sqlsoak" "$bin" && chmod 755 "$bin"
cmd=("$bin" run --rows "$ROWS" --chunk "$CHUNK" --reads "$READS"
     --db-dir "$DB_DIR" --out "$RESULTS" --no-plot --progress never)
echo "${cmd[*]}"
t0=$(date +%s)
"${cmd[@]}" > "$RESULTS.log" 2>&1 || { echo "rss.sh: sqlsoak failed; see $RESULTS.log" >&2; exit 1; }
echo "($(( $(date +%s) - t0 )) s)"
mv "$RESULTS.log" "$RESULTS/sqlsoak.log"

awk -F, -v limit="$LIMIT_KIB" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    {
        n++
        rows[n] = $col["rows"]; rss[n] = $col["rss_kib"]
        if (n == 1 || rss[n] < lo) lo = rss[n]
        if (n == 1 || rss[n] > hi) hi = rss[n]
    }
    END {
        if (n == 0) { print "no chunks"; exit 1 }
        printf "\n%6s %12s %10s %12s\n", "chunk", "rows", "rss_kib", "vs_chunk_1"
        for (i = 1; i <= n; i++)
            printf "%6d %12d %10d %+12d\n", i, rows[i], rss[i], rss[i] - rss[1]
        printf "\nRSS at chunk 1 (%d rows): %d KiB; at chunk %d (%d rows): %d KiB; " \
               "last - first: %+d KiB\n", rows[1], rss[1], n, rows[n], rss[n], rss[n] - rss[1]
        printf "max difference between any two chunks: %d KiB (%.2f MiB): %s (limit %d KiB)\n",
               hi - lo, (hi - lo) / 1024, (hi - lo <= limit) ? "FLAT" : "NOT FLAT", limit
    }' "$RESULTS/chunks.csv" | tee "$RESULTS/rss.txt"
