/*
** hist: log-linear latency histogram.  See hist.h for its error bound.
*/
#include "hist.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hist_reset(struct hist *h)
{
    memset(h, 0, sizeof *h);
    h->min = UINT64_MAX;
}

unsigned hist_bucket_of(uint64_t v)
{
    if (v < HIST_SUB)
        return (unsigned)v;
    unsigned e = 63u - (unsigned)__builtin_clzll(v);        /* v in [2^e, 2^(e+1)) */
    unsigned shift = e - HIST_SUB_BITS;
    unsigned sub = (unsigned)(v >> shift) - HIST_SUB;        /* 0..63 */
    return HIST_SUB + (e - HIST_SUB_BITS) * HIST_SUB + sub;
}

/* The midpoint of bucket i: within 1/128 of every value in it. */
static uint64_t bucket_mid(unsigned i)
{
    if (i < HIST_SUB)
        return i;
    unsigned e = (i - HIST_SUB) / HIST_SUB + HIST_SUB_BITS;
    unsigned sub = (i - HIST_SUB) % HIST_SUB;
    unsigned shift = e - HIST_SUB_BITS;
    uint64_t lower = (uint64_t)(HIST_SUB + sub) << shift;
    return lower + (((uint64_t)1 << shift) >> 1);
}

void hist_record(struct hist *h, uint64_t v)
{
    h->bucket[hist_bucket_of(v)]++;
    h->count++;
    h->sum += v;
    if (v < h->min)
        h->min = v;
    if (v > h->max)
        h->max = v;
}

uint64_t hist_percentile(const struct hist *h, double p)
{
    if (h->count == 0)
        return 0;
    /* the rank in integers: ceil(p/100 * count) in floating point makes
    ** 99.9% of 1000 into 1000, not 999 */
    uint64_t ppm = (uint64_t)llround(p * 10000.0);
    /* ceil(ppm * count / 10^6) without a 128-bit product (none on 32-bit
    ** targets): count = q * 10^6 + r, and r * ppm < 10^12 */
    uint64_t rank = h->count / 1000000 * ppm + (h->count % 1000000 * ppm + 999999) / 1000000;
    if (rank < 1)
        rank = 1;
    if (rank > h->count)
        rank = h->count;
    uint64_t seen = 0;
    for (unsigned i = 0; i < HIST_BUCKETS; i++) {
        seen += h->bucket[i];
        if (seen >= rank) {
            uint64_t v = bucket_mid(i);
            if (v < h->min)
                v = h->min;
            if (v > h->max)
                v = h->max;
            return v;
        }
    }
    return h->max;
}

void hist_merge(struct hist *h, const struct hist *src)
{
    if (src->count == 0)
        return;
    for (unsigned i = 0; i < HIST_BUCKETS; i++)
        h->bucket[i] += src->bucket[i];
    h->count += src->count;
    h->sum += src->sum;
    if (src->min < h->min)
        h->min = src->min;
    if (src->max > h->max)
        h->max = src->max;
}

int hist_to_text(const struct hist *h, char *buf, size_t n)
{
    int len = snprintf(buf, n, "%" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64, h->count, h->sum,
                       h->count ? h->min : 0, h->max);
    for (unsigned i = 0; len >= 0 && (size_t)len < n && i < HIST_BUCKETS; i++)
        if (h->bucket[i])
            len += snprintf(buf + len, n - (size_t)len, " %u:%" PRIu64, i, h->bucket[i]);
    return len >= 0 && (size_t)len < n ? len : -1;
}

/* A whole unsigned decimal at *p, advancing it; -1 when there is none. */
static int take_u64(const char **p, uint64_t *v)
{
    char *end;
    if (**p < '0' || **p > '9')
        return -1;
    errno = 0;
    *v = strtoull(*p, &end, 10);
    if (errno)
        return -1;
    *p = end;
    return 0;
}

int hist_from_text(struct hist *h, const char *text)
{
    const char *p = text;
    uint64_t min, total = 0;
    hist_reset(h);
    if (take_u64(&p, &h->count) || *p++ != ' ' || take_u64(&p, &h->sum) || *p++ != ' ' ||
        take_u64(&p, &min) || *p++ != ' ' || take_u64(&p, &h->max))
        return -1;
    h->min = h->count ? min : UINT64_MAX;
    unsigned first = HIST_BUCKETS, last = 0;
    while (*p == ' ') {
        uint64_t i, c;
        p++;
        if (take_u64(&p, &i) || *p++ != ':' || take_u64(&p, &c) || i >= HIST_BUCKETS ||
            c > UINT64_MAX - total)
            return -1;
        h->bucket[i] += c;
        total += c;
        if (c && i < first)
            first = (unsigned)i;
        if (c && i > last)
            last = (unsigned)i;
    }
    if (*p || total != h->count)
        return -1;
    /* only what recorded values make: min and max in the first and the
    ** last bucket counted (so min <= max), or nothing at all */
    if (h->count ? min > h->max || hist_bucket_of(min) != first || hist_bucket_of(h->max) != last
                 : h->sum || h->max)
        return -1;
    return 0;
}
