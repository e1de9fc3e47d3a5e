#!/usr/bin/env bats
# tests/fuzz/run.sh, what `make fuzz` runs once the targets are built: a
# line per target, none for the compiler's files beside them, and a
# finding fails it.  The targets here are stand-ins that print what
# libFuzzer prints; the real ones need clang (make fuzz).

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    TOP=$BATS_TEST_DIRNAME/../..
    B=$BATS_TEST_TMPDIR/build
    mkdir -p "$B/bin"
    # fuzz_csvin: libFuzzer's closing stats, and an input kept when FIND is set
    cat >"$B/bin/fuzz_csvin" <<'EOF2'
#!/bin/sh
for a; do case "$a" in -artifact_prefix=*) prefix=${a#-artifact_prefix=} ;; esac; done
echo "#1024 DONE cov: 42 ft: 50 corp: 3/100b"
echo "stat::number_of_executed_units: 1024"
echo "stat::average_exec_per_sec:     512"
[ -z "${FIND:-}" ] || { echo crash >"${prefix}crash-1"; exit 1; }
EOF2
    chmod +x "$B/bin/fuzz_csvin"
    : >"$B/bin/fuzz_csvin.dep"
    : >"$B/bin/fuzz_csvin.d"
}

@test "fuzz run.sh: a line per target, the compiler's .d and .dep files beside it skipped" {
    run -0 sh "$TOP/tests/fuzz/run.sh" "$B" 1
    echo "$output"
    [ "$output" = "fuzz csvin: 1s, 1024 executions (512/s), cov 42, findings 0 (exit 0)" ]
    ls "$B/corpus/csvin" | grep -q .        # seeded from the kept inputs
}

@test "fuzz run.sh: a finding is kept in findings/TARGET and fails the run" {
    FIND=1 run -1 sh "$TOP/tests/fuzz/run.sh" "$B" 1
    echo "$output"
    [[ "$output" == *"fuzz csvin: 1s, 1024 executions (512/s), cov 42, findings 1 (exit 1)"* ]]
    [ -f "$B/findings/csvin/crash-1" ]
}
