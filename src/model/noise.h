/*
** noise: how far apart two sets of cells really are, stated with the
** spread the repeats show.
**
** Repeats are interleaved rounds (round r runs every cell once), so a
** comparison of cells A against cells B is paired by round: the ratio of
** round r is the median rate of A's cells in round r over the median rate
** of B's in round r, and a drift over the night (heat, an SD card's garbage
** collection) that slows a whole round cancels out.  The figure is the
** median of those ratios, and its interval the order-statistic (sign test)
** confidence interval for that median: distribution-free, exact for any
** number of rounds.  With 6 rounds or more it is the narrowest such
** interval of at least 95%; with 2 to 5 rounds it is the range of the
** ratios, whose coverage is 1 - 2^(1-K) (50%, 75%, 87.5%, 93.8%), and the
** coverage is stated with it.  A ratio whose interval, at the two decimals
** printed, includes 1.00 is "within noise".  With one round there is no
** noise estimate, and the tables say so.
*/
#ifndef SQLSOAK_NOISE_H
#define SQLSOAK_NOISE_H

#include "phase.h"
#include "records.h"

#include <stddef.h>
#include <stdint.h>

struct noise_ratio {
    double ratio;        /* median over rounds of the paired ratios; NaN: none */
    double lo, hi;       /* its interval; NaN with fewer than 2 rounds */
    double confidence;   /* the interval's coverage, 0..1; NaN with fewer than 2 rounds */
    int rounds;          /* rounds in which both sides were measured */
    int within;          /* 1 within noise, 0 a difference, -1 no estimate */
};

/* A record's rate of metric (its median over chunks); NaN unless ok. */
double noise_rate(const struct summary_record *r, enum phase_id m);

/* The ratio of cells a[0..na) against cells b[0..nb) (cell numbers),
** paired by round (repeat >= 1; warm-ups never count). */
void noise_compare(const struct summary_record *recs, int n, const int64_t *a, int na,
                   const int64_t *b, int nb, enum phase_id m, struct noise_ratio *out);

/* The median and interval of k ratios (sorted in place), as above. */
void noise_interval(double *v, int k, struct noise_ratio *out);

/* The rounds of the run: the highest repeat of a measured record. */
int noise_rounds(const struct summary_record *recs, int n);

/* A ratio as the tables print it: "0.97x (0.93..1.02) within noise",
** "1.32x (1.20..1.45)", or "1.32x" with no estimate; "-" when none. */
const char *noise_text(const struct noise_ratio *q, char *buf, size_t n);

/* The same of the figures as summary.csv holds them (within: 0, 1, or NaN
** for no estimate); "" when ratio is NaN. */
const char *noise_text_figures(double ratio, double lo, double hi, double within, char *buf,
                               size_t n);

/* The ratio of metric m against cell 1 in row of a summary.csv read with
** csvin, as noise_text_figures says it. */
struct csvin;
const char *noise_text_row(const struct csvin *t, int row, enum phase_id m, char *buf,
                           size_t n);

/* How noise is stated in a summary.csv read with csvin, for a report: the
** method over its rounds, or that none exists with one round; "" for the
** file of a run with repeats whose comparisons were never filled (an
** older sqlsoak, an interrupted run). */
const char *noise_statement(const struct csvin *t, char *buf, size_t n);

/* How the intervals of a run of k rounds are made, for a table's heading:
** "paired by round: median and range over 5 rounds, a 93.8% interval",
** or "each cell ran once: no noise estimate exists". */
const char *noise_method(int k, char *buf, size_t n);

/* Fills the comparison columns of every measured record (repeat >= 1): its
** cell's median over repeats with their range, and its cell against cell 1
** (the first value of every dimension), paired by round. */
void noise_fill(struct summary_record *recs, int n);

#endif
