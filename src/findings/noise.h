/*
** noise: how far apart two sets of cells really are, stated with the
** spread the repeats show.
**
** Repeats are interleaved rounds (round r runs every cell once), so a
** comparison of cells A against cells B is paired by round: the ratio of
** round r is the rate A's cells sustained together in round r over B's
** (median.h's pooled_rate: rows over their summed time), each cell's rate
** the one it sustained over its full chunks (records.h), and a drift over the night (heat, an SD card's
** garbage collection) that slows a whole round cancels out.  The rounds'
** ratios are decided by verdict.h's one rule: the figure exp of the mean
** of their logarithms, its 95% interval Student's t on those logarithms,
** the call a difference, no difference beyond 5%, or not decided.  With
** one round there is no interval, and the tables say so.
*/
#ifndef SQLSOAK_NOISE_H
#define SQLSOAK_NOISE_H

#include "phase.h"
#include "records.h"
#include "verdict.h"

#include <stddef.h>
#include <stdint.h>

struct noise_ratio {
    double ratio;        /* median over rounds of the paired ratios; NaN: none */
    double lo, hi;       /* its interval; NaN with fewer than 2 rounds */
    double confidence;   /* the interval's coverage, 0..1; NaN with fewer than 2 rounds */
    int rounds;          /* rounds in which both sides were measured */
    int within;          /* 1 no difference beyond 5%, 0 else, -1 no estimate */
};

/* What a comparison shows, verdict.h's call: no estimate (one round),
** not decided, no difference beyond 5% (NV_WITHIN), or a difference. */
enum noise_verdict { NV_NO_ESTIMATE, NV_NOT_ESTABLISHED, NV_WITHIN, NV_DIFFERENT };

/* q's verdict, as above. */
enum noise_verdict noise_verdict(const struct noise_ratio *q);

/* q as verdict.h's verdict (method rounds), and back. */
void noise_as_verdict(const struct noise_ratio *q, struct verdict *out);
void noise_from_verdict(const struct verdict *d, struct noise_ratio *out);

/* Whether every measured cell's write and read rates against cell base
** are decided (verdict.h: a difference, or none beyond 5%): --repeat auto stops
** then.  A rate a cell or the baseline lacks is not waited for. */
int noise_decided(const struct summary_record *recs, int n, int64_t base);

/* A record's rate of metric: what it sustained over its full chunks
** (records.h), an older file's median over chunks; NaN unless ok. */
double noise_rate(const struct summary_record *r, enum phase_id m);

/* The ratio of cells a[0..na) against cells b[0..nb) (cell numbers),
** paired by round (repeat >= 1; warm-ups never count). */
void noise_compare(const struct summary_record *recs, int n, const int64_t *a, int na,
                   const int64_t *b, int nb, enum phase_id m, struct noise_ratio *out);

/* The ratio and interval of k ratios (v is overwritten), as above. */
void noise_interval(double *v, int k, struct noise_ratio *out);

/* The rounds of the run: the highest repeat of a record that ran (not a
** warm-up, nor a cell skipped). */
int noise_rounds(const struct summary_record *recs, int n);

/* The rounds the verdicts against cell base count: the most rounds any
** other cell's write rate was paired with the baseline's in (a round
** interrupted, or failed, in either has no pair); 0 when none was. */
int noise_paired_rounds(const struct summary_record *recs, int n, int64_t base);

/* A ratio as the tables print it: verdict.h's verdict_text, "1.32x
** (1.20..1.45): a difference, from 6 rounds"; "-" when none. */
const char *noise_text(const struct noise_ratio *q, char *buf, size_t n);

/* The same of the figures as summary.csv holds them (within: 0, 1, or NaN
** for no estimate; rounds and confidence, in %, NaN when unknown: an
** older file's interval is then taken as established); "" when ratio is
** NaN. */
const char *noise_text_figures(double ratio, double lo, double hi, double within,
                               double rounds, double confidence_pct, char *buf, size_t n);

/* The ratio of metric m against cell 1 in row of a summary.csv read with
** csvin, as noise_text_figures says it. */
struct csvin;
const char *noise_text_row(const struct csvin *t, int row, enum phase_id m, char *buf,
                           size_t n);

/* The ratio of metric m of row of a summary.csv read with csvin against
** cell base (baseline.h), as noise_text_figures says it: the file's own
** *_vs_baseline columns when they compare with base, its vs_cell1 ones
** for base 1 (an older file), else paired again from its rows.  The one
** source of a report's ratios.  "" when there is none. */
const char *noise_text_against(const struct csvin *t, int row, enum phase_id m, int64_t base,
                               char *buf, size_t n);

/* How noise is stated in a summary.csv read with csvin, for a report: the
** method over its rounds, or that none exists with one round, and the
** baseline cell its ratios are against; "" for the file of a run with
** repeats whose comparisons were never filled (an older sqlsoak, an
** interrupted run). */
const char *noise_statement(const struct csvin *t, int64_t base, char *buf, size_t n);

/* How the intervals of a run of k rounds are made, for a table's heading:
** "paired by round: median and range over 5 rounds, a 93.8% interval",
** or "each cell ran once: no noise estimate exists". */
const char *noise_method(int k, char *buf, size_t n);

/* The same of a run of rounds rounds whose verdicts pair paired of them
** (noise_paired_rounds): noise_method's, or, past one round, "paired by
** round: 1 round with a cell and the baseline both measured, too few for
** an interval". */
const char *noise_method_paired(int paired, int rounds, char *buf, size_t n);

/* Fills the comparison columns of every measured record (repeat >= 1): its
** cell's median over repeats with their range, its cell against cell 1
** (the first value of every dimension) and against cell baseline
** (baseline.h) with its verdict in a word, paired by round. */
void noise_fill(struct summary_record *recs, int n, int64_t baseline);

#endif
