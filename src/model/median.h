/*
** median: the median of a handful of figures (a cell's chunks, a run's
** rounds), NaN meaning "not measured" and skipped.
*/
#ifndef SQLSOAK_MEDIAN_H
#define SQLSOAK_MEDIAN_H

/* The median of n doubles (n > 0), NaN ignored (NaN when all are); the
** array is sorted in place, NaN last. */
double median_of(double *v, int n);

#endif
