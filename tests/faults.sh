#!/usr/bin/env bash
# faults.sh COUNT [SEED]: a randomized soak of faults.  Each trial starts a
# 2-cell run in a process group of its own, with every phase a chunk can
# have (write, update, delete, read, an explicit checkpoint, vacuum, a
# reader beside it, and --verify at the end); the test hook
# SQLSOAK_TEST_HANG holds a random cell at a random step (a phase, or the
# recording of a chunk) of a random chunk, and once it is held there a
# random signal (INT, TERM, HUP or KILL) goes to the runner, to the held
# cell's process, or to the whole group: a state reached, never a moment.
# Then it resumes, the resume itself faulted the same way half the time
# (a hold the resume never reaches, a chunk recorded already, lets it
# finish), until the run finishes.  A quarter of
# the trials (where a tmpfs can be mounted: root) also put the results
# folder on a tmpfs of a random small size, so that the results disk fills
# at a random point: the run must stop resumable (exit 1, run.json
# disk_full) or refuse to start (exit 2, nothing created); the tmpfs is
# then made large enough and the run resumed (or started again).
#
# A third of the trials (chosen by the seed) run the two cells in lockstep
# (--interleave chunk), which refuses a reader beside them: they run
# without one, and the hold lands inside the round: at any step of any
# chunk of either cell's turn, between its turns (after a chunk's
# record), or at the round's end (after a cell's last chunk, or at its
# --verify, before the summary rows); the signals, the resumes and the
# small results disk are those of the other trials.  Their chunks must
# also come in the order lockstep gives them, in each session (the run,
# then each resume: the cells furthest behind first, then each chunk in
# the order of its step; a cell ended early takes no more turns), and a
# resumed cell's chunks flagged resumed (lockstep_check.py).
#
# Every trial must end with a complete verified run and its invariants:
# every chunk recorded exactly once and consecutive, no line torn or
# repeated in any CSV, histograms.csv and timeline.csv rows only of
# recorded chunks, summary.csv's figures those of its chunks, each chunk's
# updates, deletes, reads, checkpoint, vacuum and reader figures those the
# schedule and the options give (robust_check.py), run.json's
# cells summary.csv's, every cell ok and verified, the databases gone, and
# `plot` and `compare` work on the folder.  A faulted process may exit 0
# (the fault came too late; never for a signal inside a lockstep round
# before the held cell's --verify), 130 (stopped by a signal) or 137 (the
# runner killed); anything else, or a resume that refuses, breaks the
# trial.
#
#   SQLSOAK=build/sqlsoak tests/faults.sh 50 [SEED]
#
# Each cell inserts FAULTS_ROWS rows (200000) in chunks of FAULTS_CHUNK
# rows (10000); a chunk updates a fifth as many rows, deletes a tenth and
# reads a tenth.  A seed draws the same trials at any sizes of the same
# number of chunks.
#
# Prints one line per trial and a total with the seed; exits 1 when any
# trial broke an invariant.  The total counts the lockstep trials too.
set -u
COUNT=${1:?usage: faults.sh COUNT [SEED]}
SEED=${2:-$RANDOM}
RANDOM=$SEED
HERE=$(cd "$(dirname "$0")" && pwd)
S=${SQLSOAK:-$HERE/../build/sqlsoak}
CHECK=$HERE/e2e/helpers/robust_check.py
SUMS=$HERE/e2e/helpers/night_check.py
ORDER=$HERE/e2e/helpers/lockstep_check.py
WORK=$(mktemp -d "${TMPDIR:-/tmp}/sqlsoak-faults.XXXXXX")
ROWS=${FAULTS_ROWS:-200000}
CHUNK=${FAULTS_CHUNK:-10000}
NCHUNKS=$(((ROWS + CHUNK - 1) / CHUNK))
STEPS=(write update delete read checkpoint vacuum record verify)
# in lockstep also between turns, and end: after the last chunk
LOCKSTEPS=("${STEPS[@]}" between end)
HOLD=
PID=
MNT=
cleanup() {
    [ -n "$PID" ] && kill -9 -- "-$PID" 2>/dev/null
    [ -n "$MNT" ] && umount -l "$MNT" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT

# Whether a small tmpfs can be mounted here for the results-disk faults.
DISK=0
mkdir -p "$WORK/probe"
if mount -t tmpfs -o size=64k tmpfs "$WORK/probe" 2>/dev/null; then
    umount "$WORK/probe" && DISK=1
fi
rmdir "$WORK/probe"
[ "$DISK" = 1 ] || echo "faults: no tmpfs can be mounted here: signals only, no results-disk faults"

# launch ARGS...: sqlsoak in a new session and process group, held by the
# test hook at HOLD (CELL:STEP:CHUNK; none when empty); pid in PID, its
# output in $WORK/cur (joined to $WORK/log by settle).  The signals sent
# are at their defaults in it, whatever this script was started with
# (under nohup sqlsoak rightly keeps SIGHUP ignored).
launch() {
    : >"$WORK/cur"
    SQLSOAK_TEST_HANG=$HOLD setsid env --default-signal=HUP,INT,TERM "$S" "$@" >"$WORK/cur" 2>&1 </dev/null &
    PID=$!
}

# launch_run: the trial's run, into $out with its databases in $db; with
# a reader beside each cell, or in lockstep when $lockstep is 1.
launch_run() {
    local beside=(--readers 1)
    ((lockstep)) && beside=(--interleave chunk)
    ENDS=()
    launch run --rows $ROWS --chunk $CHUNK --reads $((CHUNK / 10)) --page-size 4k,8k --verify \
        --updates $((CHUNK / 5)) --deletes $((CHUNK / 10)) --journal wal --checkpoint passive \
        --auto-vacuum incremental "${beside[@]}" \
        --db-dir "$db" --out "$out" --no-plot --progress never
}

# hold: HOLD, where the next launch is held: a random cell at a random
# step of a random chunk (verify and end: the last chunk's, which they
# follow).
hold() {
    local steps=("${STEPS[@]}")
    ((lockstep)) && steps=("${LOCKSTEPS[@]}")
    local step=${steps[RANDOM % ${#steps[@]}]} chunk=$((RANDOM % NCHUNKS))
    case $step in
    verify) chunk=$((NCHUNKS - 1)) ;;
    end) step=between chunk=$((NCHUNKS - 1)) ;;
    esac
    HOLD=$((1 + RANDOM % 2)):$step:$chunk
}

# held: waits until the launch is held (0; the held cell's pid in HELD) or
# has ended without being held (1).
held() {
    local i
    for ((i = 0; i < 60000; i++)); do
        HELD=$(sed -n 's/^sqlsoak test hook: .*(pid \([0-9]*\))$/\1/p' "$WORK/cur")
        [ -n "$HELD" ] && return 0
        kill -0 "$PID" 2>/dev/null || return 1
        sleep 0.01
    done
    return 1
}

# fault: once the launch is held at HOLD, one random signal to the runner,
# the held cell's process or the group; waits for the runner; RC.  INSIDE
# is 1 when the signal came inside a lockstep round, before a cell's end
# phases: never too late there.
fault() {
    local sigs=(INT TERM HUP KILL) sig target
    sig=${sigs[RANDOM % 4]}
    INSIDE=0
    if ! held; then
        target="none(not held)"
    else
        ((lockstep)) && [[ $HOLD != *:verify:* ]] && INSIDE=1
        case $((RANDOM % 3)) in
        0) target=runner; kill -"$sig" "$PID" 2>/dev/null ;;
        1) target=cell; kill -"$sig" "$HELD" 2>/dev/null ;;
        2) target=group; kill -"$sig" -- "-$PID" 2>/dev/null ;;
        esac
    fi
    RC=0
    { wait "$PID"; } 2>/dev/null || RC=$?
    settle
    NOTE+=" $sig>$target@${HOLD}:$RC"
}

# no_fault NAME: waits for the runner unfaulted; RC.
no_fault() {
    RC=0 INSIDE=0
    wait "$PID" || RC=$?
    settle
    NOTE+=" $1:$RC"
}

# settle: until no live process of the group is left (a cell's process outlives
# a runner killed with SIGKILL by a moment), as a person at the shell
# prompt would find it.
settle() {
    local i
    for ((i = 0; i < 1000 && $(pgrep -g "$PID" -r D,R,S,T,t | wc -l) > 0; i++)); do
        sleep 0.01
    done
    cat "$WORK/cur" >>"$WORK/log"
    PID=
    ENDS+=("$(whole_rows "$out/chunks.csv")")
}

# whole_rows CSV: its rows ended by a newline, header aside (0 for none).
whole_rows() {
    local n
    n=$(tr -dc '\n' 2>/dev/null <"$1" | wc -c)
    echo $((n > 0 ? n - 1 : 0))
}

# status_of: run.json's status, "" when there is none.
status_of() {
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("status", ""))' \
        "$out/run.json" 2>/dev/null
}

# allowed: whether RC is an outcome the last step may have.  A full
# results disk may stop a run with 1 (run.json disk_full) or refuse its
# start with 2 (nothing created).  A stop inside a lockstep round is
# never recorded ok: the run ends interrupted.
allowed() {
    case $RC in
    0) ((!INSIDE)) || { echo "a signal inside the lockstep round, and the run ended ok" >"$WORK/check"; false; } ;;
    130 | 137) return 0 ;;
    1) [ -n "$MNT" ] && [ "$(status_of)" = disk_full ] ;;
    2) [ -n "$MNT" ] && [ "$first" = 1 ] && [ ! -e "$out" ] ;;
    *) return 1 ;;
    esac
}

# grow: the results disk made large enough for the rest of the trial.
grow() {
    [ -n "$MNT" ] || return 0
    mount -o remount,size=64m "$MNT" && NOTE+=" (disk grown)"
    MNT_GROWN=1
}

# invariants: every check of a finished trial; the first broken one on
# stderr.
invariants() {
    python3 "$CHECK" soak "$out" $ROWS $CHUNK 2 >/dev/null &&
        python3 "$SUMS" sums "$out" >/dev/null &&
        { ((!lockstep)) || python3 "$ORDER" "$out/chunks.csv" 2 "${ENDS[@]}"; } &&
        { [ -z "$(ls -A "$db")" ] || { echo "databases left in $db: $(ls "$db")" >&2; false; }; } &&
        { "$S" plot "$out" >"$WORK/plot.log" 2>&1 || { echo "plot failed: $(tail -n 3 "$WORK/plot.log")" >&2; false; }; } &&
        { [ -s "$out/report.html" ] || { echo "plot wrote no report.html" >&2; false; }; } &&
        cp -r "$out" "$WORK/copy" &&
        { "$S" compare "$out" "$WORK/copy" --out "$WORK/cmp" >"$WORK/cmp.log" 2>&1 ||
            { echo "compare failed: $(tail -n 3 "$WORK/cmp.log")" >&2; false; }; }
}

passed=0 faults=0 disk_trials=0 lockstep_trials=0
# which trials run in lockstep, drawn first: the seed alone decides, however
# far each trial's faults go
LOCKSTEP=()
for ((t = 1; t <= COUNT; t++)); do LOCKSTEP[t]=$((RANDOM % 3 == 0)); done
for ((t = 1; t <= COUNT; t++)); do
    base=$WORK db=$WORK/db$t
    MNT="" MNT_GROWN=0 NOTE=""
    lockstep=${LOCKSTEP[t]}
    if ((lockstep)); then
        NOTE=" lockstep:"
        lockstep_trials=$((lockstep_trials + 1))
    fi
    if [ "$DISK" = 1 ] && ((RANDOM % 4 == 0)); then
        MNT=$WORK/mnt$t
        mkdir -p "$MNT"
        # about a third too small to start, a third filled during the
        # run (its files take some 75 KiB beside run.json's 256 KiB
        # reserve), a third large enough
        size=$((240 + RANDOM % 240))
        if mount -t tmpfs -o size=${size}k tmpfs "$MNT"; then
            base=$MNT
            NOTE+=" results disk ${size}k:"
            disk_trials=$((disk_trials + 1))
        else
            MNT=""
        fi
    fi
    out=$base/out
    ok=1 first=1
    : >"$WORK/check"
    hold
    launch_run
    fault
    faults=$((faults + 1))
    allowed || ok=0
    first=0
    for ((round = 1; ok && RC != 0 && round <= 20; round++)); do
        [ "$RC" = 1 ] || [ "$RC" = 2 ] && grow
        faulted=$((RANDOM % 2))
        HOLD=
        ((faulted)) && hold
        if [ ! -e "$out/run.json" ]; then
            # killed (or refused) before run.json was first written:
            # nothing was measured, and resume rightly refuses the folder;
            # start again
            rm -rf "$out" "$db"
            NOTE+=" (no run.json: run again)"
            first=1
            launch_run
        else
            launch resume "$out" --progress never
        fi
        if ((faulted)); then
            fault
            faults=$((faults + 1))
        else
            no_fault resume
        fi
        allowed || ok=0
        first=0
    done
    [ "$RC" -eq 0 ] || ok=0
    # the graphs of a finished run want room of their own
    [ "$MNT_GROWN" = 1 ] || grow >/dev/null
    if ((ok)) && invariants 2>"$WORK/check"; then
        passed=$((passed + 1))
        echo "trial $t:$NOTE PASS"
    else
        echo "trial $t:$NOTE FAIL $(cat "$WORK/check" 2>/dev/null)"
        tail -n 5 "$WORK/log"
    fi
    rm -rf "$out" "$db" "$WORK/copy" "$WORK/cmp"
    if [ -n "$MNT" ]; then umount "$MNT" && rmdir "$MNT"; MNT=""; fi
    : >"$WORK/log"
done
echo "faults: $passed of $COUNT trials ended with a complete verified run;" \
    "broken invariants: $((COUNT - passed)) ($faults signals; a small results disk in $disk_trials trials; lockstep in $lockstep_trials trials; seed $SEED)"
[ "$passed" -eq "$COUNT" ]
