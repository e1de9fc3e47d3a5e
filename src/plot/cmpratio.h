/*
** cmpratio: what `sqlsoak compare` says of its matched cells.  Each run's
** figure over the baseline run's (B/A): write rate, read rate and read p99
** (below 1.00 a p99 is faster).  Per matched row (one repeat of a cell) the
** ratio of that repeat; over a cell's repeats, the median of those ratios
** with the interval noise.h gives for K paired values (repeat r of B
** against repeat r of A), and each run's own median and range over its
** repeats: the noise of each run.  With one repeat on each side, the
** chunk pairs of the two cells, one after another (chunkpair.h), decide
** it when they are enough; else the ratio is bare.
*/
#ifndef SQLSOAK_CMPRATIO_H
#define SQLSOAK_CMPRATIO_H

#include "noise.h"
#include "plotdata.h"

#include <stdio.h>

enum cmpratio_fig { CMPRATIO_WRITE, CMPRATIO_READ, CMPRATIO_P99, CMPRATIO_COUNT };

/* A figure: how the terminal names it, and the stem of its
** comparison.csv columns ("write" -> write_vs_baseline). */
struct cmpratio_figure {
    const char *name;
    const char *stem;
};
extern const struct cmpratio_figure cmpratio_table[CMPRATIO_COUNT];

/* Figure f of a matched row: its median rate over chunks, or its read
** p99 (a folder older than that column: the median of its chunks' p99).
** NaN when not measured. */
double cmpratio_value(const struct report_row *x, enum cmpratio_fig f);

/* rows[i]'s figure over that of the baseline run's row of the same match;
** NaN when the baseline has no row in it or either figure is missing. */
double cmpratio_row(const struct report_row *rows, int n, int i,
                    const struct plotdata_run *base, enum cmpratio_fig f);

/* Over the repeats of rows[i]'s cell in rows[i]'s run: the median of the
** paired ratios and its interval into *q (noise_interval), and the run's
** own figure over them, median, slowest and fastest, into own[3]. */
void cmpratio_cell(const struct report_row *rows, int n, int i, const struct plotdata_run *base,
                   enum cmpratio_fig f, struct noise_ratio *q, double own[3]);

/* With one repeat of rows[i]'s cell in its run and one in the baseline
** run: their chunk pairs at matched table sizes, one after another
** (chunkpair_as_sequential), as the verdict of figure f's ratio B/A into
** *out; its ratio NaN when either cell has more repeats or the pairs are
** too few. */
void cmpratio_pairs(const struct report_row *rows, int n, int i, const struct plotdata_run *base,
                    enum cmpratio_fig f, struct verdict *out);

/* One line of the comparison: a run's figures in a cell, and its ratios
** against the baseline (or "baseline"). */
struct cmpratio_line {
    const struct plotdata_run *run;
    int first;                         /* 1 for a cell's first line */
    int is_base;
    int repeats;                       /* the cell's repeats in this run */
    char cell[256];                    /* the cell's settings, on its first line */
    char fig[CMPRATIO_COUNT][128];     /* "1.21M rows/s (1.18M..1.25M)" */
    char ratio[CMPRATIO_COUNT][192];   /* "1.85x (1.80..1.90)", "baseline", "-" */
};

/* The lines of the n matched rows, a cell at a time, in match order.
** Returns how many into *out (the caller frees it), or -1 out of memory.
** common gets the settings every cell shares. */
int cmpratio_lines(const struct report_row *rows, int n, const struct plotdata_run *base,
                   struct cmpratio_line **out, char *common, size_t cn);

/* The lines on f: a heading naming the baseline and how noise is stated,
** then each cell's. */
void cmpratio_print(FILE *f, const struct report_row *rows, int n,
                    const struct plotdata_run *base);

/* How noise is stated, for a heading: "each run's median over its repeats
** (slowest..fastest); a ratio is the median of the repeats' ratios (repeat
** r against repeat r), ..." or that each cell ran once.  Returns buf. */
const char *cmpratio_noise(const struct report_row *rows, int n, char *buf, size_t bn);

#endif
