#!/bin/bash
# estimate.sh: how close is the plan's time to the real one?
#
#   bench/estimate.sh                              # 5 presets at 1M rows
#   PRESETS="quick churn" ROWS=200k bench/estimate.sh
#   ROWS=20k CHUNK=5k bench/estimate.sh            # a quick try (the test's)
#
# For each preset, at ROWS rows: `sqlsoak run --preset P --dry-run` (a
# calibration, on a --db-dir with no earlier run beside it: the estimate
# a first run gets), then the same run for real, timed by the wall clock
# from start to exit (--no-plot: the graphs are no cell's time).  Prints
# per preset the estimate, the real time and real / estimate, and whether
# that is within TOLERANCE (30%: 0.70 to 1.30); per cell, the estimate
# against the cell's wall_s in cells.txt.  The dry run's own time (the
# calibration's) is printed too.
#
# CHUNK, when smaller than a preset's chunk, scales the preset's reads,
# updates, deletes and hot rows a chunk with it (so that a test can run
# every preset in seconds); unset, each preset keeps its own chunk.
#
# Environment: PRESETS [quick uuid updates readers churn] ROWS [1M]
#              CHUNK [the preset's] DB_DIR [data/db/bench]
#              RESULTS [bench/results/<date-time>-estimate] TOLERANCE [0.30]
set -eu
cd "$(dirname "$0")/.."
B=${BENCH_BIN:-build/bench}   # where bench/build.sh puts the programs

PRESETS=${PRESETS:-quick uuid updates readers churn}
ROWS=${ROWS:-1M}
CHUNK=${CHUNK:-}
DB_DIR=${DB_DIR:-data/db/bench}
RESULTS=${RESULTS:-bench/results/$(date +%Y%m%d-%H%M%S)-estimate}
TOLERANCE=${TOLERANCE:-0.30}

bench/build.sh >&2
mkdir -p "$RESULTS" "$DB_DIR"
bin=$RESULTS/sqlsoak          # a snapshot: safe from a rebuild during the bench
cp "$B/sqlsoak" "$bin" && chmod 755 "$bin"
export SQLSOAK_PLOTS_DIR=${SQLSOAK_PLOTS_DIR:-$PWD/plots}   # its presets: this checkout's

# count TEXT: 100k -> 100000, 1M -> 1000000, 250 -> 250
count() {
    awk -v t="$1" 'BEGIN {
        m = 1; u = substr(t, length(t))
        if (u == "k" || u == "K") m = 1000; else if (u == "M") m = 1000000
        if (m > 1) t = substr(t, 1, length(t) - 1)
        printf "%d", t * m }'
}

# seconds TEXT: the plan's times ("968 ms", "3.40 s", "42.0 s", "7s", "1m05s",
# "2h01m")
seconds() {
    awk -v t="$1" 'BEGIN {
        if (t ~ /^[0-9.]+ ms$/) { sub(/ ms$/, "", t); print t / 1000; exit }
        if (t ~ /^[0-9.]+ s$/) { sub(/ s$/, "", t); print t + 0; exit }
        if (t ~ /^[0-9]+s$/) { print t + 0; exit }
        if (t ~ /^[0-9]+m[0-9]+s$/) { split(t, a, "m"); print a[1] * 60 + a[2]; exit }
        if (t ~ /^[0-9]+h[0-9]+m$/) { split(t, a, "h"); print a[1] * 3600 + a[2] * 60; exit }
        print "nan" }'
}

# The options that scale preset P's chunk down to CHUNK (none when unset
# or not smaller).
scaled_options() {
    local conf=data/presets/$1.conf key value chunk
    [ -n "$CHUNK" ] || return 0
    chunk=$(count "$(sed -n 's/^chunk = //p' "$conf")")
    [ "$(count "$CHUNK")" -lt "$chunk" ] || return 0
    printf -- '--chunk\n%s\n' "$CHUNK"
    while IFS=' =' read -r key value; do
        case $key in
            reads|updates|deletes)
                [ "$value" = chunk ] && continue
                printf -- '--%s\n%s\n' "$key" \
                    "$(( ( $(count "$value") * $(count "$CHUNK") + chunk - 1 ) / chunk ))" ;;
            update-keys)
                case $value in hot:*)
                    printf -- '--update-keys\nhot:%s\n' \
                        "$(( ( $(count "${value#hot:}") * $(count "$CHUNK") + chunk - 1 ) / chunk ))" ;;
                esac ;;
        esac
    done < "$conf"
}

{
    echo "host: $(uname -n), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
    echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo "rows: $ROWS; chunk: ${CHUNK:-as each preset}; db-dir: $DB_DIR"
} | tee "$RESULTS/env.txt"
: > "$RESULTS/commands.txt"
: > "$RESULTS/cells.txt"
printf '\n%-10s %12s %12s %10s %10s  %s\n' preset estimate_s real_s real/est dry_run_s \
    "within $(awk -v t="$TOLERANCE" 'BEGIN { printf "%d%%", t * 100 }')" | tee "$RESULTS/ratios.txt"
for p in $PRESETS; do
    mapfile -t extra < <(scaled_options "$p")
    args=(run --preset "$p" --rows "$ROWS" ${extra[@]+"${extra[@]}"} --db-dir "$DB_DIR/$p"
          --no-plot --progress never)
    # each run in a folder of its own: no earlier run beside it to estimate from
    out=$RESULTS/$p/run
    rm -rf "$RESULTS/$p" "$DB_DIR/$p"
    mkdir -p "$RESULTS/$p"
    echo "$bin ${args[*]} --dry-run --out $out" >> "$RESULTS/commands.txt"
    t0=$(date +%s.%N)
    "$bin" "${args[@]}" --dry-run --out "$out" > "$RESULTS/$p/plan.txt" 2>&1 ||
        { echo "estimate.sh: the dry run of $p failed; see $RESULTS/$p/plan.txt" >&2; exit 1; }
    t1=$(date +%s.%N)
    est=$(seconds "$(sed -n 's/^  in all: about //p' "$RESULTS/$p/plan.txt")")
    echo "$bin ${args[*]} --out $out" >> "$RESULTS/commands.txt"
    "$bin" "${args[@]}" --out "$out" > "$RESULTS/$p/run.log" 2>&1 ||
        { echo "estimate.sh: the run of $p failed; see $RESULTS/$p/run.log" >&2; exit 1; }
    t2=$(date +%s.%N)
    # per cell: the plan's estimate against summary.csv's wall_s
    # a plan's line: "    run 3 of 4: cell 1 · repeat 2 (settings)  about T  (from X)"
    sed -nE 's/^    run [0-9]+ of [0-9]+: cell ([0-9]+)( · repeat ([0-9]+))? \(.*  about (.*)  \(from (.*)\)$/\1|\3|\4|\5/p' \
        "$RESULTS/$p/plan.txt" | while IFS='|' read -r cell rep t from; do
        wall=$(awk -F, -v c="$cell" -v r="${rep:-1}" '
                   NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
                   $col["cell"] == c && $col["repeat"] == r { print $col["wall_s"]; exit }' \
               "$out/summary.csv")
        printf '%-10s cell %-3s estimate %8.1f s  real %8.1f s  real/est %6.2f  (from %s)\n' \
            "$p" "$cell${rep:+ · repeat $rep}" "$(seconds "$t")" "$wall" \
            "$(awk -v a="$wall" -v b="$(seconds "$t")" 'BEGIN { print (b > 0 ? a / b : 0) }')" \
            "$from" >> "$RESULTS/cells.txt"
    done
    awk -v p="$p" -v est="$est" -v t0="$t0" -v t1="$t1" -v t2="$t2" -v tol="$TOLERANCE" 'BEGIN {
        real = t2 - t1; r = est > 0 ? real / est : 0
        printf "%-10s %12.1f %12.1f %10.2f %10.1f  %s\n", p, est, real, r, t1 - t0,
               (r >= 1 - tol && r <= 1 + tol) ? "yes" : "NO" }' | tee -a "$RESULTS/ratios.txt"
    rm -rf "$DB_DIR/$p"
done
echo
echo "per cell: $RESULTS/cells.txt; commands: $RESULTS/commands.txt"
