/*
** median: the centre of a handful of figures (a cell's chunks, a run's
** rounds, a dimension's cells), NaN meaning "not measured" and skipped:
** their median, and for rates the rate they sustain together.
*/
#ifndef SQLSOAK_MEDIAN_H
#define SQLSOAK_MEDIAN_H

/* The median of n doubles (n > 0), NaN ignored (NaN when all are); the
** array is sorted in place, NaN last. */
double median_of(double *v, int n);

/* The rate n rates sustain together, each over the same rows: n over the
** sum of their inverses (rows over the summed time), NaN ignored (NaN
** when all are).  A dimension's value is so many cells: a cell that pays
** a cost at four times the time weighs four times, as it does in a
** night, where a median of their rates would let the others hide it. */
double pooled_rate(const double *v, int n);

#endif
