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
**
** The verdict: a difference (or its absence, "within noise") is called
** only when its interval covers at least NOISE_CALL_COVERAGE (95%), which
** takes 6 rounds.  Below that the ratio is printed with its interval, the
** interval's coverage, and "not established (K rounds; 6 give 95%)": a 50%
** interval is never a finding.
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

/* What a comparison shows: no estimate (one round), an interval too
** wide to call (coverage below NOISE_CALL_COVERAGE), within noise (a 95%
** interval that includes 1.00), or a difference. */
enum noise_verdict { NV_NO_ESTIMATE, NV_NOT_ESTABLISHED, NV_WITHIN, NV_DIFFERENT };

#define NOISE_CALL_COVERAGE 0.95

/* q's verdict, as above. */
enum noise_verdict noise_verdict(const struct noise_ratio *q);

/* The rounds whose interval first covers NOISE_CALL_COVERAGE: 6. */
int noise_rounds_to_call(void);

/* Whether every measured cell's write and read rates against cell base
** are decided (within noise or a difference, at 95%): --repeat auto stops
** then.  A rate a cell or the baseline lacks is not waited for. */
int noise_decided(const struct summary_record *recs, int n, int64_t base);

/* "not established (2 rounds; 6 give 95%)", into buf. */
const char *noise_unsettled_text(int rounds, char *buf, size_t n);

/* A record's rate of metric: what it sustained over its full chunks
** (records.h), an older file's median over chunks; NaN unless ok. */
double noise_rate(const struct summary_record *r, enum phase_id m);

/* The ratio of cells a[0..na) against cells b[0..nb) (cell numbers),
** paired by round (repeat >= 1; warm-ups never count). */
void noise_compare(const struct summary_record *recs, int n, const int64_t *a, int na,
                   const int64_t *b, int nb, enum phase_id m, struct noise_ratio *out);

/* The median and interval of k ratios (sorted in place), as above. */
void noise_interval(double *v, int k, struct noise_ratio *out);

/* The rounds of the run: the highest repeat of a record that ran (not a
** warm-up, nor a cell skipped). */
int noise_rounds(const struct summary_record *recs, int n);

/* The rounds the verdicts against cell base count: the most rounds any
** other cell's write rate was paired with the baseline's in (a round
** interrupted, or failed, in either has no pair); 0 when none was. */
int noise_paired_rounds(const struct summary_record *recs, int n, int64_t base);

/* A ratio as the tables print it, by its verdict: "0.97x (0.93..1.02)
** within noise", "1.32x (1.20..1.45)" (95% or more); "0.89x (0.85..0.93,
** a 50% interval) not established (2 rounds; 6 give 95%)"; "1.32x not
** established (1 round; 6 give 95%)" with no estimate; "-" when none. */
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
