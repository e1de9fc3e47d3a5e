/*
** tablewalk: the table a crash trial's workload leaves at each of its
** COMMITs, walked op by op from the schedule (schedule.h): each chunk's
** inserts, then its updates, then its deletes, committed as soak commits
** them (plan_commit_after for the inserts; the update and delete phases
** every --commit-every ops and at their end, unless a transaction that
** spans chunks is open).  At each COMMIT it holds the position soak
** reports there (struct soak_commit) and a fingerprint of the table: its
** rows and the sum of kvgen_row_hash over them, order-independent, as a
** scan of the database after the cut computes it.
**
** Cost: O(1) memory (one value buffer); per op one value generated and
** hashed, and under uniform keys O(chunks) schedule look-ups.
*/
#ifndef SQLSOAK_TABLEWALK_H
#define SQLSOAK_TABLEWALK_H

#include "kvgen.h"
#include "config.h"
#include "plan.h"
#include "schedule.h"
#include "soak.h"

#include <stdint.h>

struct tablewalk {
    struct schedule sched;
    struct kvgen gen;
    const struct config *cfg;
    int64_t every;              /* --commit-every of the cell */
    int64_t nchunks;
    int64_t chunk, phase, done; /* the next op: its chunk, phase, and ops done there */
    int64_t inserted;           /* rows inserted so far */
    int in_txn;                 /* a transaction is open (it spans chunks) */
    int own;                    /* the update or delete phase commits its own */
    unsigned char *value;
    struct soak_commit at;      /* the COMMIT last reached */
    int64_t rows;               /* the table's rows there */
    uint64_t sum;               /* and their hashes' sum */
    struct schedule_walk uw;    /* the update phase's walk, while uw_open */
    int uw_open;
};

/* Starts at the empty table, before the first op.  0, or -1 (out of
** memory).  tablewalk_free releases it. */
int tablewalk_init(struct tablewalk *w, const struct config *cfg, const struct cell *cell);

/* Runs the ops up to the next COMMIT: 1 with w->at, w->rows and w->sum
** those there; 0 when the workload has no more. */
int tablewalk_next(struct tablewalk *w);

/* 1 when a and b are the same position. */
int tablewalk_same(const struct soak_commit *a, const struct soak_commit *b);

void tablewalk_free(struct tablewalk *w);

#endif
