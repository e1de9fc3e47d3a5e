#!/bin/sh
# Counts what a test run passed, failed and skipped, in the one line that
# `make test` and .ci/run end with:
#
#   tests: N passed, N failed, N skipped
#
#   sh tests/tally.sh LOG COMMAND...  runs COMMAND, its output shown and kept
#                                     in LOG, then prints the line of LOG;
#                                     exits with COMMAND's status
#   sh tests/tally.sh --count RC LOG...  the line of the LOGs, of a run whose
#                                     status was RC; exits RC
#   sh tests/tally.sh --slowest N LOG COMMAND...  as the first, with the N
#                                     slowest tests of LOG (bats --timing's
#                                     "ok N name in MSms") listed before
#                                     the line
#
# The counts are cmocka's "[  PASSED  ] N test(s).", "[  FAILED  ] N
# test(s)." and "[  SKIPPED ] N test(s).", and bats' TAP "ok N", "ok N ...
# # skip" and "not ok N".  A command that failed outside any test (a build
# error) counts as 1 failed.
set -u
count() {
    rc=$1
    shift
    cat "$@" 2>/dev/null | awk -v rc="$rc" '
        /^\[  PASSED  \] [0-9]+ test/ { passed += $4 }
        /^\[  FAILED  \] [0-9]+ test/ { failed += $4 }
        /^\[  SKIPPED \] [0-9]+ test/ { skipped += $4 }
        /^ok [0-9]+ .*# skip/ { skipped++; next }
        /^ok [0-9]+/ { passed++ }
        /^not ok [0-9]+/ { failed++ }
        END {
            if (rc != 0 && failed == 0) failed = 1
            printf "tests: %d passed, %d failed, %d skipped\n", passed, failed, skipped
        }'
    return "$rc"
}
if [ "${1:-}" = --count ]; then
    shift
    rc=${1:?usage: tally.sh --count RC LOG...}
    shift
    count "$rc" "$@"
    exit $?
fi
# slowest N LOG: the N slowest tests, their seconds first, the slowest first.
slowest() {
    echo "== the $1 slowest tests (seconds)"
    sed -n 's/^\(not \)\{0,1\}ok [0-9][0-9]* \(.*\) in \([0-9][0-9]*\)ms$/\3 \2/p' "$2" |
        sort -rn | head -n "$1" | awk '{ ms = $1; $1 = ""; printf "%7.1f%s\n", ms / 1000, $0 }'
}
top=""
if [ "${1:-}" = --slowest ]; then
    top=${2:?usage: tally.sh --slowest N LOG COMMAND...}
    shift 2
fi
log=${1:?usage: tally.sh LOG COMMAND...}
shift
[ $# -gt 0 ] || { echo "usage: tally.sh LOG COMMAND..." >&2; exit 2; }
mkdir -p "$(dirname "$log")"
status=$(mktemp)
trap 'rm -f "$status"' EXIT
{ "$@" 2>&1; echo $? >"$status"; } | tee "$log"
rc=$(cat "$status")
[ -z "$top" ] || slowest "$top" "$log"
count "${rc:-1}" "$log"
