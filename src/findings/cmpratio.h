/*
** cmpratio: what `sqlsoak compare` finds of its matched cells.  Each run's
** figure over the baseline run's (B/A): write rate, read rate and read p99
** (below 1.00 a p99 is faster).  Per matched row (one repeat of a cell) the
** ratio of that repeat; over a cell's repeats, the median of those ratios
** with the interval noise.h gives for K paired values (repeat r of B
** against repeat r of A), and each run's own median and range over its
** repeats: the noise of each run.  With one repeat on each side, the
** chunk pairs of the two cells, one after another (chunkpair.h).  Which
** of the two is stated is verdict.h's rule (verdict_choose), the one every
** comparison of sqlsoak is decided by: cmpratio_verdict.
**
** It reads each run's files as tables (csvin.h), so the renderers above
** (the terminal, comparison.csv, report.html) hand it their runs as
** struct cmpratio_run.
*/
#ifndef SQLSOAK_CMPRATIO_H
#define SQLSOAK_CMPRATIO_H

#include "csvin.h"
#include "noise.h"
#include "verdict.h"

#include <stdint.h>

enum cmpratio_fig { CMPRATIO_WRITE, CMPRATIO_READ, CMPRATIO_P99, CMPRATIO_COUNT };

/* A figure: how the terminal names it, and the stem of its
** comparison.csv columns ("write" -> write_vs_baseline). */
struct cmpratio_figure {
    const char *name;
    const char *stem;
};
extern const struct cmpratio_figure cmpratio_table[CMPRATIO_COUNT];

/* A run of a comparison: its name and its files, read. */
struct cmpratio_run {
    const char *name;
    const struct csvin *summary, *chunks;
    int64_t target_rows;      /* --target-rows, the size it projected to; 0 none */
};

/* A matched row: one repeat of a cell in a run (its row of summary.csv)
** and the match it belongs to, the same cell in every run. */
struct cmpratio_cell {
    const struct cmpratio_run *run;
    int row;
    int match;
};

/* Figure f of a matched row: the rate it sustained, or its read p99 (a
** folder older than those columns: the median of its chunks').  NaN when
** not measured. */
double cmpratio_value(const struct cmpratio_cell *x, enum cmpratio_fig f);

/* c[i]'s figure over that of the baseline run's row of the same match;
** NaN when the baseline has no row in it or either figure is missing. */
double cmpratio_row(const struct cmpratio_cell *c, int n, int i, const struct cmpratio_run *base,
                    enum cmpratio_fig f);

/* The repeats of c[i]'s cell in c[i]'s run. */
int cmpratio_repeat_count(const struct cmpratio_cell *c, int n, int i);

/* Over the repeats of c[i]'s cell in c[i]'s run: the median of the
** paired ratios and its interval into *q (noise_interval), and the run's
** own figure over them, median, slowest and fastest, into own[3]. */
void cmpratio_repeats(const struct cmpratio_cell *c, int n, int i,
                      const struct cmpratio_run *base, enum cmpratio_fig f,
                      struct noise_ratio *q, double own[3]);

/* With one repeat of c[i]'s cell in its run and one in the baseline
** run: their chunk pairs at matched table sizes, one after another
** (chunkpair_as_sequential), as the verdict of figure f's ratio B/A into
** *out; its ratio NaN when either cell has more repeats or the pairs are
** too few. */
void cmpratio_pairs(const struct cmpratio_cell *c, int n, int i, const struct cmpratio_run *base,
                    enum cmpratio_fig f, struct verdict *out);

/* The one verdict the comparison states of c[i]'s figure f against the
** baseline run: the repeats' (cmpratio_repeats) or the chunk pairs'
** (cmpratio_pairs), as verdict_choose picks.  Its ratio NaN when there is
** none. */
void cmpratio_verdict(const struct cmpratio_cell *c, int n, int i,
                      const struct cmpratio_run *base, enum cmpratio_fig f, struct verdict *out);

/* How noise is stated, for a heading: "each run's median over its repeats
** (slowest..fastest); a ratio is the median of the repeats' ratios (repeat
** r against repeat r), ..." or that each cell ran once.  Returns buf. */
const char *cmpratio_noise(const struct cmpratio_cell *c, int n, char *buf, size_t bn);

#endif
