/*
** readers: --readers N reader processes beside a cell's writer, each with
** its own SQLite connection (the cell's library, through sqlapi), as
** separate applications sharing a database file would be.
**
** Lifecycle (each step performed by the function named):
**
**   readers_start   forks them (spawn.h, so they die with the cell's
**                   process, PR_SET_PDEATHSIG) before the writer opens a
**                   connection: no SQLite state crosses a fork
**   readers_open    the table exists: they open the database and read
**   readers_pinned  with --pin-reader, the writer waits for its snapshot
**   readers_chunk   at each chunk's end: they hand back what they counted
**                   in it (a struct readers_tally each, on their pipe)
**   readers_stop    at the cell's end: they end and are reaped
**
** What stays true:
**  1. A reader reads keys of rows the writer has committed (sharedpage.h)
**     at random, and verifies each value with kvgen; a wrong or missing
**     value is counted (failures), never ends it.
**  2. SQLITE_BUSY never ends a reader: its busy handler counts each time
**     a read meets the writer's lock and the time it waits, and gives up
**     at the busy timeout (--busy-timeout, busy.h); a read that gave up
**     is counted as busy, not as a read, and the reader goes on.
**  3. Each read is counted under what the writer was doing when it began
**     (the during table below), each wait under what the writer was doing
**     while it waited; latencies go into hist.h histograms, which merge
**     exactly into the chunk's and the cell's.
**  4. With --reader-rate R a reader runs open-loop: read k is due at
**     start + k/R, and its latency runs from when it was due, so a stall
**     of the reader, or of the database, is counted, not hidden.
**  5. A reader that dies, or cannot open or read the database, ends the
**     cell failed, its reason naming the reader and how it ended.
**  6. With pin_ns (--pin-reader) one more reader pins snapshots: BEGIN,
**     one read, the transaction held pin_ns, COMMIT, and again; it waits
**     for locks as SQLite's own busy timeout does, counted nowhere.
**
** Cost with --readers 0: none; no page, no process, one NULL test per
** phase change and COMMIT.
**
** One reader's process is reader.h's; what readers count, readerstally.h's.
**
** Test hooks: SQLSOAK_TEST_READER_LATENCIES=FILE appends each reader's
** every read as a line "CHUNK LATENCY_NS" to FILE (reads after the last
** chunk's end, in no chunk's figures, carry the chunk after it); SQLSOAK_TEST_READER_STALL=MS
** stops each reader for MS ms once, after its first read.
*/
#ifndef SQLSOAK_READERS_H
#define SQLSOAK_READERS_H

#include "reader.h"
#include "readerstally.h"
#include "sharedpage.h"
#include "spawn.h"

#include <stddef.h>
#include <stdint.h>

struct readers {
    int n;
    struct sharedpage *page;    /* NULL without readers */
    struct spawn sp[SHAREDPAGE_READERS_MAX + 1];   /* the pinning one too */
    struct readers_tally *got;  /* one reader's tally, as received */
    uint64_t hand_back_ns;      /* the wait for a tally: the busy timeout, and more */
};

/* Starts conf->n readers (none when 0: r->page stays NULL).  0, or -1
** with one line in err, none left running. */
int readers_start(struct readers *r, const struct readers_conf *conf, char *err, size_t errlen);

/* The table exists and holds `committed` rows: the readers begin. */
void readers_open(struct readers *r, int64_t committed);

/* With a pinning reader, waits until it holds its first snapshot, so
** that every chunk is measured beside one: 0, or -1 with err when it took
** none in the time a tally is waited for. */
int readers_pinned(struct readers *r, char *err, size_t errlen);

/* Chunk `chunk` has ended: the readers count the next one from now on,
** and hand back their tallies of this one, merged into *out (reset
** first).  0, or -1 with err (a reader died, or failed). */
int readers_chunk(struct readers *r, int64_t chunk, struct readers_tally *out, char *err,
                  size_t errlen);

/* Ends and reaps the readers; frees what readers_start took.  With
** tallies, waits for each one's last tally first (as readers_chunk):
** 0, or -1 with err when one of them had died or failed first.  Without
** (a cell that failed: its figures are not wanted), each is given a
** moment to end, then killed; 0. */
int readers_stop(struct readers *r, int tallies, char *err, size_t errlen);

#endif
