#!/usr/bin/env python3
"""Checks a results folder of sqlsoak after interrupts, kills and resumes.

usage: robust_check.py MODE OUT ROWS CHUNK [CELLS]

MODE valid : every CSV line whole (header's field count, file ends in a
             newline), run.json valid JSON, no chunk recorded twice for a cell,
             each cell's chunks numbered 0..k-1 in order with the right rows.
MODE final : valid, plus run.json status ok, summary.csv has CELLS rows all
             status ok with every chunk, the right rows, verify_failures 0,
             and every cell has all of its chunks exactly once.
MODE soak  : final, plus what a fault soak checks after the last resume:
             no line of any CSV twice; histograms.csv one row for each
             chunk of chunks.csv and no other; timeline.csv rows only of
             recorded chunks; summary.csv's figures those of its chunks
             (medians, first, last); run.json's cells the summary's cells,
             with the same status, chunks and rows; and every chunk's
             figures of each phase those its settings and the run's options
             (run.json) give (phases): the updates, deletes and reads the
             schedule (src/cell/schedule.h) makes, a time for each phase
             that ran and none for one that did not, reader figures with
             --readers only.
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


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def close(a, b):
    """a figure as written (rounded to 0.1) against one computed"""
    return abs(a - b) <= 0.051 + 1e-6 * abs(b)


def no_repeated_lines(path):
    seen = set()
    for i, line in enumerate(open(path, "rb").read().split(b"\n")[1:], 2):
        if line and line in seen:
            fail(f"{path}: line {i} is an earlier line again")
        seen.add(line)


def num(v):
    return int(v) if v != "" else 0


def phases(chunks, rj, rows, chunk):
    """Each chunk's update, delete, read, checkpoint, vacuum and reader
    figures against the schedule of src/cell/schedule.h: chunk c (0-based)
    inserts its rows (R(c) = min((c + 1) * chunk, rows) after it), then
    makes its updates, then its deletes, then its reads."""
    opt = rj.get("options", {})
    dk, uk = opt.get("delete-keys", "oldest"), opt.get("update-keys", "uniform")
    hot = int(uk[4:]) if uk.startswith("hot:") else 0
    reads_opt = opt.get("reads", 1000)

    def R(c):
        return min((c + 1) * chunk, rows)

    for r in chunks:
        c, U, D = int(r["chunk"]), num(r["updates_per_chunk"]), num(r["deletes_per_chunk"])
        where = f"cell {r['cell']} repeat {r['repeat']} chunk {c}"
        # oldest: after k chunks the first min(k D, R(k - 1)) rows are gone
        G = (lambda k: min(k * D, R(k - 1)) if k > 0 and dk == "oldest" else 0)
        ups, dels, reads = num(r["updates"]), num(r["deletes"]), num(r["reads"])
        if hot:     # the round robin over rows 0..K-1; a row gone takes no update
            want_u = sum((c * U + j) % hot >= G(c) for j in range(U))
        else:       # uniform: a block of rows still there, the deletes' holes stepped over
            want_u = U
        if (ups != want_u) if (dk == "oldest" or D == 0 or not hot) else not 0 <= ups <= U:
            fail(f"{where}: updates {ups}, the schedule makes {want_u} (--updates {U})")
        if dk == "oldest":  # rows [c D, c D + D) of those there, not gone already
            want_d = max(0, min(c * D + D, R(c)) - max(c * D, G(c)))
            if dels != want_d:
                fail(f"{where}: deletes {dels}, the schedule deletes {want_d} (--deletes {D})")
        elif not 0 <= dels <= D or (D and c == 0 and dels != D):
            fail(f"{where}: deletes {dels} of --deletes {D} (uniform)")
        n = R(c) - c * chunk if reads_opt in (-1, "chunk") else int(reads_opt)
        lo = max(c * chunk if opt.get("read-from") == "chunk" else 0, G(c + 1))
        want_r = n if R(c) > lo else 0
        if reads != want_r:
            fail(f"{where}: reads {reads}, expected {want_r} (the window [{lo}, {R(c)}))")
        spans = r["commit_every"] != "chunk" and num(r["commit_every"]) > chunk
        ran = {"update_s": ups > 0, "delete_s": dels > 0, "read_ops_per_s": reads > 0,
               "checkpoint_s": r["checkpoint_mode"] != "auto" and not spans,
               "vacuum_s": r["auto_vacuum"] == "incremental",
               "reader_ops": num(r["readers"]) > 0}
        for col, want in ran.items():
            if (r[col] != "") != want:
                fail(f"{where}: {col} is {r[col]!r}, but the phase "
                     f"{'ran' if want else 'did not run'}")
        if r["verify_failures"] != "0":
            fail(f"{where}: verify_failures {r['verify_failures']}")


def soak(out, chunks, summary, rj, rows, chunk):
    phases(chunks, rj, rows, chunk)
    import os
    for f in ("chunks", "summary", "timeline", "histograms"):
        path = f"{out}/{f}.csv"
        if os.path.exists(path):
            no_repeated_lines(path)
    recorded = {(r["cell"], r["repeat"], r["chunk"]) for r in chunks}
    hist = read_csv(f"{out}/histograms.csv")
    got = [(r["cell"], r["repeat"], r["chunk"]) for r in hist]
    if sorted(got) != sorted(recorded) or len(got) != len(set(got)):
        fail(f"histograms.csv: {len(got)} rows for {len(recorded)} recorded chunks")
    for r in read_csv(f"{out}/timeline.csv"):
        if (r["cell"], r["repeat"], r["chunk"]) not in recorded:
            fail(f"timeline.csv: a {r['phase']} row of chunk {r['chunk']} of cell "
                 f"{r['cell']} repeat {r['repeat']}, which chunks.csv does not record")
    for s in summary:
        mine = [r for r in chunks if (r["cell"], r["repeat"]) == (s["cell"], s["repeat"])]
        mine.sort(key=lambda r: int(r["chunk"]))
        w = [float(r["write_rows_per_s"]) for r in mine]
        checks = [("write_rows_per_s_median", median(w)), ("write_rows_per_s_first", w[0]),
                  ("write_rows_per_s_last", w[-1]), ("write_rows_per_s_min", min(w)),
                  ("write_rows_per_s_max", max(w))]
        rd = [float(r["read_ops_per_s"]) for r in mine if r["read_ops_per_s"]]
        if rd:
            checks.append(("read_ops_per_s_median", median(rd)))
        for col, want in checks:
            if not close(float(s[col]), want):
                fail(f"cell {s['cell']} repeat {s['repeat']}: summary {col} {s[col]}, "
                     f"its chunks give {want:.1f}")
    cells = {(str(c["cell"]), str(c["repeat"])): c for c in rj.get("cells", [])}
    rows = {(s["cell"], s["repeat"]): s for s in summary}
    if set(cells) != set(rows):
        fail(f"run.json's cells {sorted(cells)} are not summary.csv's {sorted(rows)}")
    for k, s in rows.items():
        c = cells[k]
        if (c["status"], str(c["chunks"]), str(c["rows"])) != (s["status"], s["chunks"], s["rows"]):
            fail(f"cell {k}: run.json says {c['status']} {c['chunks']} chunks {c['rows']} rows, "
                 f"summary.csv {s['status']} {s['chunks']} {s['rows']}")


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
    if mode in ("final", "soak"):
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
    if mode == "soak":
        soak(out, chunks, summary, rj, rows, chunk)
    print(f"resumed={resumed}")


main()
