/*
** changepoint: the nights a series' figure changed, found by binary
** segmentation with a two-sample t-test (Hunter's and asv's idea, in its
** simplest form), on the logs of the figures, so that a change is a
** ratio.
**
** The method: in a segment of n >= 3 values, each split into a left part
** of k >= 1 values and a right one of n - k >= 1 is tested by Student's
** pooled-variance t (n - 2 degrees of freedom); the split of the largest
** |t| is a change when its two-sided p-value, multiplied by the n - 1
** splits tried (Bonferroni: the penalty of testing every split), is
** below alpha, and its ratio is at least min_change from 1.  The pooled
** standard deviation is taken as at least floor: a few nights that
** happen to agree closely would otherwise make any other night a change
** (real nights vary by a few percent whatever the test says).  Each side of
** a change is then searched the same way.  A series without a change is
** so called falsely with a probability of at most alpha (the first test
** is the only one a series without change meets; test_changepoint
** proves it on simulated series).  Costs O(n^2) a level: series are
** nights, tens to hundreds.
*/
#ifndef SQLSOAK_CHANGEPOINT_H
#define SQLSOAK_CHANGEPOINT_H

struct changepoint {
    int at;               /* index of the first value after the change */
    double ratio;         /* exp(mean of logs after - before) */
    double lo, hi;        /* its 95% interval */
    double p;             /* the split's p-value, times the splits tried */
};

/* The change points of logs x[0..n) (each the log of a figure), at most
** max, into out in the order of their index.  Returns their count. */
int changepoint_find(const double *x, int n, double alpha, double min_change, double floor,
                     struct changepoint *out, int max);

/* The one split of x[0..n) at index at (two samples side by side: the
** first at values, then the rest), tested as above with no penalty: its
** change into *cp.  1, or 0 when n < 3 or at leaves a side empty. */
int changepoint_at(const double *x, int n, int at, double floor, struct changepoint *cp);

/* Student's t distribution with df degrees of freedom: P(T <= t). */
double changepoint_t_cdf(double t, double df);

/* Its quantile: the t with P(T <= t) = q (0 < q < 1). */
double changepoint_t_quantile(double q, double df);

#endif
