/*
** paced: what a paced writer's cell (--write-rate, pace.h) answers: the
** latency its transactions saw from when each was due, how many were
** late or skipped, where their time went, or that the storage could not
** take the rate at all (overloaded).
**
** Every figure is the whole cell's, one scope in one sentence: its
** latencies from its chunks' histograms merged (summary.csv's), its
** counts and shares of time summed over its chunks.  The shares are of
** the transactions' latencies summed: queueing (due -> begun), lock
** waits, the statements, COMMIT.
*/
#ifndef SQLSOAK_PACED_H
#define SQLSOAK_PACED_H

#include "records.h"

#include <stddef.h>
#include <stdint.h>

struct paced {
    int64_t cell, repeat;
    int64_t rate, rows_per_txn, limit_ms;
    int poisson;
    int overloaded;          /* the cell stopped: reason says how far behind */
    char reason[256];
    int have_chunk;          /* 1: a chunk was measured (the figures below hold) */
    int64_t to_rows;         /* the table after the cell's last chunk measured */
    double p50_ms, p99_ms, p999_ms, max_ms;         /* over the cell's transactions */
    double txns, late, skipped;                     /* over the cell's chunks */
    double queue_pct, lock_pct, work_pct, commit_pct;
};

/* The finding of summary row s, a paced cell, from the run's chunks (any
** order) into *p: 1, or 0 when s is not paced, or neither measured a
** chunk nor was overloaded. */
int paced_judge(const struct summary_record *s, const struct chunk_record *ch, int n,
                struct paced *p);

/* *p as a sentence, the cell named by name ("cell 2").  Returns buf. */
const char *paced_text(const struct paced *p, const char *name, char *buf, size_t n);

#endif
