# Loaded by every e2e file: the binary under test, a scratch folder per
# test and the common small run, set in this one place (source_map.bats
# fails on a file that does not load it or spells the binary's path out).

# The top of the tree; the binary under test, $SQLSOAK as make e2e and
# make test-cross set it, else this tree's build (BUILT); S for short.
TOP=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
BUILT=$TOP/build/sqlsoak
SQLSOAK=${SQLSOAK:-$BUILT}
export SQLSOAK
S=$SQLSOAK

# python3 is the interpreter itself, found once in the file's first shell
# and exported to its tests: Debian's /usr/bin/python3 where there is one,
# the python3 that .ci/deps gives the test packages (the Prometheus
# parser), else the first on PATH.  A version manager's python3 may come
# first: through its shim (pyenv's) each call costs over half a second of
# CPU, and its interpreter may load site hooks at each start (0.1 s, twice
# Debian's); the suite starts python over a thousand times.
if [ -z "${E2E_PYTHON:-}" ]; then
    if [ -x /usr/bin/python3 ]; then
        E2E_PYTHON=/usr/bin/python3
    else
        E2E_PYTHON=$(python3 -c 'import sys; print(sys.executable)')
    fi
    export E2E_PYTHON
fi
python3() {
    "$E2E_PYTHON" "$@"
}

# scratch: the test's own folder (T), its results folder (OUT) and
# --db-dir (DB) in it, and the options that keep a run quiet (Q): each
# test works apart from the others, whatever runs beside it.
scratch() {
    T=$BATS_TEST_TMPDIR
    OUT=$T/out
    DB=$T/db
    Q=(--no-plot --progress never)
}

# small_run [ARGS...]: the common small run (2,000 rows in two chunks, 100
# reads each) into OUT and DB, quiet, ARGS added; bats' run, status and
# output in $status and $output.
small_run() {
    run "$S" run --rows 2000 --chunk 1000 --reads 100 --db-dir "$DB" --out "$OUT" "${Q[@]}" "$@"
}

# dimline DIR WORD: the headline's sentence on dimension WORD, from summary.json.
dimline() {
    python3 - "$1/summary.json" "$2" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
lines = [f["text"] for f in doc["findings"] if f["kind"] == "dimension" and f["text"].startswith(sys.argv[2] + ":")]
print(lines[0] if lines else "")
PY
}
