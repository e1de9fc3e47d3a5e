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

/* The figure, ratio, beside k block ratios and, from 2 blocks, their
** range: with CHUNKPAIR_MIN_BLOCKS or more, an interval of 98% or more
** for independent blocks. */
static void block_interval(double ratio, const double *v, int k, struct noise_ratio *out)
{
    out->rounds = k;
    out->lo = out->hi = out->confidence = NAN;
    out->within = -1;
    out->ratio = k > 0 ? ratio : NAN;
    if (k < 2)
        return;
    out->lo = out->hi = v[0];
    for (int j = 1; j < k; j++) {
        out->lo = fmin(out->lo, v[j]);
        out->hi = fmax(out->hi, v[j]);
    }
    out->confidence = 1 - pow(2, 1 - k);
    out->within = verdict_call_of(out->lo, out->hi) == VC_NO_DIFFERENCE;
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
    /* each side's time over a block: a pair's two chunks hold the same ops,
    ** so a chunk's time is the inverse of its rate, in a unit they share */
    double ta[CHUNKPAIR_MAX_BLOCKS] = {0}, tb[CHUNKPAIR_MAX_BLOCKS] = {0}, ratio[CHUNKPAIR_MAX_BLOCKS];
    for (int i = first, u = 0; i + 1 < n; i += 2) {
        if (!unit_usable(a, b, i))
            continue;
        if (u >= skip) {
            ta[(u - skip) / len] += 1 / a[i] + 1 / a[i + 1];
            tb[(u - skip) / len] += 1 / b[i] + 1 / b[i + 1];
        }
        u++;
    }
    /* the run's own movement: its last half of blocks against its first */
    double first_half = 0, last_half = 0, all_a = 0, all_b = 0;
    for (int j = 0; j < k; j++) {
        ratio[j] = tb[j] / ta[j];
        all_a += ta[j];
        all_b += tb[j];
    }
    for (int j = 0; j < k / 2; j++) {
        first_half += log(ratio[j]) / (k / 2);
        last_half += log(ratio[k - 1 - j]) / (k / 2);
    }
    out->moved = k >= 2 ? exp(fabs(last_half - first_half)) : NAN;
    /* the figure: what A sustained over every blocked pair against B, a
    ** weighted mean of the blocks' ratios, so within their range */
    block_interval(k ? all_b / all_a : NAN, ratio, k, &out->q);
    out->blocks = k;
    out->block_len = 2 * len;
    out->pairs = k * 2 * len;
    assert(out->pairs <= out->usable && out->block_len % 2 == 0);
}

void chunkpair_as_verdict(const struct chunkpair *c, struct verdict *out)
{
    memset(out, 0, sizeof *out);
    out->ratio = c->q.ratio;
    out->lo = c->blocks >= 2 ? c->q.lo : NAN;
    out->hi = c->blocks >= 2 ? c->q.hi : NAN;
    out->method = VM_LOCKSTEP;
    out->evidence = c->usable;
    out->left_out = c->straddling;
    out->call = isnan(c->q.ratio)                    ? VC_NONE
                : c->blocks < CHUNKPAIR_MIN_BLOCKS ? VC_NOT_DECIDED
                                                   : verdict_call_of(c->q.lo, c->q.hi);
}

void chunkpair_as_sequential(const struct chunkpair *c, struct verdict *out)
{
    memset(out, 0, sizeof *out);
    out->method = VM_SEQUENTIAL;
    out->evidence = c->usable;
    out->left_out = c->straddling;
    out->ratio = out->lo = out->hi = NAN;
    out->call = VC_NONE;
    if (c->blocks < CHUNKPAIR_MIN_BLOCKS || isnan(c->q.ratio))
        return;
    double allow = fmax(CHUNKPAIR_DRIFT, c->moved);
    out->ratio = c->q.ratio;
    out->lo = c->q.lo / allow;
    out->hi = c->q.hi * allow;
    out->call = verdict_call_of(out->lo, out->hi);
}

enum noise_verdict chunkpair_verdict(const struct chunkpair *c)
{
    struct verdict d;
    chunkpair_as_verdict(c, &d);
    return d.call == VC_DIFFERENCE      ? NV_DIFFERENT
           : d.call == VC_NO_DIFFERENCE ? NV_WITHIN
           : c->blocks >= 2             ? NV_NOT_ESTABLISHED
                                        : NV_NO_ESTIMATE;
}

int chunkpair_pairs_to_call(void)
{
    return CHUNKPAIR_MIN_BLOCKS * CHUNKPAIR_MIN_BLOCK_PAIRS;
}

const char *chunkpair_text(const struct chunkpair *c, char *buf, size_t n)
{
    struct verdict d;
    chunkpair_as_verdict(c, &d);
    if (isnan(c->q.ratio))
        snprintf(buf, n, "not decided (%d chunk pair%s; %d in lockstep can decide it)",
                 c->usable, c->usable == 1 ? "" : "s", chunkpair_pairs_to_call());
    else
        verdict_text(&d, 1, buf, n);
    size_t len = strlen(buf);
    if (c->blocks >= 2 && len < n)
        len += (size_t)snprintf(buf + len, n - len, " (%d blocks of %d)", c->blocks,
                                c->block_len);
    if (c->straddling > 0 && len < n)
        snprintf(buf + len, n - len, "; %d chunk pair%s straddling a resume left out",
                 c->straddling, c->straddling == 1 ? "" : "s");
    return buf;
}
