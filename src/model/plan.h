/*
** plan: the matrix expanded into cells, in the order they will run.
**
** A cell is one combination of the dimensions of dims.h run once.
** Repeats interleave (every combination once, then again), so slow
** drift over a night spreads over all of them; --shuffle permutes each
** round with --seed; warm-up rounds come first.
*/
#ifndef SQLSOAK_PLAN_H
#define SQLSOAK_PLAN_H

#include "cellid.h"
#include "config.h"

#define PLAN_MAX_CELLS 100000

struct cell {
    int64_t combo;          /* the combination, 1-based: the "cell" column */
    int64_t repeat;         /* 1..K; warm-ups 0, -1, ... */
    int warmup;
    int64_t v[DIM_COUNT];   /* a value per dimension (dims.h); v[DIM_LIB] indexes
                               cfg->sqlite_lib; v[DIM_COMMIT_EVERY] resolved, never
                               'chunk' */
};

/* Expands cfg into *cells (malloc'ed, caller frees) and *n.  Returns 0, or
** -1 with a message in err when the matrix is too large. */
int plan_build(const struct config *cfg, struct cell **cells, int *n, char *err, size_t errlen);

/* --shard's "K/N" into *k and *n (1 <= K <= N).  0, or -1 with one line
** in err when text is not that.  plan_build keeps share K of N: the
** combinations whose number less one is K-1 modulo N, with all their
** rounds. */
int plan_shard_parse(const char *text, int *k, int *n, char *err, size_t errlen);

/* The number of combinations (cells of one round). */
int64_t plan_combinations(const struct config *cfg);

/* 1 when a COMMIT follows the rows-th row of a cell (rows counted from 1
** over the run): every commit_every rows counted from the start of each
** chunk, at the end of every chunk, and after the last row.  A commit size
** larger than the chunk spans chunks: every commit_every rows of the run,
** and after the last.  soak's write phase commits by this rule. */
int plan_commit_after(const struct config *cfg, int64_t commit_every, int64_t rows);

/* An estimate of the disk a cell's database and journal take at the end,
** from rows x row size, for the free-space check before a run. */
int64_t plan_estimate_db_bytes(const struct config *cfg, const struct cell *c);

/* Fills the CSV identity of a cell; version and source id from the
** library that runs it. */
void plan_cell_id(const struct config *cfg, const struct cell *c, const char *version,
                  const char *source_id, struct cell_id *id);

/* "SQLite 3.40.1 · 4k pages · wal · full" plus the dimensions that vary,
** into buf. */
const char *plan_cell_label(const struct config *cfg, const struct cell_id *id, char *buf,
                            size_t n);

#endif
