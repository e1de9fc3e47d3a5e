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

/* The rate the rates v[0..n-1] sustain together, each over the same rows
** (ops): their count over the sum of their inverses, the rows over the
** summed time.  pick: those that count (pick[i] nonzero; NULL: all n).
** Only a measured rate counts, finite and above 0 (NaN, as the others, is
** skipped); NaN when none does.  A dimension's value is so many cells,
** and a cell so many chunks: one that pays a cost at four times the time
** weighs four times, as it does in a night, where a median of their
** rates would let the others hide it. */
double pooled_rate(const double *v, const unsigned char *pick, int n);

#endif
