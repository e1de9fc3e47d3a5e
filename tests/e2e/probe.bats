#!/usr/bin/env bats
# sqlsoak probe: the storage's own limits, in bounded time, on a scratch
# file it always removes.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    runs_setup
    mkdir -p "$T/dir"
}

teardown() {
    runs_teardown
}

load helpers/runs

# figures JSON_FILE LIMIT_S: every figure of probe --json is there and
# positive, each step has its samples, and the probe kept to LIMIT_S.
figures() {
    python3 - "$1" "$2" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
assert p["seq_write_mb_per_s"] > 0 and p["file_bytes"] >= 8 << 20, p
# the read bandwidth, and the page cache's dirty-page limit writes are read against
assert p["seq_read_mb_per_s"] > 0 and p.get("dirty_limit_bytes", 1) > 0, p
for k in ("write_fdatasync", "write_fsync", "random_read_4k"):
    op = p[k]
    assert op["ops"] >= 5 and op["ops_per_s"] > 0, (k, op)
    assert 0 < op["p50_us"] <= op["p99_us"], (k, op)
assert 0 < p["seconds"] <= float(sys.argv[2]), p["seconds"]
PY
}

@test "probe on ext4 (a loop-mounted image): every figure, within its time bound, no file left behind" {
    [ "$(id -u)" -eq 0 ] || skip "mounting a loop image needs root"
    command -v mkfs.ext4 >/dev/null || skip "no mkfs.ext4"
    truncate -s 160M "$T/fs.img"
    mkfs.ext4 -q -F -m 0 "$T/fs.img"
    MNT=$T/fs
    mkdir -p "$MNT"
    mount -o loop "$T/fs.img" "$MNT" 2>/dev/null || { MNT=; skip "cannot mount -o loop here"; }
    ls -A "$MNT" >"$T/before"
    run --separate-stderr "$S" probe --db-dir "$MNT" --probe-time 2s --json
    [ "$status" -eq 0 ]
    [ -z "$stderr" ]
    echo "$output" >"$T/p.json"
    # 2 s asked; the bound allows a loaded machine, not a probe that ignores it
    figures "$T/p.json" 20
    [ "$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(p["direct"], p["in_ram"], p["read_method"])' "$T/p.json")" = "True False O_DIRECT" ]
    # the QD4 figures, and a class judged from them (which one is the
    # machine's: the throttled device of slowdev.bats holds the verdicts)
    python3 - "$T/p.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for k in ("random_write_4k_qd4", "random_read_4k_qd4"):
    op = p[k]
    assert op["ops"] >= 5 and op["ops_per_s"] > 0 and 0 < op["p50_us"] <= op["p99_us"], (k, op)
assert p["qd4_method"] == "O_DIRECT, 4 threads", p
c = p["sd_class"]
assert c["verdict"] in ("A2", "A1", "below A1"), c
assert c["said"].startswith({"A2": "meets A2", "A1": "meets A1 (below A2: ", "below A1": "below A1: "}[c["verdict"]]), c
assert (c["missed"] == []) == (c["verdict"] == "A2"), c
# a 160 MiB image: the file may take a quarter of its free space, less
# than the test's 64 MiB, and the verdict says so; or, where the machine
# is so loaded that the sequential write's share of --probe-time ends
# first, a smaller file still, and the verdict says that
assert c["file_bytes"] == p["qd4_file_bytes"] == min(p["file_bytes"], 64 << 20) < 64 << 20, (c, p["file_bytes"])
why = ("the probe's file may take a quarter of the free space, no more",
       "the sequential write wrote no more in its share of --probe-time")
assert any(c["said"].endswith(", over %d MiB, not 64: %s" % (c["file_bytes"] >> 20, w)) for w in why), c
PY
    ls -A "$MNT" | diff "$T/before" -
    run "$S" probe --db-dir "$MNT" --probe-time 1s
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "probe of $MNT: ext4 on /dev/loop"* ]]
    [[ "${lines[1]}" == "  sequential write "*" MB/s  ("*" MiB written, then fdatasync)" ]]
    [[ "${lines[2]}" == "  4 KiB write + fdatasync "*" ops/s  ("*" ops)" ]]
    [[ "${lines[3]}" == "  4 KiB write + fsync "*" ops/s  ("*" ops)" ]]
    [[ "${lines[4]}" == "  sequential read "*" MB/s  (1 MiB reads, as the random reads below)" ]]
    [[ "${lines[5]}" == "  4 KiB random read, QD1 "*" IOPS   ("*" ops)" ]]
    [[ "${lines[6]}" == "  random reads over the "*" MiB file: O_DIRECT" ]]
    [[ "${lines[7]}" == "  4 KiB random write, QD4 "*" IOPS   ("*" ops)" ]]
    [[ "${lines[8]}" == "  4 KiB random read, QD4 "*" IOPS   ("*" ops)" ]]
    [[ "${lines[9]}" == "  random I/O at QD4 over the file's first "*" MiB: O_DIRECT, 4 threads" ]]
    [[ "${lines[10]}" =~ ^"  SD card class: "("meets A2"|"meets A1 (below A2: "|"below A1: ") ]]
    [[ "${lines[11]}" == "  class minimums: A1: sequential write 10.24 MB/s, random writes 500 IOPS, random reads 1,500 IOPS; A2: "*" (SD Association Application Performance Class A1/A2 minimums, as the Raspberry Pi agnostics SD card speed test checks them)" ]]
    ls -A "$MNT" | diff "$T/before" -
}

@test "probe on tmpfs: reads are said to be RAM reads; without O_DIRECT it falls back and says how" {
    D=/dev/shm/sqlsoak-probe-test.$$
    mkdir "$D"
    run "$S" probe --db-dir "$D" --probe-time 1s
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "probe of $D: tmpfs on "* ]]
    [[ "${lines[6]}" == *"; the filesystem keeps files in RAM, so these are RAM reads, not a device's" ]]
    # no class from RAM's figures: measured with O_DIRECT where tmpfs takes
    # it (Linux 6.6 on), said to be RAM's; not measured where it does not
    if [[ "${lines[6]}" == *": O_DIRECT; "* ]]; then
        # over the file's first 64 MiB, or the whole file where a loaded
        # machine wrote less in the probe's time
        mib=$(sed -nE 's/^  random reads over the ([0-9]+) MiB file: .*/\1/p' <<<"${lines[6]}")
        [ -n "$mib" ]
        [ "${lines[9]}" = "  random I/O at QD4 over the file's first $((mib < 64 ? mib : 64)) MiB: O_DIRECT, 4 threads; the filesystem keeps files in RAM, so these are RAM I/Os, not a device's" ]
        [ "${lines[10]}" = "  SD card class: no verdict: the filesystem keeps files in RAM, and RAM's figures say nothing of a card's class" ]
    else
        [ "${lines[7]}" = "  random I/O at QD4: not measured: O_DIRECT unavailable on tmpfs (Invalid argument)" ]
        [[ "${lines[8]}" == "  SD card class: no verdict: "* ]]
    fi
    SQLSOAK_TEST_NO_DIRECT=1 run "$S" probe --db-dir "$D" --probe-time 1s
    [ "$status" -eq 0 ]
    [ "${lines[7]}" = "  random I/O at QD4: not measured: O_DIRECT unavailable on tmpfs (Invalid argument)" ]
    [ "${lines[8]}" = "  SD card class: no verdict: the random writes and reads at QD4 were not measured: O_DIRECT unavailable on tmpfs (Invalid argument); figures of the page cache say nothing of a card's class" ]
    [[ "${lines[9]}" == "  class minimums: A1: "* ]]
    [ "${#lines[@]}" -eq 10 ]
    SQLSOAK_TEST_NO_DIRECT=1 run "$S" probe --db-dir "$D" --probe-time 1s --json
    [ "$status" -eq 0 ]
    echo "$output" >"$T/p.json"
    figures "$T/p.json" 20
    [ "$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(p["direct"], p["in_ram"]); print(p["read_method"])' "$T/p.json")" = "False True
O_DIRECT unavailable on tmpfs (Invalid argument): read through the page cache after dropping the file from it (posix_fadvise DONTNEED); the filesystem keeps files in RAM, so these are RAM reads, not a device's" ]
    python3 - "$T/p.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
assert p["random_write_4k_qd4"]["ops"] == 0 == p["random_read_4k_qd4"]["ops"], p
assert p["qd4_method"] == "not measured: O_DIRECT unavailable on tmpfs (Invalid argument)", p
c = p["sd_class"]
assert c["verdict"] == "none" and c["missed"] == [] and c["said"].startswith("no verdict: "), c
PY
    [ -z "$(ls -A "$D")" ]
    rmdir "$D"
}

@test "probe: SIGINT stops it before its time, its scratch file removed, exit 130" {
    start probe --db-dir "$T/dir" --probe-time 600s
    for ((i = 0; i < 3000; i++)); do
        [ -n "$(ls -A "$T/dir")" ] && break
        sleep 0.01
    done
    [ -n "$(ls -A "$T/dir")" ]
    kill -INT "$PID"
    rc=0
    wait "$PID" || rc=$?
    PID=
    [ "$rc" -eq 130 ]
    [ "$(cat "$T/stderr")" = "sqlsoak probe: interrupted" ]
    [ -z "$(ls -A "$T/dir")" ]
}

@test "probe: a probe killed with -9 leaves its scratch file; the next removes it in one line, and no file whose probe lives" {
    SQLSOAK_TEST_HOLD_PROBE=1 start probe --db-dir "$T/dir" --probe-time 600s
    dead=$(hook_pid)
    [ -f "$T/dir/.sqlsoak-probe.$dead" ]
    kill -9 "$PID"
    finish
    [ -f "$T/dir/.sqlsoak-probe.$dead" ]
    # a live process's (this shell's), and files of other names, are kept
    echo keep >"$T/dir/.sqlsoak-probe.$$"
    echo keep >"$T/dir/.sqlsoak-probe.${dead}x"
    echo keep >"$T/dir/.sqlsoak-probe.0$dead"
    run --separate-stderr "$S" probe --db-dir "$T/dir" --probe-time 1s --json
    [ "$status" -eq 0 ]
    [ "$stderr" = "sqlsoak probe: removed $T/dir/.sqlsoak-probe.$dead, the scratch file of a probe that ended without removing it (pid $dead, gone)" ]
    [ "$(ls -A "$T/dir" | sort | tr '\n' ' ')" = "$(printf '%s\n' ".sqlsoak-probe.$$" ".sqlsoak-probe.${dead}x" ".sqlsoak-probe.0$dead" | sort | tr '\n' ' ')" ]
}

@test "run: a scratch file a killed probe left in --db-dir is removed before the first cell, in one line" {
    mkdir -p "$DB"
    gone=$(sh -c 'echo $$')                     # a pid whose process has ended
    kill -0 "$gone" 2>/dev/null && skip "pid $gone was taken again"
    echo scratch >"$DB/.sqlsoak-probe.$gone"
    run -0 "$S" run --rows 1000 --chunk 1000 --reads 10 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    [ "$(grep -c 'scratch file of a probe' <<<"$output")" -eq 1 ]
    [[ "$output" == *"removed $DB/.sqlsoak-probe.$gone, the scratch file of a probe that ended without removing it (pid $gone, gone)"* ]]
    [ ! -e "$DB/.sqlsoak-probe.$gone" ]
}

@test "probe: a --db-dir of a filesystem that holds no files (/proc, /sys) is refused in one line, exit 2" {
    for d in /proc /sys/kernel; do
        run --separate-stderr "$S" probe --db-dir "$d"
        [ "$status" -eq 2 ]
        [ "$stderr" = "sqlsoak probe: $d: a $(stat -f -c %T "$d") filesystem, which holds no blocks: not storage to probe" ]
        [ -z "$output" ]
    done
}

@test "probe: a --db-dir that is missing or not a folder is refused in one line, exit 2, nothing created" {
    run --separate-stderr "$S" probe --db-dir "$T/none"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak probe: --db-dir $T/none: No such file or directory" ]
    [ ! -e "$T/none" ]
    touch "$T/file"
    run --separate-stderr "$S" probe --db-dir "$T/file"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak probe: --db-dir $T/file: not a folder" ]
    run --separate-stderr "$S" probe --db-dir "$T/dir" --probe-time 0
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak probe: --probe-time: 0 is out of range (1 to 3600)" ]
    [ -z "$(ls -A "$T/dir")" ]
}

# limits DIR FACTOR: DIR's device_limits, each rate multiplied by FACTOR.
limits() {
    python3 - "$1/run.json" "$2" <<'PY'
import json, sys
path, f = sys.argv[1], float(sys.argv[2])
rj = json.load(open(path))
lim = rj["device_limits"]
for v in lim.values():
    if isinstance(v, dict) and "ops_per_s" in v:
        v["ops_per_s"] *= f
lim["seq_write_mb_per_s"] *= f
json.dump(rj, open(path, "w"), indent=2)
PY
}

@test "the answer sets every cell the device bound against its limits, the baseline always" {
    run "$S" run --rows 2000 --chunk 1000 --reads 100 --journal delete,wal --db-dir "$DB" \
        --out "$T/a" "${Q[@]}" --probe auto --probe-time 1s
    [ "$status" -eq 0 ]
    # a device a million times slower than the one probed: it binds both cells.
    # The answer as report prints it: plot's is the same (headline_load),
    # after drawing every graph, which this test does not look at
    limits "$T/a" 0.000001
    run "$S" report "$T/a"
    [ "$status" -eq 0 ]
    [[ "$output" == *"Against the device (cell 1): bound by the device's "* ]]
    [[ "$output" == *"Against the device (cell 2): bound by the device's "* ]]
    # one a million times faster: it binds neither, and only the baseline is set against it
    limits "$T/a" 1e12
    run "$S" report "$T/a"
    [ "$status" -eq 0 ]
    [[ "$output" == *"Against the device (cell 1): "* ]]
    [[ "$output" != *"Against the device (cell 1): bound"* ]]
    [[ "$output" != *"Against the device (cell 2)"* ]]
}

@test "run --probe auto: the device's limits go in run.json before the first cell; a later run takes them with --probe DIR" {
    run "$S" run --rows 2000 --chunk 1000 --reads 100 --db-dir "$DB" --out "$T/a" "${Q[@]}" --probe auto --probe-time 1s
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "probing $DB for 1s (--probe off skips it)..." ]
    [[ "${lines[1]}" == "  fdatasync "*"/s, fsync "*"/s, 4 KiB random reads "*"/s ("*"), sequential write "*" MB/s" ]]
    [[ "${lines[2]}" =~ ^"  4 KiB random writes "[0-9.]+[kMG]?"/s and reads "[0-9.]+[kMG]?"/s at QD4; SD card class: "("meets A"|"below A1: ") ]]
    # the headline sets the baseline cell against them
    # like with like: syncs against syncs, device reads against device reads
    [[ "$output" == *"Against the device (cell 1): "*"syncs at "*"% of the device's 4 KiB write + fdatasync rate ("*" per COMMIT)"* ]]
    [[ "$output" == *"reads sent "*" reads a second to the device ("*" per read), "*"% of its 4 KiB random-read rate ("* ]]
    [[ "$output" != *"faster than the device"* ]]
    python3 - "$T/a/run.json" <<'PY'
import json, sys
lim = json.load(open(sys.argv[1]))["device_limits"]
assert lim["source"] == "probe", lim
assert lim["write_fdatasync"]["ops"] >= 5 and lim["random_read_4k"]["ops_per_s"] > 0, lim
# the QD4 figures and the class, as probe --json has them
assert lim["random_write_4k_qd4"]["ops"] >= 5 and lim["random_read_4k_qd4"]["ops_per_s"] > 0, lim
assert lim["sd_class"]["verdict"] in ("A2", "A1", "below A1"), lim["sd_class"]
assert lim["sd_class"]["figures"]["random_read_iops"] == lim["random_read_4k_qd4"]["ops_per_s"], lim
PY
    # the probe's scratch file is gone: the folder holds no file but the run's
    [ -z "$(ls -A "$DB" | grep -v '^sqlsoak-')" ]
    # the report relates each cell to those limits
    "$S" plot "$T/a" >/dev/null
    grep -q '<h2>How close to the device</h2>' "$T/a/report.html"
    grep -o '<li>cell 1: [^<]*' "$T/a/report.html"
    grep -Eq 'SD card class, by 4 KiB random writes and reads at queue depth 4: (meets A|below A1: )' "$T/a/report.html"
    grep -Eq '<li>cell 1: (bound by [^<]*; )?syncs at [0-9.]+% of the device&#39;s 4 KiB write \+ fdatasync rate' "$T/a/report.html" ||
        grep -Eq "<li>cell 1: (bound by [^<]*; )?syncs at [0-9.]+% of the device's 4 KiB write \+ fdatasync rate" "$T/a/report.html"
    run "$S" run --rows 2000 --chunk 1000 --reads 100 --db-dir "$DB" --out "$T/b" "${Q[@]}" --probe "$T/a"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "device limits from $T/a/run.json" ]
    python3 -c 'import json,sys; a,b=(json.load(open(p))["device_limits"] for p in sys.argv[1:]); src=b.pop("source"); a.pop("source"); assert a == b and src.endswith("/a/run.json"), (a, b)' "$T/a/run.json" "$T/b/run.json"
    # an older sqlsoak's device_limits, without the QD4 figures and the
    # class: the report, the headline and --probe DIR still read them
    python3 - "$T/a/run.json" <<'PY'
import json, sys
rj = json.load(open(sys.argv[1]))
for k in ("random_write_4k_qd4", "random_read_4k_qd4", "qd4_file_bytes", "qd4_method", "sd_class"):
    del rj["device_limits"][k]
json.dump(rj, open(sys.argv[1], "w"), indent=2)
PY
    "$S" plot "$T/a" >/dev/null
    grep -q '<h2>How close to the device</h2>' "$T/a/report.html"
    ! grep -q 'SD card class' "$T/a/report.html" || return 1
    run "$S" run --rows 2000 --chunk 1000 --reads 100 --db-dir "$DB" --out "$T/d" "${Q[@]}" --probe "$T/a"
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "device limits from $T/a/run.json" ]
    [[ "$output" == *"Against the device (cell 1): "* ]]
    python3 -c 'import json,sys; lim=json.load(open(sys.argv[1]))["device_limits"]; assert "sd_class" not in lim and lim["random_read_4k"]["ops_per_s"] > 0, lim' "$T/d/run.json"
    # off, the default: none
    run "$S" run --rows 2000 --chunk 1000 --reads 100 --db-dir "$DB" --out "$T/c" "${Q[@]}"
    [ "$status" -eq 0 ]
    python3 -c 'import json,sys; assert "device_limits" not in json.load(open(sys.argv[1]))' "$T/c/run.json"
}

@test "run --probe DIR: a folder without limits, or of other storage, is refused in one line, exit 2, nothing created" {
    "$S" run --rows 2000 --chunk 1000 --reads 100 --db-dir "$DB" --out "$T/a" "${Q[@]}"
    run --separate-stderr "$S" run --rows 2000 --chunk 1000 --db-dir "$DB" --out "$T/b" "${Q[@]}" --probe "$T/a"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --probe $T/a: $T/a/run.json records no device_limits (it ran with --probe off)" ]
    [ ! -e "$T/b" ]
    run --separate-stderr "$S" run --rows 2000 --chunk 1000 --db-dir "$DB" --out "$T/b" "${Q[@]}" --probe "$T/none"
    [ "$status" -eq 2 ]
    [[ "$stderr" == "sqlsoak run: --probe $T/none: "*"No such file or directory" ]]
    [ ! -e "$T/b" ]
    python3 - "$T/a/run.json" <<'PY'
import json, sys
p = sys.argv[1]
rj = json.load(open(p))
rj["device_limits"] = {"source": "probe"}
rj["storage"]["device"] = "/dev/elsewhere"
json.dump(rj, open(p, "w"))
PY
    run --separate-stderr "$S" run --rows 2000 --chunk 1000 --db-dir "$DB" --out "$T/b" "${Q[@]}" --probe "$T/a"
    [ "$status" -eq 2 ]
    [ "$stderr" = "sqlsoak run: --probe $T/a: its limits were measured on other storage than --db-dir $DB" ]
    [ ! -e "$T/b" ]
}

@test "--probe auto reuses a probe of the same storage less than a day old beside --out, and names it; --probe new and an older probe measure again; the 2014 preset probes" {
    R=$T/runs
    mkdir -p "$R"
    small=(--rows 2000 --chunk 1000 --reads 100 --db-dir "$DB" "${Q[@]}" --probe-time 1s)
    run "$S" run "${small[@]}" --out "$R/a" --probe auto
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "probing $DB for 1s (--probe off skips it)..." ]
    # the time it was measured, for the next run's test of its age
    python3 -c 'import json,sys; l=json.load(open(sys.argv[1]))["device_limits"]; assert l["source"]=="probe" and l["measured_at"].endswith("Z"), l' "$R/a/run.json"
    # beside it: reused, named, and the copy says where from and when
    run "$S" run "${small[@]}" --out "$R/b" --probe auto
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "device limits from $R/a/run.json, probed "*" ago on this filesystem (--probe new probes again)" ]]
    python3 - "$R/a/run.json" "$R/b/run.json" <<'PY'
import json, sys
a, b = (json.load(open(p))["device_limits"] for p in sys.argv[1:])
assert b["source"] == sys.argv[1] and b["measured_at"] == a["measured_at"], b
a.pop("source"); b.pop("source")
assert a == b, (a, b)
PY
    # --probe new measures again; so does auto once the only probe beside
    # it was measured there more than a day ago (b took its limits: never reused)
    run "$S" run "${small[@]}" --out "$R/c" --probe new
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "probing $DB for 1s (--probe off skips it)..." ]
    for f in "$R/a/run.json" "$R/c/run.json"; do
        python3 -c 'import json,sys; p=sys.argv[1]; j=json.load(open(p)); j["device_limits"]["measured_at"]="2020-01-01T00:00:00Z"; json.dump(j, open(p, "w"))' "$f"
    done
    run "$S" run "${small[@]}" --out "$R/d" --probe auto
    [ "$status" -eq 0 ]
    [ "${lines[0]}" = "probing $DB for 1s (--probe off skips it)..." ]
    # the 2014 preset probes (reusing d's, measured just now)
    run "$S" run --preset 2014 "${small[@]}" --out "$R/e"
    [ "$status" -eq 0 ]
    [[ "${lines[0]}" == "device limits from $R/d/run.json, probed "*" ago on this filesystem"* ]]
}

@test "run: by default (--probe long) a plan estimated at over 10 minutes probes the storage before its first cell; a shorter one, or one with no estimate, does not" {
    R=$T/runs
    mkdir -p "$R" "$T/elsewhere"
    # an earlier run on this storage, slowed to some 12,800 rows a second
    # (20 ms every 256 rows): its cell's times make the estimates below
    SQLSOAK_TEST_SLOW=20000 run -0 "$S" run --rows 4k --chunk 2k --reads 100 --db-dir "$DB" \
        --out "$R/a" "${Q[@]}"
    # its own plan again: under a second, no probe, not a word of one
    run -0 "$S" run --rows 4k --chunk 2k --reads 100 --db-dir "$DB" --out "$T/elsewhere/b" \
        --estimate-from "$R/a" "${Q[@]}" --probe-time 1s
    [[ "$output" != *"probing"* && "$output" != *"device limits"* ]]
    python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); assert "device_limits" not in j and j["options"]["probe"] == "long", j["options"]' \
        "$T/elsewhere/b/run.json"
    # no earlier run beside --out: no estimate, no probe before the cells;
    # a short run none after them either
    run -0 "$S" run --rows 4k --chunk 2k --reads 100 --db-dir "$DB" --out "$T/elsewhere/c" \
        "${Q[@]}" --probe-time 1s
    [[ "$output" != *"probing"* ]]
    # one that took longer than the limit (lowered to 1 s by a test hook,
    # the run slowed past it) probes once its cells are done, before its answer
    SQLSOAK_TEST_LONG_PLAN_S=1 SQLSOAK_TEST_SLOW=20000 run -0 "$S" run --rows 20k --chunk 10k \
        --reads 100 --db-dir "$DB" --out "$T/elsewhere/f" "${Q[@]}" --probe-time 1s
    [[ "$output" == *"the run took "*", over 1s, without the device's limits: probing $DB for 1s (--probe off skips it)..."*"headline:"*"Against the device (cell 1): "* ]]
    python3 -c 'import json,sys; l=json.load(open(sys.argv[1]))["device_limits"]; assert l["source"] == "probe", l' "$T/elsewhere/f/run.json"
    grep -q '"kind": "against_device"' "$T/elsewhere/f/summary.json"
    # 10M rows at that rate: over 10 minutes; held at its first cell's
    # birth, once the probe is done, and stopped there
    SQLSOAK_TEST_HANG=1:born:0 start run --rows 10M --chunk 2k --reads 100 --db-dir "$DB" \
        --out "$R/d" "${Q[@]}" --probe-time 1s
    local i
    for ((i = 0; i < 6000; i++)); do
        grep -q "hangs at born" "$T/stderr" && break
        kill -0 "$PID" 2>/dev/null || break
        sleep 0.01
    done
    kill -INT "$PID"
    finish
    cat "$T/stdout" "$T/stderr"
    grep -Eq "^the plan is estimated at about ([0-9]+h )?[0-9]+m, over 10 minutes: probing $DB for 1s \(--probe off skips it\)\.\.\.$" "$T/stdout"
    python3 -c 'import json,sys; l=json.load(open(sys.argv[1]))["device_limits"]; assert l["source"] == "probe", l' "$R/d/run.json"
    # --probe off: not even then
    run -0 "$S" run --rows 10M --chunk 2k --reads 100 --db-dir "$DB" --out "$R/e" "${Q[@]}" \
        --probe off --max-time 1s
    [[ "$output" != *"probing"* ]]
}
