/*
** readerstally: what --readers' reader processes count over a chunk (a
** readers_tally: reads, busy waits and their latencies, split by what the
** writer was doing), merged over readers and chunks, and the figures a
** chunk's or a cell's record keeps of it (records.h's reader_figures).
** A tally is plain data: a reader hands it to the writer whole, through
** a pipe (readers.h).
*/
#ifndef SQLSOAK_READERSTALLY_H
#define SQLSOAK_READERSTALLY_H

#include "hist.h"
#include "records.h"

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
