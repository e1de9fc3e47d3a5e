/*
** binom: how far a rate can be from what a few trials showed.
*/
#ifndef SQLSOAK_BINOM_H
#define SQLSOAK_BINOM_H

#include <stdint.h>

/* The one-sided upper confidence bound (conf: 0.95 for 95%) of a rate
** seen k times in n independent trials: the exact Clopper-Pearson bound,
** the p at which k or fewer events would happen with probability
** 1 - conf.  For k = 0 that is 1 - (1 - conf)^(1/n), about 3/n at 95%
** (the rule of three).  1 when k >= n; NaN when n < 1 or k < 0. */
double binom_upper(int64_t k, int64_t n, double conf);

#endif
