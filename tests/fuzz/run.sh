#!/bin/sh
# Runs every fuzz target of BUILD/bin (make fuzz) for SECONDS each, on its
# corpus BUILD/corpus/TARGET (kept from run to run), seeded from real files:
# tests/fuzz/seed/TARGET, every input kept in tests/fuzz/regress/TARGET
# and, for the CSV reader, the CSV files of the fixture folders.  An input that breaks a target
# lands in BUILD/findings/TARGET/; the target's output is BUILD/TARGET.log.
# Prints a line per target (seconds, executions, coverage, findings) and
# fails when anything was found.
#
#   sh tests/fuzz/run.sh BUILD SECONDS
set -eu
build=${1:?usage: run.sh BUILD SECONDS} seconds=${2:?usage: run.sh BUILD SECONDS}
case "$seconds" in ''|*[!0-9]*) echo "run.sh: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;; esac
top=$(cd "$(dirname "$0")/../.." && pwd)
# the targets' scratch folders: a target that dies leaves its own behind
TMPDIR=$build/tmp
export TMPDIR
mkdir -p "$TMPDIR"
found=0
for bin in "$build"/bin/fuzz_*; do
    case "$bin" in *.d | *.dep) continue ;; esac    # the compiler's dependency files
    t=${bin##*/fuzz_}
    corpus=$build/corpus/$t findings=$build/findings/$t
    mkdir -p "$corpus" "$findings"
    fixtures=""
    [ "$t" = csvin ] && fixtures=$(echo "$top"/tests/fixtures/v0.1.0-*/*.csv)
    # named by where they come from: chunks.csv of two folders are two seeds
    for f in "$top/tests/fuzz/seed/$t"/* "$top/tests/fuzz/regress/$t"/* $fixtures; do
        [ -f "$f" ] && cp "$f" "$corpus/$(echo "${f#"$top"/tests/}" | tr / -)"
    done
    log=$build/$t.log
    # -close_fd_mask=3: the readers' warnings stay out of the log, not
    # libFuzzer's own report
    rc=0
    "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -close_fd_mask=3 -artifact_prefix="$findings/" "$corpus" >"$log" 2>&1 || rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    secs=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
    n=$(find "$findings" -type f | wc -l)
    echo "fuzz $t: ${seconds}s, ${execs:-?} executions (${secs:-?}/s), cov ${cov:-?}, findings $n (exit $rc)"
    [ "$n" -eq 0 ] && [ "$rc" -eq 0 ] || found=1
done
[ "$found" -eq 0 ] || { echo "fuzz: findings in $build/findings (logs: $build/*.log)" >&2; exit 1; }
