#!/usr/bin/env bats
# The results files tell the truth: faults injected at exact moments
# (strace's -e inject: a SIGKILL or an errno at the Nth write, rename or
# fsync of one file), a results disk too small (a tmpfs) or a file-size
# limit (ulimit -f), then the exit status, run.json, summary.csv,
# timeline.csv and `status` are checked against what was really written.
# Waits are on file state, never on fixed delays.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    runs_setup
}

teardown() {
    runs_teardown
}

load helpers/runs

# json_is KEY PATTERN...: each top-level KEY of $OUT/run.json (None when
# null or absent) matches its glob PATTERN, all read in one python start
# (a start costs more than the check).
json_is() {
    local keys=() pats=() got i
    while [ $# -gt 0 ]; do keys+=("$1"); pats+=("$2"); shift 2; done
    mapfile -t got < <(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for k in sys.argv[2:]:
    print(d.get(k))' "$OUT/run.json" "${keys[@]}")
    for i in "${!keys[@]}"; do
        # shellcheck disable=SC2053 # the pattern is a glob
        [[ ${got[i]-} == ${pats[i]} ]] ||
            { echo "run.json's ${keys[i]} is '${got[i]-}', not ${pats[i]}" >&2; return 1; }
    done
}

# verify_chunks: the chunk of every verify row of $OUT/timeline.csv, one per line.
verify_chunks() {
    python3 - "$OUT/timeline.csv" <<'EOF'
import csv, sys
for r in csv.DictReader(open(sys.argv[1], newline='')):
    if r["phase"] == "verify":
        print(r["cell"], r["chunk"])
EOF
}

# ---- timeline.csv ----

@test "verify row: a resumed cell whose chunks were all recorded labels its verify with the last chunk" {
    need_strace
    mkdir -p "$OUT"
    # the runner killed as it writes the cell's summary row: every chunk recorded
    faulted "$OUT/summary.csv" write signal=SIGKILL:when=2 \
        run --rows 4k --chunk 1k --reads 1k --verify --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$RC" -eq 137 ]
    [ "$(data_rows "$OUT/chunks.csv")" -eq 4 ]
    [ "$(data_rows "$OUT/summary.csv")" -eq 0 ]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(verify_chunks)" = "1 3" ]
}

@test "a full disk between a chunk's histogram and its chunks.csv row: resume keeps one histogram per recorded chunk" {
    need_strace
    mkdir -p "$OUT"
    # the cell's 3rd write to chunks.csv (strace counts per process: chunk
    # 2's row) fails as on a full disk: chunk 2's histogram row is in
    faulted "$OUT/chunks.csv" write error=ENOSPC:when=3 \
        run --rows 6k --chunk 1k --reads 1k --verify --db-dir "$DB" --out "$OUT" "${Q[@]}"
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 1 ]
    json_is status disk_full
    [ "$(data_rows "$OUT/chunks.csv")" -eq 2 ]
    [ "$(data_rows "$OUT/histograms.csv")" -eq 3 ]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(field chunk "$OUT/histograms.csv" | tr '\n' ' ')" = "0 1 2 3 4 5 " ]
    python3 "$CHECK" soak "$OUT" 6000 1000 1
}

@test "verify rows lost on a full disk: the run stops disk_full (exit 1), resumable" {
    need_strace
    mkdir -p "$OUT"
    # one row per phase (a long interval); strace counts per process: the
    # cell's process writes the write, read, then verify row: the third fails
    faulted "$OUT/timeline.csv" write error=ENOSPC:when=3 \
        run --rows 1k --chunk 1k --reads 1k --verify --timeline-interval 600000 \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 1 ]
    json_is status disk_full status_detail "*timeline.csv: No space left on device*"
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(verify_chunks)" = "1 0" ]
}

# ---- exit 0 only when every results file was written and synced ----

# calls FILE SYSCALL ARGS...: how many times a fault-free sqlsoak ARGS (its
# --out made afresh) makes SYSCALL on FILE, every process counted.
calls() {
    local file=$1 call=$2
    shift 2
    strace -o "$T/trace" -f -P "$file" -e trace="$call" "$S" "$@" >/dev/null 2>&1 || true
    grep -c "$call(" "$T/trace"
}

@test "run.json's last write fails (EIO): exit 1 and the reason, never 0" {
    need_strace
    args=(run --rows 2k --chunk 1k --reads 1k --db-dir "$DB" --out "$OUT" "${Q[@]}")
    mkdir -p "$OUT"
    n=$(calls "$OUT/.run.json.tmp" rename "${args[@]}")
    [ "$n" -ge 2 ]
    rm -rf "$OUT" "$DB"
    mkdir -p "$OUT"
    faulted "$OUT/.run.json.tmp" rename "error=EIO:when=$n" "${args[@]}"
    cat "$T/stderr"
    [ "$RC" -eq 1 ]
    grep -q "cannot write $OUT/run.json: Input/output error" "$T/stderr"
}

# rewrite_fails ERRNO STATUS: a 2-cell run whose summary.csv rewrite (the
# ratio columns) meets ERRNO; checks exit 1 and run.json's STATUS and word.
rewrite_fails() {
    mkdir -p "$OUT"
    faulted "$OUT/summary.csv.tmp" write "error=$1:when=1" \
        run --rows 2k --chunk 1k --reads 1k --page-size 4k,8k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 1 ]
    [ "$(field write_vs_cell1 "$OUT/summary.csv" | sort -u)" = "" ]
    json_is status "$2" status_detail "*every cell recorded*summary.csv*"
    grep -q "to carry on.*: $S resume '$OUT'" "$T/stdout"
}

@test "summary.csv's rewrite fails on a full disk: exit 1, run.json disk_full; resume closes the run, the ratios filled, no stale detail" {
    need_strace
    rewrite_fails ENOSPC disk_full
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    json_is status ok status_detail None
    [ "$(field write_vs_cell1 "$OUT/summary.csv" | head -n 1)" = 1.0000 ]
    run "$S" status "$OUT"
    [ "${lines[0]}" = "$OUT: ok" ]
}

@test "summary.csv's rewrite fails (EIO): exit 1, run.json io_error" {
    need_strace
    rewrite_fails EIO io_error
}

# graphs_fail FILE INJECT MESSAGE: a 1-cell run drawing its graphs, the
# fault INJECT on writes to FILE: exit 1, MESSAGE printed, run.json ok with
# graphs not drawn.
graphs_fail() {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    mkdir -p "$OUT"
    faulted "$1" write "$2" \
        run --rows 2k --chunk 1k --reads 1k --db-dir "$DB" --out "$OUT" --progress never
    cat "$T/stdout" "$T/stderr"
    faulted_trace
    [ "$RC" -eq 1 ]
    grep -q "$3" "$T/stdout"
    json_is status ok status_detail "graphs not drawn: *"
    tail -n 1 "$T/stdout" | grep -q "to draw them: $S plot '$OUT'"
}

@test "report.html cannot be written (disk full): exit 1, run.json ok with graphs not drawn; plot draws them and clears it" {
    need_strace
    graphs_fail "$OUT/.report.html.tmp" error=ENOSPC \
        "cannot write $OUT/report.html: No space left on device"
    run "$S" plot "$OUT"
    [ "$status" -eq 0 ]
    json_is status_detail None
}

@test "a graph gnuplot leaves empty (disk full): exit 1, the file named" {
    need_strace
    graphs_fail "$OUT/plots/write.png" error=ENOSPC "cannot write $OUT/plots/write.png"
}

@test "gnuplot killed by a signal: exit 1" {
    need_strace
    graphs_fail "$OUT/plots/write.png" signal=SIGKILL "killed by a signal"
}

@test "the results disk fills while the graphs are drawn (a small tmpfs): exit 1, run.json ok with graphs not drawn" {
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    small_disk 512k
    OUT=$MNT/out
    run "$S" run --rows 2k --chunk 1k --reads 1k --db-dir "$DB" --out "$OUT" --progress never
    echo "$output" | tail -n 8
    [ "$status" -eq 1 ]
    [[ "$output" == *"cannot write $OUT/"* ]]
    [ "$(data_rows "$OUT/summary.csv")" -eq 1 ]
    json_is status ok status_detail "graphs not drawn: *"
}

@test "the graphs and report.html are synced before exit 0" {
    need_strace
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    mkdir -p "$OUT"
    # one run traced on both files, each fsync named by its file (-y)
    strace -o "$T/trace" -f -y -P "$OUT/plots/write.png" -P "$OUT/.report.html.tmp" -e trace=fsync \
        "$S" run --rows 2k --chunk 1k --reads 1k --db-dir "$DB" --out "$OUT" --progress never \
        >/dev/null 2>&1 || true
    out=$(realpath "$OUT")
    grep -qF "<$out/plots/write.png>) = 0" "$T/trace"
    grep -qF "<$out/.report.html.tmp>) = 0" "$T/trace"
    [ -s "$OUT/report.html" ]
}

# ---- status_detail says what is true now ----

@test "plot clears a 'graphs not drawn' detail an interrupted drawing left" {
    run "$S" run --rows 2k --chunk 1k --reads 1k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 - "$OUT/run.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["status_detail"] = "graphs not drawn: interrupted while drawing them"
json.dump(d, open(sys.argv[1], "w"))
PY
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    run "$S" plot "$OUT"
    [ "$status" -eq 0 ]
    json_is status ok status_detail None
}

@test "a signal in the last cell, before the graphs: 'interrupted before the graphs were drawn', exit 130" {
    need_strace
    command -v gnuplot >/dev/null || skip "gnuplot is not installed"
    mkdir -p "$OUT"
    # SIGINT to the runner as it writes the cell's summary row
    faulted "$OUT/summary.csv" write signal=SIGINT:when=2 \
        run --rows 2k --chunk 1k --reads 1k --db-dir "$DB" --out "$OUT" --progress never
    cat "$T/stdout"
    [ "$RC" -eq 130 ]
    [ "$(data_rows "$OUT/summary.csv")" -eq 1 ]
    grep -q "interrupted before the graphs were drawn; every cell is recorded" "$T/stdout"
    ! grep -q "while drawing" "$T/stdout" || return 1
    json_is status ok status_detail "graphs not drawn: interrupted before drawing them"
    [ ! -e "$OUT/plots" ]
}

# ---- run.json's cells: summary.csv is the record ----

# cells_match: run.json's cells are summary.csv's rows, in order.
cells_match() {
    python3 - "$OUT" <<'PY'
import csv, json, sys
out = sys.argv[1]
cells = [(c["cell"], c["repeat"], c["status"]) for c in json.load(open(out + "/run.json"))["cells"]]
rows = [(int(r["cell"]), int(r["repeat"]), r["status"])
        for r in csv.DictReader(open(out + "/summary.csv", newline=""))]
assert cells == rows, (cells, rows)
PY
}

@test "kill -9 between a cell's summary row and run.json: resume puts the cell back, status counts it" {
    need_strace
    mkdir -p "$OUT"
    # the runner killed as it syncs cell 1's summary row: the row is there
    faulted "$OUT/summary.csv" fdatasync signal=SIGKILL:when=1 \
        run --rows 2k --chunk 1k --reads 1k --page-size 4k,8k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$RC" -eq 137 ]
    [ "$(data_rows "$OUT/summary.csv")" -eq 1 ]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    cells_match
    run "$S" status "$OUT"
    echo "$output"
    [ "${lines[0]}" = "$OUT: ok" ]
    [[ "$output" == *"runs recorded: 2 of 2"* ]]
}

@test "run.json is written whole at the start and the end only, however many cells; status folds in the cells since" {
    need_strace
    for pages in 4k,8k 1k,2k,4k,8k,16k,32k; do
        rm -rf "$OUT" "$DB"
        mkdir -p "$OUT"
        calls "$OUT/.run.json.tmp" rename run --rows 1k --chunk 1k --reads 10 \
            --page-size "$pages" --db-dir "$DB" --out "$OUT" "${Q[@]}" >>"$T/counts"
    done
    cat "$T/counts"
    [ "$(sort -u "$T/counts" | wc -l)" -eq 1 ]
    [ "$(head -n 1 "$T/counts")" -eq 2 ]
    cells_match
    # each of the 6 cells was a line of the log, synced
    rm -rf "$OUT" "$DB"
    mkdir -p "$OUT"
    [ "$(calls "$OUT/.run.cells" fdatasync run --rows 1k --chunk 1k --reads 10 \
        --page-size 1k,2k,4k,8k,16k,32k --db-dir "$DB" --out "$OUT" "${Q[@]}")" -eq 6 ]
    # killed as cell 3's summary row is written: two cells recorded
    rm -rf "$OUT" "$DB"
    mkdir -p "$OUT"
    faulted "$OUT/summary.csv" write signal=SIGKILL:when=4 \
        run --rows 1k --chunk 1k --reads 10 --page-size 1k,2k,4k,8k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$RC" -eq 137 ]
    json_is status running cells_log .run.cells
    [ "$(wc -l <"$OUT/.run.cells")" -eq 2 ]
    run "$S" status "$OUT"
    echo "$output"
    [[ "$output" == *"runs recorded: 2 of 4"* ]]
    run "$S" resume "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    cells_match
    [ ! -e "$OUT/.run.cells" ]
    json_is cells_log None
}

# ---- --max-time over a kill -9 ----

@test "--max-time bounds the run across a kill -9: the time to the last recorded chunk counts" {
    # killed as the cell finds its 2 s used, its last chunk recorded (the
    # test hook holds it there); its chunks slowed by sleeps (5 ms every
    # 256 rows), so that the 2 s pass mostly with the CPU idle
    SQLSOAK_TEST_HANG='1:deadline:*' SQLSOAK_TEST_SLOW=5000 start run --rows 100M --chunk 5k \
        --reads 100 --max-time 2s --db-dir "$DB" --out "$OUT" "${Q[@]}"
    hook_pid
    kill -9 "$PID"
    finish
    [ "$RC" -eq 137 ]
    before=$(field elapsed_s "$OUT/chunks.csv" | tail -n 1)
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    # the cell ended interrupted; the resumed cell stops at the budget, one
    # chunk past it at most (not a whole new budget after the kill)
    python3 - "$OUT" "$before" <<'PY'
import csv, sys
s, = csv.DictReader(open(sys.argv[1] + "/summary.csv", newline=""))
assert s["status"] == "interrupted", s
rows = list(csv.DictReader(open(sys.argv[1] + "/chunks.csv", newline="")))
before = float(sys.argv[2])
last = float(rows[-1]["elapsed_s"])
chunk = max(float(r["write_s"]) + float(r["read_s"] or 0) for r in rows)
assert before >= 1.5, before
assert last <= 2 + 2 * chunk + 0.5, (before, last, chunk)
PY
}

# ---- run.json's reserve ----

@test "less room under --out than run.json's reserve: one line, exit 2, nothing created" {
    small_disk 128k
    OUT=$MNT/out
    run "$S" run --rows 2k --chunk 1k --reads 1k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" == *"--out $OUT: only "*" KiB free on its disk, a run needs "*" KiB there"* ]]
    [ -z "$(ls -A "$MNT")" ]
    [ ! -e "$DB" ]
}

@test "a run.json larger than 256 KiB when the results disk fills: run.json still says disk_full" {
    small_disk 16m
    OUT=$MNT/out
    start run --rows 10 --chunk 10 --reads 0 --repeat 400 --sync off --db-dir "$DB" \
        --out "$OUT" "${Q[@]}"
    # some 300 cells recorded, run.json's would be larger than 256 KiB: the
    # disk filled by another file
    wait_rows "$OUT/summary.csv" 300 120
    dd if=/dev/zero of="$MNT/filler" bs=64k 2>/dev/null || true
    finish
    tail -n 3 "$T/stdout"
    [ "$RC" -eq 1 ]
    json_is status disk_full
    [ "$(stat -c %s "$OUT/run.json")" -gt 262144 ]
    cells_match
}

@test "a .run.cells that is a FIFO is left out: status answers" {
    need_strace
    mkdir -p "$OUT"
    faulted "$OUT/summary.csv" write signal=SIGKILL:when=3 \
        run --rows 1k --chunk 1k --reads 10 --page-size 1k,2k,4k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$RC" -eq 137 ]
    rm "$OUT/.run.cells"
    mkfifo "$OUT/.run.cells"
    # (a hang, not a slow machine, is what the limit is for: a generous cap
    # on the wait for status to end, the state the test waits for)
    run timeout 60 "$S" status "$OUT"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"runs recorded: 0 of 3"* ]]
}

@test "a cell's line in .run.cells cannot be written (EIO): exit 1, run.json io_error with the cell, resume finishes" {
    need_strace
    mkdir -p "$OUT"
    faulted "$OUT/.run.cells" write error=EIO:when=1 \
        run --rows 1k --chunk 1k --reads 10 --page-size 4k,8k --db-dir "$DB" --out "$OUT" "${Q[@]}"
    cat "$T/stderr"
    [ "$RC" -eq 1 ]
    json_is status io_error status_detail "*.run.cells: Input/output error*"
    cells_match
    run "$S" resume "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    cells_match
}

@test "resume on a full results disk (its copy of timeline.csv cannot be written): exit 1, run.json disk_full, resumable once there is room" {
    need_strace
    SQLSOAK_TEST_HANG=1:read:2 start run --rows 6k --chunk 1k --reads 1k --verify --db-dir "$DB" \
        --out "$OUT" "${Q[@]}"
    hook_pid >/dev/null
    kill -9 "$PID"
    finish
    [ "$(data_rows "$OUT/chunks.csv")" -eq 2 ]
    # resume rewrites timeline.csv without the unrecorded chunk's rows,
    # through a copy: its first write fails as on a full disk
    faulted "$OUT/timeline.csv.tmp" write error=ENOSPC:when=1 resume "$OUT" "${Q[@]}"
    cat "$T/stdout" "$T/stderr"
    [ "$RC" -eq 1 ]
    json_is status disk_full status_detail "*timeline.csv: No space left on device*"
    grep -qF "resume '$OUT'" "$T/stdout"
    grep -q 'to carry on once there is room: ' "$T/stdout"
    [ ! -e "$OUT/timeline.csv.tmp" ]
    [ "$(data_rows "$OUT/chunks.csv")" -eq 2 ]
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 "$CHECK" soak "$OUT" 6000 1000 1
}
