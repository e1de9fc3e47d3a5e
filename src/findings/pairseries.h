/*
** pairseries: what chunkpair compares, from a run's chunks: the chunk
** pairs of two sets of cells, run in lockstep (--interleave chunk) or one
** after another.
**
** Chunk i of set A's figure is the rate A's cells sustained together in
** their chunk i (median.h's pooled_rate), set B's the same; each round is a series of its own, and the
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

/* Two cells' chunks, each in chunk order: figure a[0..na) at table sizes
** rows_a[] (the table's rows after each chunk) against b[0..nb) at
** rows_b[], paired where the table held the same rows, into *out
** (chunkpair_compare: its ratio > 1 when a's figure is higher).  For two
** runs' cells (`compare`), which ran one after another. */
void pairseries_matched(const double *a, const int64_t *rows_a, int na, const double *b,
                        const int64_t *rows_b, int nb, struct chunkpair *out);

/* The chunks of the run in results folder dir, into *n, and whether it
** ran its rounds in lockstep, none split, into *lockstep: what its chunk
** pairs are read from.  NULL when chunks.csv cannot be read.  The caller
** frees it. */
struct chunk_record *pairseries_chunks(const char *dir, int *n, int *lockstep);

/* The one verdict of cells a[0..na) against b[0..nb) on phase m, as
** verdict_choose gives it: their rounds' (noise.h), or, with one round,
** their chunk pairs' over chunks[0..nchunks) (NULL: none), in lockstep
** or one after another.  *other is the verdict not stated.  Returns 1
** when both are decided and disagree. */
int pairseries_verdict(const struct chunk_record *chunks, int nchunks, int lockstep,
                       const struct summary_record *recs, int nrecs, const int64_t *a, int na,
                       const int64_t *b, int nb, enum phase_id m, struct verdict *out,
                       struct verdict *other);

/* A run of one round (results folder dir): each measured record's
** comparison with cell base is its chunk pairs' (chunks.csv), the one
** verdict the run states, into its vs_base columns, verdict and method:
** "lockstep" when run.json says it interleaved, its rounds not split,
** else "sequential" (chunkpair_as_sequential; none when its pairs are
** too few), after noise_fill.  Nothing for a run of rounds, or when a
** file cannot be read. */
void pairseries_fill(const char *dir, struct summary_record *recs, int n, int64_t base);

#endif
