/*
** hist: a latency histogram of fixed memory and bounded relative error.
**
** Executive summary: values (nanoseconds) below 64 are counted exactly;
** above, each power of two is cut into 64 equal buckets, so a percentile is
** reported as its bucket's midpoint, within 1/128 (0.78%) of the true
** sample.  Any 64-bit value fits.  Memory: 3,776 counters of 8 bytes
** (29.5 KiB), fixed, whatever the number of samples.  hist_record() is a
** few instructions and never allocates.  Count, sum, min and max are exact.
*/
#ifndef SQLSOAK_HIST_H
#define SQLSOAK_HIST_H

#include <stdint.h>

#define HIST_SUB_BITS 6
#define HIST_SUB (1u << HIST_SUB_BITS)
#define HIST_BUCKETS (HIST_SUB + (64 - HIST_SUB_BITS) * HIST_SUB)

struct hist {
    uint64_t count, sum, min, max;
    uint64_t bucket[HIST_BUCKETS];
};

/* Empties *h. */
void hist_reset(struct hist *h);

/* Counts one value. */
void hist_record(struct hist *h, uint64_t v);

/* The nearest-rank percentile p (0 < p <= 100) of the values counted:
** the smallest value with at least p% of the values at or below it, to
** within the relative error above, clamped to [min, max].  0 when empty. */
uint64_t hist_percentile(const struct hist *h, double p);

/* The bucket a value falls in; exposed for the unit tests. */
unsigned hist_bucket_of(uint64_t v);

#endif
