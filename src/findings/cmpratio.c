/*
** cmpratio: B/A ratios of a comparison's matched cells.  See cmpratio.h.
*/
#include "cmpratio.h"

#include "chunkpair.h"
#include "chunkplan.h"
#include "heldrate.h"
#include "median.h"
#include "latency.h"
#include "pairseries.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct cmpratio_figure cmpratio_table[CMPRATIO_COUNT] = {
    [CMPRATIO_WRITE] = {"write", "write"},
    [CMPRATIO_READ] = {"read", "read"},
    [CMPRATIO_P99] = {"read p99", "read_p99"},
};

double cmpratio_value(const struct cmpratio_cell *x, enum cmpratio_fig f)
{
    const struct csvin *t = x->run->summary;
    double v;
    switch (f) {
    /* the rate sustained, every comparison's; an older run's median */
    case CMPRATIO_WRITE:
        v = heldrate_at(t, x->row, PHASE_WRITE);
        break;
    case CMPRATIO_READ:
        v = heldrate_at(t, x->row, PHASE_READ);
        break;
    default:
        v = csvin_num_named(t, x->row, latency_table[LAT_P99].column);
        if (isnan(v))
            v = csvin_num(t, CSV_SUMMARY, x->row, COL_read_p99_us_median);
    }
    return v > 0 ? v : NAN;
}

/* The baseline's row of c[i]'s match, or NULL. */
static const struct cmpratio_cell *base_of(const struct cmpratio_cell *c, int n, int i,
                                           const struct cmpratio_run *base)
{
    for (int j = 0; j < n; j++)
        if (c[j].match == c[i].match && c[j].run == base)
            return &c[j];
    return NULL;
}

double cmpratio_row(const struct cmpratio_cell *c, int n, int i, const struct cmpratio_run *base,
                    enum cmpratio_fig f)
{
    const struct cmpratio_cell *b = base_of(c, n, i, base);
    return b ? cmpratio_value(&c[i], f) / cmpratio_value(b, f) : NAN;
}

/* 1 when a and b are repeats of one cell of one run: its number, which
** summary.csv gives each repeat of it. */
static int same_cell(const struct cmpratio_cell *a, const struct cmpratio_cell *b)
{
    const char *ca = csvin_str(a->run->summary, CSV_SUMMARY, a->row, COL_cell);
    const char *cb = csvin_str(b->run->summary, CSV_SUMMARY, b->row, COL_cell);
    return a->run == b->run && strcmp(ca, cb) == 0;
}

void cmpratio_repeats(const struct cmpratio_cell *c, int n, int i,
                      const struct cmpratio_run *base, enum cmpratio_fig f,
                      struct noise_ratio *q, double own[3])
{
    double *ratios = malloc(sizeof(double) * (size_t)(n + 1));
    double *vals = malloc(sizeof(double) * (size_t)(n + 1));
    int k = 0, m = 0;
    for (int j = 0; ratios && vals && j < n; j++) {
        if (!same_cell(&c[j], &c[i]))
            continue;
        double v = cmpratio_value(&c[j], f), r = cmpratio_row(c, n, j, base, f);
        if (!isnan(v))
            vals[m++] = v;
        if (!isnan(r))
            ratios[k++] = r;
    }
    noise_interval(ratios, ratios ? k : 0, q);
    own[0] = m ? median_of(vals, m) : NAN;    /* sorts vals */
    own[1] = m ? vals[0] : NAN;
    own[2] = m ? vals[m - 1] : NAN;
    free(ratios);
    free(vals);
}

int cmpratio_repeat_count(const struct cmpratio_cell *c, int n, int i)
{
    int k = 0;
    for (int j = 0; j < n; j++)
        k += same_cell(&c[j], &c[i]);
    return k;
}

/* Figure f of chunk row j of run r: a rate, or the read p99; NaN when not
** measured. */
static double chunk_value(const struct cmpratio_run *r, int j, enum cmpratio_fig f)
{
    double v = f == CMPRATIO_WRITE ? csvin_num(r->chunks, CSV_CHUNKS, j, COL_write_rows_per_s)
               : f == CMPRATIO_READ
                   ? csvin_num(r->chunks, CSV_CHUNKS, j, COL_read_ops_per_s)
                   : csvin_num_named(r->chunks, j, latency_table[LAT_P99].column);
    return v > 0 ? v : NAN;
}

/* The chunks of summary row sumrow's cell in run r: figure f into v[],
** the table's rows after each into size[]; returns how many. */
static int cell_chunks(const struct cmpratio_run *r, int sumrow, enum cmpratio_fig f, double *v,
                       int64_t *size, int *at)
{
    int k = chunkplan_cell_rows(r->summary, sumrow, r->chunks, at, r->chunks->nrows);
    for (int j = 0; j < k; j++) {
        v[j] = chunk_value(r, at[j], f);
        size[j] = (int64_t)csvin_num(r->chunks, CSV_CHUNKS, at[j], COL_rows);
    }
    return k;
}

void cmpratio_pairs(const struct cmpratio_cell *c, int n, int i, const struct cmpratio_run *base,
                    enum cmpratio_fig f, struct verdict *out)
{
    const struct cmpratio_cell *b = base_of(c, n, i, base);
    const struct cmpratio_run *r = c[i].run;
    struct chunkpair p;
    memset(&p, 0, sizeof p);
    if (b && r != base && cmpratio_repeat_count(c, n, i) == 1 &&
        cmpratio_repeat_count(c, n, (int)(b - c)) == 1) {
        size_t most = (size_t)(r->chunks->nrows > base->chunks->nrows ? r->chunks->nrows
                                                                       : base->chunks->nrows) + 1;
        double *va = malloc(most * sizeof *va), *vb = malloc(most * sizeof *vb);
        int64_t *sa = malloc(most * sizeof *sa), *sb = malloc(most * sizeof *sb);
        int *at = malloc(most * sizeof *at);
        if (va && vb && sa && sb && at) {
            int na = cell_chunks(r, c[i].row, f, va, sa, at);
            int nb = cell_chunks(base, b->row, f, vb, sb, at);
            pairseries_matched(va, sa, na, vb, sb, nb, &p);
        }
        free(va);
        free(vb);
        free(sa);
        free(sb);
        free(at);
    }
    chunkpair_as_sequential(&p, out);
}

void cmpratio_verdict(const struct cmpratio_cell *c, int n, int i,
                      const struct cmpratio_run *base, enum cmpratio_fig f, struct verdict *out)
{
    struct noise_ratio q;
    struct verdict rounds, pairs;
    double own[3];
    cmpratio_repeats(c, n, i, base, f, &q, own);
    noise_as_verdict(&q, &rounds);
    cmpratio_pairs(c, n, i, base, f, &pairs);
    verdict_choose(&rounds, &pairs, out);
}

const char *cmpratio_noise(const struct cmpratio_cell *c, int n, char *buf, size_t bn)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int r = cmpratio_repeat_count(c, n, i);
        k = k > r ? k : r;
    }
    if (k < 2) {
        snprintf(buf, bn, "each cell ran once in each run: a ratio is decided by the two cells' "
                          "chunk pairs at matched table sizes, one after another, with an "
                          "allowance for drift between the runs, from %d pairs; with fewer, no "
                          "noise estimate exists, and a ratio may be noise",
                 chunkpair_pairs_to_call());
        return buf;
    }
    char how[160];
    snprintf(buf, bn, "each run's figure is its median over its repeats (slowest..fastest); a "
                      "ratio is the median of the repeats' ratios, repeat r against the "
                      "baseline's repeat r, with their interval (%s)",
             noise_method(k, how, sizeof how));
    return buf;
}
