#!/usr/bin/env bats
# The night's story (issue 13): timeline.csv adds up to chunks.csv, a stall
# injected in the write phase shows in write_stall_max_ms and the
# timeline, the telemetry of fixture trees (SQLSOAK_SYSROOT) lands in
# chunks.csv and run.json as documented, --metrics parses as the
# Prometheus text format at every chunk with the cell's settings as labels, and resume continues the
# timeline without gaps or duplicates.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    CHECK=$BATS_TEST_DIRNAME/helpers/night_check.py
    FIX=$BATS_TEST_DIRNAME/../fixtures/sysroot
    scratch
    PID=
}

teardown() {
    if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then
        kill -9 "$PID" 2>/dev/null || true
        wait "$PID" 2>/dev/null || true
    fi
}

# col FILE NAME: the column NAME of every data row of a CSV file.
col() {
    python3 -c 'import csv,sys
for r in csv.DictReader(open(sys.argv[1], newline="")): print(r[sys.argv[2]])' "$1" "$2"
}

@test "timeline: the rows of every chunk add up exactly to its rows and reads" {
    run "$S" run --rows 30k --chunk 10k --reads 3000 --journal delete,wal --commit-every 1000 \
        --timeline-interval 10 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    run python3 "$CHECK" sums "$OUT"
    echo "$output"
    [ "$status" -eq 0 ]
    # every phase of the run is there, each row a whole CSV row of its schema
    # every phase of the run is there (a COMMIT as long as an interval has
    # its own row: how long one takes is this machine's business)
    [ "$(col "$OUT/timeline.csv" phase | grep -v commit | sort -u | tr '\n' ' ')" = "read write " ]
    [ "$(col "$OUT/timeline.csv" schema_version | sort -u)" = 5 ]
    # a COMMIT each chunk: its slowest is recorded
    for v in $(col "$OUT/chunks.csv" commit_max_ms); do [ -n "$v" ]; done
}

@test "timeline: --verify and --reads 0 phases; a transaction across chunks leaves commit_max_ms empty" {
    run "$S" run --rows 20k --chunk 5k --reads 0 --commit-every 20000 --verify \
        --timeline-interval 10 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 "$CHECK" sums "$OUT"
    [ "$(col "$OUT/timeline.csv" phase | grep -v commit | sort -u | tr '\n' ' ')" = "verify write " ]
    # verify's rows are the table's rows, all of them
    [ "$(python3 -c 'import csv,sys
print(sum(int(r["ops"]) for r in csv.DictReader(open(sys.argv[1])) if r["phase"] == "verify"))' \
        "$OUT/timeline.csv")" = 20000 ]
    # only the last chunk commits
    [ "$(col "$OUT/chunks.csv" commit_max_ms | sed 's/^[0-9][0-9.]*$/x/' | tr '\n' ' ')" = "   x " ]
}

@test "stall: a pause injected in the write phase shows in write_stall_max_ms and the timeline" {
    SQLSOAK_TEST_STALL=25000:800 run "$S" run --rows 40k --chunk 10k --reads 1000 \
        --timeline-interval 50 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    run python3 "$CHECK" stall "$OUT" 25000 800
    echo "$output"
    [ "$status" -eq 0 ]
    python3 "$CHECK" sums "$OUT"
}

@test "stall: with a COMMIT per row, the pause still shows and the COMMITs count as progress" {
    SQLSOAK_TEST_STALL=1500:600 run "$S" run --rows 2000 --chunk 1000 --reads 100 \
        --commit-every 1 --sync off --timeline-interval 50 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 "$CHECK" stall "$OUT" 1500 600
    python3 "$CHECK" sums "$OUT"
}

# fixture ROOT: a run with the device files read under ROOT.
fixture() {
    SQLSOAK_SYSROOT="$FIX/$1" run "$S" run --rows 4000 --chunk 1000 --reads 100 \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
}

@test "telemetry: a Raspberry Pi 4 tree gives its temperature, clock and throttled flags" {
    fixture pi4
    [ "$(col "$OUT/chunks.csv" temp_c | sort -u)" = 61.3 ]
    [ "$(col "$OUT/chunks.csv" cpu_mhz | sort -u)" = 600 ]
    [ "$(col "$OUT/chunks.csv" throttled | sort -u)" = 0x50005 ]
}

@test "telemetry: a desktop tree gives the hottest zone and the fastest CPU, no throttled flags" {
    fixture desktop
    [ "$(col "$OUT/chunks.csv" temp_c | sort -u)" = 45.0 ]
    [ "$(col "$OUT/chunks.csv" cpu_mhz | sort -u)" = 3400 ]
    [ "$(col "$OUT/chunks.csv" throttled | sort -u)" = "" ]
    # one value in every chunk, a flat line: neither graph is drawn, and
    # the page says so, not that nothing was recorded
    run "$S" plot "$OUT"
    [ ! -e "$OUT/plots/telemetry_temp.png" ] && [ ! -e "$OUT/plots/telemetry_clock.png" ]
    grep -q "<li>telemetry_temp: the temperature was the same at every chunk&#39;s end (a flat line says nothing)</li>" "$OUT/report.html"
    grep -q "<li>telemetry_clock: the CPU clock was the same at every chunk&#39;s end (a flat line says nothing)</li>" "$OUT/report.html"
}

@test "telemetry: a VM tree that exposes none gives empty fields, never zeros" {
    fixture vm
    for c in temp_c cpu_mhz throttled device_busy_pct device_reads device_writes \
        dev_write_bytes dev_read_bytes; do
        [ "$(col "$OUT/chunks.csv" $c | sort -u)" = "" ]
    done
    # no device statistics: no bytes a row, no idle sample (nor its wait)
    [ "$(col "$OUT/summary.csv" dev_write_bytes_per_row | sort -u)" = "" ]
    python3 -c 'import json,sys; j = json.load(open(sys.argv[1])); assert "device_idle" not in j and "device_life" not in j' "$OUT/run.json"
    # and the graphs that need them are skipped, saying why
    run "$S" plot "$OUT"
    grep -q '<li>telemetry_temp: no temperature was recorded' "$OUT/report.html"
    grep -q '<li>telemetry_clock: no CPU clock was recorded' "$OUT/report.html"
}

@test "metrics: the file parses as Prometheus text at every chunk; every sample has the cell's settings" {
    prom_python || skip "no Prometheus text parser (Debian package python3-prometheus-client)"
    mkdir -p "$T/copies"
    SQLSOAK_SYSROOT="$FIX/pi4" SQLSOAK_TEST_METRICS_COPY="$T/copies" run "$S" run \
        --rows 6000 --chunk 2000 --reads 200 --page-size 4k,8k --metrics "$T/sqlsoak.prom" \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    # 2 cells x (3 chunks + the cell's end)
    [ "$(ls "$T/copies" | wc -l)" -eq 8 ]
    run python3 "$BATS_TEST_DIRNAME/helpers/promcheck.py" "$T/copies"/*.prom "$T/sqlsoak.prom"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 "$CHECK" metrics "$OUT" "$T/copies"
    grep -q '^sqlsoak_temperature_celsius{.*} 61.32' "$T/sqlsoak.prom"
    grep -q '^sqlsoak_throttled_flags{.*} 327685$' "$T/sqlsoak.prom"   # 0x50005
    grep -q 'sqlsoak_cell_status{.*status="running"} 1' "$T/copies/cell-2-1-chunk-1.prom"
    grep -q 'sqlsoak_cell_status{.*status="ok"} 1' "$T/sqlsoak.prom"
    # replaced by rename: no temporary file left beside it
    [ ! -e "$T/sqlsoak.prom.tmp" ]
}

# prom_python: whether the tests' python3 (Debian's, where there is one:
# helpers/common.bash) has the prometheus_client parser.
prom_python() {
    python3 -c 'import prometheus_client.parser' 2>/dev/null
}

@test "metrics: the checker refuses what a scraper would" {
    prom_python || skip "no Prometheus text parser (Debian package python3-prometheus-client)"
    check="$BATS_TEST_DIRNAME/helpers/promcheck.py"
    printf '# HELP a_total A.\n# TYPE a_total counter\na_total{x="1"} 3\n' >"$T/good.prom"
    run python3 "$check" "$T/good.prom"
    [ "$status" -eq 0 ]
    printf 'a 1\n' >"$T/nohelp.prom"
    printf '# HELP a A.\n# TYPE a gauge\na{x="1"} 1\na{x="1"} 2\n' >"$T/dup.prom"
    printf '# HELP a A.\n# TYPE a gauge\na{x="1} 1\n' >"$T/torn.prom"
    printf '# HELP a A.\n# TYPE a counter\na 1\n' >"$T/counter.prom"
    for f in nohelp dup torn counter; do
        run python3 "$check" "$T/$f.prom"
        echo "$f: $output"
        [ "$status" -eq 1 ]
        [[ "$output" == "$T/$f.prom: "* ]]
    done
}

@test "metrics: a file name not ending in .prom is refused before anything is created" {
    run "$S" run --rows 2000 --chunk 1000 --metrics "$T/state.txt" --db-dir "$DB" --out "$OUT" \
        "${Q[@]}"
    [ "$status" -eq 2 ]
    [[ "$output" == *"--metrics"*".prom"* ]]
    [ ! -e "$OUT" ]
}

@test "device: run.json names the card of an mmcblk device and its hashed identity, never its serial or cid" {
    # the Pi's tree, with the device holding --db-dir linked to its card
    mkdir -p "$DB"
    python3 "$CHECK" sysroot "$FIX/pi4" "$T/root" "$DB"
    SQLSOAK_SYSROOT="$T/root" run "$S" run --rows 2000 --chunk 1000 --reads 10 \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    run python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["storage"], sort_keys=True))' "$OUT/run.json"
    echo "$output"
    [[ "$output" == *'"block_device": "mmcblk0"'* ]]
    [[ "$output" == *'"card": {"date": "04/2021", "manfid": "0x000003", "name": "SR64G", "oemid": "0x5344", "type": "SD"}'* ]]
    [[ "$output" == *'"rotational": 0'* ]]
    # XXH64 of the fixture's cid, not the cid itself nor the serial it holds
    [[ "$output" == *'"device_id": "xxh64:d771ecd5997d8b70"'* ]]
    ! grep -rqi 8a5b3c2d "$OUT" || return 1
    ! grep -rqi 0353445352363447 "$OUT" || return 1
    # the card's counters did not move: its activity is 0, measured
    [ "$(col "$OUT/chunks.csv" device_writes | sort -u)" = 0 ]
    [ "$(col "$OUT/chunks.csv" device_busy_pct | sort -u)" = 0.0 ]
    # the report's header names it
    "$S" plot "$OUT" >/dev/null
    grep -q 'SD card SR64G (manfid 0x000003, oemid 0x5344, 04/2021)' "$OUT/report.html"
}

@test "device: an eMMC's own wear estimate, read at the run's start and again at its end, in run.json and report.html" {
    # a Compute Module 4's tree: its eMMC reports life_time and pre_eol_info
    mkdir -p "$DB"
    python3 "$CHECK" sysroot "$FIX/cm4" "$T/root" "$DB"
    dev=$T/root/sys/block/mmcblk0/device
    # a chunk slow enough (0.3 s at each of its 4 ticks) to change the
    # card's estimate while the run goes on
    SQLSOAK_SYSROOT="$T/root" SQLSOAK_TEST_SLOW=300000 "$S" run --rows 2000 --chunk 1000 \
        --reads 10 --db-dir "$DB" --out "$OUT" "${Q[@]}" >"$T/stdout" 2>&1 3>&- &
    PID=$!
    for ((i = 0; i < 3000; i++)); do
        [ "$(wc -l <"$OUT/chunks.csv" 2>/dev/null || echo 0)" -ge 2 ] && break
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.01
    done
    # the card wore on during the second chunk
    echo '0x02 0x03' >"$dev/life_time"
    echo 0x02 >"$dev/pre_eol_info"
    wait "$PID"
    PID=
    run python3 -c 'import json,sys; print(json.dumps(json.load(open(sys.argv[1]))["device_life"], sort_keys=True))' "$OUT/run.json"
    echo "$output"
    [ "$output" = '{"block_device": "mmcblk0", "end": {"life_time": "0x02 0x03", "life_time_est_a": 2, "life_time_est_b": 3, "pre_eol_info": 2}, "start": {"life_time": "0x01 0x02", "life_time_est_a": 1, "life_time_est_b": 2, "pre_eol_info": 1}}' ]
    # the fixture's counters stand still: the device wrote 0 bytes, measured, not empty
    [ "$(col "$OUT/chunks.csv" dev_write_bytes | sort -u)" = 0 ]
    "$S" plot "$OUT" >/dev/null
    grep -q "Its own wear estimate (eMMC <code>life_time</code>, <code>pre_eol_info</code>): at the run's start, type A 0-10% of its life used, type B 10-20% of its life used, pre-EOL normal, at the run's end, type A 10-20% of its life used, type B 20-30% of its life used, pre-EOL warning (80% of its reserved blocks used), as the device says it." "$OUT/report.html"
    # an SD card reports no such estimate: no record
    rm -rf "$T/root" "$OUT"
    python3 "$CHECK" sysroot "$FIX/pi4" "$T/root" "$DB"
    SQLSOAK_SYSROOT="$T/root" run "$S" run --rows 2000 --chunk 1000 --reads 10 \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 -c 'import json,sys; j = json.load(open(sys.argv[1])); assert "device_life" not in j; assert j["device_idle"]["write_bytes_per_s"] == 0, j["device_idle"]' "$OUT/run.json"
}

@test "device: a SATA disk's vendor and model" {
    mkdir -p "$DB"
    python3 "$CHECK" sysroot "$FIX/desktop" "$T/root" "$DB"
    SQLSOAK_SYSROOT="$T/root" run "$S" run --rows 2000 --chunk 1000 --reads 10 \
        --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$status" -eq 0 ]
    run python3 -c 'import json,sys; s = json.load(open(sys.argv[1]))["storage"]; print(s["block_device"], s["vendor"], s["model"], "card" in s)' "$OUT/run.json"
    [ "$output" = "sda ATA Samsung SSD 870 False" ]
}

# killed_run LINES ARGS...: sqlsoak run ARGS in the background, killed (-9)
# once chunks.csv has LINES lines: the test hook holds the cell after
# that chunk, so the run cannot end first.
killed_run() {
    local lines=$1 i
    shift
    SQLSOAK_TEST_HANG=1:between:$((lines - 2)) "$S" run "$@" --db-dir "$DB" --out "$OUT" \
        "${Q[@]}" >"$T/stdout" 2>&1 3>&- &
    PID=$!
    for ((i = 0; i < 6000; i++)); do
        grep -q "^sqlsoak test hook: " "$T/stdout" 2>/dev/null && break
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.01
    done
    grep -q "^sqlsoak test hook: " "$T/stdout" || { cat "$T/stdout"; return 1; }
    kill -9 "$PID"
    wait "$PID" 2>/dev/null || true
    PID=
    [ "$(col "$OUT/chunks.csv" chunk | wc -l)" -eq $((lines - 1)) ]
}

@test "resume: after a kill mid-run the timeline goes on without gaps or duplicates" {
    killed_run 3 --rows 400k --chunk 50k --reads 2000 --timeline-interval 10
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(col "$OUT/chunks.csv" chunk | tr '\n' ' ')" = "0 1 2 3 4 5 6 7 " ]
    run python3 "$CHECK" sums "$OUT"
    echo "$output"
    [ "$status" -eq 0 ]
    # the chunks run again are marked, and their timeline is theirs alone
    [ "$(col "$OUT/chunks.csv" resumed | sort -u | tr '\n' ' ')" = "0 1 " ]
}

@test "resume: refuses a timeline.csv of other columns, and changes nothing" {
    killed_run 2 --rows 400k --chunk 50k --reads 2000
    sed -i '1s/,ops,/,operations,/' "$OUT/timeline.csv"
    before=$(cd "$OUT" && sha256sum chunks.csv summary.csv timeline.csv run.json)
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 2 ]
    [[ "$output" == *"timeline.csv: not a sqlsoak timeline.csv (its header has no ops column)"* ]]
    [ "$(cd "$OUT" && sha256sum chunks.csv summary.csv timeline.csv run.json)" = "$before" ]
}
