#!/usr/bin/env bats
# reads.bats: where the reads come from (--os-cache keep or drop, measured
# by db_cached_pct and read_io_bytes), and summary figures that mean what
# their names say: a cell's latency percentiles are those of all its reads
# (also across a resume), a partial last chunk does not bend the slope, the
# final database size is taken after the close, times have the digits their
# rates need.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/runs

setup() {
    scratch
}


@test "os-cache drop: reads find the database out of the OS cache and read it from storage" {
    fs=$(stat -f -c %T "$T")
    case "$fs" in
        tmpfs|ramfs) skip "$T is on $fs: its pages are its storage, the kernel keeps them" ;;
    esac
    run "$S" run --rows 160k --chunk 40k --reads 2k --value-size 100 --os-cache drop \
        --db-dir "$T/db" --out "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$T/out" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1] + "/chunks.csv")))
assert len(rows) == 4
for r in rows:
    assert r["os_cache"] == "drop", r
    assert int(r["db_bytes"]) > 4 << 20 or r["chunk"] == "0", r   # more than a few MiB
    assert float(r["db_cached_pct"]) <= 5, (r["chunk"], r["db_cached_pct"])
    assert int(r["read_io_bytes"]) > 0, (r["chunk"], r["read_io_bytes"])
s = list(csv.DictReader(open(sys.argv[1] + "/summary.csv")))[0]
assert float(s["db_cached_pct_median"]) <= 5 and float(s["read_io_bytes_per_read"]) > 0, s
PY
}

@test "os-cache keep: a small table is in RAM when the reads run, and they read nothing" {
    run "$S" run --rows 40k --chunk 10k --reads 2k --db-dir "$T/db" --out "$T/out" \
        --progress never
    [ "$status" -eq 0 ]
    grep -q '">in RAM %</th>' "$T/out/report.html"
    python3 - "$T/out" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1] + "/chunks.csv")):
    assert r["os_cache"] == "keep"
    assert float(r["db_cached_pct"]) >= 90, (r["chunk"], r["db_cached_pct"])
    # about 0: the kernel may still count a page or two of metadata
    assert 0 <= int(r["read_io_bytes"]) <= 64 << 10, (r["chunk"], r["read_io_bytes"])
PY
}

@test "os-cache: a bad word is refused naming the choices, nothing created" {
    run "$S" run --os-cache cold --db-dir "$T/db" --out "$T/out"
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak run: --os-cache: 'cold' is not one of keep, drop" ]
    [ ! -e "$T/out" ] && [ ! -e "$T/db" ]
}

# exact_check DIR RAWFILE: the cell's read_p50/p90/p99/p999/max/mean of
# summary.csv against those of every raw latency, within the histogram's
# 1/128 (max and mean exact).
exact_check() {
    python3 - "$1" "$2" <<'PY'
import csv, sys
d, raw = sys.argv[1], sys.argv[2]
v = sorted(int(x) for x in open(raw))
s = list(csv.DictReader(open(d + "/summary.csv")))
assert len(s) == 1, s
s = s[0]
reads = sum(int(r["reads"]) for r in csv.DictReader(open(d + "/chunks.csv")))
assert len(v) == reads, (len(v), reads)
def pct(p):                      # nearest rank in integers, as src/model/hist.c
    rank = (round(p * 10000) * len(v) + 999999) // 1000000
    return v[max(1, min(len(v), rank)) - 1]
for col, p in (("read_p50_us", 50), ("read_p90_us", 90), ("read_p99_us", 99), ("read_p999_us", 99.9)):
    want, got = pct(p) / 1000, float(s[col])
    assert abs(got - want) <= want / 128 + 0.0015, (col, got, want)
assert abs(float(s["read_max_us"]) - v[-1] / 1000) <= 0.0015, (s["read_max_us"], v[-1])
assert abs(float(s["read_mean_us"]) - sum(v) / len(v) / 1000) <= 0.0015
# and the cell's p99 is not the median of chunk p99s in general: both kept
assert s["read_p99_us_median"] != ""
print("percentiles of", len(v), "reads agree")
PY
}

@test "cell latencies: the percentiles of all the cell's reads (compared with every raw latency)" {
    SQLSOAK_TEST_LATENCIES="$T/raw" run "$S" run --rows 40k --chunk 10k --reads 3k \
        --db-dir "$T/db" --out "$T/out" "${Q[@]}"
    [ "$status" -eq 0 ]
    exact_check "$T/out" "$T/raw"
}

@test "cell latencies: a resumed cell's percentiles are those of all its reads, before and after" {
    # stopped once 2 of its 6 chunks are recorded (held there by the test hook)
    SQLSOAK_TEST_LATENCIES="$T/raw" SQLSOAK_TEST_HANG=1:between:1 "${SIGDFL[@]}" "$S" run --rows 600k \
        --chunk 100k --reads 20k --db-dir "$T/db" --out "$T/out" "${Q[@]}" 2>"$T/stderr" 3>&- &
    PID=$!
    hook_pid
    kill -INT "$PID"
    rc=0
    wait "$PID" || rc=$?
    PID=
    [ "$rc" -eq 130 ]
    [ "$(($(wc -l <"$T/out/chunks.csv") - 1))" -eq 2 ]
    SQLSOAK_TEST_LATENCIES="$T/raw" run "$S" resume "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ "$(field resumed "$T/out/chunks.csv" | sort | uniq -c | awk '{print $2}' | tr -d '\n')" = 01 ]
    exact_check "$T/out" "$T/raw"
}

@test "partial last chunk: first, last, slope and medians take full chunks only" {
    run "$S" run --rows 10001 --chunk 5000 --reads 100 --db-dir "$T/db" --out "$T/out" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 - "$T/out" <<'PY'
import csv, statistics, sys
c = list(csv.DictReader(open(sys.argv[1] + "/chunks.csv")))
assert [r["chunk_rows"] for r in c] == ["5000", "5000", "1"]      # chunks.csv keeps every chunk
s = list(csv.DictReader(open(sys.argv[1] + "/summary.csv")))[0]
w = [float(r["write_rows_per_s"]) for r in c]
assert float(s["write_rows_per_s_first"]) == w[0]
assert float(s["write_rows_per_s_last"]) == w[1], (s["write_rows_per_s_last"], w)
assert abs(float(s["write_last_over_first"]) - w[1] / w[0]) < 1e-3
assert abs(float(s["write_rows_per_s_median"]) - statistics.median(w[:2])) <= 0.1
assert float(s["write_rows_per_s_min"]) == min(w[:2])
PY
}

@test "db_bytes: a WAL cell's final size is the database's after its connection closed" {
    run "$S" run --rows 20k --chunk 5k --reads 100 --journal wal --keep-db --db-dir "$T/db" \
        --out "$T/out" "${Q[@]}"
    [ "$status" -eq 0 ]
    db=$(ls "$T"/db/*.db)
    [ ! -e "$db-wal" ]                        # checkpointed and removed by the close
    size=$(stat -c %s "$db")
    [ "$(field db_bytes "$T/out/summary.csv")" -eq "$size" ]
    [ "$size" -gt 65536 ]
}

@test "times: chunk_rows / write_s gives write_rows_per_s to 4 significant figures, even sub-millisecond" {
    run "$S" run --rows 200 --chunk 20 --reads 20 --sync off --journal memory \
        --db-dir "$T/db" --out "$T/out" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 - "$T/out" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1] + "/chunks.csv")):
    for n, t, rate in (("chunk_rows", "write_s", "write_rows_per_s"), ("reads", "read_s", "read_ops_per_s")):
        got = int(r[n]) / float(r[t])
        want = float(r[rate])
        assert abs(got - want) <= 0.5e-3 * want + 0.05, (r["chunk"], t, r[t], got, want)
PY
}

@test "histograms.csv that cannot grow stops the run resumable, like chunks.csv; resume finishes" {
    # histograms.csv alone refuses to grow, as under a file-size limit
    # (EFBIG), at its 16th write: 15 chunks' rows are in.  20 chunks are
    # enough to reach it, and each read is a syscall strace stops at.
    need_strace
    mkdir -p "$T/out"
    faulted "$T/out/histograms.csv" write error=EFBIG:when=16 run --rows 200 --chunk 10 \
        --reads 1000 --db-dir "$T/db" --out "$T/out" --no-plot --progress never
    output=$(cat "$T/stdout" "$T/stderr")
    status=$RC
    echo "$output"
    [ "$status" -eq 1 ]
    [[ "$output" == *"cannot append to histograms.csv: File too large"* ]]
    python3 - "$T/out" <<'PY'
import csv, json, sys
d = sys.argv[1]
j = json.load(open(d + "/run.json"))
assert j["status"] == "disk_full", j["status"]
assert list(csv.DictReader(open(d + "/summary.csv"))) == []
chunks = list(csv.DictReader(open(d + "/chunks.csv")))
hist = list(csv.DictReader(open(d + "/histograms.csv")))
# whole rows: every recorded chunk has its histogram, none more
assert [h["chunk"] for h in hist] == [c["chunk"] for c in chunks], (len(hist), len(chunks))
assert len(chunks) == 15, len(chunks)
PY
    run "$S" resume "$T/out" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [ -n "$(field read_p99_us "$T/out/summary.csv")" ]
}
