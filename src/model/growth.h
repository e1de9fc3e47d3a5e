/*
** growth: what a cell's time grows like as its table grows, and the time
** of a planned cell from it.  Pure: numbers in, seconds out.
**
** A chunk's time is split by kind of work: a row inserted (its COMMIT
** apart), a COMMIT, a row updated and a row deleted (their phases'
** COMMITs apart: a phase of a few hundred rows is mostly its COMMIT, one
** of a hundred thousand hardly), a point read, the chunk's checkpoint,
** vacuum and PRAGMA optimize (--checkpoint, --auto-vacuum incremental,
** --analyze optimize) per row written, --analyze full's ANALYZE per row
** in the table (it reads it all), and the rest of the chunk once a chunk (the OS cache dropped, the readers'
** tallies, the chunk's record: as long for a chunk of a thousand rows as
** for one of a million).  What an op costs grows with the table mostly
** as the share of the table outside SQLite's page cache grows: an insert
** of a random key or a uniform read then misses the cache.  So each
** kind's seconds per op is fitted as
**
**     s = a + b m,   m = max(0, 1 - cache / table)
**
** (cache: the page cache's bytes; table: the database's bytes at that
** chunk's end), with a, b >= 0: a is the op from the cache, b what a
** miss adds.  b is the median of the slopes between the chunks (Theil
** and Sen's: on a shared host one chunk can take three times another for
** no reason of its own, and a least-squares slope stretched to m = 1
** follows it), and the line goes through the chunks' mean point, so that
** the times it gives add up to theirs.  Past the cache m tends to 1 and
** the cost levels off at a + b, where a line through log-log points
** measured across the cache's edge (absolute.h's fit of a cell's figures)
** would keep climbing: over 7k..250k random keys it grew x1.9 a doubling,
** and put a 1M-row uuid run at 3.6 times its real time.  b is measured
** only from 3 chunks or more whose m spans GROWTH_MIN_SPAN and reaches
** GROWTH_MIN_REACH (half the table past the cache: the slope is not
** stretched more than twice past the points); else the kind is flat, at
** its mean.  A planned cell's time is every planned chunk's ops times
** each kind's cost at that chunk's table (its rows times the bytes a row
** took), summed, plus the cell's own time outside its chunks (its
** process, its database made and removed) and, with --verify, the scan
** at its end, per row.  What the fit cannot know: a table past the
** machine's memory, read from the storage.
*/
#ifndef SQLSOAK_GROWTH_H
#define SQLSOAK_GROWTH_H

#include "records.h"

#include <stdint.h>

#define GROWTH_MIN_SPAN 0.2
#define GROWTH_MIN_REACH 0.5
#define GROWTH_MAX_POINTS 400     /* chunks the slope is taken from, at most */
#define GROWTH_DEFAULT_CACHE_KIB 2000   /* SQLite's default cache_size, -2000 */

enum growth_kind {
    GROWTH_WRITE,   /* a row inserted, its COMMIT apart */
    GROWTH_COMMIT,  /* a COMMIT (of the write phase; the update and delete
                       phases' are taken to cost as much) */
    GROWTH_UPDATE,  /* a row updated, its phase's COMMITs apart */
    GROWTH_DELETE,  /* a row deleted, its phase's COMMITs apart */
    GROWTH_READ,    /* a point read */
    GROWTH_AFTER,   /* the chunk's phases after its reads (checkpoint, vacuum,
                       PRAGMA optimize), per row written */
    GROWTH_SCAN,    /* --analyze full's ANALYZE, which reads the whole table:
                       per row in the table */
    GROWTH_OTHER,   /* the rest of the chunk, once a chunk */
    GROWTH_KINDS
};

/* One kind's seconds per op: a + b m. */
struct growth_fit {
    int n;                  /* chunks fitted; 0: not measured */
    double a, b;            /* b 0: flat (no miss cost measured) */
    double lo_m, hi_m;      /* the span of m fitted over */
};

struct growth_model {
    struct growth_fit fit[GROWTH_KINDS];
    double cache_bytes;     /* SQLite's page cache */
    double row_bytes;       /* the database's bytes per row inserted; NaN unknown */
    double cell_s;          /* per cell, outside its chunks; NaN unknown (0 counted) */
    double verify_s_per_row;/* --verify's scan; NaN: not measured */
    int64_t chunks, rows;   /* the chunks measured, the most rows they reached */
};

/* A cell's workload: its rows in chunks of chunk, reads a chunk (< 0: as
** many as the chunk's rows), updates and deletes a chunk, a COMMIT every
** commit_every rows (as plan_commit_after says; 0: one per chunk), and
** --verify. */
struct growth_plan {
    int64_t rows, chunk, reads, updates, deletes, commit_every;
    int verify;
    int64_t write_rate;      /* --write-rate: a chunk's writes last at least its rows at it */
};

/* The bytes of a page cache of PRAGMA cache_size (pages when positive,
** KiB when negative; VALUE_DEFAULT: the library's, GROWTH_DEFAULT_CACHE_KIB)
** for pages of page_size bytes. */
double growth_cache_bytes(int64_t cache_size, int64_t page_size);

/* m of a table of table_bytes behind a cache of cache_bytes. */
double growth_miss(double cache_bytes, double table_bytes);

/* Fits n points (m[i], s[i] seconds per op; s not > 0 is left out) into
** *f as this file says.  Returns the points fitted (f->n). */
int growth_fit_points(const double *m, const double *s, int n, struct growth_fit *f);

/* Seconds per op of kind k of model md at a table of rows rows; NaN
** when the kind was not measured. */
double growth_at(const struct growth_model *md, int k, double rows);

/* The COMMITs of the write phase of the chunk of n rows that follows
** before rows, in plan p (plan_commit_after's rule). */
int64_t growth_commits(const struct growth_plan *p, int64_t before, int64_t n);

/* The COMMITs of an update or delete phase of n ops in plan p: one
** every commit_every ops and after its last, as the write phase's; none
** when a transaction spans chunks (the phase runs inside it). */
int64_t growth_phase_commits(const struct growth_plan *p, int64_t n);

/* The model of the n chunk records ch (of one cell; any of its repeats,
** each repeat's chunks in order), recorded by plan p (for its COMMITs)
** with a page cache of cache_bytes; a row's bytes row_bytes, or NaN:
** the database's size over its rows at the chunk with the most.  cell_s
** and verify_s_per_row are left NaN: the caller knows them.  Returns the
** chunks used, 0 when none wrote a row. */
int growth_from_chunks(const struct chunk_record *ch, int n, const struct growth_plan *p,
                       double cache_bytes, double row_bytes, struct growth_model *m);

/* The seconds planned cell p takes by model m: NaN when p needs a kind
** m has not measured (writes, or reads, updates, deletes p has). */
double growth_seconds(const struct growth_model *m, const struct growth_plan *p);

#endif
