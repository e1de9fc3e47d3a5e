#!/usr/bin/env bats
# One numbering of cells and their runs (cellname.h): a cell is one
# combination of settings, numbered 1..C in the plan's order (summary.csv's
# cell); a repeat is R of --repeat (its repeat).  The progress line, the
# terminal's results, status, the timeline's labels and report.html name
# the same settings by the same "cell N · repeat R" ("cell N" in a run of
# one repeat), and a count of runs is said apart: "run 4 of 4: cell 1 ·
# repeat 2 (...)".

bats_require_minimum_version 1.5.0

load helpers/common

setup() {
    scratch
}

# check_names DIR STDOUT STDERR STATUS: every place names each run of DIR
# as summary.csv numbers it, with its settings.
check_names() {
    python3 - "$@" <<'PY'
import csv, html, os, re, sys
out, stdout, stderr, status = sys.argv[1:]
text = lambda p: open(p, encoding="utf-8").read()
rows = list(csv.DictReader(open(os.path.join(out, "summary.csv"), newline="")))
repeats = max(int(r["repeat"]) for r in rows)
def name(cell, rep):
    return f"cell {cell} · repeat {rep}" if repeats > 1 else f"cell {cell}"
mode = {r["cell"]: r["journal_mode"] for r in rows}     # a cell's settings
assert len(mode) == 2 and sorted(mode.values()) == ["delete", "wal"], mode
ran = [name(r["cell"], r["repeat"]) for r in rows]      # in the order they ran
assert len(set(ran)) == len(ran) == 2 * repeats, ran
every = "\n".join([text(stdout), text(stderr), text(status), text(os.path.join(out, "report.html")),
                   text(os.path.join(out, "plots", "data", "cells.tsv"))])
# no other form of a name is left anywhere
for old in (r"cell \d+/\d+", r"cell \d+\.\d+\b", r"cell \d+ repeat \d+", r"cells recorded"):
    assert not re.search(old, every), (old, re.search(old, every).group(0))

# progress: "run K of N: cell C · repeat R (settings)  chunk ...", the
# runs in the order summary.csv has them, each with its cell's settings
progress = re.findall(r"run (\d+) of (\d+): (cell \d+(?: · repeat \d+)?) \(([^)]*)\)  chunk",
                      text(stderr).replace("\r", "\n"))
assert progress, text(stderr)
seen = []
for k, n, who, settings in progress:
    assert int(n) == len(rows), (n, len(rows))
    assert who == ran[int(k) - 1], (k, who, ran)
    cell = re.match(r"cell (\d+)", who).group(1)
    assert f" · {mode[cell]} · " in f" · {settings} · ", (who, settings, mode[cell])
    if who not in seen:
        seen.append(who)
assert seen == ran, (seen, ran)

# the terminal's results: the plan counts runs apart from cells; the
# rankings name each cell (its figures over its repeats) with its settings
o = text(stdout)
assert f"{len(rows)} run{'s' if len(rows) > 1 else ''} (2 cells x {repeats} repeat" in o, o
assert re.search(rf"^runs: {len(rows)} ok$", o, re.M), o
ranked = re.findall(r"^ +\d\. .*  (cell \d+) +SQLite [^\n]* · (delete|wal) · ", o, re.M)
assert len(ranked) >= 2, o
for who, m in ranked:
    assert mode[who.split()[1]] == m, (who, m, mode)

# status: the last chunk's run, named the same
last = list(csv.DictReader(open(os.path.join(out, "chunks.csv"), newline="")))[-1]
st = text(status)
assert f"last chunk: {name(last['cell'], last['repeat'])}, chunk " in st, st
assert f"runs recorded: {len(rows)} of {len(rows)}" in st, st

# the timeline's labels: each run named as it ran, in that order
labels = [l.split("\t")[1] for l in text(os.path.join(out, "plots", "data", "cells.tsv")).splitlines()[1:]]
assert labels == ran, (labels, ran)
svg = os.path.join(out, "plots", "timeline.svg")
if os.path.exists(svg):      # drawn where gnuplot is
    for who in ran:
        assert who in html.unescape(text(svg)), (who, "timeline.svg")

# report.html: each run's writes by file, named the same, its journal the
# cell's (a WAL in wal, a journal in delete)
page = html.unescape(text(os.path.join(out, "report.html")))
for r in rows:
    li = re.search(rf"<li>{re.escape(name(r['cell'], r['repeat']))}: SQLite wrote [^<]*</li>", page)
    assert li, (name(r["cell"], r["repeat"]), "report.html")
    assert ("(WAL " in li.group(0)) == (r["journal_mode"] == "wal"), li.group(0)
PY
}

@test "numbering: --repeat 2 --shuffle: progress, results, status, timeline and report name each run 'cell N · repeat R'" {
    run --separate-stderr "$S" run --rows 2k --chunk 1k --reads 100 --journal delete,wal \
        --repeat 2 --shuffle --no-plot --progress always --db-dir "$T/db" --out "$T/r"
    echo "$output"
    [ "$status" -eq 0 ]
    echo "$output" >"$T/stdout"
    echo "$stderr" >"$T/stderr"
    "$S" status "$T/r" >"$T/status"
    "$S" plot "$T/r" >/dev/null
    check_names "$T/r" "$T/stdout" "$T/stderr" "$T/status"
    # shuffled: each round in its own order, a run's count apart from its cell's number
    grep -q '^run 4 of 4: cell [12] · repeat 2 (' <<<"$(tr '\r' '\n' <"$T/stderr" | sed 's/\x1b\[K//g')"
}

@test "numbering: a run of one repeat names a cell 'cell N', its runs still counted" {
    run --separate-stderr "$S" run --rows 2k --chunk 1k --reads 100 --journal delete,wal \
        --no-plot --progress always --db-dir "$T/db" --out "$T/r"
    [ "$status" -eq 0 ]
    echo "$output" >"$T/stdout"
    echo "$stderr" >"$T/stderr"
    "$S" status "$T/r" >"$T/status"
    "$S" plot "$T/r" >/dev/null
    check_names "$T/r" "$T/stdout" "$T/stderr" "$T/status"
    grep -q 'run 2 of 2: cell 2 (SQLite [^)]* wal ' "$T/stderr"
    if grep -q 'repeat 1' "$T/stderr" "$T/status" "$T/r/report.html"; then return 1; fi
}

@test "numbering: a chunk is numbered as chunks.csv numbers it, in the progress line and in status" {
    run --separate-stderr "$S" run --rows 3k --chunk 1k --reads 100 --no-plot \
        --progress always --db-dir "$T/db" --out "$T/r"
    [ "$status" -eq 0 ]
    echo "$stderr"
    # the file's chunks, in order, and the progress line's, with each one's place of 3
    [ "$(cut -d, -f"$(head -1 "$T/r/chunks.csv" | tr ',' '\n' | grep -nx chunk | cut -d: -f1)" \
        "$T/r/chunks.csv" | tail -n +2 | tr '\n' ' ')" = "0 1 2 " ]
    [ "$(grep -oE 'chunk [0-9]+ \([0-9]+/3\)' <<<"$stderr" | tr '\n' ' ')" = \
        "chunk 0 (1/3) chunk 1 (2/3) chunk 2 (3/3) " ]
    run "$S" status "$T/r"
    echo "$output"
    [[ "$output" == *"last chunk: cell 1, chunk 2 (3 of 3), rows 3000"* ]]
}
