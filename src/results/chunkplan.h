/*
** chunkplan: a cell's chunks as its plan gives them, and chunks.csv's
** rows held against it: the one check resume, merge and compare share.
**
** Chunk c (0-based) of a cell leaves R(c) = min((c + 1) * --chunk,
** --rows) rows in the table: its write phase inserts R(c) - R(c - 1) of
** them, its read phase makes --reads reads (a chunk's rows when --reads
** is negative; none when the deletes left no row it may read: phaseread's
** rule), its update phase, in a cell without deletes, the cell's
** updates_per_chunk; its delete phase, under --delete-keys oldest, the
** rows the window moves over: min((c + 1) * deletes, R(c)) - min(c *
** deletes, R(c - 1)) (schedule.h).  Not fixed by the plan: uniform
** deletes, which pass over a row already gone, so that their count is
** the schedule's whole history to say; the updates of a cell with
** deletes, where a hot row may be gone.
*/
#ifndef SQLSOAK_CHUNKPLAN_H
#define SQLSOAK_CHUNKPLAN_H

#include "csvin.h"
#include "modes.h"
#include "records.h"

#include <stddef.h>
#include <stdint.h>

struct chunkplan {
    int64_t rows, chunk, reads;     /* --rows, --chunk (> 0), --reads */
    int delete_keys;                /* --delete-keys: enum delete_keys (modes.h) */
};

/* A cell's chunks. */
int64_t chunkplan_chunks(const struct chunkplan *p);

/* The rows in the table after chunk c (0 before chunk 0). */
int64_t chunkplan_rows_after(const struct chunkplan *p, int64_t c);

/* NULL when cr, taken as chunk cr->chunk of its cell, holds what the plan
** gives it; else the name of the first column that differs (colid.h),
** and in detail its figure and the plan's. */
const char *chunkplan_differs(const struct chunkplan *p, const struct chunk_record *cr,
                              char *detail, size_t n);

/* Each cell's chunks in t (chunks.csv read from path) numbered 0, 1, ...
** in the file's order, none missing and none twice (the cells of a
** lockstep round take turns, so a cell's rows need not be together).  0,
** or -1 with one line in err naming path, the line, the cell and the
** chunk due. */
int chunkplan_sequence(const struct csvin *t, const char *path, char *err, size_t errlen);

/* The rows of chunks (chunks.csv) of summary.csv's row sumrow's cell and
** repeat, in the file's order, into out[0..max); returns how many. */
int chunkplan_cell_rows(const struct csvin *summary, int sumrow, const struct csvin *chunks,
                        int *out, int max);

#endif
