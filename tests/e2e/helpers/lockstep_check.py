#!/usr/bin/env python3
"""Checks the order of a lockstep run's chunks (--interleave chunk, one
round) across the sessions that wrote them.

usage: lockstep_check.py CHUNKS_CSV CELLS N1 N2 ...

N1, N2, ...: how many whole rows chunks.csv held as each session (the run,
then each resume) ended.  Within a session every row must be the turn
src/run/lockstep.c gives: of the cells still to record a chunk in that
session, those furthest behind, in the order of their step (1 2 .. for an
even step, .. 2 1 for an odd one); a cell that ends early (killed, failed,
stopped) takes no more turns.  A row of a later session is flagged
resumed exactly when its cell had recorded a chunk before that session
(a cell with none starts anew).  Exits 1 with a message on the first
row out of order.
"""
import csv, sys


def order(step, j, count):
    """lockstep_order: the cell (from 0) with place j in step's turns."""
    return j if step % 2 == 0 else count - 1 - j


def fail(msg):
    print("lockstep_check: " + msg, file=sys.stderr)
    sys.exit(1)


def main():
    rows = list(csv.DictReader(open(sys.argv[1], newline="")))
    cells = int(sys.argv[2])
    ends = [int(n) for n in sys.argv[3:]]
    if not ends or ends[-1] != len(rows):
        fail(f"chunks.csv has {len(rows)} rows, the sessions ended at {ends}")
    done = [0] * cells
    start = 0
    for session, end in enumerate(ends):
        seg = rows[start:end]
        before = list(done)
        for i, r in enumerate(seg):
            # the cells that take turns from here: those with a row to come
            running = {int(x["cell"]) - 1 for x in seg[i:]}
            step = min(done[k] for k in running)
            turns = [k for k in (order(step, j, cells) for j in range(cells))
                     if k in running and done[k] == step]
            k, c = int(r["cell"]) - 1, int(r["chunk"])
            where = f"session {session + 1}, row {start + i + 1} (cell {k + 1} chunk {c})"
            if k != turns[0] or c != done[k]:
                fail(f"{where}: lockstep gives cell {turns[0] + 1} chunk {done[turns[0]]} here")
            want = "1" if session > 0 and before[k] > 0 else "0"
            if r["resumed"] != want:
                fail(f"{where}: resumed is {r['resumed']}, expected {want}")
            done[k] += 1
        start = end


main()
