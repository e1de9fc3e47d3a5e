#!/usr/bin/env bats
# A matrix in shares (run --shard K/N) and sqlsoak merge: the shares join
# into the cells, and the deterministic figures, of one unsharded run.

bats_require_minimum_version 1.5.0

load helpers/common

# The matrix of the tests.
M=(--rows 20k --chunk 10k --reads 1k --page-size 1k,4k --journal delete,wal --seed 7
   --progress never --no-plot)

# Two shares of the matrix (s1, s2), and its unsharded run (whole), made
# once for the tests that read them or damage a copy.
setup_file() {
    mkdir -p "$BATS_FILE_TMPDIR/shares"
    cd "$BATS_FILE_TMPDIR/shares"
    for k in 1 2; do
        "$S" run "${M[@]}" --shard $k/2 --db-dir db --out s$k >/dev/null
    done
    "$S" run "${M[@]}" --db-dir db --out whole >/dev/null
}

setup() {
    runs_setup
    cd "$T"
    WHOLE=$BATS_FILE_TMPDIR/shares/whole
}

teardown() {
    runs_teardown
}

load helpers/runs

# same_cells A B: the two folders' summary.csv hold the same cells with
# the same deterministic figures (timings are not compared).
same_cells() {
    python3 - "$1" "$2" <<'PY'
import csv, json, sys
a, b = ([r for r in csv.DictReader(open(f"{d}/summary.csv"))] for d in sys.argv[1:])
keys = ["cell", "repeat", "page_size", "journal_mode", "synchronous", "status", "chunks",
        "rows", "verify_failures", "db_bytes"]
pick = lambda rows: sorted(tuple(r[k] for k in keys) for r in rows)
assert pick(a) == pick(b), (pick(a), pick(b))
ca, cb = ([r for r in csv.DictReader(open(f"{d}/chunks.csv"))] for d in sys.argv[1:])
ck = ["cell", "repeat", "chunk", "rows", "reads", "verify_failures"]
assert sorted(tuple(r[k] for k in ck) for r in ca) == sorted(tuple(r[k] for k in ck) for r in cb)
# the columns that compare cells are filled across every share's cells
assert all(r["write_vs_cell1"] for r in b), [r["write_vs_cell1"] for r in b]
rj = json.load(open(f"{sys.argv[2]}/run.json"))
assert len(rj["cells"]) == rj["cells_planned"] == len(b)
assert all(c["host"]["hostname"] and c["storage"]["fstype"] for c in rj["cells"])
assert sorted(m["shard"] for m in rj["merged_from"]) == ["1/3", "2/3", "3/3"]
assert "shard" not in rj["options"]
PY
}

@test "three shards run one after another merge into the cells and figures of one unsharded run" {
    for k in 1 2 3; do
        "$S" run "${M[@]}" --shard $k/3 --db-dir db --out s$k >/dev/null
    done
    # share 1 of 3 holds combinations 1 and 4; 2/3 holds 2; 3/3 holds 3
    [ "$(cut -d, -f2 s1/summary.csv | tail -n +2 | tr '\n' ' ')" = "1 4 " ]
    [ "$(cut -d, -f2 s2/summary.csv | tail -n +2 | tr '\n' ' ')" = "2 " ]
    run "$S" merge s3 s1 s2 --out merged
    echo "$output"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "merged 3 shares into merged" ]
    same_cells "$WHOLE" merged
    [ -s merged/report.html ]
}

@test "merge refuses folders that are not the shares of one matrix: one line, exit 2, nothing created" {
    cp -r "$BATS_FILE_TMPDIR/shares/"{s1,s2,whole} .
    "$S" run "${M[@]}" --shard 2/2 --rows 10k --db-dir db --out other >/dev/null
    refused() {
        run --separate-stderr "$S" merge "${@:2}" --out merged
        [ "$status" -eq 2 ]
        [ "$stderr" = "sqlsoak merge: $1" ]
        [ ! -e merged ]
    }
    refused "s1 and other ran different plans (--rows differs): not shares of one matrix" s1 other
    refused "share 1 of 2 is given twice: s1 and s1" s1 s1 s2
    refused "share 2 of 2 is missing: give every share's folder" s1
    refused "whole: not a share of a matrix (run without --shard K/N)" s1 whole
    mkdir merged && : >merged/x
    run --separate-stderr "$S" merge s1 s2 --out merged
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak merge: --out merged exists: a results folder is never overwritten" ]
}

@test "--shard takes K/N within the matrix; anything else is refused in one line, exit 2" {
    for bad in 0/3 4/3 x 1/ /3 1/3x +1/3 ' 1/3' '1/3 ' 1.5/3 0x1/3; do
        run --separate-stderr "$S" run "${M[@]}" --shard "$bad" --db-dir db --out o
        [ "$status" -eq 2 ]
        [ "$stderr" = "sqlsoak run: --shard $bad: expected K/N, 1 <= K <= N (2/3: the second of three shares)" ]
    done
    run --separate-stderr "$S" run "${M[@]}" --shard 1/5 --db-dir db --out o
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --shard 1/5: the matrix has 4 combinations, too few for 5 shares" ]
    [ ! -e o ] && [ ! -e db ]
}

@test "README's GNU parallel example: three local jobs, one share each, merged" {
    command -v parallel >/dev/null || skip "no GNU parallel (.ci/deps test installs it)"
    export S
    parallel --will-cite --jobs 3 '"$S" run --rows 20k --chunk 10k --reads 1k --page-size 1k,4k --journal delete,wal --seed 7 --progress never --no-plot --shard {}/3 --db-dir db{} --out share-{} >/dev/null' ::: 1 2 3
    "$S" merge share-1 share-2 share-3 --out night >/dev/null
    same_cells "$WHOLE" night
}

@test "the Ansible playbook (contrib/ansible/fleet.yml) against three local boards: detached shares, fetched, merged, the night added to the results database" {
    command -v ansible-playbook >/dev/null || skip "no ansible-playbook (.ci/deps test installs it)"
    for b in b1 b2 b3 localhost; do
        echo "$b ansible_connection=local ansible_python_interpreter=$E2E_PYTHON"
    done >boards.ini
    # Ansible's controller looks at its workers every millisecond unless
    # told otherwise: CPU spent while the boards work
    printf '[defaults]\ninternal_poll_interval = 0.05\n' >ansible.cfg
    ANSIBLE_CONFIG=$PWD/ansible.cfg run ansible-playbook -i boards.ini "$BATS_TEST_DIRNAME/../../contrib/ansible/fleet.yml" \
        -e fleet_hosts=b1,b2,b3 -e sqlsoak_bin="$S" -e remote_base="$T/boards" \
        -e fetch_dir="$T/fleet" -e poll_seconds=1 -e results_db="$T/fleet.db" -e merge_args=--no-plot \
        -e 'sqlsoak_args="--preset quick --rows 20k --chunk 10k --reads 1k --page-size 1k,4k --journal delete,wal --seed 7"'
    echo "$output" | tail -8
    [ "$status" -eq 0 ]
    # each board ran the preset from the files copied beside its binary
    [ -s "$T/boards/b2/share/sqlsoak/presets/quick.conf" ]
    [ -s "$T/boards/b3/share/sqlsoak/plots/write.gp" ]
    tar -tzf "$T/fleet/sqlsoak-files.tgz" | grep -qx 'share/sqlsoak/reference/.*\.csv'
    cmp "$S" "$T/boards/b1/bin/sqlsoak"
    # only the archive is left of the controller's packing
    [ "$(ls "$T/fleet" | grep -c '^sqlsoak-files')" -eq 1 ]
    # the unsharded run: the preset's one option the matrix leaves, sync
    # full, is the default
    grep -qx 'sync = full' "$T/boards/b2/share/sqlsoak/presets/quick.conf"
    same_cells "$WHOLE" "$T/fleet/merged"
    # merge_args given to the merge: --no-plot, no graph drawn
    [ ! -e "$T/fleet/merged/report.html" ] && ! ls "$T/fleet/merged/plots/"*.png 2>/dev/null
    [ "$(sqlite3 "$T/fleet.db" 'SELECT folder FROM run')" = "$T/fleet/merged" ]
}

# damaged MESSAGE SCRIPT: a copy of share 1 of 2 (c1), damaged by SCRIPT
# (run in its folder), merged with share 2: refused with MESSAGE, exit 2,
# nothing created, the shares unchanged.
damaged() {
    cp -r "$BATS_FILE_TMPDIR/shares/s1" c1
    cp -r "$BATS_FILE_TMPDIR/shares/s2" s2
    (cd c1 && eval "$2")
    local before
    before=$(find c1 s2 -type f | sort | xargs md5sum)
    merge_refused "$1" c1 s2 merged/all
    [ ! -e merged ]
    [ "$(find c1 s2 -type f | sort | xargs md5sum)" = "$before" ]
}

# merge_refused MESSAGE SHARE1 SHARE2 OUT: merging the two shares into OUT
# is refused with MESSAGE alone on standard error, exit 2, OUT not made.
merge_refused() {
    run --separate-stderr "$S" merge "$2" "$3" --out "$4"
    echo "$stderr"
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 0 ]
    [ "$stderr" = "sqlsoak merge: $1" ]
    [ ! -e "$4" ]
}

@test "merge refuses a share whose last chunks.csv row is gone" {
    damaged "c1: summary.csv's cell 3 · repeat 1 counts 2 chunks and 20000 rows, chunks.csv holds 1 chunks and 10000 rows" \
        'sed -i "\$d" chunks.csv'
}

@test "merge refuses a share with a chunks.csv row gone from the middle" {
    damaged "c1: summary.csv's cell 1 · repeat 1 counts 2 chunks and 20000 rows, chunks.csv holds 1 chunks and 10000 rows" \
        'sed -i 3d chunks.csv'
}

@test "merge refuses a share with a chunks.csv row twice" {
    damaged "c1/chunks.csv: line 3: cell 1 · repeat 1's chunk 0 where chunk 1 was due: a chunk twice" \
        'sed -i 2p chunks.csv'
}

@test "merge refuses a share whose chunks.csv ends in a half line" {
    damaged "c1/chunks.csv: its last line is cut short: cannot merge" \
        'head -c -20 chunks.csv >x && mv x chunks.csv'
}

@test "merge refuses a share with a summary row missing" {
    damaged "c1: summary.csv has 1 rows, run.json 2 cells" 'sed -i "\$d" summary.csv'
}

@test "merge refuses a share whose summary says failed where run.json says ok" {
    damaged "c1: summary.csv's row 1 (cell 1 · repeat 1, failed): its status is not run.json's" \
        'sed -i "2s/,ok,/,failed,/" summary.csv'
    rm -rf c1 s2
    # every cell's record says failed, run.json's status ok
    damaged "c1: run.json says ok, summary.csv that a cell failed" \
        'sed -i "2s/,ok,/,failed,/" summary.csv
         python3 -c "
import json
for f in \"run.json\", \"summary.json\":
    j = json.load(open(f)); j[\"cells\"][0][\"status\"] = \"failed\"; json.dump(j, open(f, \"w\"))"'
}

@test "merge refuses a share whose summary.json disagrees with its summary.csv" {
    damaged "c1/summary.json: cell 3 · repeat 1: its status is not summary.csv's" \
        'python3 -c "
import json
j = json.load(open(\"summary.json\")); j[\"cells\"][1][\"status\"] = \"failed\"; json.dump(j, open(\"summary.json\", \"w\"))"'
}

@test "merge refuses a share whose summary figures are not what its chunks give" {
    damaged "c1/summary.csv: cell 1 · repeat 1: write_rows_per_s_median is not what its chunks give" \
        'python3 -c "
import csv
r = list(csv.reader(open(\"summary.csv\"))); i = r[0].index(\"write_rows_per_s_median\")
r[1][i] = str(float(r[1][i]) * 2); csv.writer(open(\"summary.csv\", \"w\"), lineterminator=\"\n\").writerows(r)"'
    rm -rf c1 s2
    # a tenth of a percent more: past the rounding of the chunks' rates
    damaged "c1/summary.csv: cell 1 · repeat 1: write_rows_per_s_median is not what its chunks give" \
        'setcol summary.csv 2 write_rows_per_s_median "$(field write_rows_per_s_median summary.csv | head -1 | awk "{printf \"%.1f\", \$1 * 1.001}")"'
}

# setcol FILE LINE COLUMN VALUE: FILE's field of COLUMN on line LINE (the
# header is line 1) set to VALUE, every other byte as it was.
setcol() {
    python3 - "$@" <<'PY'
import csv, sys
path, line, col, value = sys.argv[1:]
rows = list(csv.reader(open(path, newline="")))
rows[int(line) - 1][rows[0].index(col)] = value
csv.writer(open(path, "w", newline=""), lineterminator="\n").writerows(rows)
PY
}

@test "merge refuses a share whose chunk holds other rows, reads or updates than the plan gives it" {
    damaged "c1/chunks.csv: line 2: chunk 0 of cell 1 · repeat 1 does not hold the rows the plan gives it (10001 rows where the plan gives 10000)" \
        'setcol chunks.csv 2 rows 10001'
    rm -rf c1 s2
    damaged "c1/chunks.csv: line 3: chunk 1 of cell 1 · repeat 1 does not hold the chunk_rows the plan gives it (9999 chunk_rows where the plan gives 10000)" \
        'setcol chunks.csv 3 chunk_rows 9999'
    rm -rf c1 s2
    damaged "c1/chunks.csv: line 2: chunk 0 of cell 1 · repeat 1 does not hold the reads the plan gives it (1001 reads where the plan gives 1000)" \
        'setcol chunks.csv 2 reads 1001'
    rm -rf c1 s2
    damaged "c1/chunks.csv: line 3: chunk 1 of cell 1 · repeat 1 does not hold the updates the plan gives it (5 updates where the plan gives 0)" \
        'setcol chunks.csv 3 updates 5'
}

@test "merge refuses a share whose latency percentile is not what its histograms give" {
    damaged "c1/summary.csv: cell 1 · repeat 1: read_p99_us is not what its chunks give" \
        'setcol summary.csv 2 read_p99_us 1.0'
}

@test "merge refuses a share with a histograms.csv row deleted, twice, or of no chunk" {
    damaged "c1/histograms.csv: no histogram of chunk 1 of cell 1 · repeat 1" 'sed -i 3d histograms.csv'
    rm -rf c1 s2
    damaged "c1/histograms.csv: line 3: a second histogram of chunk 0 of cell 1 · repeat 1" \
        'sed -i 2p histograms.csv'
    rm -rf c1 s2
    damaged "c1/histograms.csv: line 2: a histogram of chunk 7 of cell 1 · repeat 1, which chunks.csv lacks" \
        'setcol histograms.csv 2 chunk 7'
}

@test "merge refuses a share whose reason or wall_s differ from run.json's" {
    damaged "c1: summary.csv's row 1 (cell 1 · repeat 1, ok): its reason is not run.json's" \
        'setcol summary.csv 2 reason edited'
    rm -rf c1 s2
    damaged "c1: summary.csv's row 2 (cell 3 · repeat 1, ok): its wall_s is not run.json's" \
        'setcol summary.csv 3 wall_s 99.5'
}

@test "merge refuses a share whose summary.json figure is not summary.csv's" {
    damaged "c1/summary.json: cell 1 · repeat 1: its read_p99_us is not summary.csv's" \
        'python3 -c "
import json
j = json.load(open(\"summary.json\")); j[\"cells\"][0][\"figures\"][\"read_p99_us\"][\"value\"] = 1.0; json.dump(j, open(\"summary.json\", \"w\"))"'
}

@test "merge names a share with CR LF line ends as the culprit, whichever share comes first" {
    cp -r "$BATS_FILE_TMPDIR/shares/s1" c1
    cp -r "$BATS_FILE_TMPDIR/shares/s2" s2
    sed -i 's/$/\r/' c1/chunks.csv
    for order in "c1 s2" "s2 c1"; do
        run --separate-stderr "$S" merge $order --out merged
        echo "$stderr"
        [ "$status" -eq 2 ]
        [ "$stderr" = "sqlsoak merge: c1/chunks.csv: its lines end in CR LF, sqlsoak's in LF alone (an edit): cannot merge" ]
        [ ! -e merged ]
    done
    # the untouched shares merge
    run "$S" merge "$BATS_FILE_TMPDIR/shares/s1" s2 --out merged --no-plot
    [ "$status" -eq 0 ]
    [ -s merged/summary.csv ]
    # --no-plot: the folder joined, no graph drawn
    [ ! -e merged/report.html ] && ! ls merged/plots/*.png 2>/dev/null
}

@test "shares of --reads chunk (a chunk's rows read, its default) merge, their reads checked" {
    for k in 1 2; do
        "$S" run --rows 2k --chunk 1k --page-size 1k,4k --seed 7 --progress never --no-plot \
            --shard $k/2 --db-dir db --out s$k >/dev/null
    done
    run --separate-stderr "$S" merge s1 s2 --out merged --no-plot
    echo "$stderr"
    [ "$status" -eq 0 ]
    python3 -c 'import csv, json
assert json.load(open("s1/run.json"))["options"]["reads"] == "chunk"
reads = {r["reads"] for r in csv.DictReader(open("merged/chunks.csv", newline=""))}
assert reads == {"1000"}, reads'
    setcol s1/chunks.csv 3 reads 999
    merge_refused "s1/chunks.csv: line 3: chunk 1 of cell 1 · repeat 1 does not hold the reads the plan gives it (999 reads where the plan gives 1000)" \
        s1 s2 merged2
}

@test "shares with updates and deletes merge; a chunk's deletes under --delete-keys oldest edited are refused" {
    # 900 a chunk empty the table in the last chunk: its reads are none
    for k in 1 2; do
        "$S" run --rows 3500 --chunk 1k --reads 50 --updates 100 --deletes 300,900 --seed 7 \
            --progress never --no-plot --shard $k/2 --db-dir db --out s$k >/dev/null
    done
    [ "$(field reads s2/chunks.csv | tr '\n' ' ')" = "50 50 50 0 " ]
    run --separate-stderr "$S" merge s1 s2 --out merged --no-plot
    echo "$stderr"
    [ "$status" -eq 0 ]
    setcol s1/chunks.csv 2 deletes 299
    merge_refused "s1/chunks.csv: line 2: chunk 0 of cell 1 · repeat 1 does not hold the deletes the plan gives it (299 deletes where the plan gives 300)" \
        s1 s2 merged2
}

@test "shares with --readers and a paced writer merge: their figures from the chunks and histograms agree" {
    for k in 1 2; do
        "$S" run --rows 5k --chunk 1k --reads 200 --readers 2 --write-rate 50000 --journal wal \
            --page-size 1k,4k --seed 7 --progress never --no-plot --shard $k/2 --db-dir db \
            --out s$k >/dev/null
    done
    python3 -c 'import csv
for r in csv.DictReader(open("s1/summary.csv", newline="")):
    assert r["reader_ops_per_s"] and r["txn_p99_us"], r'
    run --separate-stderr "$S" merge s1 s2 --out merged --no-plot
    echo "$stderr"
    [ "$status" -eq 0 ]
}

@test "merge refuses a share that another sqlsoak version wrote" {
    damaged "c1: run.json says sqlsoak 0.2.0 wrote it, this is $("$S" --version | awk '{print $2}'): merge its shares with the sqlsoak that ran them" \
        'sed -i "s/\"version\": \"[^\"]*\"/\"version\": \"0.2.0\"/" run.json'
}

@test "merge refuses a share whose run.json says interrupted, every cell present" {
    damaged "c1: run.json says the run ended interrupted, not finished: resume it first" \
        'sed -i "s/^  \"status\": \"ok\"/  \"status\": \"interrupted\"/" run.json'
}

@test "merge refuses a share with a NUL byte or binary garbage in a file it copies" {
    damaged "c1/chunks.csv line 2: a NUL byte: the file is damaged" \
        'printf "\0" | dd of=chunks.csv bs=1 seek=$(($(head -1 chunks.csv | wc -c) + 30)) conv=notrunc status=none'
    rm -rf c1 s2
    damaged "c1/timeline.csv line 10: a NUL byte: the file is damaged" \
        'printf "garbage\0\1\2\n" >>timeline.csv'
}

@test "merge refuses --out inside a share, by any path" {
    cp -r "$BATS_FILE_TMPDIR/shares/s1" "$BATS_FILE_TMPDIR/shares/s2" .
    for out in s1/sub ./s2/../s1/a/b; do
        run --separate-stderr "$S" merge s1 s2 --out "$out"
        [ "$status" -eq 2 ]
        [ "$stderr" = "sqlsoak merge: --out $out is inside the share s1: give a folder outside every share" ]
        [ ! -e s1/sub ] && [ ! -e s1/a ]
    done
}

@test "a merged folder has summary.json, saying what its summary.csv says" {
    cp -r "$BATS_FILE_TMPDIR/shares/s1" "$BATS_FILE_TMPDIR/shares/s2" .
    run "$S" merge s2 s1 --out merged --no-plot
    [ "$status" -eq 0 ]
    python3 - merged <<'PY'
import csv, json, sys
rows = list(csv.DictReader(open(f"{sys.argv[1]}/summary.csv")))
cells = json.load(open(f"{sys.argv[1]}/summary.json"))["cells"]
assert len(rows) == len(cells) == 4, (len(rows), len(cells))
for r, c in zip(rows, cells):
    assert (int(r["cell"]), int(r["repeat"]), r["status"]) == (c["cell"], c["repeat"], c["status"]), (r, c)
    for col in ("write_rows_per_s_median", "write_vs_cell1", "chunks"):
        assert abs(float(r[col]) - c["figures"][col]["value"]) < 1e-9, (col, r[col], c["figures"][col])
PY
}

@test "merge removes what it made, and only that, when a write fails once --out exists" {
    cp -r "$BATS_FILE_TMPDIR/shares/s1" "$BATS_FILE_TMPDIR/shares/s2" .
    mkdir keep empty && : >keep/mine
    # at most 20 KiB a file: summary.json (about 38 KB) is cut short, EFBIG
    for out in keep/a/b empty; do
        run --separate-stderr bash -c 'trap "" XFSZ; ulimit -f 20; exec "$0" merge s1 s2 --out "$1"' "$S" "$out"
        [ "$status" -eq 1 ]
        [ "$stderr" = "sqlsoak merge: cannot write $out/summary.json: File too large" ]
    done
    [ "$(ls -A keep)" = "mine" ]
    [ -d empty ] && [ -z "$(ls -A empty)" ]
}

@test "a share killed and resumed merges: its resumed cell's figures are what its chunks give" {
    cp -r "$BATS_FILE_TMPDIR/shares/s2" .
    # killed once chunk 1 of cell 1 is committed, before its row reaches chunks.csv
    SQLSOAK_TEST_HANG=1:record:1 start run "${M[@]}" --shard 1/2 --db-dir db --out s1
    hung=$(hook_pid)
    kill -9 "$PID" "$hung"
    finish
    run "$S" resume s1 --progress never
    [ "$status" -eq 0 ]
    run --separate-stderr "$S" merge s1 s2 --out merged --no-plot
    echo "$stderr"
    [ "$status" -eq 0 ]
    python3 -c 'import csv
col = lambda f, c: [r[c] for r in csv.DictReader(open(f, newline=""))]
assert col("s1/chunks.csv", "resumed") == ["0", "1", "0", "0"], col("s1/chunks.csv", "resumed")
assert col("merged/summary.csv", "chunks") == ["2"] * 4, col("merged/summary.csv", "chunks")'
}

@test "shares whose cells failed merge, their run.json saying failed" {
    for k in 1 2; do
        SQLSOAK_TEST_CORRUPT_ROW=3 run "$S" run "${M[@]}" --verify --shard $k/2 --db-dir db --out s$k
        [ "$status" -eq 1 ]
    done
    run --separate-stderr "$S" merge s1 s2 --out merged --no-plot
    echo "$stderr"
    [ "$status" -eq 0 ]
    python3 -c 'import csv, json
assert json.load(open("s1/run.json"))["status"] == "failed"
st = {r["status"] for r in csv.DictReader(open("merged/summary.csv", newline=""))}
assert st == {"verify_failed"}, st'
}
