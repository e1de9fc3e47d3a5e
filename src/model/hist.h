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

#include <stddef.h>
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

/* Adds every value counted in src to h: histograms merge exactly, so the
** percentiles of a cell are those of all its reads, whichever chunks they
** came from. */
void hist_merge(struct hist *h, const struct hist *src);

/* h's counters as text: "count sum min max" then "bucket:n" for each
** non-empty bucket, space-separated, into buf.  Returns the length, or -1
** when buf is too small (HIST_TEXT_MAX always suffices). */
#define HIST_TEXT_MAX (4 * 21 + HIST_BUCKETS * 26 + 1)
int hist_to_text(const struct hist *h, char *buf, size_t n);

/* The inverse of hist_to_text, into h (reset first).  0, or -1 when the
** text is not such a histogram: one of values recorded, whose buckets add
** up to count, min and max in the first and the last of them. */
int hist_from_text(struct hist *h, const char *text);

/* The bucket a value falls in; exposed for the unit tests. */
unsigned hist_bucket_of(uint64_t v);

#endif
