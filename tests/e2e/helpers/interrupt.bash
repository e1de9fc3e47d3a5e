# shellcheck source=sigdefault.bash
source "${BASH_SOURCE[0]%/*}/sigdefault.bash"

# interrupt_after LINES CSV LOG CMD...: runs CMD in the background until
# CSV (its chunks.csv) has LINES lines, header included, then sends it
# SIGINT as Ctrl-C would and waits: the run must stop with exit 130.
# Callers hold the run there with SQLSOAK_TEST_HANG (CELL:between:CHUNK,
# the chunk that brings CSV to LINES lines), so it cannot end first.
interrupt_after() {
    local lines=$1 csv=$2 log=$3 pid i rc=0
    shift 3
    "${SIGDFL[@]}" "$@" >"$log" 2>&1 3>&- &
    pid=$!
    for ((i = 0; i < 6000; i++)); do
        [ "$( { wc -l <"$csv"; } 2>/dev/null || echo 0)" -ge "$lines" ] && break
        sleep 0.01
    done
    kill -INT "$pid"
    wait "$pid" || rc=$?
    [ "$rc" -eq 130 ]
}
