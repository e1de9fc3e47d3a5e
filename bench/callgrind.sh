#!/bin/bash
# callgrind.sh: sqlsoak against the reference loop (bench/ref.c) in
# instructions, not seconds: the instructions executed per row written and
# per read, counted by valgrind's callgrind.  Unlike a time, a count does
# not move with the host's load, so it resolves a 1% difference on a busy
# machine (it counts user space only: the kernel's share of a read is
# not in it).
#
#   bench/callgrind.sh                       # 200k rows in 100k chunks
#   CHUNK=50k bench/callgrind.sh
#
# Environment (defaults in brackets):
#   CHUNK [100k]   rows per chunk; each tool runs three times:
#                  A: 1 chunk, no reads   B: 2 chunks, no reads
#                  C: 2 chunks, CHUNK reads per chunk
#                  write = (B - A) / CHUNK rows   read = (C - B) / (2 CHUNK) reads
#                  (the differences cancel start-up and set-up)
#   RESULTS [bench/results/callgrind-<date-time>]   callgrind.out files
#   TARGET [1.03]  the largest sqlsoak / ref ratio that passes
#   SQLSOAK [BENCH_BIN/sqlsoak]  another sqlsoak to count (an older build)
#   TOP [16]       how many functions to list, the largest differences first
#   UPDATES [0]    > 0: a fourth run, D: 2 chunks, no reads, UPDATES updates
#                  per chunk (--update-keys UPDATE_KEYS [uniform]); update =
#                  (D - B) / (2 UPDATES) updates, against UPDATE_TARGET [1.05]
set -eu
cd "$(dirname "$0")/.."
B=${BENCH_BIN:-build/bench}   # where bench/build.sh puts the programs

CHUNK=${CHUNK:-100k}
RESULTS=${RESULTS:-bench/results/callgrind-$(date +%Y%m%d-%H%M%S)}
TARGET=${TARGET:-1.03}
TOP=${TOP:-16}
UPDATES=${UPDATES:-0}
UPDATE_KEYS=${UPDATE_KEYS:-uniform}
UPDATE_TARGET=${UPDATE_TARGET:-1.05}

command -v valgrind > /dev/null || { echo "callgrind.sh: needs valgrind" >&2; exit 2; }
if [ -e "$RESULTS" ] && [ -n "$(ls -A "$RESULTS")" ]; then
    echo "callgrind.sh: $RESULTS already holds results; choose another RESULTS" >&2
    exit 2
fi
case $CHUNK in
    *k) n=$(( ${CHUNK%k} * 1000 )) ;;
    *M) n=$(( ${CHUNK%M} * 1000000 )) ;;
    *) n=$CHUNK ;;
esac
bench/build.sh
mkdir -p "$RESULTS/bin" "$RESULTS/db"
cp "$B/ref" "$RESULTS/bin/"
cp "${SQLSOAK:-$B/sqlsoak}" "$RESULTS/bin/sqlsoak"
RESULTS=$(cd "$RESULTS" && pwd)
# the counting VFS off: the pair measures the phase loops, as it always did
# (an older build without --vfs-counts has no counting VFS)
OFF=()
# VFS_COUNTS=on keeps it on, to count what it costs
[ "${VFS_COUNTS:-off}" = on ] ||
    { "$RESULTS/bin/sqlsoak" run --vfs-counts off --help > /dev/null 2>&1 && OFF=(--vfs-counts off); }

# one run under callgrind: tool, name (A, B, C, D), rows, reads, [updates]
measure() {
    local tool=$1 name=$2 rows=$3 reads=$4 dir=$RESULTS/$1-$2 up=()
    [ "${5:-0}" -eq 0 ] || up=(--updates "$5" --update-keys "$UPDATE_KEYS")
    mkdir -p "$dir"
    local vg=(valgrind --tool=callgrind --callgrind-out-file="$dir/callgrind.out.%p")
    if [ "$tool" = ref ]; then
        "${vg[@]}" "$RESULTS/bin/ref" --db "$RESULTS/db/ref-$name.db" --rows "$rows" \
            --chunk "$n" --reads "$reads" "${up[@]}" > "$dir/log" 2>&1
    else
        # the cell runs in a child process: callgrind follows the fork
        "${vg[@]}" "$RESULTS/bin/sqlsoak" run --rows "$rows" --chunk "$n" --reads "$reads" \
            "${up[@]}" "${OFF[@]}" --db-dir "$RESULTS/db" --out "$dir/out" --no-plot --progress never \
            > "$dir/log" 2>&1
    fi
}

# the instructions of every process of one run
total() {
    cat "$RESULTS/$1-$2"/callgrind.out.* | awk '/^summary:/ { s += $2 } END { printf "%.0f\n", s }'
}

# "Ir<TAB>function" (self cost) of the run's process that ran the most
# instructions: the cell (not the largest file: the runner's can be larger)
functions() {
    local f x
    f=$(for x in "$RESULTS/$1-$2"/callgrind.out.*; do
            echo "$(awk '/^summary:/ { print $2 }' "$x") $x"
        done | sort -n -r | head -1 | cut -d' ' -f2-)
    callgrind_annotate --auto=no --threshold=100 "$f" 2> /dev/null | awk '
        /file:function/ { go = 1; next }
        go && /^ *[0-9,]+ / {
            ir = $1; gsub(",", "", ir); $1 = ""
            sub(/^ *\([^)]*\) */, ""); sub(/ \[.*\]$/, "")
            a[$0] += ir
        }
        END { for (k in a) print a[k] "\t" k }'
}

echo "callgrind: $n-row chunks; 3 runs per tool, both tools side by side (takes a minute or two)"
for tool in ref sqlsoak; do
    ( measure "$tool" A "$n" 0 && measure "$tool" B $((2 * n)) 0 &&
      measure "$tool" C $((2 * n)) chunk &&
      { [ "$UPDATES" -eq 0 ] || measure "$tool" D $((2 * n)) 0 "$UPDATES"; } ) &
done
wait

runs="A B C"
[ "$UPDATES" -eq 0 ] || runs="A B C D"
for tool in ref sqlsoak; do
    for run in $runs; do
        echo "$tool,$run,$(total "$tool" "$run")"
    done
done > "$RESULTS/totals.csv"
awk -F, -v n="$n" -v target="$TARGET" -v updates="$UPDATES" -v keys="$UPDATE_KEYS" \
    -v utarget="$UPDATE_TARGET" '
    { t[$1, $2] = $3 }
    END {
        for (i = 1; i <= 2; i++) {
            tool = i == 1 ? "ref" : "sqlsoak"
            w[tool] = (t[tool, "B"] - t[tool, "A"]) / n
            r[tool] = (t[tool, "C"] - t[tool, "B"]) / (2 * n)
        }
        printf "\ninstructions (user space) per operation, callgrind\n"
        printf "%-6s %10s %10s %8s %8s\n", "phase", "ref", "sqlsoak", "ratio", "extra"
        printf "%-6s %10.1f %10.1f %8.4f %+8.1f\n", "write", w["ref"], w["sqlsoak"],
               w["sqlsoak"] / w["ref"], w["sqlsoak"] - w["ref"]
        printf "%-6s %10.1f %10.1f %8.4f %+8.1f\n", "read", r["ref"], r["sqlsoak"],
               r["sqlsoak"] / r["ref"], r["sqlsoak"] - r["ref"]
        wr = w["sqlsoak"] / w["ref"]; rr = r["sqlsoak"] / r["ref"]
        printf "\nSUMMARY  write ratio %.4f  read ratio %.4f  (target <= %s: %s)\n", wr, rr,
               target, wr <= target && rr <= target ? "MET" : "NOT MET"
        if (updates > 0) {
            for (i = 1; i <= 2; i++) {
                tool = i == 1 ? "ref" : "sqlsoak"
                u[tool] = (t[tool, "D"] - t[tool, "B"]) / (2 * updates)
            }
            ur = u["sqlsoak"] / u["ref"]
            printf "update %10.1f %10.1f %8.4f %+8.1f   (%d a chunk, %s)\n", u["ref"],
                   u["sqlsoak"], ur, u["sqlsoak"] - u["ref"], updates, keys
            printf "SUMMARY  update ratio %.4f  (target <= %s: %s)\n", ur, utarget,
                   ur <= utarget ? "MET" : "NOT MET"
        }
    }' "$RESULTS/totals.csv" | tee "$RESULTS/ratios.txt"

# where sqlsoak runs more, function by function (self cost of the cell's
# process): the same differences as above, per row written and per read
for tool in ref sqlsoak; do
    for run in $runs; do
        functions "$tool" "$run" > "$RESULTS/$tool-$run.tsv"
    done
done
where() {   # phase, first run, second run, operations between them
    printf "\n%s: where sqlsoak runs more, per operation (runs %s - %s)\n" "$1" "$3" "$2"
    printf "%10s %10s %10s  %s\n" "ref" "sqlsoak" "extra" "function"
    awk -F'\t' -v ops="$4" '
        FNR == 1 { f++ }
        { v[f, $2] = $1; name[$2] }
        END {
            for (k in name) {
                r = v[2, k] - v[1, k]; s = v[4, k] - v[3, k]
                if (s - r > ops / 2 || r - s > ops / 2)
                    printf "%g\t%10.1f %10.1f %+10.1f  %s\n", (s > r ? s - r : r - s),
                           r / ops, s / ops, (s - r) / ops, k
            }
        }' "$RESULTS/ref-$2.tsv" "$RESULTS/ref-$3.tsv" "$RESULTS/sqlsoak-$2.tsv" \
        "$RESULTS/sqlsoak-$3.tsv" | sort -t"$(printf '\t')" -k1 -g -r | head -"$TOP" | cut -f2-
}
{
    where write A B "$n"
    where read B C $((2 * n))
    [ "$UPDATES" -eq 0 ] || where update B D $((2 * UPDATES))
} | tee -a "$RESULTS/ratios.txt"
rm -rf "$RESULTS/db"
echo
echo "callgrind files: $RESULTS/{ref,sqlsoak}-{A,B,C}/ (callgrind_annotate FILE)"
