/*
** histfile: histograms.csv read back: the latency histograms of a cell's
** recorded chunks, merged into the cell's, so that a resumed cell's
** latency percentiles are those of all its reads, as if it had never
** stopped.  A row is written before its chunk's row of chunks.csv, which
** is the record: rows of a chunk chunks.csv does not hold (the in-flight
** chunk of a kill, or of a disk that filled between the two appends) are
** the file's last, and resume cuts them off before it measures the chunk
** again, so that each recorded chunk has exactly one row.
*/
#ifndef SQLSOAK_HISTFILE_H
#define SQLSOAK_HISTFILE_H

#include "hist.h"
#include "records.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* Merges into *out the histograms of chunks 0..chunks-1 of (cell, repeat)
** from dir/histograms.csv, read up to its last whole line.  Into *whole,
** the length to keep: the whole lines less the last rows of chunks of
** (cell, repeat) from `chunks` on, never recorded (the caller cuts the
** file there before appending; in lockstep, rows of other cells may
** follow them: histfile_drop).  0, or -1 with a one-line message in err
** (file missing or of another schema, a chunk without its row, a row of
** an unrecorded chunk before recorded ones of its cell, a damaged
** row). */
/* With readers not NULL, the readers' histograms of those chunks are
** merged into readers[0..HISTFILE_READER_HISTS) too, by row of
** records.h's histogram_record (empty fields: none). */
/* With txn not NULL, the paced writer's histograms (pace.h) are merged
** into *txn. */
#define HISTFILE_READER_HISTS (READER_DURING_COUNT + 1)
int histfile_restore(const char *dir, int64_t cell, int64_t repeat, int64_t chunks,
                     struct hist *out, struct hist *readers, struct hist *txn, off_t *whole,
                     char *err, size_t errlen);

/* A cell's run whose rows from chunk `chunks` on were never recorded. */
struct histfile_run {
    int64_t cell, repeat, chunks;
};

/* dir/histograms.csv rewritten (through a copy, renamed over it) without
** the rows of drop[0..n)'s unrecorded chunks, wherever they are, and
** without a half-written last line: a round in lockstep stopped inside
** leaves rows of its cells' unrecorded chunks before other cells' rows.
** 0, or -1 with err and errno (ENOSPC: the disk is full). */
int histfile_drop(const char *dir, const struct histfile_run *drop, int n, char *err,
                  size_t errlen);

/* Appends the histogram of chunk `chunk` of cell id as a row of the
** histograms.csv open on fd, whole or not at all (fdio), with the
** readers' HISTFILE_READER_HISTS histograms (NULL: none) and the paced
** writer's (NULL: none).  0, or -1 with errno set. */
struct cell_id;
int histfile_append(int fd, const struct cell_id *id, int64_t chunk, const struct hist *h,
                    const struct hist *readers, const struct hist *txn);

#endif
