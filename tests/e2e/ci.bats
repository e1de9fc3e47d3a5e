#!/usr/bin/env bats
# ci.bats: what .ci/run gives its legs and how it runs them: every file
# and every test picked by name is there, a leg in a background chain that
# fails fails the run, each leg's time is kept, and a Debian root gets
# the amalgamations its tests need.

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    scratch
}

# A stand-in of a root the roots' chain test started, ended if the test
# failed before CI's exit did.
teardown() {
    [ ! -s "$T/root.pid" ] || kill "$(cat "$T/root.pid")" 2>/dev/null || true
}

# ci_part NAME...: the e2e files .ci/run (or CI_RUN, a copy of it) gives
# its legs in those of its variables (E2E_INSTALL, E2E_SQLITE, E2E_SWAP,
# E2E_RELEASE), a line each.
ci_part() {
    bash -c "$(sed -n '/^E2E_INSTALL=/,/^E2E_RELEASE=\$(printf/p' "${CI_RUN:-$TOP/.ci/run}")"'
        for v in "$@"; do printf "%s\n" ${!v}; done' - "$@" | sort -u
}

# on_one_release: the files of SQLite's behaviour (E2E_SQLITE) that run on
# no release but the native one: in neither the other release's root
# (E2E_RELEASE) nor the swapped library's leg (E2E_SWAP), a line each.
on_one_release() {
    comm -23 <(ci_part E2E_SQLITE) <(ci_part E2E_RELEASE E2E_SWAP)
}

# make_values NAME...: the Makefile's variables NAME..., as the recipes
# see them, a line each.
make_values() {
    local v info=""
    for v in "$@"; do info="$info\$(info \$($v))"; done
    make -s --no-print-directory -C "$TOP" --eval "ci-print: ; $info" ci-print
}

# own_make ARGS...: make in the tree, with a bats of its own, outside this
# one's environment and its libexec (first on PATH in a test).
own_make() {
    local path
    path=$(tr ':' '\n' <<<"$PATH" | grep -v '/bats-core$' | paste -sd:)
    env -i PATH="$path" HOME="$HOME" make -s --no-print-directory -C "$TOP" "$@"
}

# picks_tests -f REGEX FILE...: every alternative of REGEX, ^(A|B|...),
# names a test of the FILEs, and every FILE has a test REGEX picks (a test
# renamed would otherwise leave its leg silently without it).
picks_tests() {
    [ "$1" = -f ] || { echo "not a -f filter: $*" >&2; return 1; }
    local regex=$2 alts names f
    shift 2
    [ "$#" -ge 1 ] || { echo "no files after the filter" >&2; return 1; }
    for f in "$@"; do [ -f "$TOP/$f" ] || { echo "$f: not there" >&2; return 1; }; done
    names=$(cd "$TOP" && sed -n 's/^@test "\(.*\)" {$/\1/p' "$@")
    alts=${regex#^(}
    alts=${alts%)}
    [ "$alts" != "$regex" ] || { echo "not of the form ^(A|B|...): $regex" >&2; return 1; }
    IFS='|' read -ra alts <<<"$alts"
    for a in "${alts[@]}"; do
        grep -qE "^$a" <<<"$names" || { echo "no test named '$a...' in $*" >&2; return 1; }
    done
    for f in "$@"; do
        sed -n 's/^@test "\(.*\)" {$/\1/p' "$TOP/$f" | grep -qE "$regex" ||
            { echo "$f: no test picked by $regex" >&2; return 1; }
    done
}

@test "ci: every e2e file .ci/run gives a leg is there; each file of SQLite's behaviour runs on a second release, in the other release's root or the swapped library's leg, not both; the other release's root proves the install too" {
    parts=$(ci_part E2E_INSTALL E2E_SQLITE E2E_SWAP E2E_RELEASE)
    echo "$parts"
    [ "$(wc -l <<<"$parts")" -ge 15 ]
    while read -r f; do [ -f "$TOP/$f" ] || { echo "$f: not there" >&2; return 1; }; done <<<"$parts"
    [ "$(ci_part E2E_INSTALL | wc -l)" -ge 2 ]
    [ -z "$(comm -23 <(ci_part E2E_INSTALL) <(ci_part E2E_RELEASE))" ]
    [ "$(ci_part E2E_SWAP | wc -l)" -ge 5 ]
    [ -z "$(comm -23 <(ci_part E2E_SWAP) <(ci_part E2E_SQLITE))" ]
    [ -z "$(comm -12 <(ci_part E2E_SWAP) <(ci_part E2E_RELEASE))" ]
    [ -z "$(on_one_release)" ]
    # a file the root drops too, as the swapped library's are dropped, is named
    sed '/^E2E_RELEASE=\$(printf/s|\$E2E_SWAP)|$E2E_SWAP tests/e2e/run.bats)|' "$TOP/.ci/run" >"$T/run"
    run ! cmp -s "$TOP/.ci/run" "$T/run"
    [ "$(CI_RUN=$T/run on_one_release)" = tests/e2e/run.bats ]
}

@test "ci: on a release with a root, the native leg leaves the files of the install to that root, which runs them; every other file runs natively" {
    # .ci/run's choice for a host of each root's release, and for one without
    fn=$(sed -n '/^native_elsewhere=""$/,/^case /p' "$TOP/.ci/run")
    [ "$(wc -l <<<"$fn")" -eq 2 ]
    roots=$(sed -n 's/^ROOTS="\(.*\)"$/\1/p' "$TOP/.ci/run")
    [ "$(wc -w <<<"$roots")" -eq 2 ]
    install=$(ci_part E2E_INSTALL | paste -sd' ')
    for h in $roots noble; do
        got=$(bash -c "ROOTS='$roots' E2E_INSTALL='$install' host=$h; $fn"'
            echo "$native_elsewhere"')
        if [ "$h" = noble ]; then [ -z "$got" ]; else [ "$got" = "$install" ]; fi
    done
    # the roots are started from that same list, and the native leg told it
    grep -qx '    for suite in $ROOTS; do' "$TOP/.ci/run"
    grep -q '^leg "native make test" make test E2E_ELSEWHERE="$native_elsewhere" ' "$TOP/.ci/run"
    # make e2e leaves those files out, and no other, the longest still first
    # (a make of its own: the make running this test may have E2E set)
    e2e_files() {
        env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory -C "$TOP" \
            --eval 'ci-print: ; $(info $(E2E))' ci-print "$@"
    }
    all=$(e2e_files)
    left=$(e2e_files E2E_ELSEWHERE="$install")
    words() { tr ' ' '\n' | grep . | sort; }
    [ -z "$(comm -13 <(words <<<"$all") <(words <<<"$left"))" ]
    [ "$(comm -23 <(words <<<"$all") <(words <<<"$left"))" = "$(ci_part E2E_INSTALL)" ]
    [ "${left%% *}" = "${all%% *}" ]
}

@test "ci: every test a leg picks by name is there: the other release's picks, the cross builds' subsets" {
    pick=$(sed -n '/^E2E_RELEASE_PICK=/,/\.bats"$/p' "$TOP/.ci/run")
    [ -n "$pick" ]
    eval "$pick"
    eval "set -- $E2E_RELEASE_PICK"
    picks_tests "$@"
    values=$(make_values E2E_SUBSET E2E_arm64 E2E_armhf E2E_i386)
    echo "$values"
    [ "$(wc -l <<<"$values")" -eq 4 ]
    while read -r value; do
        eval "set -- $value"
        picks_tests "$@"
    done <<<"$values"
    # i386 runs ARM's subset and input.bats' parsing of numbers and --need
    arm=$(sed -n 2p <<<"$values") i386=$(sed -n 4p <<<"$values") q=")'"
    [ "$i386" = "${arm%%"$q"*}|numbers: |need: $q${arm#*"$q"} tests/e2e/input.bats" ]
    # the picker itself refuses a name no test has
    run ! picks_tests -f '^(run: 200k rows|no such test)' tests/e2e/run.bats
    [[ "$output" == *"no test named 'no such test...'"* ]]
}

@test "ci: a Debian root's clone holds both amalgamations where .ci/amalgamation looks, so that its tests of sqlite get run without npm" {
    fn=$(sed -n '/^amalgamations() {/,/^}/p' "$TOP/.ci/debian-root")
    [ "$(grep -c '^}' <<<"$fn")" -eq 1 ]
    grep -q '^    amalgamations "$amalgamation" "$root/root/sqlsoak/build/amalgamation"$' "$TOP/.ci/debian-root"
    mkdir -p "$T/fetched"
    echo old >"$T/fetched/sqlite-autoconf-3070800.tar.gz"
    echo current >"$T/fetched/sqlite-autoconf-3440200.tar.gz"
    echo other >"$T/fetched/notes.txt"
    run -0 sh -c "$fn"'
        amalgamations "$1/fetched/sqlite-autoconf-3070800.tar.gz" "$1/clone/build/amalgamation"' - "$T"
    [ "$(ls "$T/clone/build/amalgamation")" = "$(printf '%s\n' sqlite-autoconf-3070800.tar.gz sqlite-autoconf-3440200.tar.gz)" ]
    # found there, with no npm on PATH to fetch them
    mkdir -p "$T/bin"
    for t in sh dirname mkdir mktemp rm cat; do ln -s "$(command -v "$t")" "$T/bin/$t"; done
    cd "$T/clone"
    run -0 env PATH="$T/bin" sh "$TOP/.ci/amalgamation" build/amalgamation
    [ "$output" = build/amalgamation/sqlite-autoconf-3070800.tar.gz ]
    run -0 env PATH="$T/bin" sh "$TOP/.ci/amalgamation" build/amalgamation current
    [ "$output" = build/amalgamation/sqlite-autoconf-3440200.tar.gz ]
}

@test "ci: the roots' chain starts as soon as the amalgamations are fetched, before the native build and the cross builds' installs, and ends whole with CI when a build fails before its wait" {
    ci=$TOP/.ci/run
    at() { grep -nE "$1" "$ci" | head -n 1 | cut -d: -f1; }
    fetched=$(at '^current=\$\(sh \.ci/amalgamation ') started=$(at '^\{ set \+e; roots; \} .*&$')
    built=$(at '^make -j2 all unit-bin$') installed=$(at '^ +sh \.ci/deps cross ')
    echo "fetched $fetched, started $started, built $built, installed $installed"
    [ "$fetched" -lt "$started" ]
    [ "$started" -lt "$built" ]
    [ "$started" -lt "$installed" ]
    # what the chain calls is defined before it starts
    for fn in leg failed roots; do [ "$(at "^$fn\\(\\) \\{\$")" -lt "$started" ]; done
    # its wait takes the trap that would end it away
    [ "$(sed -n '/^wait "\$roots_pid"/{n;p}' "$ci")" = "trap - EXIT" ]
    # .ci/run's start of the chain, a stand-in root in it, and a build that fails
    start=$(sed -n '/^set -m$/,/^trap .* EXIT$/p' "$ci")
    [ "$(wc -l <<<"$start")" -ge 4 ]
    {
        echo 'set -eu'
        # shellcheck disable=SC2016
        echo 'roots() { sh -c '"'"'echo $$ >"$0.pid"; exec sleep 600'"'"' "$T/root"; }'
        echo "$start"
        echo 'i=0; until [ -s "$T/root.pid" ] || [ $((i += 1)) -gt 3000 ]; do sleep 0.01; done'
        echo 'false'
    } >"$T/ci"
    run -1 env T="$T" bash "$T/ci"
    pid=$(cat "$T/root.pid")
    [ -n "$pid" ]
    # gone, or a zombie no one has reaped yet (a generous cap on a wait for that state)
    for ((i = 0; i < 1000; i++)); do
        [ -e "/proc/$pid" ] && ! grep -q '^[0-9]* ([^)]*) Z' "/proc/$pid/stat" 2>/dev/null || break
        sleep 0.01
    done
    [ ! -e "/proc/$pid" ] || grep -q '^[0-9]* ([^)]*) Z' "/proc/$pid/stat"
}

@test "ci: the two Debian roots run side by side, each a leg with a log of its own, and the chain ends when both have" {
    fn=$(sed -n '/^roots() {/,/^}/p' "$TOP/.ci/run")
    [ "$(grep -c '^}' <<<"$fn")" -eq 1 ]
    mkdir -p "$T/build"
    cd "$T"
    # a stand-in leg: each root waits until the other has started, which
    # only roots side by side can do (a generous cap on a wait for that state)
    # shellcheck disable=SC2016
    run -0 bash -c '
        leg() {
            local name=${1// /_} i
            touch "started.$name"
            for ((i = 0; i < 1000; i++)); do
                [ -e started.Debian_trixie_root ] && [ -e started.Debian_bookworm_root ] &&
                    { touch "ended.$name"; return 0; }
                sleep 0.01
            done
            return 1
        }
        failed() { echo "    $1 (exit $2)" >>build/legs-failed.log; return 1; }
        host=bookworm ROOTS="trixie bookworm" E2E_INSTALL=install E2E_RELEASE=release E2E_RELEASE_PICK=pick SQLITE_AMALGAMATION=
        '"$fn"'
        roots
        ls ended.*'
    [ ! -e build/legs-failed.log ]
    [ "$output" = "$(printf '%s\n' ended.Debian_bookworm_root ended.Debian_trixie_root)" ]
    grep -qF 'E2E="release" E2E_PICK="pick"' build/debian-trixie.log
    grep -qF 'E2E="install" E2E_PICK=""' build/debian-bookworm.log
}

@test "ci: a Debian root is made with mmdebstrap (minbase, make, git, sudo) in a folder holding only the script's marker, its dpkg and apt settings given to mmdebstrap; a folder without the marker is refused, untouched" {
    # the one bootstrap: the README's packages, the marker the only file
    # mmdebstrap is told to accept, the settings it leaves in the root
    [ "$(grep -c '^ *debootstrap ' "$TOP/.ci/debian-root")" -eq 0 ]
    cmd=$(sed -n '/^mmdebstrap /,/"\$mirror"/p' "$TOP/.ci/debian-root")
    [[ "$cmd" == *"--variant=minbase --include=make,git,sudo --skip=check/empty"* ]]
    [[ "$cmd" == *"--dpkgopt=force-unsafe-io --aptopt='Acquire::Languages \"none\"'"* ]]
    grep -qx 'touch "$root/.sqlsoak-root"' "$TOP/.ci/debian-root"
    [ "$(grep -n -x 'touch "$root/.sqlsoak-root"' "$TOP/.ci/debian-root" | cut -d: -f1)" -lt \
      "$(grep -n '^mmdebstrap ' "$TOP/.ci/debian-root" | cut -d: -f1)" ]
    grep -q '^roots made with mmdebstrap (`sh .ci/debian-root SUITE ROOT`, as root),$' "$TOP/README.md"
    # a folder the script did not make: refused before anything is run
    [ "$(id -u)" -eq 0 ] || skip "the script runs as root only"
    mkdir -p "$T/notours"
    echo mine >"$T/notours/file"
    run -2 sh "$TOP/.ci/debian-root" bookworm "$T/notours"
    [ "$output" = "debian-root: $T/notours exists and is not a root this script made" ]
    [ "$(ls -A "$T/notours")" = file ]
}

@test "ci: each step of a Debian root's log says the seconds and CPU seconds the step before it took, of every process the script waited for; make test's end is a step" {
    fn=$(sed -n '/^step_at="" /,/^}/p' "$TOP/.ci/debian-root")
    [ "$(grep -c '^}' <<<"$fn")" -eq 1 ]
    # the third step follows a child that spins until its own CPU reaches 0.5 s
    run -0 --separate-stderr sh -c 'cpu_log=$1/cpu; '"$fn"'
        step one
        step two
        "$2" -c "import time
while time.process_time() < 0.5: pass"
        step three' - "$T" "$E2E_PYTHON"
    printf '%s\n' "${stderr_lines[@]}"
    [ "${#stderr_lines[@]}" -eq 3 ]
    [[ "${stderr_lines[0]}" =~ ^==\ [0-9]{2}:[0-9]{2}:[0-9]{2}\ one$ ]]
    [[ "${stderr_lines[1]}" =~ ^==\ [0-9]{2}:[0-9]{2}:[0-9]{2}\ two\ \(the\ step\ before:\ [0-9]+\ s,\ CPU\ [0-9]+\.[0-9]\ s\)$ ]]
    [[ "${stderr_lines[2]}" =~ \ three\ \(the\ step\ before:\ [0-9]+\ s,\ CPU\ ([0-9]+\.[0-9])\ s\)$ ]]
    awk -v cpu="${BASH_REMATCH[1]}" 'BEGIN { exit !(cpu >= 0.4) }'
    # the script's last step is make test's end, then its status
    grep -q '^step "$suite: make test ended (exit $status)"$' "$TOP/.ci/debian-root"
    [ "$(tail -n 1 "$TOP/.ci/debian-root")" = 'exit "$status"' ]
}

@test "ci: a leg that fails in a background chain fails the run; every leg's time is kept" {
    # leg and failed as .ci/run defines them, run in a folder of the test's own
    fns=$(sed -n '/^leg() {/,/^}/p; /^failed() {/,/^}/p' "$TOP/.ci/run")
    [ "$(grep -c '^}' <<<"$fns")" -eq 2 ]
    mkdir -p "$T/build"
    cd "$T"
    run bash -c "$fns"'
        { leg "chain ok" true || failed "chain ok" $?; true; } > ok.log 2>&1 &
        a=$!
        { leg "chain bad" sh -c "exit 3" || failed "chain bad" $?; true; } > bad.log 2>&1 &
        b=$!
        wait $a && wait $b'
    [ "$status" -eq 0 ]
    [ "$(cat build/legs-failed.log)" = "    chain bad (exit 3)" ]
    grep -Eq ' [0-9]+ s, CPU [0-9]+ s  chain ok \(exit 0\)$' build/legs.log
    grep -Eq ' [0-9]+ s, CPU [0-9]+ s  chain bad \(exit 3\)$' build/legs.log
    grep -q '== CI: chain bad failed (exit 3)' bad.log
    # and .ci/run turns a non-empty build/legs-failed.log into its failure
    grep -q '^if \[ -s build/legs-failed.log \]; then$' "$TOP/.ci/run"
}

@test "ci: make e2e runs E2E_PICK's tests picked by name after E2E, and fails when either part fails" {
    printf '@test "whole: passes" { true; }\n' >"$T/whole.bats"
    printf '@test "whole: fails" { false; }\n' >"$T/broken.bats"
    printf '@test "picked: passes" { true; }\n@test "not picked: fails" { false; }\n' >"$T/some.bats"
    printf '@test "picked: fails" { false; }\n' >"$T/bad.bats"
    e2e() { own_make e2e-run DEPS_DONE=1 JOBS=1 "$@"; }
    run -0 e2e E2E="$T/whole.bats" E2E_PICK="-f '^picked: ' $T/some.bats"
    [[ "$output" == *"ok 1 whole: passes"* && "$output" == *"ok 1 picked: passes"* ]]
    [[ "$output" != *"not picked"* ]]
    run ! e2e E2E="$T/broken.bats" E2E_PICK="-f '^picked: ' $T/some.bats"
    [[ "$output" == *"not ok 1 whole: fails"* && "$output" == *"ok 1 picked: passes"* ]]
    run ! e2e E2E="$T/whole.bats" E2E_PICK="-f '^picked: ' $T/bad.bats"
    [[ "$output" == *"ok 1 whole: passes"* && "$output" == *"not ok 1 picked: fails"* ]]
}

@test "ci: make test-loaded runs its part under nice -n 19 beside a busy loop on every core at that priority, and ends the loops, passed or failed" {
    # 19 by default; the test's own suite niced by 1 only, that it end soon
    [ "$(make_values LOADED_NICE)" = 19 ]
    niced=$(($(nice) + 1))
    [ "$niced" -le 19 ] || niced=19
    # shellcheck disable=SC2016
    printf '@test "niced" { [ "$(nice)" -eq %s ]; ps -eo pid=,ni=,args= >"%s/ps"; }\n' "$niced" "$T" >"$T/niced.bats"
    printf '@test "fails" { false; }\n' >"$T/fails.bats"
    # (one bats, no GNU parallel to start: the loops burn every core until
    # the part ends)
    loaded() { own_make test-loaded DEPS_DONE=1 LOADED_NICE=1 JOBS=1 "$@"; }
    # ended PID...: each loop gone (a generous cap on a wait for that state)
    ended() {
        local p i
        for p in "$@"; do
            for ((i = 0; i < 1000; i++)); do kill -0 "$p" 2>/dev/null || break; sleep 0.01; done
            ! kill -0 "$p" 2>/dev/null || { echo "busy loop $p still running" >&2; return 1; }
        done
    }
    run -0 loaded E2E="$T/niced.bats"
    echo "$output"
    [[ "$output" == *"ok 1 niced"* ]]
    pids=$(sed -n 's/^busy loops://p' <<<"$output")
    [ "$(wc -w <<<"$pids")" -eq "$(nproc)" ]
    for p in $pids; do grep -Eq "^ *$p +$niced +sh -c while :; do :; done$" "$T/ps"; done
    ended $pids
    run ! loaded E2E="$T/fails.bats"
    [[ "$output" == *"not ok 1 fails"* ]]
    pids=$(sed -n 's/^busy loops://p' <<<"$output")
    [ "$(wc -w <<<"$pids")" -eq "$(nproc)" ]
    ended $pids
}

@test "ci: under an emulator (SQLSOAK_EMULATED, set by make test-cross under qemu) a simulation of an error rate is skipped, saying why; natively it runs" {
    own_make build/tests/test_changepoint
    run -0 env SQLSOAK_EMULATED=1 "$TOP/build/tests/test_changepoint"
    [[ "$output" == *"a simulation of thousands of series: run natively only"* ]]
    [[ "$output" == *"[  SKIPPED ] test_false_alarms_at_most_alpha"* ]]
    [[ "$output" == *"[  PASSED  ] 6 test(s)."* ]]
    run -0 env -u SQLSOAK_EMULATED "$TOP/build/tests/test_changepoint"
    [[ "$output" != *"SKIPPED"* && "$output" == *"[  PASSED  ] 7 test(s)."* ]]
    # make test-cross sets it for the unit tests when they run under qemu
    grep -q "then SQLSOAK_EMULATED=1; export SQLSOAK_EMULATED; fi" "$TOP/Makefile"
}
