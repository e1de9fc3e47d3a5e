/*
** chunkpair: two cells' chunk pairs in blocks of ABBA units, and the
** verdict of the blocks' ratios.  See chunkpair.h.
*/
#include "chunkpair.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Whether pair i's two rates are measured. */
static int pair_measured(const double *a, const double *b, int i)
{
    return isfinite(a[i]) && isfinite(b[i]) && a[i] > 0 && b[i] > 0;
}

/* Whether the ABBA unit starting at pair i (pairs i and i + 1) is usable:
** both its pairs measured. */
static int unit_usable(const double *a, const double *b, int i)
{
    return pair_measured(a, b, i) && pair_measured(a, b, i + 1);
}

void chunkpair_compare(const double *a, const double *b, int n, struct chunkpair *out)
{
    memset(out, 0, sizeof *out);
    int first = n > 0 ? n % 2 : 0;   /* units end on the last pair */
    int units = 0;
    for (int i = first; i + 1 < n; i += 2)
        units += unit_usable(a, b, i);
    out->usable = 2 * units;
    int per = CHUNKPAIR_MIN_BLOCK_PAIRS / 2;   /* units a block needs, at least */
    int k = units / per < CHUNKPAIR_MAX_BLOCKS ? units / per : CHUNKPAIR_MAX_BLOCKS;
    int len = k ? units / k : 0;              /* units per block */
    int skip = units - k * len;               /* the leading ones that do not fit */
    double sum[CHUNKPAIR_MAX_BLOCKS] = {0};
    for (int i = first, u = 0; i + 1 < n; i += 2) {
        if (!unit_usable(a, b, i))
            continue;
        if (u >= skip)
            sum[(u - skip) / len] += log(a[i] / b[i]) + log(a[i + 1] / b[i + 1]);
        u++;
    }
    for (int j = 0; j < k; j++)
        sum[j] = exp(sum[j] / (2 * len));
    noise_interval(sum, k, &out->q);
    out->blocks = k;
    out->block_len = 2 * len;
    out->pairs = k * 2 * len;
    assert(out->pairs <= out->usable && out->block_len % 2 == 0);
}

enum noise_verdict chunkpair_verdict(const struct chunkpair *c)
{
    enum noise_verdict v = noise_verdict(&c->q);
    assert(c->blocks < CHUNKPAIR_MIN_BLOCKS || v == NV_WITHIN || v == NV_DIFFERENT);
    return c->blocks >= 2 && c->blocks < CHUNKPAIR_MIN_BLOCKS ? NV_NOT_ESTABLISHED : v;
}

int chunkpair_pairs_to_call(void)
{
    return CHUNKPAIR_MIN_BLOCKS * CHUNKPAIR_MIN_BLOCK_PAIRS;
}

const char *chunkpair_text(const struct chunkpair *c, char *buf, size_t n)
{
    char why[80], blocks[64];
    enum noise_verdict v = chunkpair_verdict(c);
    snprintf(why, sizeof why, "not established (%d chunk pair%s; %d give %.0f%%)", c->usable,
             c->usable == 1 ? "" : "s", chunkpair_pairs_to_call(), 100 * NOISE_CALL_COVERAGE);
    snprintf(blocks, sizeof blocks, "%d blocks of %d chunk pairs", c->blocks, c->block_len);
    if (isnan(c->q.ratio))
        snprintf(buf, n, "%s", why);
    else if (c->blocks < 2)
        snprintf(buf, n, "%.2fx %s", c->q.ratio, why);
    else if (v == NV_NOT_ESTABLISHED)
        snprintf(buf, n, "%.2fx (%.2f..%.2f, %s) %s", c->q.ratio, c->q.lo, c->q.hi, blocks, why);
    else
        snprintf(buf, n, "%.2fx (%.2f..%.2f, %s)%s", c->q.ratio, c->q.lo, c->q.hi, blocks,
                 v == NV_WITHIN ? " within noise" : "");
    size_t len = strlen(buf);
    if (c->straddling > 0 && len < n)
        snprintf(buf + len, n - len, "; %d chunk pair%s straddling a resume left out",
                 c->straddling, c->straddling == 1 ? "" : "s");
    return buf;
}
