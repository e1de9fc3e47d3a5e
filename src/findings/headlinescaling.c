/*
** headlinescaling: a cell's cost per op against its table's rows, and the
** scaling sentences.  See headlinescaling.h.
*/
#include "headlinescaling.h"

#include "absolute.h"
#include "median.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The cost per op of phase m in chunk c; NaN when not measured. */
static double cost(const struct chunk_record *c, enum phase_id m)
{
    return c->ph[m].rate > 0 ? 1 / c->ph[m].rate : NAN;
}

/* Whether chunk c is a full chunk of a measured repeat of cell. */
static int full_chunk(const struct headline_input *in, const struct chunk_record *c,
                      int64_t cell, int64_t full)
{
    if (c->id.cell != cell || c->id.repeat < 1 || c->ph[PHASE_WRITE].ops != full)
        return 0;
    for (int i = 0; i < in->nrecs; i++)
        if (in->recs[i].id.cell == cell && in->recs[i].id.repeat == c->id.repeat)
            return headline_measured(&in->recs[i]);
    return 0;
}

void headlinescaling_fit_cost(const struct headline_input *in, int64_t cell, enum phase_id m,
                              struct headlinescaling_fit *f)
{
    memset(f, 0, sizeof *f);
    f->b = f->b_lo = f->b_hi = f->last_over_first = NAN;
    int64_t full = 0;
    for (int i = 0; i < in->nchunks; i++)
        if (in->chunks[i].id.cell == cell && in->chunks[i].ph[PHASE_WRITE].ops > full)
            full = in->chunks[i].ph[PHASE_WRITE].ops;
    double sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
    double *ratio = malloc(sizeof(double) * (size_t)(in->nrecs + 1));
    int nratio = 0;
    int64_t seen = 0;       /* the repeats fitted, as bits (a repeat past 63 counts once) */
    for (int i = 0; ratio && i < in->nchunks; i++) {
        const struct chunk_record *c = &in->chunks[i];
        double y = log2(cost(c, m)), x = log2((double)c->rows);
        if (!full_chunk(in, c, cell, full) || isnan(y))
            continue;
        int64_t bit = (int64_t)1 << (c->id.repeat < 63 ? c->id.repeat : 63);
        f->repeats += !(seen & bit);
        seen |= bit;
        f->k++;
        sx += x, sy += y, sxx += x * x, sxy += x * y, syy += y * y;
        if (!f->first_rows || c->rows < f->first_rows)
            f->first_rows = c->rows;
        if (c->rows > f->last_rows)
            f->last_rows = c->rows;
    }
    /* last over first, per repeat: its first and last full chunks */
    for (int r = 0; ratio && r < in->nrecs; r++) {
        const struct summary_record *s = &in->recs[r];
        const struct chunk_record *lo = NULL, *hi = NULL;
        if (s->id.cell != cell || !headline_measured(s))
            continue;
        for (int i = 0; i < in->nchunks; i++) {
            const struct chunk_record *c = &in->chunks[i];
            if (c->id.repeat != s->id.repeat || !full_chunk(in, c, cell, full) ||
                isnan(cost(c, m)))
                continue;
            lo = !lo || c->rows < lo->rows ? c : lo;
            hi = !hi || c->rows > hi->rows ? c : hi;
        }
        if (lo && hi && lo != hi)
            ratio[nratio++] = cost(hi, m) / cost(lo, m);
    }
    if (nratio)
        f->last_over_first = median_of(ratio, nratio);
    f->nratio = nratio;
    free(ratio);
    double den = f->k * sxx - sx * sx;
    if (f->k < 2 || den <= 0)
        return;
    f->b = (f->k * sxy - sx * sy) / den;
    if (f->k < 3)
        return;
    double a = (sy - f->b * sx) / f->k;
    double sse = syy - a * sy - f->b * sxy;
    double se = sqrt(fmax(sse, 0) / (f->k - 2) / (sxx - sx * sx / f->k));
    f->b_lo = f->b - absolute_t975(f->k - 2) * se;
    f->b_hi = f->b + absolute_t975(f->k - 2) * se;
}

/* "1.09x per doubling of the table (1.05..1.12, 95%, a log-log fit over
** 30 chunks of 3 repeats)". */
const char *headlinescaling_per_doubling(const struct headlinescaling_fit *f, char *buf, size_t n)
{
    char of[40] = "", ratio[32], range[48];
    if (f->repeats > 1)
        snprintf(of, sizeof of, " of %d repeats", f->repeats);
    units_ratio(exp2(f->b), ratio, sizeof ratio);
    if (isnan(f->b_lo))
        snprintf(buf, n, "%s per doubling of the table (no interval from %d chunks%s)", ratio,
                 f->k, of);
    else
        snprintf(buf, n, "%s per doubling of the table (%s, 95%%, a log-log fit over %d chunks%s)",
                 ratio, units_range(exp2(f->b_lo), exp2(f->b_hi), range, sizeof range), f->k, of);
    return buf;
}

/* "; from the first full chunk to the last, 1.10x as much (the median of
** 3 repeats)": the two-point figure, after the fit it is noisier than. */
static const char *two_point(const struct headlinescaling_fit *f, char *buf, size_t n)
{
    char of[40] = "", ratio[32];
    if (f->nratio > 1)
        snprintf(of, sizeof of, " (the median of %d repeats)", f->nratio);
    snprintf(buf, n, "%s as much from the first full chunk to the last%s",
             units_ratio(f->last_over_first, ratio, sizeof ratio), of);
    return buf;
}

void headlinescaling_say(const struct headline_input *in, const char *base, struct headline *h)
{
    struct headlinescaling_fit w, r;
    char a[160], b[160], c[160], rd[160], x[24], y[24], z[24];
    headlinescaling_fit_cost(in, in->baseline, PHASE_WRITE, &w);
    headlinescaling_fit_cost(in, in->baseline, PHASE_READ, &r);
    if (w.k < 2 || isnan(w.last_over_first))
        return;
    char reads[400] = "";
    if (r.k >= 2 && !isnan(r.last_over_first))
        snprintf(reads, sizeof reads, "; a read cost %s, %s",
                 headlinescaling_per_doubling(&r, b, sizeof b), two_point(&r, rd, sizeof rd));
    /* the fit over every full chunk of every repeat leads: a two-point
    ** ratio is the noisier figure */
    headline_add(h, HL_SCALING,
        "Scaling (%s): over full chunks of %s to %s rows, a row written cost %s, %s%s.", base,
        units_count(w.first_rows, y, sizeof y),
        units_count(w.last_rows, x, sizeof x),
        headlinescaling_per_doubling(&w, a, sizeof a), two_point(&w, c, sizeof c), reads);
    if (in->planned_rows > w.last_rows && !isnan(w.b)) {
        double d = log2((double)in->planned_rows / (double)w.first_rows);
        char ratio[32], range[48] = "";
        if (!isnan(w.b_lo))
            snprintf(range, sizeof range, " (%s)",
                     units_range(exp2(w.b_lo * d), exp2(w.b_hi * d), c, sizeof c));
        snprintf(a, sizeof a, "about %s%s", units_ratio(exp2(w.b * d), ratio, sizeof ratio),
                 range);
        headline_add(h, HL_SCALING,
            "It stopped at %s of the planned %s rows: at that slope a row written would cost "
            "%s the first chunk's at %s rows, an extrapolation, not a measurement.",
            units_count(w.last_rows, x, sizeof x),
            units_count(in->planned_rows, y, sizeof y), a,
            units_count(in->planned_rows, z, sizeof z));
    }
}
