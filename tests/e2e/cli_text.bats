#!/usr/bin/env bats
# cli_text.bats: what the commands say of themselves and of a folder:
# `status` of a crash folder and of a run stopped by --max-time, the help
# of `compare` and `crash`, the crash table, and the man page against the
# README's exit statuses.

load helpers/common

setup() {
    scratch
}

@test "status: a finished crash folder counts its trials, not its chunks" {
    run "$S" crash --journal delete,wal --sync full --trials 3 --rows 300 --chunk 100 \
        --db-dir "$T/db" --out "$T/crash" "${Q[@]}"
    [ "$status" -eq 0 ]
    run "$S" status "$T/crash"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" != *"no chunk recorded yet"* ]]
    [[ "$output" == *"trials recorded: 6 (trials.csv)"* ]]
}

@test "status: after --max-time, the cells interrupted and skipped are counted" {
    # a 1.2 s pause in the first chunk outlasts --max-time 1s whatever the
    # machine's speed: cell 1 is interrupted after it, cells 2 and 3 skipped
    # (one after another: in lockstep, the default, all three are begun)
    SQLSOAK_TEST_STALL=5000:1200 run "$S" run --rows 30k --chunk 10k --reads 1k \
        --journal delete,wal,memory --interleave off --max-time 1s --db-dir "$T/db" \
        --out "$T/mt" "${Q[@]}"
    [ "$status" -eq 0 ]
    run "$S" status "$T/mt"
    echo "$output"
    [[ "${lines[0]}" == *": ok, stopped by --max-time" ]]
    [[ "$output" == *"runs recorded: 3 of 3: 1 interrupted, 2 skipped"* ]]
}

@test "compare --help: --out is required and shows no default" {
    run "$S" compare --help
    [ "$status" -eq 0 ]
    line=$(grep -A1 -- '^  --out ' <<<"$output")
    echo "$line"
    [[ "$line" != *default* ]]
    [[ "$line" == *required* ]]
    # run's --out keeps its default
    "$S" run --help | grep -A1 -- '^  --out ' | grep -q 'default: data/runs/<date-time>'
}

@test "crash --help: no read options, no --shuffle, no -1 for --replay" {
    run "$S" crash --help
    [ "$status" -eq 0 ]
    echo "$output"
    opts=$(sed -n '/^  --/,/^$/p' <<<"$output")
    [[ "$opts" != *read* ]]
    [[ "$opts" != *shuffle* ]]
    replay=$(grep -A1 -- '^  --replay ' <<<"$output")
    [[ "$replay" != *"default: -1"* && "$replay" != *"range -1"* ]]
    # --replay none is what a crash run without it records
    run "$S" crash --replay none --journal wal --sync full --trials 1 --rows 200 --chunk 100 \
        --db-dir "$T/db" --out "$T/none" "${Q[@]}"
    [ "$status" -eq 0 ]
    run "$S" crash --replay -1 --out "$T/bad"
    [ "$status" -eq 2 ]
    [ ! -e "$T/bad" ]
}

# The column where each word of a crash table line begins, for every line.
columns_of() {
    python3 -c 'import re, sys
for line in sys.stdin.read().splitlines():
    if re.search(r" trials?: ", line):
        print(" ".join(str(m.end()) for m in re.finditer(r"trials?:|intact|lost|corrupt", line)))'
}

@test "crash: the table's columns line up, and one commit is one commit" {
    run "$S" crash --journal delete,memory --sync off,full --page-size 1k,64k --trials 6 \
        --rows 300 --chunk 100 --db-dir "$T/db" --out "$T/table" "${Q[@]}"
    [ "$status" -eq 0 ]
    echo "$output"
    [ "$(columns_of <<<"$output" | sort -u | wc -l)" -eq 1 ]
    [ "$(columns_of <<<"$output" | wc -l)" -eq 8 ]
    # a lost trial of delete/full loses its last commit: replayed alone, one
    seed=$(python3 -c 'import csv,sys
print(next(r["seed"] for r in csv.DictReader(open(sys.argv[1]))
           if r["outcome"] == "lost" and r["lost_commits"] == "1"))' "$T/table/trials.csv")
    run "$S" crash --journal delete --sync full --page-size 1k --trials 6 --rows 300 \
        --chunk 100 --replay "$seed" --db-dir "$T/db" --out "$T/one" "${Q[@]}"
    echo "$output"
    [ "$status" -eq 0 ]
    [[ "$output" == *"1 trial: "*"(1 commit)"* ]]
    [[ "$output" != *"1 commits"* ]]
}

# The text of README's exit statuses for code $1, as one line without markup.
readme_exit() {
    python3 - "$BATS_TEST_DIRNAME/../../README.md" "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
para = text[text.index("Exit status, for every command:"):]
para = " ".join(para[:para.index("\n\n")].split()).replace("`", "")
para = para[len("Exit status, for every command: "):]
parts = re.split(r"(?:^|; )(0|1|2|130) ", para)
print(dict(zip(parts[1::2], parts[2::2]))[sys.argv[2]].rstrip("."))
PY
}

@test "man: the exit statuses are README's, and the page has examples" {
    "$S" --man >"$T/sqlsoak.1"
    page=$(MANWIDTH=2000 man -l "$T/sqlsoak.1" 2>/dev/null | sed 's/^ *//')
    for code in 0 1 2 130; do
        want=$(readme_exit $code)
        got=$(sed -n '/^EXIT STATUS/,/^ENVIRONMENT/p' <<<"$page" | sed -n "s/^$code  *//p" |
            head -n 1)
        [ "$got" = "$want" ] || { echo "exit $code: man says '$got', README '$want'"; return 1; }
    done
    grep -q '^EXAMPLES' <<<"$page"
    sed -n '/^EXAMPLES/,/^EXIT STATUS/p' <<<"$page" | grep -q 'sqlsoak run --preset quick'
}
