/*
** needcheck: each cell held against the application's need (need.h), at
** --target-rows: it meets it with its headroom (the need's figure over
** what the cell cost, at its tightest item), falls short from about the
** size where its scaling fit (or its WAL's growth) crosses the need, or
** falls short already at the run's largest chunk.
**
** The costs (writes, reads, read-p99) are absolute.h's figures.  wal=SIZE
** holds a WAL cell's -wal file to SIZE: the largest file the cell's
** measured chunks saw (chunks.csv's wal_bytes_peak, sampled each interval
** of the timeline; write_wal_bytes and wal_bytes where a folder has no
** peak), grown at the rate walsize.h measured when its verdict is
** growing; a cell in another journal mode keeps no WAL, and the item does
** not apply to it.
*/
#ifndef SQLSOAK_NEEDCHECK_H
#define SQLSOAK_NEEDCHECK_H

#include "cellid.h"
#include "need.h"
#include "records.h"

#include <stdint.h>

#define NEEDCHECK_LEN 640

struct needcheck {
    int64_t cell;
    double score;            /* headroom when it meets it; below 1 the share
                             ** of the size it reaches; -1 nothing to judge */
    char text[NEEDCHECK_LEN];   /* "cell 2 meets it at 40k rows with 3.1x ..." */
};

struct needcheck_input {
    const struct need *need;
    const struct summary_record *recs;
    int nrecs;
    const struct chunk_record *chunks;
    int nchunks;
    const struct cell_id *ids;   /* the measured cells' runs, as baseline_name takes them */
    int nids;
    int64_t target;          /* the rows each cell is held at */
};

/* Each cell of in against its need, best first, into out[] (room for
** in->nids).  Returns how many. */
int needcheck_cells(const struct needcheck_input *in, struct needcheck *out);

/* The need's items as asked, "writes 200/s, wal 256 MiB", into buf. */
const char *needcheck_asked(const struct need *nd, char *buf, size_t n);

#endif
