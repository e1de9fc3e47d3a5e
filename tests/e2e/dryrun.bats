#!/usr/bin/env bats
# The plan before the night: `run --dry-run` prints the cells, the room
# they need, the storage behind --db-dir and each cell's time estimated
# from earlier runs on that storage, creates nothing and exits 0; with
# --max-time it names the runs that fit; a normal run prints the same
# estimate before its first chunk.

bats_require_minimum_version 1.5.0

load helpers/common

setup_file() {
    RUNS=$BATS_FILE_TMPDIR/runs
    # the earlier run every estimate here is made from
    "$S" run --rows 40k --chunk 20k --reads 2000 --journal delete,wal --no-plot \
        --progress never --db-dir "$BATS_FILE_TMPDIR/db" --out "$RUNS/a" >/dev/null
}

setup() {
    RUNS=$BATS_FILE_TMPDIR/runs
    scratch
}

# seconds TEXT: "1m05s", "42.0 s", "3.40 s", "850 ms", "2h01m" in seconds;
# nothing and status 1 for any other text.  awk, as the arithmetic below:
# a python start costs more than a test's every check of its figures.
seconds() {
    awk -v t="$1" 'BEGIN {
        if (t ~ /^[0-9]+(\.[0-9]+)? (s|ms|µs)$/) {
            split(t, a, " ")
            printf "%.9g\n", a[1] / (a[2] == "s" ? 1 : (a[2] == "ms" ? 1e3 : 1e6))
        } else if (t ~ /^[0-9]+s$/) {
            printf "%.9g\n", t + 0
        } else if (t ~ /^[0-9]+m[0-9]+s$/) {
            split(t, a, /[ms]/); print a[1] * 60 + a[2]
        } else if (t ~ /^[0-9]+h[0-9]+m$/) {
            split(t, a, /[hm]/); print a[1] * 3600 + a[2] * 60
        } else
            exit 1
    }'
}

# calc EXPR A [B]: the value of awk's arithmetic EXPR of a and b, the
# figures A and B; nothing and status 2 when either is no number.
calc() {
    awk -v a="$2" -v b="${3-0}" 'function num(x) { return x ~ /^-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ }
        BEGIN { if (!num(a) || !num(b)) exit 2; printf "%.9g\n", '"$1"' }'
}

# estimate N OUTPUT: run N's estimated time in seconds, from the plan.
estimate() {
    seconds "$(sed -nE "s/^    run $1 of [0-9]+: .*  about (.*)  \(from .*\)$/\1/p" <<<"$2")"
}

@test "dry run: creates nothing (no results folder, no --db-dir) and exits 0" {
    mkdir "$T/w"
    ( cd "$T/w" && find . | sort ) >"$T/before"
    run -0 "$S" run --rows 40k --chunk 20k --dry-run --db-dir "$T/w/new/db" --out "$T/w/new/out"
    [[ "$output" == *"1 run (1 cell x 1 repeat), 40000 rows each in chunks of 20000"* ]]
    [[ "$output" == *"results would be in $T/w/new/out"* ]]
    ( cd "$T/w" && find . | sort ) >"$T/after"
    diff "$T/before" "$T/after"
    [ ! -e "$T/w/new" ]
    # a bad input is still refused as by a run: exit 2
    run -2 "$S" run --rows 40k --chunk 20k --dry-run --db-dir "$T/db" --out "$RUNS/a"
    [ ! -e "$T/db" ]
}

@test "dry run: names the storage behind --db-dir and the room the databases need" {
    run -0 "$S" run --rows 2M --chunk 200k --dry-run --db-dir "$T/new/db" --out "$T/out"
    src=$(df --output=source "$T" | tail -1 | tr -d ' ')
    fs=$(df --output=fstype "$T" | tail -1 | tr -d ' ')
    grep -Eq "^  storage: $src \\($fs on /[^)]*\\).*, [0-9]+ MiB free$" <<<"$output"
    grep -Eq "^  databases in $T/new/db: about [0-9]+ MiB for the largest cell" <<<"$output"
}

# wall CELL: summary.csv's wall_s of run a's cell CELL, and its time
# outside its chunks (wall_s less its last chunk's elapsed_s).
wall() {
    python3 - "$RUNS/a" "$1" <<'EOF'
import csv, sys
d, c = sys.argv[1], sys.argv[2]
s = [r for r in csv.DictReader(open(d + "/summary.csv")) if r["cell"] == c][0]
last = max(float(r["elapsed_s"]) for r in csv.DictReader(open(d + "/chunks.csv")) if r["cell"] == c)
print(float(s["wall_s"]), float(s["wall_s"]) - last)
EOF
}

# near A B TOL ABS: 0 when A is within TOL (a share) of B, or ABS seconds;
# 2 when A or B is no number.
near() {
    calc 'a' "$1" "$2" >/dev/null || return 2
    awk -v a="$1" -v b="$2" -v t="$3" -v m="$4" 'BEGIN {
        d = a - b; if (d < 0) d = -d
        l = b * t; if (l < m) l = m
        exit (d > l)
    }'
}

@test "dry run: a cell takes the times of the earlier cell of its settings, its fit summed over the plan's chunks" {
    # another storage's run is not used: a copy of run a that says so
    cp -r "$RUNS/a" "$RUNS/other"
    python3 - "$RUNS/other/run.json" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1])); j["storage"]["device"] = "/dev/elsewhere"
json.dump(j, open(sys.argv[1], "w"))
EOF
    run -0 "$S" run --rows 40k --chunk 20k --reads 2000 --journal wal,delete,memory --dry-run \
        --db-dir "$T/db" --out "$RUNS/b"
    rm -r "$RUNS/other"
    [[ "$output" == *"  1 earlier run on this storage: a cell takes the times of an earlier cell only when every setting that changes them is the same (2 of 3 cells)"* ]]
    grep -q "run 1 of 3: cell 1 (.* wal .*(from $RUNS/a cell 2, 2 chunks to 40000 rows)$" <<<"$output"
    grep -q "run 2 of 3: cell 2 (.* delete .*(from $RUNS/a cell 1, 2 chunks to 40000 rows)$" <<<"$output"
    # no earlier cell ran memory: a dry run calibrates it
    grep -q "run 3 of 3: cell 3 (.* memory .*(from calibration 1)$" <<<"$output"
    # the plan is the earlier run's own: its time again
    for c in 1 2; do
        read -r w _ <<<"$(wall "$((3 - c))")"
        near "$(estimate "$c" "$output")" "$w" 0.02 0.06
    done
    # 50 times the rows: 50 times the chunks, each at the cost the fit
    # gives (these tables stay within the page cache: flat), the cell's
    # own time once
    run -0 "$S" run --rows 2M --chunk 20k --reads 2000 --journal delete --dry-run \
        --db-dir "$T/db" --out "$RUNS/b"
    grep -q "run 1 of 1: cell 1 (.* delete .*(from $RUNS/a cell 1, 2 chunks to 40000 rows)$" <<<"$output"
    read -r w out <<<"$(wall 1)"
    want=$(calc '(a - b) * 50 + b' "$w" "$out")
    near "$(estimate 1 "$output")" "$want" 0.02 0.5
    # "in all" is the cells and what the run spends besides them, said to
    # two figures (13 s, not 12.5 s: within 5% at any machine's speed)
    total=$(seconds "$(sed -nE 's/^  in all: about (.*)$/\1/p' <<<"$output")")
    besides=$(seconds "$(sed -nE 's/^  besides the cells: about (.*) \(.*$/\1/p' <<<"$output")")
    near "$total" "$(calc 'a + b' "$(estimate 1 "$output")" "$besides")" 0.05 0.15
}

@test "dry run: 'in all' is the cells and what the run spends besides them: the idle sample, a probe, the graphs" {
    base=(run --rows 40k --chunk 20k --reads 2000 --journal delete --dry-run --db-dir "$T/db"
          --out "$RUNS/f")
    run -0 "$S" "${base[@]}"
    grep -qx '  besides the cells: about 6.00 s (the device'"'"'s idle sample 1 s, the graphs about 5 s)' <<<"$output"
    cells=$(estimate 1 "$output")
    total=$(seconds "$(sed -nE 's/^  in all: about (.*)$/\1/p' <<<"$output")")
    # said to two figures: within 5% once the cell's estimate (run a's
    # time, as fast as the machine was) passes 4 s
    near "$total" "$(calc 'a + 6' "$cells")" 0.05 0.15
    # no graphs drawn: none of their time
    run -0 "$S" "${base[@]}" --no-plot
    grep -qx '  besides the cells: about 1.00 s (the device'"'"'s idle sample 1 s)' <<<"$output"
    # a probe the run will make: its --probe-time
    run -0 "$S" "${base[@]}" --probe new --probe-time 20s
    grep -qx '  besides the cells: about 26.0 s (the device'"'"'s idle sample 1 s, the device probe 20 s, the graphs about 5 s)' <<<"$output"
    # --probe long probes no plan this short
    run -0 "$S" "${base[@]}" --probe long --no-plot
    grep -qx '  besides the cells: about 1.00 s (the device'"'"'s idle sample 1 s)' <<<"$output"
    [ ! -e "$RUNS/f" ]
}

@test "dry run: an earlier cell that differs in a setting that changes the time is not used: the cell is calibrated" {
    base=(run --rows 40k --chunk 20k --reads 2000 --journal delete --dry-run --db-dir "$T/db"
          --out "$RUNS/e")
    run -0 "$S" "${base[@]}"
    grep -q "run 1 of 1: cell 1 (.*(from $RUNS/a cell 1, 2 chunks to 40000 rows)$" <<<"$output"
    for differs in "--updates 100" "--os-cache drop" "--key-order random" "--read-from chunk" \
        "--chunk 10k" "--value-size 100" "--sync normal" "--readers 1"; do
        # shellcheck disable=SC2086
        run -0 "$S" "${base[@]}" $differs
        echo "$differs: $output"
        [[ "$output" == *"(0 of 1 cells)"* ]]
        grep -Eq "^    calibration 1 \(cell 1\): [0-9]+ chunks? of [0-9]+ rows to [0-9]+ rows in " <<<"$output"
        grep -q "run 1 of 1: cell 1 (.*(from calibration 1)$" <<<"$output"
        [[ "$output" != *"from $RUNS/a"* ]]
    done
    # a setting that changes nothing in this cell (WAL's in a delete
    # journal, a lock's wait with no reader to hold one) keeps the match;
    # an explicit --checkpoint in a delete journal is refused (first_hour.bats)
    for same in "--wal-autocheckpoint 100" "--busy-timeout 100"; do
        # shellcheck disable=SC2086
        run -0 "$S" "${base[@]}" $same
        echo "$same: $output"
        grep -q "run 1 of 1: cell 1 (.*(from $RUNS/a cell 1, 2 chunks to 40000 rows)$" <<<"$output"
    done
    # without --dry-run there is no calibration: the cell has no estimate
    run -0 "$S" run --rows 40k --chunk 20k --reads 2000 --journal delete --os-cache drop \
        --no-plot --progress never --db-dir "$T/db" --out "$RUNS/f"
    rm -r "$RUNS/f"
    [[ "$output" == *"no earlier cell has this plan's settings (--dry-run calibrates)"* ]]
    [[ "$output" != *"cost shape"* ]]
}

@test "dry run: cells of different cost shapes get calibrations of their own; repeats and settings that change nothing share one" {
    # each of the 3 shapes calibrated in its own 6 s whatever the machine's
    # speed (the test hook): how many fit in 18 s is the cap's test below
    SQLSOAK_TEST_CALIBRATION_SHAPES=3 run -0 "$S" run --rows 40k --chunk 20k --reads 2000 \
        --journal delete,wal --wal-autocheckpoint 100,1000 --repeat 2 --dry-run --db-dir "$T/db" \
        --out "$T/alone/out"
    [[ "$output" == *"calibrating 3 cost shapes in a scratch folder in $T (up to 18 s)"* ]]
    [[ "$output" == *"calibration: 3 of 3 cost shapes in "* ]]
    # delete ignores the WAL's checkpoints: one shape; wal's two differ.
    # The whole plan where the probe finds it fits the shape's time, else
    # smaller chunks: which, the disk's speed and the machine's load decide
    grep -Eq '^    calibration 1 \(cells 1, 2\): [0-9]+ chunks? of [0-9]+ rows to [0-9]+ rows in [0-9.]+ (µs|ms|s)( \(the whole plan\))?; a row written .*; a read ' <<<"$output"
    grep -Eq '^    calibration 2 \(cell 3\): ' <<<"$output"
    grep -Eq '^    calibration 3 \(cell 4\): ' <<<"$output"
    for c in 1 2 5 6; do grep -q "run $c of 8: cell [12] · repeat [12] (.* delete .*(from calibration 1)$" <<<"$output"; done
    for c in 3 7; do grep -q "run $c of 8: cell 3 · repeat [12] (.* wal .* autocheckpoint 100)  .*(from calibration 2)$" <<<"$output"; done
    for c in 4 8; do grep -q "run $c of 8: cell 4 · repeat [12] (.* wal .* autocheckpoint 1000)  .*(from calibration 3)$" <<<"$output"; done
    # the same shape, the same time
    [ "$(estimate 1 "$output")" = "$(estimate 6 "$output")" ]
}

@test "dry run: --estimate-from names earlier runs that are not beside --out" {
    run -0 "$S" run --rows 40k --chunk 20k --reads 2000 --dry-run --db-dir "$T/db" \
        --out "$T/elsewhere/out"
    [[ "$output" != *"earlier run"* ]]
    grep -q "run 1 of 1: cell 1 (.* delete .*(from calibration 1)$" <<<"$output"
    run -0 "$S" run --rows 40k --chunk 20k --reads 2000 --dry-run --db-dir "$T/db" \
        --out "$T/elsewhere/out" --estimate-from "$RUNS/a"
    [[ "$output" == *"  1 earlier run on this storage: "*"(1 of 1 cells)"* ]]
    [[ "$output" != *"calibrat"* ]]
    grep -q "run 1 of 1: cell 1 (.* delete .*(from $RUNS/a cell 1, 2 chunks to 40000 rows)$" <<<"$output"
    # a folder that is no results folder: one line, exit 2, nothing created
    mkdir "$T/empty"
    run -2 --separate-stderr "$S" run --rows 40k --chunk 20k --db-dir "$T/db" \
        --out "$T/elsewhere/out" --estimate-from "$T/empty"
    [ "$stderr" = "sqlsoak run: --estimate-from $T/empty: not a results folder (no readable run.json)" ]
    [ ! -e "$T/elsewhere" ] && [ ! -e "$T/db" ]
}

@test "dry run: with no earlier run on the storage, a calibration in a folder it removes gives the times" {
    mkdir -p "$T/w/db"          # made in --db-dir (test 1: in the folder above one not made yet)
    ( cd "$T/w" && find . | sort ) >"$T/before"
    # both shapes calibrated, at any speed (the test hooks: 3 s in all, the
    # least two shapes have), each a plan it runs whole in no time, its
    # databases made and removed as a longer one's: how many shapes fit in
    # the time is the cap's, asked below
    SQLSOAK_TEST_CALIBRATION_S=3 SQLSOAK_TEST_CALIBRATION_SHAPES=2 run -0 "$S" run --rows 40k \
        --chunk 20k --reads 2000 --journal delete,wal --repeat 2 --dry-run --db-dir "$T/w/db" \
        --out "$T/w/out"
    [[ "$output" == *"calibrating 2 cost shapes in a scratch folder in $T/w/db (up to 3 s)"* ]]
    [[ "$output" == *"calibration: 2 of 2 cost shapes in "*", its folder removed; each ran its first cell's settings on a fresh table"* ]]
    # what each measured: its chunks, as far as its time allowed
    grep -Eq '^    calibration 1 \(cell 1\): [0-9]+ chunks? of [0-9]+ rows to [0-9]+ rows in [0-9.]+ (µs|ms|s)( \(the whole plan\))?; a row written [0-9.]+ .s(, [0-9.]+ .s past the page cache)?; a read ' <<<"$output"
    grep -Eq '^    calibration 2 \(cell 2\): ' <<<"$output"
    grep -Eq '^    run 1 of 4: cell 1 · repeat 1 \(.* delete .*  about .*  \(from calibration 1\)$' <<<"$output"
    grep -Eq '^    run 2 of 4: cell 2 · repeat 1 \(.* wal .*  about .*  \(from calibration 2\)$' <<<"$output"
    # a repeat takes its combination's calibration
    grep -Eq '^    run 3 of 4: cell 1 · repeat 2 \(.* delete .*  about .*  \(from calibration 1\)$' <<<"$output"
    grep -Eq '^  in all: about ' <<<"$output"
    ( cd "$T/w" && find . | sort ) >"$T/after"
    diff "$T/before" "$T/after"
    # its time is capped: with 3 s in all a shape has the least, 1.5 s;
    # how many shapes that reaches depends on the machine's speed, so
    # only what holds at any speed is asked: the shapes past the last one
    # calibrated are not run and their cells take the nearest's times;
    # where none was (a machine too busy for one chunk in 1.5 s), no cell
    # has an estimate
    six=(run --rows 1M --chunk 100k --reads 10k --journal delete,truncate,persist,memory,wal,off
         --dry-run --db-dir "$T/w/db" --out "$T/w/out")
    SQLSOAK_TEST_CALIBRATION_S=3 run -0 "$S" "${six[@]}"
    [[ "$output" == *"calibrating 6 cost shapes in a scratch folder in $T/w/db (up to 3 s)"* ]]
    n=$(sed -En 's/^  calibration: ([0-9]+) of 6 cost shapes in .*/\1/p' <<<"$output")
    [ "$n" -ge 0 ] && [ "$n" -le 6 ]
    measured=0
    for ((k = 1; k <= 6; k++)); do
        if grep -Eq "^    calibration $k \(cell $k\): [0-9]+ chunks? of " <<<"$output"; then
            measured=$((measured + 1))
            grep -Eq "^    run $k of 6: cell $k \(.*  \(from calibration $k\)$" <<<"$output"
        else
            # the time ran out before it, or in its probe
            grep -Eq "^    calibration $k \(cell $k\): (not run: the calibration.s time was spent|measured no chunk)" <<<"$output"
            if [ "$n" -ge 1 ]; then
                grep -Eq "^    run $k of 6: cell $k \(.*  \(from calibration [1-6], the nearest settings calibrated\)$" <<<"$output"
            else
                grep -Eq "^    run $k of 6: cell $k \(.*  no estimate \(its calibration measured nothing\)$" <<<"$output"
            fi
        fi
    done
    [ "$measured" -eq "$n" ]
    grep -Eq '^  in all: about ' <<<"$output"
    ( cd "$T/w" && find . | sort ) >"$T/after"
    diff "$T/before" "$T/after"
    # where the time is spent after two shapes (fixed by the test hook,
    # whatever the speed), the third is not reached and the others take
    # the nearest's times (a plan each shape runs whole, in no time: the
    # hook, not the time, ends the calibration)
    small=(run --rows 40k --chunk 20k --reads 2000 "${six[@]:7}")
    SQLSOAK_TEST_CALIBRATION_S=6 SQLSOAK_TEST_CALIBRATION_SHAPES=2 run -0 "$S" "${small[@]}"
    [[ "$output" == *"calibration: 2 of 6 cost shapes in "* ]]
    grep -Eq '^    calibration 2 \(cell 2\): [0-9]+ chunks? of ' <<<"$output"
    grep -Eq '^    calibration 3 \(cell 3\): not run: the calibration.s time was spent$' <<<"$output"
    grep -Eq '^    run 1 of 6: cell 1 \(.*  \(from calibration 1\)$' <<<"$output"
    grep -Eq '^    run 6 of 6: cell 6 \(.* off .*  \(from calibration [12], the nearest settings calibrated\)$' <<<"$output"
    ( cd "$T/w" && find . | sort ) >"$T/after"
    diff "$T/before" "$T/after"
}

@test "run: without an earlier run on the storage, says how to get an estimate and calibrates nothing" {
    run -0 "$S" run --rows 4k --chunk 2k --reads 100 --no-plot --progress never \
        --db-dir "$T/db" --out "$T/alone/out"
    [[ "$output" == *"no earlier run on this storage to estimate the time from (--estimate-from DIR,... names results folders; --dry-run calibrates)"* ]]
    [ -z "$(ls -A "$T/db")" ]
}

@test "dry run: with --max-time, it names the runs that fit" {
    # the earlier run's settings: the same estimate each time
    args=(run --rows 10M --chunk 20k --reads 2000 --repeat 3 --dry-run --db-dir "$T/db" --out "$RUNS/c")
    run -0 "$S" "${args[@]}"
    one=$(estimate 1 "$output")
    # room for two and a half runs
    limit=$(calc 'int(a * 2.5)' "$one")
    run -0 "$S" "${args[@]}" --max-time "${limit}s"
    grep -Eq "^  --max-time .*: runs 1-2 fit \\(about .*\\); run 3 would end interrupted$" <<<"$output"
    run -0 "$S" "${args[@]}" --max-time 1s
    grep -Eq "^  --max-time 1s: no run fits: run 1 would end interrupted, the rest skipped$" <<<"$output"
    [ ! -e "$RUNS/c" ]
}

@test "run: prints the same estimate before its first chunk" {
    args=(run --rows 40k --chunk 20k --reads 2000 --journal wal --db-dir "$T/db" --no-plot)
    run -0 "$S" "${args[@]}" --dry-run --out "$RUNS/d"
    plan=$(grep -E '^  (estimated|  run)' <<<"$output")
    [ -n "$plan" ]
    grep -qx '  besides the cells: about 1.00 s (the device'"'"'s idle sample 1 s)' <<<"$output"
    dry=$(seconds "$(sed -nE 's/^  in all: about (.*)$/\1/p' <<<"$output")")
    run -0 --separate-stderr "$S" "${args[@]}" --progress never --out "$RUNS/d"
    rm -r "$RUNS/d"
    [ "$(grep -E '^  (estimated|  run)' <<<"$output")" = "$plan" ]
    # the idle sample is behind a run as it prints its plan: its cells alone are ahead
    [ "$(grep -c 'besides the cells' <<<"$output")" -eq 0 ]
    near "$(seconds "$(sed -nE 's/^  in all: about (.*)$/\1/p' <<<"$output")")" \
        "$(calc 'a - 1' "$dry")" 0 0.15
    # before the first chunk: the plan ends before the tables of the results
    [ "$(grep -n 'in all: about' <<<"$output" | cut -d: -f1)" -lt "$(grep -n '^runs: ' <<<"$output" | cut -d: -f1)" ]
}

@test "dry run: presets with more updates, deletes or hot rows than a calibration chunk are estimated" {
    # one cell of each: a calibration's chunk is a small share of theirs
    # (in 2 s, not 6: smaller yet)
    for p in "churn --auto-vacuum incremental" "updates --page-size 4k"; do
        # shellcheck disable=SC2086
        SQLSOAK_TEST_CALIBRATION_S=2 run -0 --separate-stderr "$S" run --preset $p --dry-run \
            --db-dir "$T/db" --out "$T/p/out"
        [[ "$output" == *"from calibration 1"* ]]
        chunk=$(sed -nE 's/^    calibration 1 \(cell 1\): [0-9]+ chunks? of ([0-9]+) rows .*/\1/p' <<<"$output")
        [ "$chunk" -lt 500000 ]
        [[ "$output" == *"in all: about "* ]]
        [[ "$output" != *"no estimate"* ]]
        [[ "$stderr" != *Assertion* ]]
        [ -z "$stderr" ]
    done
}

@test "dry run: a plan whose table goes far past the page cache is calibrated with a smaller one, to measure a miss" {
    # a 256 MiB cache: no calibration of 2 s goes far past it, on any machine
    SQLSOAK_TEST_CALIBRATION_S=2 run -0 "$S" run --rows 100M --chunk 1M --reads 10k \
        --cache-size -262144 --dry-run --db-dir "$T/db" --out "$T/out"
    grep -Eq "^    calibration 1 \(cell 1\): .*; with a page cache of [0-9]+ KiB, not the plan's 262144, so that its table went past it" <<<"$output"
    # with mmap the reads go through no cache: the cell's own
    SQLSOAK_TEST_CALIBRATION_S=2 run -0 "$S" run --rows 100M --chunk 1M --reads 10k \
        --cache-size -262144 --mmap-size 64M --dry-run --db-dir "$T/db" --out "$T/out"
    grep -Eq "^    calibration 1 \(cell 1\): [0-9]+ chunks? of " <<<"$output"
    [[ "$output" != *"with a page cache of"* ]]
}
