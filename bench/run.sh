#!/bin/bash
# run.sh: sqlsoak against the reference loop (bench/ref.c), back to back,
# and the ratio of their write-phase and read-phase times; then, once
# sqlsoak has --readers, one sqlsoak reader against the bare reader loop
# (bench/readers.sh, bench/refreader.c).
#
#   bench/run.sh                       # 5M rows, 1M chunks, 3 rounds (7 runs)
#   ROWS=200k CHUNK=50k ROUNDS=2 bench/run.sh        # a quick try
#
# Environment (defaults in brackets):
#   ROWS [5M]  CHUNK [1M]  READS [chunk]  ROUNDS [3]
#   UPDATES [0]  > 0: both run an update phase of UPDATES rows a chunk
#                (--update-keys UPDATE_KEYS [uniform]), its time a third
#                ratio, against UPDATE_TARGET [1.05]
#   DB_DIR [data/db/bench]   where both put their database (same filesystem)
#   RESULTS [bench/results/<date-time>]   raw samples and the report
#   TARGET [1.03]
# Bracketed rounds: ref, sqlsoak, ref, sqlsoak, ..., ref (ROUNDS sqlsoak
# runs, ROUNDS + 1 ref runs), so that each sqlsoak run is compared with the
# reference runs on both sides of it and a slow drift of the host cancels;
# the reference against itself is the noise printed.  Every run starts
# from a fresh database.  See bench/README.md for how to read the output.
set -eu
cd "$(dirname "$0")/.."
B=${BENCH_BIN:-build/bench}   # where bench/build.sh puts the programs

ROWS=${ROWS:-5M}
CHUNK=${CHUNK:-1M}
READS=${READS:-chunk}
ROUNDS=${ROUNDS:-3}
DB_DIR=${DB_DIR:-data/db/bench}
RESULTS=${RESULTS:-bench/results/$(date +%Y%m%d-%H%M%S)}
TARGET=${TARGET:-1.03}
UPDATES=${UPDATES:-0}
UPDATE_KEYS=${UPDATE_KEYS:-uniform}
UPDATE_TARGET=${UPDATE_TARGET:-1.05}
UP=()
[ "$UPDATES" -eq 0 ] || UP=(--updates "$UPDATES" --update-keys "$UPDATE_KEYS")

if [ -e "$RESULTS" ] && [ -n "$(ls -A "$RESULTS")" ]; then
    echo "run.sh: $RESULTS already holds results; choose another RESULTS" >&2
    exit 2
fi
bench/build.sh
mkdir -p "$RESULTS/bin" "$DB_DIR"
# the binaries live with the results: a `make clean` elsewhere during a
# long bench cannot take them away, and the results say what ran
cp "$B/ref" "$B/refreader" "$B/sqlsoak" "$RESULTS/bin/"
# the counting VFS off: the pair measures the phase loops, as it always did
OFF=()
"$RESULTS/bin/sqlsoak" run --vfs-counts off --help > /dev/null 2>&1 && OFF=(--vfs-counts off)

{
    echo "date:        $(date -Is)"
    echo "commit:      $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet 2>/dev/null || echo ' (src tree modified)')"
    echo "binaries:    $RESULTS/bin/ (sqlsoak sha256 $(sha256sum "$RESULTS/bin/sqlsoak" | cut -c1-16), a copy of build/sqlsoak)"
    echo "host:        $(uname -srm), $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
    echo "clocksource: $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null || echo '?')"
    echo "db-dir:      $DB_DIR ($(df -PT "$DB_DIR" | awk 'NR==2 {print $2 " on " $1}'))"
    echo "workload:    --rows $ROWS --chunk $CHUNK --reads $READS ${OFF[*]}, defaults otherwise (4k pages, journal delete, sync full, commit per chunk, seq keys, 16-byte values, reads from all rows)"
    echo "rounds:      $ROUNDS"
    [ "$UPDATES" -eq 0 ] || echo "updates:     ${UP[*]}"
} > "$RESULTS/env.txt"
cat "$RESULTS/env.txt"

SAMPLES=$RESULTS/samples.csv
echo "round,tool,chunk,write_s,read_s,update_s" > "$SAMPLES"
CMDS=$RESULTS/commands.txt
: > "$CMDS"

run_ref() {
    local r=$1 db=$DB_DIR/bench-ref-r$1.db
    rm -f "$db" "$db-journal" "$db-wal" "$db-shm"
    local cmd=("$RESULTS/bin/ref" --db "$db" --rows "$ROWS" --chunk "$CHUNK" --reads "$READS"
               "${UP[@]}")
    echo "${cmd[*]}" >> "$CMDS"
    "${cmd[@]}" > "$RESULTS/ref-r$r.csv" 2> "$RESULTS/ref-r$r.log"
    awk -F, -v r="$r" 'NR > 1 { print r ",ref," $1 "," $2 "," $3 "," $4 }' \
        "$RESULTS/ref-r$r.csv" >> "$SAMPLES"
}

run_soak() {
    local r=$1 out=$RESULTS/sqlsoak-r$1
    local cmd=("$RESULTS/bin/sqlsoak" run --rows "$ROWS" --chunk "$CHUNK" --reads "$READS"
               "${UP[@]}" "${OFF[@]}" --db-dir "$DB_DIR" --out "$out" --no-plot --progress never)
    echo "${cmd[*]}" >> "$CMDS"
    if ! "${cmd[@]}" > "$RESULTS/sqlsoak-r$r.log" 2>&1; then
        echo "run.sh: sqlsoak failed (round $r); see $RESULTS/sqlsoak-r$r.log" >&2
        exit 1
    fi
    # the columns by name, not position
    awk -F, -v r="$r" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        { print r ",sqlsoak," $col["chunk"] "," $col["write_s"] "," $col["read_s"] "," \
                $col["update_s"] }' \
        "$out/chunks.csv" >> "$SAMPLES"
}

for r in $(seq 1 $((ROUNDS + 1))); do
    order="ref sqlsoak"
    [ "$r" -le "$ROUNDS" ] || order=ref       # the last bracket's closing ref
    for tool in $order; do
        if [ "$r" -le "$ROUNDS" ]; then printf 'round %d/%d: %-8s ... ' "$r" "$ROUNDS" "$tool"
        else printf 'closing:   %-8s ... ' "$tool"; fi
        t0=$(date +%s)
        if [ "$tool" = ref ]; then run_ref "$r"; else run_soak "$r"; fi
        echo "$(( $(date +%s) - t0 )) s"
    done
done

awk -F, -v target="$TARGET" -v utarget="$UPDATE_TARGET" -f bench/ratio.awk "$SAMPLES" |
    tee "$RESULTS/ratios.txt"
echo
echo "raw samples: $SAMPLES (sqlsoak's full results in $RESULTS/sqlsoak-r*/)"

# the reader pair: one sqlsoak reader against the bare reader loop, each
# beside its writer (bench/readers.sh), once sqlsoak has --readers
if "$RESULTS/bin/sqlsoak" run --readers 0 --help >/dev/null 2>&1; then
    echo
    ROWS=$ROWS CHUNK=$CHUNK ROUNDS=$ROUNDS DB_DIR=$DB_DIR RESULTS=$RESULTS bench/readers.sh
else
    echo "reader pair: skipped, this sqlsoak has no --readers"
fi
