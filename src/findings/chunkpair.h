/*
** chunkpair: a verdict on two cells from one round, from their chunks
** run in pairs (--interleave chunk).
**
** Chunk i of cell A and chunk i of cell B are a pair: run one after the
** other, minutes apart, at the same table size.  The order within a pair
** alternates (A0 B0, B1 A1, A2 B2, ...), so two consecutive pairs run
** A B B A.  A pair's two chunks hold the same ops, so a chunk's time is
** the inverse of its per-chunk rate (higher is better).
**
** Method.  The pairs are taken in units of two consecutive pairs (an ABBA
** unit), aligned on the last pair; a unit is usable when all four rates
** are (finite and > 0), and a unit with an unusable rate is left out
** whole, so that every unit still cancels the drift.  The U usable units
** make K = min(CHUNKPAIR_MAX_BLOCKS, U / 2) blocks of equal length, 2
** units (4 pairs) or more; the leading units that do not fit are dropped
** (the first chunks are the smallest tables, and the warm-up).  A block's
** ratio is B's time over A's over its pairs: the rate A sustained over the
** block against B's.  The figure is the same over all the blocks' pairs,
** what A sustained against B, so that a cost some chunks alone pay (a WAL
** checkpoint, a COMMIT every few chunks) counts whole, as a median would
** not; a weighted mean of the block ratios, it lies within their range,
** its interval.
** It is decided by verdict.h's rule (a difference, no difference beyond
** 5%, not decided) from CHUNKPAIR_MIN_BLOCKS blocks: 28 pairs; fewer are
** not decided.
**
** Assumptions.  (1) The blocks are nearly independent: whatever ties one
** chunk's rate to the next (the card's garbage collection, the page
** cache) lasts well under a block.  (2) The cells' difference is
** multiplicative and steady over the run (a ratio that changes with the
** table's size is summarised by its median over the blocks, without a
** warning).  (3) A drift both cells share (the night's slowdown, heat) is
** linear within an ABBA unit, in a chunk's time: the cell run second in a pair sees it a
** little later, which biases one pair one way and the next the other, and
** a unit cancels it.  A burst of garbage collection falls on either cell
** with equal chance: it widens the interval, it does not bias it.
**
** Why 7 blocks of 4 pairs, not 6 of 2 (the range of 6 independent blocks
** covers 96.9%): neighbouring chunks are correlated, and so are short
** neighbouring blocks.  On simulated identical cells (test_chunkpair.c:
** AR(1) noise per cell, a shared drift, shared bursts) 6 blocks of 2
** pairs called a difference in 7.4% of nights at phi = 0.5 and 10% at
** 0.6; 6 blocks of 4 pairs in 4.9% and 5.8%; 7 blocks of 4 pairs in at
** most 3.5% up to phi = 0.6, for any number of pairs.  The coverage in
** the result (q.confidence) is the one independent blocks would have.
**
** One after another (chunkpair_as_sequential).  Cells that did not run in
** lockstep are paired the same way, chunk i of A against chunk i of B at
** the same table size, in the same blocks; but A's chunks all ran before
** B's (or after), so a change of the machine's speed between the two
** stretches of time is in every pair, and no spread of the pairs shows
** it.  Their interval is therefore widened at each end by an allowance
** for drift: the factor CHUNKPAIR_DRIFT (1.5), or, when the run shows its
** speed moving more within itself, the factor between the mean of the
** first half of the blocks and that of the second (a step inside a cell
** shows there; squaring it, as a move across half a cell taken twice
** across a whole one, left a disk's fsync noise alone too wide to call
** 30x).  Assumptions: (1) and (2) above; (3') the machine's speed
** differs between the two cells' chunks of one table size by no more than
** that allowance: a slow linear change, a step, or both, of at most 1.5x
** together, or a larger one the pairs show as it happens inside a cell.
** Then on simulated identical cells (test_sequential.c: 28 to 100 pairs,
** AR(1) noise of 10% up to phi = 0.5, a linear change of up to 20% over
** the two cells and a step of up to 30% anywhere in them, or both at
** their largest against one cell: 1.42x) a difference is called in at
** most 5% of runs (0.1% seen); with that drift at random, a 30x
** difference is called in every run, a 2x one in 80% or more (84% to
** 94% seen), and with drift of up to 10%, in 90% or more (94% to 100%
** seen).  "No difference"
** is never called this way: the allowance alone is wider than 5%.  Fewer
** than CHUNKPAIR_MIN_BLOCKS blocks give no verdict: the round's own
** (not decided) is stated.
*/
#ifndef SQLSOAK_CHUNKPAIR_H
#define SQLSOAK_CHUNKPAIR_H

#include "noise.h"
#include "verdict.h"

#include <stddef.h>

/* At most this many blocks: more pairs make longer blocks, less
** correlated, rather than more of them. */
#define CHUNKPAIR_MAX_BLOCKS 8

/* Fewer blocks call nothing (NV_NOT_ESTABLISHED), whatever their
** independent coverage says: see above. */
#define CHUNKPAIR_MIN_BLOCKS 7

/* Cells one after another: the factor by which the machine's speed is
** taken to move at most between their chunks, when the run shows no more
** (above). */
#define CHUNKPAIR_DRIFT 1.5

/* A block holds at least this many pairs: whole ABBA units, 2 of them.
** Two-pair blocks of AR(1) noise with phi = 0.5 correlate by 0.375 with
** their neighbours. */
#define CHUNKPAIR_MIN_BLOCK_PAIRS 4

struct chunkpair {
    struct noise_ratio q;   /* the blocks' median ratio A/B, its interval, the coverage
                            ** of that interval were the blocks independent; its rounds
                            ** are the blocks */
    int usable;             /* pairs in usable ABBA units */
    int pairs;              /* pairs in the blocks (blocks * block_len) */
    int blocks;             /* K, 0 when not one unit is usable */
    int block_len;          /* pairs per block, even */
    int straddling;         /* pairs left out as their chunks came from both sides of a
                            ** stop (pairseries.h); chunkpair_compare leaves it 0 */
    double moved;           /* the second half of the blocks' mean ratio over the first
                            ** half's, or its inverse: 1 or more; NaN under 2 blocks */
};

/* Compares cell A's per-chunk rates a[0..n) with cell B's b[0..n) (chunk
** i of each, a pair, as above; higher is better; NaN or <= 0 is not
** measured).  OUT: *out, its ratio > 1 when A is faster; its ratio NaN
** when no block could be made. */
void chunkpair_compare(const double *a, const double *b, int n, struct chunkpair *out);

/* c as verdict.h's verdict (method lockstep, its evidence the usable
** pairs): decided from CHUNKPAIR_MIN_BLOCKS blocks, not decided below. */
void chunkpair_as_verdict(const struct chunkpair *c, struct verdict *out);

/* c as verdict.h's verdict of cells that ran one after another (method
** sequential, its evidence the usable pairs): its interval widened by the
** allowance for drift (above), decided from CHUNKPAIR_MIN_BLOCKS blocks;
** with fewer, ratio NaN: no verdict of its own. */
void chunkpair_as_sequential(const struct chunkpair *c, struct verdict *out);

/* The same as noise.h's words: NV_DIFFERENT, NV_WITHIN (no difference
** beyond 5%), NV_NOT_ESTABLISHED (not decided) from 2 blocks, NV_NO_ESTIMATE
** with fewer. */
enum noise_verdict chunkpair_verdict(const struct chunkpair *c);

/* The pairs, all usable, that first give a call: 28, CHUNKPAIR_MIN_BLOCKS
** blocks of CHUNKPAIR_MIN_BLOCK_PAIRS. */
int chunkpair_pairs_to_call(void);

/* c as a table prints it, into buf: verdict.h's verdict_text and its
** blocks, "1.32x (1.20..1.45): a difference, from 32 chunk pairs in
** lockstep (8 blocks of 4)"; "not decided (2 chunk pairs; 28 in lockstep
** can decide it)" with no block; then, with pairs straddling a stop, "; 1
** chunk pair straddling a resume left out".  Returns buf. */
const char *chunkpair_text(const struct chunkpair *c, char *buf, size_t n);

#endif
