#!/usr/bin/env python3
"""Checks a results folder of sqlsoak after interrupts, kills and resumes.

usage: robust_check.py MODE OUT ROWS CHUNK [CELLS]

MODE valid : every CSV line whole (header's field count, file ends in a
             newline), run.json valid JSON, no chunk recorded twice for a cell,
             each cell's chunks numbered 0..k-1 in order with the right rows.
MODE final : valid, plus run.json status ok, summary.csv has CELLS rows all
             status ok with every chunk, the right rows, verify_failures 0,
             and every cell has all of its chunks exactly once.
Prints "resumed=<count of chunk rows with resumed=1>" on success; exits 1
with a message on the first failure.
"""
import csv, json, sys


def fail(msg):
    print("robust_check: " + msg, file=sys.stderr)
    sys.exit(1)


def read_csv(path):
    data = open(path, "rb").read()
    if data and not data.endswith(b"\n"):
        fail(f"{path}: does not end in a newline (a half-written line)")
    rows = list(csv.reader(data.decode().splitlines()))
    if not rows:
        fail(f"{path}: empty")
    n = len(rows[0])
    for i, r in enumerate(rows):
        if len(r) != n:
            fail(f"{path}: line {i + 1} has {len(r)} fields, the header {n}")
    return [dict(zip(rows[0], r)) for r in rows[1:]]


def main():
    mode, out, rows, chunk = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    cells = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    nchunks = (rows + chunk - 1) // chunk
    try:
        rj = json.load(open(f"{out}/run.json"))
    except Exception as e:
        fail(f"run.json: not valid JSON: {e}")
    chunks = read_csv(f"{out}/chunks.csv")
    summary = read_csv(f"{out}/summary.csv")
    per = {}
    for r in chunks:
        key = (r["cell"], r["repeat"])
        seen = per.setdefault(key, [])
        c = int(r["chunk"])
        if c != len(seen):
            fail(f"cell {key}: chunk {c} found where chunk {len(seen)} was due "
                 f"(recorded so far: {seen})")
        want_rows = min((c + 1) * chunk, rows)
        if int(r["rows"]) != want_rows:
            fail(f"cell {key} chunk {c}: rows {r['rows']}, expected {want_rows}")
        if int(r["chunk_rows"]) != want_rows - c * chunk:
            fail(f"cell {key} chunk {c}: chunk_rows {r['chunk_rows']}")
        if r["resumed"] not in ("0", "1"):
            fail(f"cell {key} chunk {c}: resumed is {r['resumed']!r}")
        seen.append(c)
    resumed = sum(r["resumed"] == "1" for r in chunks)
    if mode == "final":
        if rj.get("status") != "ok":
            fail(f"run.json status {rj.get('status')!r}, expected 'ok'")
        if len(summary) != cells:
            fail(f"summary.csv has {len(summary)} rows, expected {cells}")
        if len(per) != cells:
            fail(f"chunks.csv has chunks of {len(per)} cells, expected {cells}")
        for s in summary:
            key = (s["cell"], s["repeat"])
            if s["status"] != "ok":
                fail(f"cell {key}: status {s['status']!r} ({s['reason']})")
            if int(s["chunks"]) != nchunks or int(s["rows"]) != rows:
                fail(f"cell {key}: summary says {s['chunks']} chunks, {s['rows']} rows")
            if s["verify_failures"] != "0":
                fail(f"cell {key}: verify_failures {s['verify_failures']}")
            if len(per.get(key, [])) != nchunks:
                fail(f"cell {key}: {len(per.get(key, []))} chunks in chunks.csv, expected {nchunks}")
        if len({(s["cell"], s["repeat"]) for s in summary}) != cells:
            fail("summary.csv records a cell twice")
    print(f"resumed={resumed}")


main()
