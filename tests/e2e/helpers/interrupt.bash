# shellcheck source=sigdefault.bash
source "${BASH_SOURCE[0]%/*}/sigdefault.bash"

# interrupt_after LINES CSV LOG CMD...: runs CMD in the background until
# CSV (its chunks.csv) has LINES lines, header included, then sends it
# SIGINT as Ctrl-C would and waits: the run must stop with exit 130.
# Callers hold the run there with SQLSOAK_TEST_HANG (CELL:between:CHUNK,
# the chunk that brings CSV to LINES lines), so it cannot end first.
interrupt_after() {
    local lines=$1 csv=$2 log=$3 pid rc=0 end=$((SECONDS + 300))
    shift 3
    "${SIGDFL[@]}" "$@" >"$log" 2>&1 3>&- &
    pid=$!
    # tail -F follows CSV as it grows (inotify), where a poll would start
    # processes every 10 ms for as long as the run takes; a file renamed
    # over is followed from its start, its lines counted again: so the
    # lines are counted anew, and followed again while too few.  (The cap
    # is for a hang, not a slow machine.)
    while [ "$( { wc -l <"$csv"; } 2>/dev/null || echo 0)" -lt "$lines" ] &&
        kill -0 "$pid" 2>/dev/null && [ "$SECONDS" -lt "$end" ]; do
        sed -n "${lines}{s/.*/x/p;q}" < <(timeout $((end - SECONDS + 1)) tail -n +1 -F -s 0.01 \
            --pid="$pid" "$csv" 2>/dev/null 3>&-) >/dev/null
    done
    kill -INT "$pid"
    wait "$pid" || rc=$?
    [ "$rc" -eq 130 ]
}
