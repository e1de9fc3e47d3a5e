#!/usr/bin/env bats
# deps.bats: what `make run` and `make test` install (.ci/deps), and every
# other target that needs a package, as README's table lists them.  make run
# takes only what building and running need; the test tools come with
# make test; a package renamed between releases is picked by what the
# system offers.  (.ci/debian-root proves the same on a fresh root, where
# the packages are really installed.)

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    TOP=$BATS_TEST_DIRNAME/../..
    DEPS=$TOP/.ci/deps
    command -v apt-cache >/dev/null || skip "not a Debian system (no apt-cache)"
}

@test "deps: make run installs none of the test tools, make test adds them" {
    run -0 sh "$DEPS" list run
    echo "$output"
    runpkgs=$output
    for p in build-essential pkg-config libsqlite3-dev libxxhash-dev libjansson-dev libssl-dev \
        gnuplot-nox curl; do
        grep -qx "$p" <<<"$runpkgs"
    done
    for p in bats libcmocka-dev man-db prometheus python3-prometheus-client sqlite3 \
        libsqlcipher0 libsqlcipher1; do
        ! grep -qx "$p" <<<"$runpkgs" || return 1
    done
    run -0 sh "$DEPS" list test
    echo "$output"
    # every package make run takes, and the test tools besides
    while read -r p; do grep -qx "$p" <<<"$output"; done <<<"$runpkgs"
    for p in bats libcmocka-dev man-db python3-prometheus-client strace e2fsprogs mount; do
        grep -qx "$p" <<<"$output"
    done
    # the Prometheus server is no test tool
    ! grep -qx prometheus <<<"$output"
}

@test "deps: the Makefile's run target asks for the run packages, test for the test packages" {
    # (a build folder of the test's own: make -n still runs the lines
    # that call make, and make test's keeps its log there)
    b=$BATS_TEST_TMPDIR/b
    run -0 make -C "$TOP" -n run B="$b"
    [[ "$output" == *"sh .ci/deps run"* ]]
    [[ "$output" != *"sh .ci/deps test"* ]]
    run -0 make -C "$TOP" -n test B="$b"
    [[ "$output" == *"sh .ci/deps test"* ]]
}

@test "deps: make fuzz takes clang and libFuzzer's runtime with the run packages, no test tool" {
    run -0 sh "$DEPS" list fuzz
    echo "$output"
    for p in build-essential libsqlite3-dev libjansson-dev clang libclang-rt-dev; do
        grep -qx "$p" <<<"$output"
    done
    for p in bats libcmocka-dev strace; do
        ! grep -qx "$p" <<<"$output" || return 1
    done
    run -0 make -C "$TOP" -n fuzz
    [[ "$output" == *"sh .ci/deps fuzz"* ]]
}

@test "deps: a renamed package is the name this system offers (libsqlcipher1 or libsqlcipher0)" {
    run -0 sh "$DEPS" list test
    cipher=$(grep -x 'libsqlcipher[01]' <<<"$output")
    [ "$(wc -l <<<"$cipher")" -eq 1 ]
    # the one picked is installed, or one the package lists offer
    dpkg-query -W -f='${Status}' "$cipher" 2>/dev/null | grep -q "ok installed" ||
        apt-cache policy "$cipher" | grep -q '^ *Candidate: [^(]'
}

@test "deps: bad words are refused with one line and status 2" {
    run --separate-stderr sh "$DEPS" nonsense
    [ "$status" -eq 2 ]
    [[ "$stderr" == "deps: usage: "* ]]
    run --separate-stderr sh "$DEPS" list everything
    [ "$status" -eq 2 ]
    [ "$stderr" = "deps: list takes run, test or fuzz, not 'everything'" ]
}

@test "tally: make test's closing line counts cmocka's and bats' results" {
    log=$BATS_TEST_TMPDIR/log
    printf '%s\n' '[  PASSED  ] 7 test(s).' '[  FAILED  ] 1 test(s).' '[  SKIPPED ] 2 test(s).' \
        'ok 1 a' 'ok 2 b # skip why' 'not ok 3 c' 'ok 4 d' >"$log"
    run sh "$TOP/tests/tally.sh" --count 1 "$log"
    [ "$status" -eq 1 ]
    [ "$output" = "tests: 9 passed, 2 failed, 3 skipped" ]
    # a command that failed outside any test counts as one failure
    run sh "$TOP/tests/tally.sh" "$BATS_TEST_TMPDIR/out" sh -c 'echo building; exit 3'
    [ "$status" -eq 3 ]
    [ "${lines[1]}" = "tests: 0 passed, 1 failed, 0 skipped" ]
    grep -qx building "$BATS_TEST_TMPDIR/out"
}

@test "tally: make test lists its 15 slowest tests, slowest first, before its closing line" {
    run -0 sh "$TOP/tests/tally.sh" --slowest 2 "$BATS_TEST_TMPDIR/log" \
        printf '%s\n' 'ok 1 quick in 40ms' 'not ok 2 slow one in 91500ms' 'ok 3 middle in 2300ms' \
        'ok 4 skipped # skip why'
    [ "${lines[4]}" = "== the 2 slowest tests (seconds)" ]
    [ "${lines[5]}" = "   91.5 slow one" ]
    [ "${lines[6]}" = "    2.3 middle" ]
    [ "${lines[7]}" = "tests: 2 passed, 1 failed, 1 skipped" ]
    [ "${#lines[@]}" -eq 8 ]
    b=$BATS_TEST_TMPDIR/b
    run -0 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u DEPS_DONE make -C "$TOP" -n test B="$b"
    [[ "$output" == *"sh tests/tally.sh --slowest 15 $b/test.log "* ]]
}

@test "e2e: JOBS files at once (twice nproc by default), the longest first, the tests of a file in order, timed" {
    b=$BATS_TEST_TMPDIR/b
    command -v parallel >/dev/null || skip "GNU parallel is not installed"
    run -0 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u DEPS_DONE make -C "$TOP" -n e2e-run B="$b" JOBS=3
    [[ "$output" == *"bats --tap --timing --jobs 3 --no-parallelize-within-files tests/e2e/slowdev.bats "* ]]
    run -0 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u DEPS_DONE make -C "$TOP" -n e2e-run B="$b" JOBS=1
    [[ "$output" == *"bats --tap --timing  tests/e2e/slowdev.bats "* ]]
    run -0 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u DEPS_DONE make -C "$TOP" -n e2e-run B="$b"
    [[ "$output" == *"--jobs $(($(nproc) * 2)) --no-parallelize-within-files tests/e2e/slowdev.bats "* ]]
    # every file once, the long ones (E2E_LONG) first, then the rest in order
    files=$(grep -o 'tests/e2e/[a-z0-9_]*\.bats' <<<"$output")
    [ "$(sort <<<"$files")" = "$(cd "$TOP" && ls tests/e2e/*.bats)" ]
    long=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$TOP" -s --no-print-directory -f Makefile \
        -f - print-long <<<$'print-long:\n\t@echo $(E2E_LONG)' | tr ' ' '\n')
    [ "$(head -n "$(wc -l <<<"$long")" <<<"$files")" = "$long" ]
    [ "$(tail -n +"$(($(wc -l <<<"$long") + 1))" <<<"$files")" = "$(grep -vxF "$long" <<<"$files" | sort)" ]
}

@test "deps: every make target that needs a package asks .ci/deps for it" {
    # (make's own variables left out: this file may itself run under make e2e)
    b=$BATS_TEST_TMPDIR/b
    for target in unit e2e asan valgrind; do
        run -0 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u DEPS_DONE make -C "$TOP" -n $target B="$b"
        echo "$target: $output"
        [[ "$output" == *'test -n "" || sh .ci/deps test'* ]]
    done
    for target in bench "plots RUN=x"; do
        # shellcheck disable=SC2086
        run -0 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u DEPS_DONE make -C "$TOP" -n $target B="$b"
        echo "$target: $output"
        [[ "$output" == *'test -n "" || sh .ci/deps run'* ]]
        [[ "$output" != *"sh .ci/deps test"* ]]
    done
    # make test asks once: its legs' own asking is skipped (DEPS_DONE=1)
    run -0 env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u DEPS_DONE make -C "$TOP" -n test B="$b"
    [ "$(grep 'sh .ci/deps' <<<"$output" | grep -vc '^test -n "1" ||')" -eq 1 ]
}

# readme_row WORDS: the packages README's table lists in the row that
# starts with WORDS, one a line ("X or Y" as X|Y, notes in brackets left out)
readme_row() {
    grep -F "| \`$1\`" "$TOP/README.md" | cut -d'|' -f3 | sed -e 's/([^)]*)//g' \
        -e 's/,/\n/g' -e 's/ and /\n/g' -e 's/ or /|/g' | sed -e 's/^ *//' -e 's/ *$//' | grep .
}

@test "deps: each tool the e2e tests call by name comes from a package make test installs" {
    run -0 sh "$DEPS" list test
    testpkgs=$output
    # TOOL:PACKAGE, the tools a fresh Debian lacks (a test that calls one
    # make test did not install fails on a fresh machine, not here)
    local tp tool pkg called=0
    for tp in jq:jq sqlite3:sqlite3 strace:strace parallel:parallel ansible-playbook:ansible-core \
        zsh:zsh fish:fish man:man-db mkfs.ext4:e2fsprogs losetup:mount pgrep:procps \
        gnuplot:gnuplot-nox curl:curl; do
        tool=${tp%%:*} pkg=${tp#*:}
        grep -qE "(^|[[:space:]\(;|\$])$tool( |\)|$)" "$TOP"/tests/e2e/*.bats "$TOP"/tests/e2e/helpers/*.bash ||
            continue
        called=$((called + 1))
        grep -qx "$pkg" <<<"$testpkgs" || { echo "the e2e tests call $tool; make test does not install $pkg" >&2; return 1; }
    done
    [ "$called" -ge 10 ]
}

@test "deps: README's table lists every package each profile installs, and no other" {
    run -0 sh "$DEPS" list run
    runpkgs=$output
    run -0 sh "$DEPS" list test
    testpkgs=$output
    readme_run=$(readme_row "make run")
    readme_test=$(readme_row "make test")
    echo "README run: $readme_run"
    echo "README test: $readme_test"
    # every package listed on this system is in its row (a renamed one as
    # one of its names)
    while read -r p; do grep -qxE "$p|$p\|.*|.*\|$p" <<<"$readme_run"; done <<<"$runpkgs"
    while read -r p; do
        grep -qx "$p" <<<"$runpkgs" || grep -qxE "$p|$p\|.*|.*\|$p" <<<"$readme_test"
    done <<<"$testpkgs"
    # and every package of a row is one .ci/deps installs for that profile
    while read -r p; do grep -qE "^run +$p " "$DEPS"; done <<<"$readme_run"
    while read -r p; do grep -qF "test $p " "$DEPS"; done <<<"$readme_test"
}
