/*
** reader: one --readers process beside a cell's writer, from its fork
** (readers_start, readers.h) to its end: it opens the database once the
** table exists, reads committed rows at random (or, the last of them with
** --pin-reader, pins snapshots), verifies each, and hands the writer its
** tally of each chunk as the chunk ends.  What stays true of it is
** readers.h's list.
*/
#ifndef SQLSOAK_READER_H
#define SQLSOAK_READER_H

#include "kvgen.h"
#include "readerstally.h"
#include "sharedpage.h"
#include "sqlapi.h"

#include <stdint.h>

/* How long a reader, or the writer waiting on one, sleeps before looking
** again at the page (a page with nothing committed, a snapshot not yet
** pinned). */
#define READER_IDLE_NS 1000000u

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

/* What a reader's process is started with (its copy, from the fork). */
struct reader_start {
    const struct readers_conf *conf;
    struct sharedpage *page;
    int index;                  /* 0 .. conf->n - 1 */
};

/* The reader's process, run by spawn_start (spawn.h) with ctx a struct
** reader_start and wfd[0] its pipe to the writer: its exit status is 0,
** or 1 after a failure it handed back (or could not). */
int reader_body(void *ctx, const int *wfd);

/* Sleeps ns nanoseconds, a signal's interruption resumed. */
void reader_sleep_ns(uint64_t ns);

#endif
