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
** Test hooks: SQLSOAK_TEST_READER_LATENCIES=FILE appends each reader's
** every read as a line "CHUNK LATENCY_NS" to FILE (reads after the last
** chunk's end, in no chunk's figures, carry the chunk after it); SQLSOAK_TEST_READER_STALL=MS
** stops each reader for MS ms once, after its first read.
*/
#ifndef SQLSOAK_READERS_H
#define SQLSOAK_READERS_H

#include "hist.h"
#include "kvgen.h"
#include "records.h"
#include "sharedpage.h"
#include "spawn.h"
#include "sqlapi.h"

#include <stddef.h>
#include <stdint.h>

/* The split of the readers' figures, a row per enum reader_during: the
** phase.h phase whose name the row carries (its columns' suffix,
** _during_write).  A phase the build has not got counts in no row. */
extern const char *const readers_during_name[READER_DURING_COUNT];

/* What one reader counted under one heading: a during row, or the rest
** (the writer between phases, or verifying). */
#define READERS_BY_OTHER READER_DURING_COUNT
#define READERS_BY_COUNT (READER_DURING_COUNT + 1)

struct readers_by {
    int64_t ops, busy;
    uint64_t wait_ns;
};

/* What readers counted over a chunk: one reader's, or all of them
** merged (readers_tally_merge).  span_ns: the time it covers (merged:
** the readers' mean). */
struct readers_tally {
    int64_t chunk;
    int64_t failures;           /* values read that differ, or are missing */
    uint64_t span_ns;
    int nspan;                  /* tallies whose spans were merged */
    char error[160];            /* why a reader stopped; "" none */
    struct readers_by by[READERS_BY_COUNT];
    struct hist lat[READERS_BY_COUNT];   /* the latencies (ns) of by[]'s reads */
};

/* Everything the readers need to know, from the cell. */
struct readers_conf {
    int n;                      /* 0: none */
    const struct sqlapi *api;
    const char *db_path;
    const struct kvgen *gen;    /* the cell's keys and values (shape_gen) */
    int64_t read_dist;          /* --read-dist (keydist.h): which rows they ask for */
    const struct schedule *sched;   /* the rows updated and deleted (schedule.h) */
    uint64_t seed;
    int64_t busy_timeout_ms;
    int64_t rate;               /* reads/s each; 0 unpaced */
    /* > 0: the last of the n pins a snapshot (a read transaction held this
    ** long, then at once another) and reads nothing else: its tallies
    ** count no reader (no figures of its own) */
    uint64_t pin_ns;
    int64_t first_chunk;
    const int *close_fds;       /* the cell's descriptors a reader closes */
    int nclose;
};

struct readers {
    int n;
    struct sharedpage *page;    /* NULL without readers */
    struct spawn sp[SHAREDPAGE_READERS_MAX + 1];   /* the pinning one too */
    struct readers_tally *got;  /* one reader's tally, as received */
    uint64_t hand_back_ns;      /* the wait for a tally: the busy timeout, and more */
};

/* Starts conf->n readers (none when 0: r->page stays NULL).  0, or -1
** with one line in why, none left running. */
int readers_start(struct readers *r, const struct readers_conf *conf, char *why, size_t n);

/* The table exists and holds `committed` rows: the readers begin. */
void readers_open(struct readers *r, int64_t committed);

/* With a pinning reader, waits until it holds its first snapshot, so
** that every chunk is measured beside one: 0, or -1 with why when it took
** none in the time a tally is waited for. */
int readers_pinned(struct readers *r, char *why, size_t n);

/* Chunk `chunk` has ended: the readers count the next one from now on,
** and hand back their tallies of this one, merged into *out (reset
** first).  0, or -1 with why (a reader died, or failed). */
int readers_chunk(struct readers *r, int64_t chunk, struct readers_tally *out, char *why,
                  size_t n);

/* Ends and reaps the readers; frees what readers_start took.  With
** tallies, waits for each one's last tally first (as readers_chunk):
** 0, or -1 with why when one of them had died or failed first.  Without
** (a cell that failed: its figures are not wanted), each is given a
** moment to end, then killed; 0. */
int readers_stop(struct readers *r, int tallies, char *why, size_t n);

/* Empties *t. */
void readers_tally_reset(struct readers_tally *t);

/* Adds src's counts and histograms to *t. */
void readers_tally_merge(struct readers_tally *t, const struct readers_tally *src);

/* Adds src's histograms alone to *t (a cell's counts come from its
** chunks' figures: readers_tally_add_figures). */
void readers_tally_merge_latencies(struct readers_tally *t, const struct readers_tally *src);

/* t's figures into *f; every figure NaN when t counts no reader. */
void readers_tally_figures(const struct readers_tally *t, struct reader_figures *f);

/* Adds the counts of a chunk's figures f (its ops, busy, wait and
** splits; not its latencies, which are the histograms') to *t: how a
** resumed cell's summary counts the chunks recorded before.  Nothing
** when f holds no readers' figures. */
void readers_tally_add_figures(struct readers_tally *t, const struct reader_figures *f);

/* Every figure of *f NaN: no readers. */
void readers_figures_clear(struct reader_figures *f);

#endif
