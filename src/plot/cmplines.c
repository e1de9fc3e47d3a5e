/*
** cmplines: compare's findings in lines.  See cmplines.h.
*/
#include "cmplines.h"

#include "units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* run's slot in v->runs[0..*nr), added when it has none; from[] holds the
** folder each slot is of. */
static const struct cmpratio_run *run_of(struct cmplines_view *v, const struct plotdata_run **from,
                                         int *nr, const struct plotdata_run *run)
{
    for (int i = 0; i < *nr; i++)
        if (from[i] == run)
            return &v->runs[i];
    from[*nr] = run;
    v->runs[*nr] = (struct cmpratio_run){.name = run->name, .summary = &run->summary,
                                         .chunks = &run->chunks, .target_rows = run->target_rows};
    return &v->runs[(*nr)++];
}

int cmplines_view(const struct report_row *rows, int n, const struct plotdata_run *base,
                  struct cmplines_view *v)
{
    const struct plotdata_run **from = calloc((size_t)n + 1, sizeof *from);
    int nr = 0;
    v->runs = calloc((size_t)n + 1, sizeof *v->runs);
    v->cells = calloc((size_t)n + 1, sizeof *v->cells);
    if (!from || !v->runs || !v->cells) {
        free(from);
        cmplines_view_free(v);
        return -1;
    }
    v->base = run_of(v, from, &nr, base);
    for (int i = 0; i < n; i++)
        v->cells[i] = (struct cmpratio_cell){run_of(v, from, &nr, rows[i].run), rows[i].row,
                                             rows[i].match};
    free(from);
    return 0;
}

void cmplines_view_free(struct cmplines_view *v)
{
    free(v->runs);
    free(v->cells);
    *v = (struct cmplines_view){0};
}

/* A figure as a line says it: "1.21M rows/s", "12.3 µs", with the
** repeats' range when there are several. */
static void fig_text(enum cmpratio_fig f, const double own[3], int repeats, char *buf, size_t n)
{
    char v[32], lo[32], hi[32];
    static const char *const unit[] = {" rows/s", " reads/s", ""};
    if (isnan(own[0])) {
        snprintf(buf, n, "-");
        return;
    }
    if (f == CMPRATIO_P99) {              /* in µs, each with its unit */
        units_secs(own[0] / 1e6, v, sizeof v);
        units_secs(own[1] / 1e6, lo, sizeof lo);
        units_secs(own[2] / 1e6, hi, sizeof hi);
    } else {
        units_rate(own[0], v, sizeof v);
        units_rate(own[1], lo, sizeof lo);
        units_rate(own[2], hi, sizeof hi);
    }
    if (repeats > 1)
        snprintf(buf, n, "%s%s (%s..%s)", v, unit[f], lo, hi);
    else
        snprintf(buf, n, "%s%s", v, unit[f]);
}

/* 1 when rows a and b hold the same settings, repeats aside, in any run. */
static int same_settings(const struct report_row *a, const struct report_row *b)
{
    for (int d = 0; d < PLOTDATA_NDIMS; d++)
        if (d != PLOTDATA_REPEAT &&
            strcmp(plotdata_dim_value(&a->run->summary, CSV_SUMMARY, a->row, d),
                   plotdata_dim_value(&b->run->summary, CSV_SUMMARY, b->row, d)) != 0)
            return 0;
    return 1;
}

/* The index of the first row of rows[i]'s cell (any run), by match order. */
static int cell_first(const struct report_row *rows, int i)
{
    for (int j = 0; j < i; j++)
        if (same_settings(&rows[j], &rows[i]))
            return j;
    return i;
}

/* Line x of matched row i: the run's figures and its ratios. */
static void line_of(const struct cmplines_view *v, int n, int i, struct cmplines_line *x)
{
    x->repeats = cmpratio_repeat_count(v->cells, n, i);
    for (int f = 0; f < CMPRATIO_COUNT; f++) {
        struct noise_ratio q;
        struct verdict said;
        double own[3];
        cmpratio_repeats(v->cells, n, i, v->base, (enum cmpratio_fig)f, &q, own);
        fig_text((enum cmpratio_fig)f, own, x->repeats, x->fig[f], sizeof x->fig[f]);
        cmpratio_verdict(v->cells, n, i, v->base, (enum cmpratio_fig)f, &said);
        if (x->is_base)
            snprintf(x->ratio[f], sizeof x->ratio[f], "baseline");
        else        /* the rounds' "what would decide it" names no lockstep across runs */
            verdict_text(&said, said.method == VM_ROUNDS ? -1 : 0, x->ratio[f], sizeof x->ratio[f]);
    }
}

int cmplines_lines(const struct report_row *rows, int n, const struct plotdata_run *base,
                   struct cmplines_line **out, char *common, size_t cn, char *how, size_t hn)
{
    struct cmplines_line *l = calloc((size_t)n + 1, sizeof *l);
    struct plotdata_series *s = calloc((size_t)n + 1, sizeof *s);
    int *first = malloc(sizeof *first * (size_t)(n + 1));   /* cell_first of each row */
    struct cmplines_view v = {0};
    int nl = 0, ns = 0;
    *out = l;
    common[0] = 0;
    how[0] = 0;
    if (!l || !s || !first || cmplines_view(rows, n, base, &v) != 0) {
        free(l);
        free(s);
        free(first);
        *out = NULL;
        return -1;
    }
    cmpratio_noise(v.cells, n, how, hn);
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
            struct cmplines_line *x = &l[nl++];
            x->run = rows[i].run;
            x->first = i == i0;
            x->is_base = rows[i].run == base;
            snprintf(x->cell, sizeof x->cell, "%s", x->first ? s[c].label : "");
            line_of(&v, n, i, x);
        }
    }
    cmplines_view_free(&v);
    free(s);
    free(first);
    return nl;
}

void cmplines_print(FILE *f, const struct report_row *rows, int n,
                    const struct plotdata_run *base)
{
    struct cmplines_line *l;
    char common[512], how[400];
    int nl = cmplines_lines(rows, n, base, &l, common, sizeof common, how, sizeof how);
    if (nl <= 0) {
        free(l);
        return;
    }
    fprintf(f, "\nagainst %s (the baseline): each run's write rate, read rate and read p99 over "
               "the baseline's, per matched cell (a read p99 below 1.00x is faster)\n",
            base->name);
    fprintf(f, "noise: %s\n", how);
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
