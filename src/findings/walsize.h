/*
** walsize: whether a WAL cell's WAL stays bounded as its table grows, or
** grows with it (a checkpoint that cannot reset it: a reader pinning a
** snapshot, the field's WAL starvation).
**
** The figure is chunks.csv's wal_bytes, the -wal file's size after each
** chunk's last phase (after its checkpoint, with --checkpoint).  SQLite
** reuses a WAL from its start once a checkpoint has copied it all and no
** reader needs it, so the file's size stops at the most a chunk writes
** between checkpoints: bounded.  It is judged from the second chunk on
** (the first fills the file to that size), or, where checkpoints are left
** to wal_autocheckpoint, from the chunk after which the WAL had reached
** its pages (a WAL still filling up to its first checkpoint grows, bounded
** or not: no verdict until then), over at least WALSIZE_MIN_CHUNKS
** chunks: growing when the file rose in at least two steps of three, and
** by more than a quarter of its size at the first chunk judged.  Under
** transactions longer than a chunk only the chunks a COMMIT ended are
** judged (inside a transaction the WAL grows by design, and its reset
** waits for the COMMIT); too few of those, and the WAL is stated at the
** end of the run, with no rate.
*/
#ifndef SQLSOAK_WALSIZE_H
#define SQLSOAK_WALSIZE_H

#include "records.h"

#include <stdint.h>

#define WALSIZE_MIN_CHUNKS 4
/* SQLite's wal_autocheckpoint when it is left to the library */
#define WALSIZE_DEFAULT_AUTOCHECKPOINT 1000

struct walsize {
    int64_t cell, repeat;    /* the run judged */
    int chunks;              /* chunks judged (walsize.h: from the second, or later) */
    int all_chunks;          /* the run's chunks */
    int rises;               /* steps in which the file grew */
    int held_back;           /* chunks whose checkpoint a reader held back */
    int growing;             /* 1 growing, 0 bounded */
    int64_t txn_rows;        /* rows a transaction, when longer than a chunk; else 0 */
    double first, last, lo, hi;          /* bytes: at the first judged and last chunk, range;
                                         ** first NaN: too few COMMITs to judge */
    int64_t first_rows, last_rows;
    double per_million_rows, per_hour;   /* bytes, growing only */
};

/* The verdict on the WAL of cell `cell`'s repeat `repeat` from a run's
** chunks (any order; after a resume, the chunks from it on), into *w: 1,
** or 0 when it is not in WAL or has fewer chunks than it takes to judge. */
int walsize_judge(const struct chunk_record *ch, int n, int64_t cell, int64_t repeat,
                  struct walsize *w);

/* *w as a sentence, the cell named by name ("cell 2"): "growing: ..." or
** "bounded: ...".  Returns buf. */
const char *walsize_text(const struct walsize *w, const char *name, char *buf, size_t n);

#endif
