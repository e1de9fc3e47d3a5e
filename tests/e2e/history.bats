#!/usr/bin/env bats
# sqlsoak db add, db merge and history: results folders kept in one SQLite
# database, read back as series of nights with the nights they changed.
# The nights are real runs; every sync of the writer's files is made
# slower by SQLSOAK_TEST_SLOW_SYNC_MS, 20 ms in the first three nights and
# 250 ms in the three after (a card that aged), so that history must find
# the change at the fourth.  The sleeps, which do not stretch with the
# machine's load, outweigh what does (the inserts, the real syncs): a
# night that the load slowed looks like its siblings, not like a change.

bats_require_minimum_version 1.5.0

load helpers/common

# Six nights of one plan, made once: n1-n3 with every sync 20 ms slower,
# n4-n6 250 ms.
setup_file() {
    local i
    mkdir -p "$BATS_FILE_TMPDIR/nights"
    cd "$BATS_FILE_TMPDIR/nights"
    local A=(run --rows 2000 --chunk 500 --commit-every 250 --reads 100 --probe off
             --progress never --no-plot --db-dir db)
    for i in 1 2 3; do
        SQLSOAK_TEST_SLOW_SYNC_MS=20 "$S" "${A[@]}" --out n$i >/dev/null
    done
    for i in 4 5 6; do
        SQLSOAK_TEST_SLOW_SYNC_MS=250 "$S" "${A[@]}" --out n$i >/dev/null
    done
}

setup() {
    runs_setup
    N=$BATS_FILE_TMPDIR/nights
    cd "$T"
}

teardown() {
    runs_teardown
}

load helpers/runs
load helpers/libs

# dump DB: the database's whole content, as the sqlite3 shell prints it.
dump() {
    sqlite3 "$1" .dump
}

# content DB: every run, library, setting and figure by the run's identity,
# not its run_id (which another order of adds numbers otherwise).
content() {
    sqlite3 "$1" "SELECT identity, kind, folder, sqlsoak_version, start_time, end_time, status,
                         hostname, host, storage, settings, series, device_limits, summary_json,
                         run_json FROM run ORDER BY identity;
                  SELECT r.identity, l.position, l.path, l.version, l.source_id, l.compile_options
                    FROM library l JOIN run r USING(run_id) ORDER BY 1, 2;
                  SELECT r.identity, s.name, s.value FROM setting s JOIN run r USING(run_id)
                   ORDER BY 1, 2;
                  SELECT r.identity, f.file, f.cell, f.repeat, f.chunk, f.name, f.value
                    FROM figure f JOIN run r USING(run_id) ORDER BY 1, 2, 3, 4, 5, 6;"
}

@test "db add: a run, its library, settings and figures, readable with the sqlite3 shell; added twice, it is there once and nothing changes" {
    run "$S" db add "$N/n1" --db h.db
    [ "$status" -eq 0 ]
    [ "$output" = "1 run added, 0 there already" ]
    [ "$(sqlite3 h.db 'PRAGMA user_version')" = 1 ]
    [ "$(sqlite3 h.db 'SELECT count(*) FROM run')" = 1 ]
    [ "$(sqlite3 h.db 'SELECT kind, status, folder FROM run')" = "run|ok|$N/n1" ]
    [ "$(sqlite3 h.db 'SELECT version FROM library')" = "$(lib_version "$SYS")" ]
    [ "$(sqlite3 h.db "SELECT value FROM setting WHERE name = 'chunk'")" = 500 ]
    # every chunk of chunks.csv, its rows a number
    [ "$(sqlite3 h.db "SELECT count(DISTINCT chunk) FROM figure WHERE file = 'chunks.csv'")" = 4 ]
    [ "$(sqlite3 h.db "SELECT typeof(value) FROM figure WHERE file = 'chunks.csv' AND chunk = 3
                         AND name = 'rows'")" = integer ]
    [ "$(sqlite3 h.db "SELECT value FROM figure WHERE file = 'chunks.csv' AND chunk = 3
                         AND name = 'rows'")" = 2000 ]
    [ "$(sqlite3 h.db "SELECT value FROM figure WHERE file = 'summary.csv' AND name = 'status'")" = ok ]
    dump h.db >before
    run "$S" db add "$N/n1" "$N/n1" --db h.db
    [ "$status" -eq 0 ]
    [ "$output" = "0 runs added, 2 there already" ]
    dump h.db | cmp - before
}

@test "db add: a damaged folder is refused in one line, exit 2, and nothing of the add is in the database; without one, none is made" {
    "$S" db add "$N/n1" --db h.db >/dev/null
    dump h.db >before
    cp -a "$N/n2" bad
    sed -i 3d bad/chunks.csv    # a chunk lost
    run "$S" db add "$N/n3" bad --db h.db
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" == "sqlsoak db: bad"*chunk* ]]
    dump h.db | cmp - before
    # a folder still running, one that is no results folder
    cp -a "$N/n2" running
    python3 -c 'import json,sys; p=sys.argv[1]; d=json.load(open(p)); d["status"]="running"; json.dump(d, open(p,"w"))' running/run.json
    run "$S" db add running --db h.db
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak db: running: the run has not finished (status running)" ]
    run "$S" db add "$T" --db new.db
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak db: $T: not a results folder (no run.json)" ]
    "$S" compare "$N/n1" "$N/n2" --out cmp --no-plot >/dev/null
    run "$S" db add cmp --db new.db
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak db: cmp: not a results folder (no run.json): a comparison holds no run of its own, add the folders it compares" ]
    [ ! -e new.db ]
    dump h.db | cmp - before
}

@test "db add: folders of older sqlsoak versions go in, a run and a crash folder each once" {
    FX=$BATS_TEST_DIRNAME/../fixtures
    run "$S" db add "$FX/v0.1.0-run" "$FX/v0.1.0-crash" "$FX/v0.2.0-interrupted/out" --db old.db
    [ "$status" -eq 0 ]
    [ "$output" = "3 runs added, 0 there already" ]
    [ "$(sqlite3 old.db 'SELECT kind, sqlsoak_version, status FROM run ORDER BY run_id' | tr '\n' ' ')" = \
      "run|0.1.0|ok crash|0.1.0|ok run|0.2.0|interrupted " ]
    [ "$(sqlite3 old.db "SELECT count(*) > 0 FROM figure WHERE file = 'trials.csv'")" = 1 ]
}

@test "db add: two adds at once both land, the file whole" {
    "$S" db add "$N/n1" --db h.db >out1 2>&1 &
    local p1=$!
    "$S" db add "$N/n2" --db h.db >out2 2>&1 &
    local p2=$!
    wait "$p1" || { cat out1; return 1; }
    wait "$p2" || { cat out2; return 1; }
    [ "$(sqlite3 h.db 'SELECT count(*) FROM run')" = 2 ]
    [ "$(sqlite3 h.db 'PRAGMA integrity_check')" = ok ]
}

@test "db add: the default database is under XDG_DATA_HOME, else ~/.local/share; history without one says so" {
    XDG_DATA_HOME=$T/xdg run "$S" db add "$N/n1"
    [ "$status" -eq 0 ]
    [ "$(sqlite3 "$T/xdg/sqlsoak/results.db" 'SELECT count(*) FROM run')" = 1 ]
    run env -u XDG_DATA_HOME HOME="$T/home" "$S" db add "$N/n1"
    [ "$status" -eq 0 ]
    [ -s "$T/home/.local/share/sqlsoak/results.db" ]
    run env -u XDG_DATA_HOME HOME="$T/nobody" "$S" history
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak history: $T/nobody/.local/share/sqlsoak/results.db: no such results database (sqlsoak db add makes it)" ]
}

@test "db merge: two boards' databases joined equal the adds of their folders, each run once" {
    "$S" db add "$N/n1" "$N/n2" --db a.db >/dev/null
    "$S" db add "$N/n2" "$N/n3" --db b.db >/dev/null
    "$S" db add "$N/n1" "$N/n2" "$N/n3" --db all.db >/dev/null
    run "$S" db merge a.db b.db --db m.db
    [ "$status" -eq 0 ]
    [ "$(sqlite3 m.db 'SELECT count(*) FROM run')" = 3 ]
    diff <(content m.db) <(content all.db)
    dump m.db >before
    run "$S" db merge b.db --db m.db
    [ "$status" -eq 0 ]
    dump m.db | cmp - before
    run "$S" db merge "$N/n1/run.json" --db m.db
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    dump m.db | cmp - before
}

@test "history: three nights alike find no change; three more with a slower sync, the change at the fourth, in write cost" {
    "$S" db add "$N/n1" "$N/n2" "$N/n3" --db h.db >/dev/null
    run "$S" history --db h.db
    [ "$status" -eq 0 ]
    [[ "$output" == *"3 nights"* ]]
    [[ "$output" == *"Changes: none found"* ]]
    run "$S" history --db h.db --format json
    [ "$status" -eq 0 ]
    python3 -c 'import json,sys; d=json.loads(sys.argv[1]); s=d["series"]; assert len(s)==1 and len(s[0]["nights"])==3 and s[0]["changes"]==[] and d["side_by_side"]==[], d' "$output"
    "$S" db add "$N/n4" "$N/n5" "$N/n6" --db h.db >/dev/null
    run "$S" history --db h.db --format json
    [ "$status" -eq 0 ]
    python3 - "$output" <<'PY'
import json, sys
d = json.loads(sys.argv[1])
s, = d["series"]
assert len(s["nights"]) == 6
w = [c for c in s["changes"] if c["figure"] == "write cost"]
assert len(w) == 1 and w[0]["night"] == 4, s["changes"]
assert w[0]["lo"] > 1.5 and w[0]["lo"] <= w[0]["ratio"] <= w[0]["hi"], w
PY
    run "$S" history --db h.db
    [ "$status" -eq 0 ]
    [[ "$output" == *"- night 4 ("*"): write cost "*"x (95% interval "*".."*", p "* ]]
}

@test "history: a night's write cost is its chunks' write time over their rows, a chunk that paid ten times counted in full, as the run's sustained rate counts it" {
    "$S" db add "$N/n1" "$N/n2" "$N/n3" --db h.db >/dev/null
    "$S" history --db h.db --format json >before.json
    # one chunk of the second night paid ten times its write time (a
    # checkpoint, say): its median chunk would not show it
    sqlite3 h.db "UPDATE figure SET value = value * 10 WHERE file = 'chunks.csv' AND name = 'write_s'
                    AND chunk = 1 AND run_id = (SELECT run_id FROM run ORDER BY start_time LIMIT 1 OFFSET 1)"
    run "$S" history --db h.db --format json
    [ "$status" -eq 0 ]
    sqlite3 -separator ' ' h.db "SELECT r.start_time, sum(CASE WHEN f.name = 'write_s' THEN f.value END),
                                        sum(CASE WHEN f.name = 'chunk_rows' THEN f.value END)
                                   FROM figure f JOIN run r USING (run_id)
                                  WHERE f.file = 'chunks.csv' AND f.cell = 1 GROUP BY r.run_id ORDER BY r.start_time" >sums
    sqlite3 h.db "SELECT value FROM figure WHERE file = 'chunks.csv' AND name = 'write_s' AND chunk = 1
                    AND run_id = (SELECT run_id FROM run ORDER BY start_time LIMIT 1 OFFSET 1)" >dear
    python3 - "$output" sums <<'PY'
import json, sys
s, = json.loads(sys.argv[1])["series"]
sums = [line.split() for line in open(sys.argv[2])]
assert len(s["nights"]) == len(sums) == 3, (s["nights"], sums)
for night, (start, write_s, rows) in zip(s["nights"], sums):
    want = float(write_s) / float(rows) * 1e6
    got = night["figures"]["write cost"]
    print(night["start_time"], got, want)
    assert abs(got - want) <= 1e-6 * want, (night, want)
# the dear chunk shows: the second night costs more than before, by the
# nine times its chunk's write time added, and the others are unchanged
# (the nights' own costs move with the machine: only this is compared)
costs = [n["figures"]["write cost"] for n in s["nights"]]
b, = json.load(open("before.json"))["series"]
before = [n["figures"]["write cost"] for n in b["nights"]]
assert costs[0] == before[0] and costs[2] == before[2], (costs, before)
dear = float(open("dear").read())           # the chunk's write time, ten times
added = dear * 0.9 / float(sums[1][2]) * 1e6
assert abs(costs[1] - before[1] - added) <= 1e-6 * costs[1], (costs, before, added)
assert added > 0, dear
PY
}

@test "the database's schema is versioned: a later version, another tool's SQLite file or no SQLite file is refused in one line, unchanged" {
    "$S" db add "$N/n1" --db h.db >/dev/null
    sqlite3 h.db 'PRAGMA user_version = 2'
    dump h.db >before
    run "$S" db add "$N/n2" --db h.db
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak db: h.db: a results database of schema 2, newer than this sqlsoak's 1" ]
    dump h.db | cmp - before
    sqlite3 other.db 'CREATE TABLE t(x)'
    run "$S" history --db other.db
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak history: other.db: not a results database of sqlsoak (user_version 0)" ]
    echo 'not a database at all, but long enough to be read as a header of one' >text.db
    run "$S" db add "$N/n2" --db text.db
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak db: text.db: not a results database (file is not a database)" ]
    [ "$(cat text.db)" = 'not a database at all, but long enough to be read as a header of one' ]
}

@test "history: boards side by side: the same plan on another host, its syncs slower, ranked second, a difference, with its ratio's interval, the same table on the page" {
    for i in 4 5 6; do
        cp -a "$N/n$i" b$i
        python3 -c 'import json,sys; p=sys.argv[1]; d=json.load(open(p)); d["host"]["hostname"]="board2"; json.dump(d, open(p,"w"), indent=2)' b$i/run.json
    done
    "$S" db add "$N/n1" "$N/n2" "$N/n3" b4 b5 b6 --db h.db >/dev/null
    run "$S" history --db h.db --format json
    [ "$status" -eq 0 ]
    python3 - "$output" <<'PY'
import json, sys
d = json.loads(sys.argv[1])
assert len(d["series"]) == 2, d["series"]
assert all(s["changes"] == [] for s in d["series"]), d["series"]
side, = d["side_by_side"]
assert side["cell"] == 1 and side["rows"] == 2000, side
first, second = side["ranked"]
assert not first["label"].startswith("board2,"), first
assert first["ratio"] == 1 and first["verdict"] is None and first["method"] is None, first
assert first["lo"] is None and first["hi"] is None, first
assert second["label"].startswith("board2,") and second["verdict"] == "a difference", second
assert second["method"] == "nights", second
assert 1.5 < second["lo"] <= second["ratio"] <= second["hi"], second
assert second["write_cost"] > first["write_cost"]
PY
    run --separate-stderr "$S" history --db h.db --out page
    [ "$status" -eq 0 ]
    [[ "$output" == *"## Side by side, cell 1 at 2k rows"* ]]
    [[ "$output" == *"| 1 | "*" | 3 | "*" |  | the first, the lowest median |"* ]]
    [[ "$output" == *"| 2 | board2, "*" | 3 | "*" | "*"x (95% interval "*".."*") | a difference |"* ]]
    # the page's table is the markdown's, cell for cell
    python3 - "$output" page/report.html <<'PY'
import html, re, sys
md = sys.argv[1].split("## Side by side, cell 1 at 2k rows")[1]
rows = [[c.strip() for c in l.strip().strip("|").split("|")] for l in md.strip().split("\n")[2:]]
page = open(sys.argv[2]).read()
assert "<h2>Side by side, cell 1 at 2k rows</h2>" in page
table = page.split("<h2>Side by side, cell 1 at 2k rows</h2>")[1].split("</table>")[0]
cells = [[html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)]
         for r in table.split("</tr>") if "<td" in r]
assert cells == rows and len(rows) == 2, (cells, rows)
PY
    # and its graph, inside the page, drawn from the ranking's figures
    [ -s page/side-1-cell-1/boards.png ] && [ -s page/side-1-cell-1/boards.svg ]
    python3 - page <<'PY'
import csv, sys
d = sys.argv[1]
tsv = lambda n: list(csv.DictReader(open("%s/side-1-cell-1/%s.tsv" % (d, n)), delimiter="\t"))
boards, runs = tsv("boards"), tsv("board_runs")
assert [b["x"] for b in boards] == ["1", "2"], boards
assert boards[1]["label"].startswith("board2, ") and boards[1]["note"] == "a difference", boards
assert float(boards[0]["write_cost"]) < float(boards[1]["write_cost"]), boards
assert sorted(r["x"] for r in runs) == ["1"] * 3 + ["2"] * 3, runs
# each bar the median of its dots
for b in boards:
    costs = sorted(float(r["write_cost"]) for r in runs if r["x"] == b["x"])
    assert abs(costs[1] - float(b["write_cost"])) < 1e-3 * costs[1], (b, costs)
page = open(d + "/report.html").read()
assert page.count("data:image/png;base64,") == 3, "two series' graphs and the side by side's"
assert "side-1-cell-1/boards.png, .svg" in page
PY
}

# night_of FOLDER HOST K DEST: FOLDER copied to DEST as HOST's night K, its
# start moved to the K*5th second of its minute: a night of the same
# figures on another board
night_of() {
    cp -a "$1" "$4"
    python3 - "$4/run.json" "$2" "$3" <<'PY'
import json, sys
p, host, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
d = json.load(open(p))
d["host"]["hostname"] = host
d["start_time"] = d["start_time"][:-3] + "%02dZ" % (5 * k)
json.dump(d, open(p, "w"), indent=2)
PY
}

# second_is DB EXPR: history's JSON of DB has one side by side, of two
# series, and EXPR (Python) is true of the second's fields, s
second_is() {
    run "$S" history --db "$1" --format json
    [ "$status" -eq 0 ]
    python3 - "$output" "$2" <<'PY'
import json, sys
side, = json.loads(sys.argv[1])["side_by_side"]
first, s = side["ranked"]
assert eval("(%s)" % sys.argv[2]), s
PY
}

@test "history: boards side by side alike: three nights each are not decided, six each no difference beyond 10%, said so in JSON, markdown and the page" {
    local i
    for i in 1 2 3 4 5 6; do
        night_of "$N/n1" board-x $i x$i
        night_of "$N/n1" board-y $i y$i
    done
    "$S" db add x1 x2 x3 y1 y2 y3 --db h.db >/dev/null
    # the nights agree, but three a side cannot put the interval inside 10%
    second_is h.db 's["verdict"] == "not decided" and s["method"] == "nights" and
                    abs(s["ratio"] - 1) < 1e-9 and (s["lo"] < 1 / 1.1 or s["hi"] > 1.1)'
    run "$S" history --db h.db
    [ "$status" -eq 0 ]
    [[ "$output" == *"| 2 | board-"*" | 3 | "*" | 1.00x (95% interval "*") | not decided: more nights can decide it |"* ]]
    "$S" db add x4 x5 x6 y4 y5 y6 --db h.db >/dev/null
    second_is h.db 's["nights"] == 6 and s["verdict"] == "no difference beyond 10%" and
                    1 / 1.1 <= s["lo"] <= 1 <= s["hi"] <= 1.1'
    run --separate-stderr "$S" history --db h.db --out page
    [ "$status" -eq 0 ]
    [[ "$output" == *"| 2 | board-"*" | 6 | "*" | 1.00x (95% interval "*") | no difference beyond 10% |"* ]]
    grep -q "<td class=st>no difference beyond 10%</td>" page/report.html
}

@test "db add: a merged matrix is one run, apart from its shares" {
    local M=(--rows 1000 --chunk 500 --reads 50 --journal delete,wal --probe off --progress never
             --no-plot --db-dir db)
    "$S" run "${M[@]}" --shard 1/2 --out s1 >/dev/null
    "$S" run "${M[@]}" --shard 2/2 --out s2 >/dev/null
    "$S" merge s1 s2 --out whole >/dev/null
    run "$S" db add s1 s2 whole --db h.db
    [ "$status" -eq 0 ]
    [ "$output" = "3 runs added, 0 there already" ]
    [ "$(sqlite3 h.db "SELECT count(DISTINCT cell) FROM figure JOIN run USING(run_id)
                        WHERE folder = 'whole' AND file = 'summary.csv'")" = 2 ]
    run "$S" db add whole --db h.db
    [ "$output" = "0 runs added, 1 there already" ]
}

@test "history: a night that probed the device has the probe's sync and random-read rates, from run.json's device_limits" {
    "$S" run --rows 1000 --chunk 500 --reads 50 --probe new --probe-time 1 --progress never \
        --no-plot --db-dir db --out p1 >/dev/null
    "$S" db add p1 --db h.db >/dev/null
    [ "$(sqlite3 h.db "SELECT value > 0 FROM figure WHERE file = 'probe'
                         AND name = 'write_fdatasync.ops_per_s'")" = 1 ]
    run "$S" history --db h.db --format json
    [ "$status" -eq 0 ]
    python3 - "$output" p1/run.json <<'PY'
import json, sys
d = json.loads(sys.argv[1])
limits = json.load(open(sys.argv[2]))["device_limits"]
f = d["series"][0]["nights"][0]["figures"]
assert abs(f["probe sync"] - limits["write_fdatasync"]["ops_per_s"]) < 1e-6 * f["probe sync"], f
assert abs(f["probe random read"] - limits["random_read_4k"]["ops_per_s"]) < 1e-6 * f["probe random read"], f
assert f["write cost"] > 0 and f["read p50"] > 0 and f["read p99"] >= f["read p50"], f
PY
    # the page draws them too, a panel each
    "$S" history --db h.db --out page >/dev/null
    python3 - page/series-1-cell-1 <<'PY'
import csv, sys
read = lambda n: list(csv.DictReader(open("%s/%s.tsv" % (sys.argv[1], n)), delimiter="\t"))
assert [p["column"] for p in read("panels")] == ["write_cost", "p50_us", "p99_us", "probe_sync",
                                                 "probe_read"], read("panels")
night, = read("nights")
assert float(night["probe_sync"]) > 0 and float(night["probe_read"]) > 0, night
PY
    [ -s page/series-1-cell-1/history.png ]
}

# page_checks DIR NIGHTS CHANGE: DIR (history --out's) holds report.html
# and series-1-cell-1/ with its graph and data: NIGHTS rows of nights.tsv,
# each panel and change a column of it; CHANGE the one change's night (of
# write cost), or "none".
page_checks() {
    [ -s "$1/report.html" ]
    [ -s "$1/series-1-cell-1/history.png" ]
    [ -s "$1/series-1-cell-1/history.svg" ]
    python3 - "$@" <<'PY'
import csv, sys
d, n, change = sys.argv[1], int(sys.argv[2]), sys.argv[3]
def tsv(name):
    return list(csv.DictReader(open("%s/series-1-cell-1/%s.tsv" % (d, name)), delimiter="\t"))
nights, panels, changes = tsv("nights"), tsv("panels"), tsv("changes")
assert [int(r["x"]) for r in nights] == list(range(1, n + 1)), nights
assert all(float(r["write_cost"]) > 0 for r in nights), nights
cols = set(nights[0])
# the script reads each panel's and each change's figure by this name
assert [p["column"] for p in panels] == ["write_cost", "p50_us", "p99_us"], panels
assert all(c["column"] in cols for c in changes), changes
page = open(d + "/report.html").read()
assert page.count("data:image/png;base64,") == 1, "the graph inside the page"
assert "Method: binary segmentation, a t-test" in page
assert "<h2>Series 1, cell 1: " in page and "<p>%d nights</p>" % n in page
for r in nights:
    assert "<td>%s</td>" % r["label"] in page, r["label"]
if change == "none":
    assert changes == [], changes
    assert "<p class=changes>None found.</p>" in page
else:
    # the write cost's, which the slower syncs set; the reads' are the
    # machine's to move (a loaded one moved read p50 at a later night)
    w = [c for c in changes if c["column"] == "write_cost"]
    assert [(c["x"], c["column"]) for c in w] == [(change, "write_cost")], changes
    assert w[0]["label"].endswith("x")
    assert "<li>night %s (%s): write cost %s (95%% interval " % (change, nights[int(change) - 1]["label"], w[0]["label"]) in page
PY
}

@test "history --out: a page of each series' cell: its nights, its graph with the change marked, the change in words; three nights alike, none" {
    "$S" db add "$N/n1" "$N/n2" "$N/n3" --db h.db >/dev/null
    run --separate-stderr "$S" history --db h.db --out steady
    [ "$status" -eq 0 ]
    [ -z "$stderr" ]
    page_checks steady 3 none
    "$S" db add "$N/n4" "$N/n5" "$N/n6" --db h.db >/dev/null
    run --separate-stderr "$S" history --db h.db --out aged
    [ "$status" -eq 0 ]
    # the markdown as without --out
    [ "$output" = "$("$S" history --db h.db)" ]
    page_checks aged 6 4
    run --separate-stderr "$S" history --db h.db --format json --out aged-json
    [ "$status" -eq 0 ]
    python3 -c 'import json,sys; json.loads(sys.argv[1])' "$output"
    page_checks aged-json 6 4
}

@test "history --out: a folder there already, a file, a path that cannot be made, an empty name or no database: refused in one line, exit 2, nothing created" {
    "$S" db add "$N/n1" --db h.db >/dev/null
    mkdir full
    echo keep >full/mine
    run "$S" history --db h.db --out full
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak history: --out full exists: a history's folder is never overwritten" ]
    [ "$(ls full)" = mine ] && [ "$(cat full/mine)" = keep ]
    echo keep >afile
    run "$S" history --db h.db --out afile
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak history: --out afile exists: a history's folder is never overwritten" ]
    [ "$(cat afile)" = keep ]
    run "$S" history --db h.db --out afile/sub
    [ "$status" -eq 2 ]
    [ "${#lines[@]}" -eq 1 ]
    [[ "$output" == "sqlsoak history: --out afile/sub: "* ]]
    run "$S" history --db h.db --out ""
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak history: --out: empty value" ]
    run "$S" history --db none.db --out new
    [ "$status" -eq 2 ]
    [ "$output" = "sqlsoak history: none.db: no such results database (sqlsoak db add makes it)" ]
    [ ! -e new ] && [ ! -e none.db ]
    # an empty folder is taken
    mkdir empty
    run "$S" history --db h.db --out empty
    [ "$status" -eq 0 ]
    [ -s empty/report.html ]
}

@test "history --out without gnuplot: the page says the graph was not drawn, and history ends saying why, exit 1" {
    "$S" db add "$N/n1" "$N/n2" --db h.db >/dev/null
    run --separate-stderr env PATH="$T/nowhere" "$S" history --db h.db --out p
    [ "$status" -eq 1 ]
    [ "$stderr" = "sqlsoak history: 1 graph not drawn in p: gnuplot not found: no graphs drawn (install gnuplot-nox)." ]
    grep -q "<p>The graph was not drawn: gnuplot not found" p/report.html
    # two nights: no change could be found, and the page says so
    grep -q "<p class=changes>None looked for: fewer than 3 nights.</p>" p/report.html
    run "$S" history --db h.db
    [[ "$output" == *"Changes: none looked for: fewer than 3 nights"* ]]
    [ -s p/series-1-cell-1/nights.tsv ] && [ ! -e p/series-1-cell-1/history.png ]
}

# ratio_off DIR FACTOR: DIR's summary.csv and .json with cell 1's write_last_over_first
# as its chunks' rates give it (last full chunk's over the first's), times
# FACTOR, to four digits, in place of the figure written
ratio_off() {
    python3 - "$1" "$2" <<'PY'
import csv, io, json, sys
d, factor = sys.argv[1], float(sys.argv[2])
rates = [float(r["write_rows_per_s"]) for r in csv.DictReader(open(d + "/chunks.csv")) if r["cell"] == "1"]
text = open(d + "/summary.csv").read()
rows = list(csv.reader(io.StringIO(text)))
i = rows[0].index("write_last_over_first")
old = rows[1][i]
new = "%.4f" % (rates[-1] / rates[0] * factor)
line = text.split("\n")[1]
assert line.count("," + old + ",") == 1, (old, line)
open(d + "/summary.csv", "w").write(text.replace(line, line.replace("," + old + ",", "," + new + ",")))
j = json.load(open(d + "/summary.json"))
j["cells"][0]["figures"]["write_last_over_first"]["value"] = float(new)
json.dump(j, open(d + "/summary.json", "w"), indent=2)
PY
}

@test "db add: a slow card's last-over-first write ratio, a part in a thousand from its chunks' rounded rates, is theirs; one 1% off is refused" {
    # chunks.csv rounds each rate to four digits: at 170 rows/s, 0.9670
    # (172.445/s to 166.757/s) reads back from them as 0.9675
    cp -a "$N/n1" near
    ratio_off near 1.0008
    run "$S" db add near --db h.db
    [ "$status" -eq 0 ]
    [ "$output" = "1 run added, 0 there already" ]
    cp -a "$N/n2" far
    ratio_off far 1.01
    run "$S" db add far --db h.db
    [ "$status" -eq 2 ]
    [[ "$output" == "sqlsoak db: far/summary.csv: cell 1"*": write_last_over_first is not what its chunks give" ]]
}

@test "history: two cards of one model are two series by their device_id, each named by it; a folder without one adds, its series as before" {
    # n1, n2 on one card, n3 on another of the same model, maker and date:
    # run.json's storage differs in device_id alone; n4 has none, as an
    # older sqlsoak's run.json (or a disk whose kernel shows no serial)
    cp -a "$N/n1" "$N/n2" "$N/n3" "$N/n4" .
    for f in n1:aaaa n2:aaaa n3:bbbb n4:; do
        python3 -c 'import json,sys; p=sys.argv[1]; d=json.load(open(p)); d["storage"].pop("device_id", None); d["storage"].update({"device_id": "xxh64:"+sys.argv[2]*4} if sys.argv[2] else {}); json.dump(d, open(p,"w"), indent=2)' "${f%%:*}/run.json" "${f#*:}"
    done
    run "$S" db add n1 n2 n3 n4 --db h.db
    [ "$status" -eq 0 ]
    [ "$(sqlite3 h.db "SELECT count(DISTINCT series) FROM run")" = 3 ]
    [ "$(sqlite3 h.db "SELECT json_extract(storage, '$.device_id') FROM run WHERE folder LIKE '%n3'")" = xxh64:bbbbbbbbbbbbbbbb ]
    [ -z "$(sqlite3 h.db "SELECT json_extract(storage, '$.device_id') FROM run WHERE folder LIKE '%n4'")" ]
    # the key of n4's series is the one of a folder that never had the
    # field: n1's with its device_id taken out
    python3 - "$(sqlite3 -json h.db "SELECT folder, series FROM run ORDER BY folder")" <<'PY'
import json, sys
rows = {r["folder"].rstrip("/").rsplit("/", 1)[-1]: json.loads(r["series"]) for r in json.loads(sys.argv[1])}
assert rows["n1"] == rows["n2"] != rows["n3"], rows
assert "xxh64:aaaaaaaaaaaaaaaa" in rows["n1"] and "xxh64:bbbbbbbbbbbbbbbb" in rows["n3"], rows
without = [v for v in rows["n1"] if v != "xxh64:aaaaaaaaaaaaaaaa"]
assert without == rows["n4"], (without, rows["n4"])
PY
    run "$S" history --db h.db --format json
    [ "$status" -eq 0 ]
    python3 - "$output" <<'PY'
import json, sys
d = json.loads(sys.argv[1])
nights = sorted((len(s["nights"]), s["label"]) for s in d["series"])
assert [n for n, _ in nights] == [1, 1, 2], nights
labels = [l for _, l in nights]
assert sum("xxh64:bbbbbbbbbbbbbbbb" in l for l in labels) == 1, labels
assert sum("xxh64:" not in l for l in labels) == 1, labels
assert "xxh64:aaaaaaaaaaaaaaaa" in nights[2][1], nights
PY
}
