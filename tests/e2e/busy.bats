#!/usr/bin/env bats
# The writer among other applications: --busy-timeout (its busy handler,
# which counts every wait) and, in WAL, --checkpoint (an explicit
# checkpoint after each chunk, its own phase).  A second application is
# helpers/lockhold.py, a real SQLite connection of another process that
# holds a read transaction on the database a run left for resume: the
# tests wait on lock states, never on time.

bats_require_minimum_version 1.5.0

load helpers/common
load helpers/interrupt
load helpers/runs

setup() {
    runs_setup
    LOCK=$BATS_TEST_DIRNAME/helpers/lockhold.py
    HOLDER=
}

teardown() {
    [ -z "$HOLDER" ] || kill "$HOLDER" 2>/dev/null || true
}

# interrupted_run ARGS...: a run of 40 chunks stopped after its first,
# its database kept for resume, whose path is in DBFILE.
interrupted_run() {
    SQLSOAK_TEST_HANG=1:between:0 interrupt_after 2 "$OUT/chunks.csv" "$T/log" "$S" run --rows 400k --chunk 10k --reads 10 \
        --db-dir "$DB" --out "$OUT" "${Q[@]}" "$@"
    DBFILE=$(ls "$DB"/*.db)
    [ -f "$DBFILE" ]
}

# hold MODE: lockhold.py on DBFILE in the background (pid in HOLDER),
# once its read transaction is open.
hold() {
    "${SIGDFL[@]}" python3 "$LOCK" "$DBFILE" "$T/ready" "$1" &
    HOLDER=$!
    local i
    for ((i = 0; i < 6000; i++)); do
        [ -e "$T/ready" ] && return 0
        kill -0 "$HOLDER" 2>/dev/null || return 1
        sleep 0.01
    done
    return 1
}

@test "busy: with --busy-timeout 0 a reader's lock fails the writer's COMMIT at once as locked, and the wait is counted" {
    interrupted_run --journal delete --busy-timeout 0
    hold hold
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 1 ]
    python3 - "$OUT" <<'PY'
import csv, sys
s = list(csv.DictReader(open(sys.argv[1] + "/summary.csv", newline="")))
assert len(s) == 1, s
r = s[0]
assert r["status"] == "locked", r
assert r["reason"] == "COMMIT: database is locked (busy timeout 0 ms)", r["reason"]
assert r["busy_timeout_ms"] == "0", r
assert int(r["writer_busy"]) >= 1, r
assert float(r["writer_wait_s"]) < 0.001, r     # no handler wait: it answered at once
PY
}

@test "busy: past its timeout the writer fails as locked, having waited the timeout in its handler" {
    interrupted_run --journal delete --busy-timeout 50
    hold hold
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 1 ]
    python3 - "$OUT" <<'PY'
import csv, sys
r = list(csv.DictReader(open(sys.argv[1] + "/summary.csv", newline="")))[0]
assert r["status"] == "locked", r
assert r["reason"] == "COMMIT: database is locked (busy timeout 50 ms)", r["reason"]
# the handler gives up only once the wait has lasted the timeout
assert int(r["writer_busy"]) >= 2 and float(r["writer_wait_s"]) >= 0.05, r
PY
}

@test "busy: with a timeout the writer waits in its handler until the reader is done, counts it, and goes on" {
    interrupted_run --journal delete --busy-timeout 60000
    hold until-waited
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    wait "$HOLDER"              # it saw the writer wait, then let it go
    HOLDER=
    python3 - "$OUT" <<'PY'
import csv, sys
out = sys.argv[1]
r = list(csv.DictReader(open(out + "/summary.csv", newline="")))[0]
assert r["status"] == "ok" and r["busy_timeout_ms"] == "60000", r
chunks = list(csv.DictReader(open(out + "/chunks.csv", newline="")))
waited = [c for c in chunks if int(c["writer_busy"]) > 0]
assert len(waited) == 1 and waited[0]["resumed"] == "1", waited
assert float(waited[0]["writer_wait_s"]) > 0, waited
assert all(float(c["writer_wait_s"]) == 0 for c in chunks if c not in waited), chunks
assert int(r["writer_busy"]) == int(waited[0]["writer_busy"]), r
assert abs(float(r["writer_wait_s"]) - float(waited[0]["writer_wait_s"])) < 1e-5, r
PY
}

@test "checkpoint: each explicit mode runs after every chunk and records its frames; truncate empties the WAL, auto lets it grow" {
    run "$S" run --rows 25k --chunk 5k --reads 100 --journal wal \
        --checkpoint auto,passive,full,restart,truncate --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$OUT" <<'PY'
import csv, sys
out = sys.argv[1]
summary = {r["checkpoint_mode"]: r for r in csv.DictReader(open(out + "/summary.csv", newline=""))}
assert set(summary) == {"auto", "passive", "full", "restart", "truncate"}, summary
assert all(r["status"] == "ok" for r in summary.values()), summary
chunks = {}
for c in csv.DictReader(open(out + "/chunks.csv", newline="")):
    chunks.setdefault(c["checkpoint_mode"], []).append(c)
for mode, cs in chunks.items():
    assert len(cs) == 5, cs
    for c in cs:
        if mode == "auto":
            assert c["checkpoint_s"] == c["checkpoint_frames"] == c["checkpoint_busy"] == "", c
            continue
        assert float(c["checkpoint_s"]) > 0 and float(c["checkpoint_frames_per_s"]) > 0, c
        assert int(c["checkpoint_frames"]) > 0, c
        assert int(c["checkpoint_frames"]) == int(c["checkpoint_wal_frames"]), c
        assert c["checkpoint_busy"] == "0", c
        assert int(c["write_wal_bytes"]) > 0, c
    assert summary[mode]["writer_busy"] == "0", summary[mode]
    assert summary[mode]["busy_timeout_ms"] == "5000", summary[mode]     # the default
wal = {m: [int(c["wal_bytes"]) for c in cs] for m, cs in chunks.items()}
assert wal["truncate"] == [0] * 5, wal
# auto (1000 pages) never checkpoints these few frames: the WAL grows every chunk
assert all(b > a for a, b in zip(wal["auto"], wal["auto"][1:])), wal
# the others reset it every chunk: it stays near one chunk's frames
for m in ("passive", "full", "restart"):
    assert max(wal[m]) < 2 * wal[m][0] < wal["auto"][-1], wal
    assert int(summary[m]["wal_bytes_max"]) == max(wal[m]), summary[m]
assert int(summary["auto"]["wal_bytes_max"]) == wal["auto"][-1], summary["auto"]
# the phase in timeline.csv: one row per chunk of each explicit mode
tl = [r for r in csv.DictReader(open(out + "/timeline.csv", newline="")) if r["phase"] == "checkpoint"]
assert sorted({r["checkpoint_mode"] for r in tl}) == ["full", "passive", "restart", "truncate"], tl
assert len(tl) == 4 * 5, tl
for r in tl:
    c = chunks[r["checkpoint_mode"]][int(r["chunk"])]
    assert int(r["ops"]) == int(c["checkpoint_frames"]), (r, c)
PY
}

@test "checkpoint: an explicit mode turns wal_autocheckpoint off: the WAL holds a whole chunk of many commits" {
    # 500 commits a chunk, far more than the 1000 pages after which an
    # automatic checkpoint would have let the next commit start the WAL over
    run "$S" run --rows 100k --chunk 50k --commit-every 100 --reads 10 --sync off --journal wal \
        --checkpoint passive --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$OUT" <<'PY'
import csv, sys
for c in csv.DictReader(open(sys.argv[1] + "/chunks.csv", newline="")):
    assert int(c["checkpoint_wal_frames"]) > 1200, c
    assert c["checkpoint_frames"] == c["checkpoint_wal_frames"], c
PY
}

@test "checkpoint: none after a chunk whose transaction stays open" {
    run "$S" run --rows 30k --chunk 10k --commit-every 15k --reads 10 --journal wal \
        --checkpoint passive --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$OUT" <<'PY'
import csv, sys
c = list(csv.DictReader(open(sys.argv[1] + "/chunks.csv", newline="")))
# commits at 15k rows (inside chunk 1, which then opens the next) and 30k
assert [r["checkpoint_s"] != "" for r in c] == [False, False, True], c
assert int(c[2]["checkpoint_frames"]) > 0, c[2]
PY
}

@test "checkpoint: an explicit mode outside WAL, or beside --wal-autocheckpoint N, is unsupported and says why" {
    run "$S" run --rows 2000 --chunk 1000 --reads 10 --journal delete,wal --checkpoint passive \
        --wal-autocheckpoint default,100 --db-dir "$DB" --out "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$OUT" <<'PY'
import csv, sys
rows = {(r["journal_mode"], r["wal_autocheckpoint"]): r
        for r in csv.DictReader(open(sys.argv[1] + "/summary.csv", newline=""))}
assert rows[("wal", "default")]["status"] == "ok", rows
for key in (("delete", "default"), ("delete", "100")):
    assert rows[key]["status"] == "unsupported", rows[key]
    assert rows[key]["reason"] == "checkpoint_mode passive: needs journal_mode wal", rows[key]
r = rows[("wal", "100")]
assert r["status"] == "unsupported", r
assert r["reason"] == "checkpoint_mode passive runs with wal_autocheckpoint 0, not 100", r
PY
}

@test "checkpoint: a reader's snapshot holds it back: checkpoint_busy, and the WAL grows chunk by chunk" {
    interrupted_run --journal wal --checkpoint full --busy-timeout 0
    hold hold
    run "$S" resume "$OUT" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    python3 - "$OUT" <<'PY'
import csv, sys
out = sys.argv[1]
chunks = [c for c in csv.DictReader(open(out + "/chunks.csv", newline="")) if c["resumed"] == "1"]
assert len(chunks) >= 2, chunks
for c in chunks:
    assert c["checkpoint_busy"] == "1", c
    assert int(c["checkpoint_frames"]) < int(c["checkpoint_wal_frames"]), c
    assert int(c["writer_busy"]) >= 1, c     # FULL asked the handler, which gave up at once
wal = [int(c["wal_bytes"]) for c in chunks]
assert all(b > a for a, b in zip(wal, wal[1:])), wal
r = list(csv.DictReader(open(out + "/summary.csv", newline="")))[0]
assert r["status"] == "ok" and int(r["checkpoint_busy_chunks"]) == len(chunks), r
assert int(r["wal_bytes_max"]) == wal[-1], r
PY
}

@test "busy, checkpoint: --help names them; a bad value is refused with nothing created" {
    run "$S" run --help
    [ "$status" -eq 0 ]
    [[ "$output" == *"--busy-timeout"* ]]
    [[ "$output" == *"one of: auto passive full restart truncate"* ]]
    for bad in "--busy-timeout -1" "--busy-timeout 5s" "--checkpoint sometimes"; do
        run "$S" run $bad --rows 1000 --db-dir "$DB" --out "$OUT" "${Q[@]}"
        echo "$output"
        [ "$status" -eq 2 ]
        [ "${#lines[@]}" -eq 1 ]
        [ ! -e "$OUT" ]
    done
}
