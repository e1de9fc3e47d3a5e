/*
** keydist: the read distributions.  See keydist.h.
*/
#include "keydist.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

int keydist_parse(const char *text, int (*milli)(const char *, int64_t *), int64_t *v,
                  char *err, size_t errlen)
{
    int64_t m;
    if (strcmp(text, "uniform") == 0) {
        *v = KEYDIST_VALUE(KD_UNIFORM, 0);
    } else if (strcmp(text, "latest") == 0) {
        *v = KEYDIST_VALUE(KD_LATEST, KEYDIST_LATEST_THETA);
    } else if (strncmp(text, "zipf:", 5) == 0) {
        if (milli(text + 5, &m) || m <= 0 || m >= 1000) {
            snprintf(err, errlen, "'%s': zipf:S takes S between 0 and 1 (both excluded), at most "
                     "three decimals (zipf:0.99)", text);
            return -1;
        }
        *v = KEYDIST_VALUE(KD_ZIPF, m);
    } else if (strncmp(text, "hot:", 4) == 0) {
        if (milli(text + 4, &m) || m > 100000) {
            snprintf(err, errlen, "'%s': hot:P takes a percentage P from 0 to 100, at most three "
                     "decimals (hot:90)", text);
            return -1;
        }
        *v = KEYDIST_VALUE(KD_HOT, m);
    } else {
        snprintf(err, errlen, "'%s' is not one of uniform, zipf:S, latest, hot:P", text);
        return -1;
    }
    return 0;
}

/* Thousandths as the shortest decimal: 990 -> "0.99", 90000 -> "90". */
static const char *milli_text(int64_t m, char *buf, size_t n)
{
    int len = snprintf(buf, n, "%" PRId64 ".%03" PRId64, m / 1000, m % 1000);
    while (len > 0 && (size_t)len < n && buf[len - 1] == '0')
        buf[--len] = 0;
    if (len > 0 && (size_t)len < n && buf[len - 1] == '.')
        buf[--len] = 0;
    return buf;
}

const char *keydist_text(int64_t v, char *buf, size_t n)
{
    char num[32];
    switch (KEYDIST_KIND(v)) {
    case KD_UNIFORM: snprintf(buf, n, "uniform"); break;
    case KD_LATEST: snprintf(buf, n, "latest"); break;
    case KD_ZIPF: snprintf(buf, n, "zipf:%s", milli_text(KEYDIST_MILLI(v), num, sizeof num)); break;
    case KD_HOT: snprintf(buf, n, "hot:%s", milli_text(KEYDIST_MILLI(v), num, sizeof num)); break;
    default: snprintf(buf, n, "?"); break;
    }
    return buf;
}

void keydist_init(struct keydist *d, int64_t v)
{
    memset(d, 0, sizeof *d);
    d->kind = KEYDIST_KIND(v);
    double milli = (double)KEYDIST_MILLI(v) / 1000.0;
    if (d->kind == KD_HOT) {
        d->p = milli / 100.0;
    } else if (d->kind == KD_ZIPF || d->kind == KD_LATEST) {
        d->theta = milli;
        d->alpha = 1.0 / (1.0 - d->theta);
        d->zeta2 = 1.0 + pow(0.5, d->theta);
        d->half_theta = pow(0.5, d->theta);
    }
}

void keydist_rows(struct keydist *d, uint64_t n)
{
    assert(n >= 1);
    d->n = n;
    if (d->kind == KD_HOT) {
        d->hot_n = n * KEYDIST_HOT_PERMILLE / 1000;
        if (d->hot_n == 0)
            d->hot_n = 1;
        return;
    }
    if (d->kind != KD_ZIPF && d->kind != KD_LATEST)
        return;
    if (n < d->zeta_rows) {                 /* fewer rows: sum again */
        d->zeta_rows = 0;
        d->zetan = 0;
    }
    for (uint64_t i = d->zeta_rows; i < n; i++)
        d->zetan += 1.0 / pow((double)(i + 1), d->theta);
    d->zeta_rows = n;
    /* n <= 2 never reaches the formula that needs eta (ranks 0 and 1) */
    d->eta = n > 2 ? (1.0 - pow(2.0 / (double)n, 1.0 - d->theta)) / (1.0 - d->zeta2 / d->zetan)
                   : 0;
}

/* Uniform in [0, 1), 53 bits. */
static double unit(struct rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

/* Gray et al.'s draw of a rank in [0, n). */
static uint64_t zipf_rank(const struct keydist *d, struct rng *r)
{
    double u = unit(r), uz = u * d->zetan;
    if (uz < 1.0)
        return 0;
    if (uz < 1.0 + d->half_theta)
        return 1;
    uint64_t rank = (uint64_t)((double)d->n * pow(d->eta * u - d->eta + 1.0, d->alpha));
    return rank < d->n ? rank : d->n - 1;
}

uint64_t keydist_draw_skewed(const struct keydist *d, struct rng *r)
{
    switch (d->kind) {
    case KD_ZIPF: return zipf_rank(d, r);
    case KD_LATEST: return d->n - 1 - zipf_rank(d, r);
    case KD_HOT:
        if (unit(r) < d->p || d->hot_n == d->n)
            return rng_below(r, d->hot_n);
        return d->hot_n + rng_below(r, d->n - d->hot_n);
    default: return rng_below(r, d->n);
    }
}
