/*
** pairseries: what chunkpair compares, from a run's chunks: the chunk
** pairs of two sets of cells run in lockstep (--interleave chunk).
**
** Chunk i of set A's figure is the median rate, over A's cells, of their
** chunk i, set B's the same; each round is a series of its own, and the
** rounds' series are joined, each cut at its start to an even length, so
** that chunkpair's ABBA units never straddle two rounds.  A warm-up
** (repeat 0) never counts.  A pair whose chunks came from both sides of
** a stop (one ran in a resumed run, chunks.csv's resumed, the other not)
** is left out, as unmeasured, and counted (chunkpair.h's straddling).
*/
#ifndef SQLSOAK_PAIRSERIES_H
#define SQLSOAK_PAIRSERIES_H

#include "chunkpair.h"
#include "phase.h"
#include "records.h"

#include <stdint.h>

/* Compares cells a[0..na) against cells b[0..nb) (cell numbers) on
** phase m's rate over chunks[0..n), into *out (chunkpair.h: its ratio
** > 1 when A is faster; NaN when no pair was found).  Only the runs recs
** records as measured to their end (status ok) count, as in the
** rounds' comparison: a side's cells are the same from chunk to chunk. */
void pairseries_compare(const struct chunk_record *chunks, int n,
                        const struct summary_record *recs, int nrecs, const int64_t *a, int na,
                        const int64_t *b, int nb, enum phase_id m, struct chunkpair *out);

/* A run of one round in lockstep (results folder dir: run.json says it
** interleaved, its rounds not split): each measured record's comparison
** with cell base is its chunk pairs' (chunks.csv), the one verdict the run
** states, into its vs_base columns, verdict and method "lockstep", after
** noise_fill.  Nothing for another run, or when a file cannot be read. */
void pairseries_fill(const char *dir, struct summary_record *recs, int n, int64_t base);

#endif
