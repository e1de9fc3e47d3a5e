/*
** cmpratio: B/A ratios of a comparison's matched cells.  See cmpratio.h.
*/
#include "cmpratio.h"

#include "chunkpair.h"
#include "median.h"
#include "latency.h"
#include "pairseries.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct cmpratio_figure cmpratio_table[CMPRATIO_COUNT] = {
    [CMPRATIO_WRITE] = {"write", "write"},
    [CMPRATIO_READ] = {"read", "read"},
    [CMPRATIO_P99] = {"read p99", "read_p99"},
};

double cmpratio_value(const struct report_row *x, enum cmpratio_fig f)
{
    const struct csvin *t = &x->run->summary;
    double v;
    switch (f) {
    /* the rate sustained, every comparison's; an older run's median */
    case CMPRATIO_WRITE:
        v = csvin_num(t, CSV_SUMMARY, x->row, COL_write_rows_per_s_sustained);
        if (!(v > 0))
            v = csvin_num(t, CSV_SUMMARY, x->row, COL_write_rows_per_s_median);
        break;
    case CMPRATIO_READ:
        v = csvin_num(t, CSV_SUMMARY, x->row, COL_read_ops_per_s_sustained);
        if (!(v > 0))
            v = csvin_num(t, CSV_SUMMARY, x->row, COL_read_ops_per_s_median);
        break;
    default:
        v = csvin_num_named(t, x->row, latency_table[LAT_P99].column);
        if (isnan(v))
            v = csvin_num(t, CSV_SUMMARY, x->row, COL_read_p99_us_median);
    }
    return v > 0 ? v : NAN;
}

/* The baseline's row of rows[i]'s match, or NULL. */
static const struct report_row *base_of(const struct report_row *rows, int n, int i,
                                        const struct plotdata_run *base)
{
    for (int j = 0; j < n; j++)
        if (rows[j].match == rows[i].match && rows[j].run == base)
            return &rows[j];
    return NULL;
}

double cmpratio_row(const struct report_row *rows, int n, int i,
                    const struct plotdata_run *base, enum cmpratio_fig f)
{
    const struct report_row *b = base_of(rows, n, i, base);
    return b ? cmpratio_value(&rows[i], f) / cmpratio_value(b, f) : NAN;
}

/* 1 when rows a and b are the same cell, repeats aside. */
static int same_cell(const struct report_row *a, const struct report_row *b)
{
    for (int d = 0; d < PLOTDATA_NDIMS; d++)
        if (d != PLOTDATA_REPEAT &&
            strcmp(plotdata_dim_value(&a->run->summary, CSV_SUMMARY, a->row, d),
                   plotdata_dim_value(&b->run->summary, CSV_SUMMARY, b->row, d)) != 0)
            return 0;
    return 1;
}

void cmpratio_cell(const struct report_row *rows, int n, int i, const struct plotdata_run *base,
                   enum cmpratio_fig f, struct noise_ratio *q, double own[3])
{
    double *ratios = malloc(sizeof(double) * (size_t)(n + 1));
    double *vals = malloc(sizeof(double) * (size_t)(n + 1));
    int k = 0, m = 0;
    for (int j = 0; ratios && vals && j < n; j++) {
        if (rows[j].run != rows[i].run || !same_cell(&rows[j], &rows[i]))
            continue;
        double v = cmpratio_value(&rows[j], f), r = cmpratio_row(rows, n, j, base, f);
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

/* A figure as a line says it: "1.21M rows/s", "12.3 µs", with the
** repeats' range when there are several. */
static void fig_text(enum cmpratio_fig f, const double own[3], int repeats, char *buf, size_t n)
{
    char v[32], lo[32], hi[32];
    static const char *const unit[] = {"rows/s", "reads/s", "µs"};
    if (isnan(own[0])) {
        snprintf(buf, n, "-");
        return;
    }
    if (f == CMPRATIO_P99) {
        snprintf(v, sizeof v, "%.1f", own[0]);
        snprintf(lo, sizeof lo, "%.1f", own[1]);
        snprintf(hi, sizeof hi, "%.1f", own[2]);
    } else {
        plotdata_rate_text(own[0], v, sizeof v);
        plotdata_rate_text(own[1], lo, sizeof lo);
        plotdata_rate_text(own[2], hi, sizeof hi);
    }
    if (repeats > 1)
        snprintf(buf, n, "%s %s (%s..%s)", v, unit[f], lo, hi);
    else
        snprintf(buf, n, "%s %s", v, unit[f]);
}

/* The repeats of rows[i]'s cell in its run. */
static int repeats_of(const struct report_row *rows, int n, int i)
{
    int k = 0;
    for (int j = 0; j < n; j++)
        k += rows[j].run == rows[i].run && same_cell(&rows[j], &rows[i]);
    return k;
}

/* Figure f of chunk row j of run r: a rate, or the read p99; NaN when not
** measured. */
static double chunk_value(const struct plotdata_run *r, int j, enum cmpratio_fig f)
{
    double v = f == CMPRATIO_WRITE ? csvin_num(&r->chunks, CSV_CHUNKS, j, COL_write_rows_per_s)
               : f == CMPRATIO_READ
                   ? csvin_num(&r->chunks, CSV_CHUNKS, j, COL_read_ops_per_s)
                   : csvin_num_named(&r->chunks, j, latency_table[LAT_P99].column);
    return v > 0 ? v : NAN;
}

/* The chunks of summary row sumrow's cell in run r: figure f into v[],
** the table's rows after each into size[]; returns how many. */
static int cell_chunks(const struct plotdata_run *r, int sumrow, enum cmpratio_fig f, double *v,
                       int64_t *size, int *at)
{
    int k = plotdata_series_rows(r, sumrow, at, r->chunks.nrows);
    for (int j = 0; j < k; j++) {
        v[j] = chunk_value(r, at[j], f);
        size[j] = (int64_t)csvin_num(&r->chunks, CSV_CHUNKS, at[j], COL_rows);
    }
    return k;
}

void cmpratio_pairs(const struct report_row *rows, int n, int i, const struct plotdata_run *base,
                    enum cmpratio_fig f, struct verdict *out)
{
    const struct report_row *b = base_of(rows, n, i, base);
    const struct plotdata_run *r = rows[i].run;
    struct chunkpair c;
    memset(&c, 0, sizeof c);
    if (b && r != base && repeats_of(rows, n, i) == 1 && repeats_of(rows, n, (int)(b - rows)) == 1) {
        size_t most = (size_t)(r->chunks.nrows > base->chunks.nrows ? r->chunks.nrows
                                                                     : base->chunks.nrows) + 1;
        double *va = malloc(most * sizeof *va), *vb = malloc(most * sizeof *vb);
        int64_t *sa = malloc(most * sizeof *sa), *sb = malloc(most * sizeof *sb);
        int *at = malloc(most * sizeof *at);
        if (va && vb && sa && sb && at) {
            int na = cell_chunks(r, rows[i].row, f, va, sa, at);
            int nb = cell_chunks(base, b->row, f, vb, sb, at);
            pairseries_matched(va, sa, na, vb, sb, nb, &c);
        }
        free(va);
        free(vb);
        free(sa);
        free(sb);
        free(at);
    }
    chunkpair_as_sequential(&c, out);
}

/* The index of the first row of rows[i]'s cell (any run), by match order. */
static int cell_first(const struct report_row *rows, int i)
{
    for (int j = 0; j < i; j++)
        if (same_cell(&rows[j], &rows[i]))
            return j;
    return i;
}

int cmpratio_lines(const struct report_row *rows, int n, const struct plotdata_run *base,
                   struct cmpratio_line **out, char *common, size_t cn)
{
    struct cmpratio_line *l = calloc((size_t)n + 1, sizeof *l);
    struct plotdata_series *s = calloc((size_t)n + 1, sizeof *s);
    int *first = malloc(sizeof *first * (size_t)(n + 1));   /* cell_first of each row */
    int nl = 0, ns = 0;
    *out = l;
    common[0] = 0;
    if (!l || !s || !first) {
        free(l);
        free(s);
        free(first);
        *out = NULL;
        return -1;
    }
    for (int i = 0; i < n; i++) {    /* the cells, labelled by what varies between them */
        first[i] = cell_first(rows, i);
        if (first[i] == i)
            s[ns++] = (struct plotdata_series){.run = rows[i].run, .sumrow = rows[i].row};
    }
    plotdata_label(s, ns, common, cn);
    for (int c = 0, i0 = 0; c < ns; c++, i0++) {
        while (first[i0] != i0)
            i0++;
        /* one line per run holding the cell, at that run's first row of it */
        for (int i = i0; i < n; i++) {
            int seen = 0;
            if (first[i] != i0)
                continue;
            for (int j = i0; j < i && !seen; j++)
                seen = rows[j].run == rows[i].run && first[j] == i0;
            if (seen)
                continue;
            struct cmpratio_line *x = &l[nl++];
            x->run = rows[i].run;
            x->first = i == i0;
            x->is_base = rows[i].run == base;
            x->repeats = repeats_of(rows, n, i);
            snprintf(x->cell, sizeof x->cell, "%s", x->first ? s[c].label : "");
            for (int f = 0; f < CMPRATIO_COUNT; f++) {
                struct noise_ratio q;
                double own[3];
                cmpratio_cell(rows, n, i, base, (enum cmpratio_fig)f, &q, own);
                fig_text((enum cmpratio_fig)f, own, x->repeats, x->fig[f], sizeof x->fig[f]);
                struct verdict pairs;
                cmpratio_pairs(rows, n, i, base, (enum cmpratio_fig)f, &pairs);
                if (x->is_base)
                    snprintf(x->ratio[f], sizeof x->ratio[f], "baseline");
                else if (!isnan(pairs.ratio))
                    verdict_text(&pairs, 0, x->ratio[f], sizeof x->ratio[f]);
                else
                    noise_text(&q, x->ratio[f], sizeof x->ratio[f]);
            }
        }
    }
    free(s);
    free(first);
    return nl;
}

const char *cmpratio_noise(const struct report_row *rows, int n, char *buf, size_t bn)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k = k > repeats_of(rows, n, i) ? k : repeats_of(rows, n, i);
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

void cmpratio_print(FILE *f, const struct report_row *rows, int n,
                    const struct plotdata_run *base)
{
    struct cmpratio_line *l;
    char common[512], how[400];
    int nl = cmpratio_lines(rows, n, base, &l, common, sizeof common);
    if (nl <= 0) {
        free(l);
        return;
    }
    fprintf(f, "\nagainst %s (the baseline): each run's write rate, read rate and read p99 over "
               "the baseline's, per matched cell (a read p99 below 1.00x is faster)\n",
            base->name);
    fprintf(f, "noise: %s\n", cmpratio_noise(rows, n, how, sizeof how));
    if (*common)
        fprintf(f, "every cell: %s\n", common);
    size_t w = 0;
    for (int i = 0; i < nl; i++)
        w = strlen(l[i].run->name) > w ? strlen(l[i].run->name) : w;
    for (int i = 0; i < nl; i++) {
        if (l[i].first)
            fprintf(f, "  %s%s%d repeat%s\n", l[i].cell, *l[i].cell ? ", " : "", l[i].repeats,
                    l[i].repeats == 1 ? "" : "s");
        fprintf(f, "    %-*s ", (int)w, l[i].run->name);
        for (int k = 0; k < CMPRATIO_COUNT; k++)
            fprintf(f, "  %s %s", cmpratio_table[k].name, l[i].fig[k]);
        fputc('\n', f);
        if (!l[i].is_base) {
            fprintf(f, "    %-*s ", (int)w, "");
            for (int k = 0; k < CMPRATIO_COUNT; k++)
                fprintf(f, "  %s %s", cmpratio_table[k].name, l[i].ratio[k]);
            fputc('\n', f);
        }
    }
    free(l);
}
