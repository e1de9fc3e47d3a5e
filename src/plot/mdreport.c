/*
** mdreport: a results folder as markdown.  See mdreport.h.
*/
#include "mdreport.h"

#include "cellname.h"
#include "dims.h"
#include "headline.h"
#include "heldrate.h"
#include "latency.h"
#include "mdtable.h"
#include "noise.h"
#include "units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The figures of the table: the column, its heading, its form in units.h
** (the unit in the heading).  The rates are those the answer ranks by
** (heldrate.h), headed as what they are: what each cell sustained, or
** in a folder older than that column its median chunk's. */
static const struct {
    enum colid col;      /* COL_COUNT: the read p99 of latency.h, or the rate held */
    const char *head;
    enum units_form form;
    int held;            /* 1 + the phase whose rate heldrate.h holds; 0 none */
    /* the heading where every row's rate is its median chunk's (a folder
    ** older than the sustained rates), and where some rows' are */
    const char *older[2];
} figs[] = {
    {COL_COUNT, "write rows/s sustained", UNITS_RATE, 1 + PHASE_WRITE,
     {"write rows/s median chunk", "write rows/s sustained, else median chunk"}},
    {COL_COUNT, "read reads/s sustained", UNITS_RATE, 1 + PHASE_READ,
     {"read reads/s median chunk", "read reads/s sustained, else median chunk"}},
    {COL_COUNT, "read p99 µs", UNITS_NUMBER, 0, {NULL, NULL}},
    {COL_db_cached_pct_median, "in RAM %", UNITS_NUMBER, 0, {NULL, NULL}},
    /* a cost, as the headline's scaling: 1 / the rates' ratio */
    {COL_write_last_over_first, "write cost last/first", UNITS_NUMBER, 0, {NULL, NULL}},
};
#define NFIGS (int)(sizeof figs / sizeof *figs)

/* The heading of figure k in a table of t: a rate's names the column its
** rows read it from (heldrate.h). */
static const char *fig_head(const struct csvin *t, int k)
{
    if (!figs[k].held)
        return figs[k].head;
    enum phase_id p = (enum phase_id)(figs[k].held - 1);
    int medians = 0;
    for (int i = 0; i < t->nrows; i++)
        medians += heldrate_column(t, i, p) != heldrate_sustained_column(p);
    return !medians ? figs[k].head : figs[k].older[medians < t->nrows];
}

/* Figure k of summary row i as text; "" when not measured. */
static void fig_text(const struct csvin *t, int i, int k, char *buf, size_t n)
{
    double v;
    if (figs[k].held)
        v = heldrate_at(t, i, (enum phase_id)(figs[k].held - 1));
    else if (figs[k].col != COL_COUNT)
        v = csvin_num(t, CSV_SUMMARY, i, figs[k].col);
    else {
        v = csvin_num_named(t, i, latency_table[LAT_P99].column);
        if (isnan(v))       /* a folder older than that column */
            v = csvin_num(t, CSV_SUMMARY, i, COL_read_p99_us_median);
    }
    if (figs[k].col == COL_write_last_over_first)
        v = v > 0 ? 1 / v : NAN;
    if (isnan(v))
        buf[0] = 0;
    else
        units_form(figs[k].form, v, buf, n);
}

/* Whether setting d (plotdata.h's label settings) varies over the rows. */
static int varies(const struct csvin *t, int d)
{
    for (int i = 1; i < t->nrows; i++)
        if (strcmp(plotdata_dim_value(t, CSV_SUMMARY, i, d),
                   plotdata_dim_value(t, CSV_SUMMARY, 0, d)) != 0)
            return 1;
    return 0;
}

/* The settings every row shares, as graphs label them, into buf. */
static void common(const struct plotdata_run *r, char *buf, size_t n)
{
    struct plotdata_series *s = calloc((size_t)r->summary.nrows + 1, sizeof *s);
    buf[0] = 0;
    for (int i = 0; s && i < r->summary.nrows; i++)
        s[i] = (struct plotdata_series){.run = r, .sumrow = i};
    if (s)
        plotdata_label(s, r->summary.nrows, buf, n);
    free(s);
}

/* The summary rows in order of cell, then repeat (summary.csv has them in
** the order they ran, interleaved).  The caller frees it; NULL out of
** memory. */
static int *by_cell(const struct csvin *t)
{
    int *o = malloc(sizeof *o * (size_t)(t->nrows + 1));
    for (int i = 0; o && i < t->nrows; i++) {
        double c = csvin_num(t, CSV_SUMMARY, i, COL_cell);
        double k = csvin_num(t, CSV_SUMMARY, i, COL_repeat);
        int j = i;
        for (; j > 0; j--) {
            double pc = csvin_num(t, CSV_SUMMARY, o[j - 1], COL_cell);
            if (pc < c || (pc == c && csvin_num(t, CSV_SUMMARY, o[j - 1], COL_repeat) <= k))
                break;
            o[j] = o[j - 1];
        }
        o[j] = i;
    }
    return o;
}

/* The headings of the settings that vary (vary[]; the repeat, beside the
** cell, is not one) and of the figures, from column nc on; returns the
** next column. */
static int settings_heads(const struct csvin *t, const int *vary, const char **heads, int *right,
                          int nc)
{
    for (int d = 0; d < PLOTDATA_NDIMS; d++)
        if (vary[d] && d != PLOTDATA_REPEAT) {
            right[nc] = 0;
            heads[nc++] = d < DIM_COUNT ? dim_table[d].column : colid_name(COL_read_from);
        }
    for (int k = 0; k < NFIGS; k++) {
        right[nc] = 1;
        heads[nc++] = fig_head(t, k);
    }
    return nc;
}

/* Row i's settings that vary and its figures, into text from column c
** on; returns the next column. */
static int settings_cells(const struct csvin *t, int i, const int *vary, char (*text)[320], int c)
{
    for (int d = 0; d < PLOTDATA_NDIMS; d++)
        if (vary[d] && d != PLOTDATA_REPEAT) {
            const char *v = plotdata_dim_value(t, CSV_SUMMARY, i, d);
            if (d < DIM_COUNT && d != DIM_LIB)
                dims_human(d, v, text[c], sizeof text[c]);   /* 16k, not 16384 */
            else
                snprintf(text[c], sizeof text[c], "%s", v);
            c++;
        }
    for (int k = 0; k < NFIGS; k++, c++)
        fig_text(t, i, k, text[c], sizeof text[c]);
    return c;
}

/* The runs skipped (the rounds --repeat auto did not need, the runs past
** --max-time or --on-error stop), in one line after the table for each
** reason, not a row each: "42 runs skipped: --repeat auto: every
** comparison decided after 6 rounds." */
static void skipped_lines(FILE *f, const struct plotdata_run *r)
{
    char line[400], text[600];
    for (int k = 0; plotdata_skipped_line(r, k, line, sizeof line); k++)
        fprintf(f, "%s%s.\n", k ? "" : "\n", mdtable_cell(line, text, sizeof text));
}

void mdreport_table(FILE *f, const struct plotdata_run *r)
{
    const struct csvin *t = &r->summary;
    int *order = by_cell(t);
    if (!order)
        return;
    const char *heads[4 + PLOTDATA_NDIMS + NFIGS];   /* cell, 2 ratios, status */
    int right[4 + PLOTDATA_NDIMS + NFIGS], nc = 0, vary[PLOTDATA_NDIMS];
    memset(right, 0, sizeof right);
    char same[1024];
    common(r, same, sizeof same);
    if (*same)
        fprintf(f, "Every cell: %s.\n\n", same);
    right[nc] = 1;
    heads[nc++] = colid_name(COL_cell);
    for (int d = 0; d < PLOTDATA_NDIMS; d++)
        vary[d] = varies(t, d) || (d == PLOTDATA_REPEAT && t->nrows > 0 &&
                                   strcmp(plotdata_dim_value(t, CSV_SUMMARY, 0, d), "1") != 0);
    if (vary[PLOTDATA_REPEAT]) {    /* beside the cell, as report.html has it */
        right[nc] = 1;
        heads[nc++] = colid_name(COL_repeat);
    }
    nc = settings_heads(t, vary, heads, right, nc);
    /* the ratios and verdicts against the baseline cell, as report.html's */
    char ratio_head[2][48 + CELLNAME_MAX], probe[160], base[CELLNAME_MAX];
    int ratios = 0;
    for (int i = 0; i < t->nrows; i++)
        for (int m = 0; m < 2; m++)
            ratios |= *noise_text_against(t, i, m ? PHASE_READ : PHASE_WRITE, r->baseline, probe,
                                          sizeof probe)
                          ? 1 << m : 0;
    for (int m = 0; m < 2; m++)
        if (ratios & (1 << m)) {
            snprintf(ratio_head[m], sizeof ratio_head[m], "%s × %s", m ? "read" : "write",
                     cellname(base, sizeof base, r->baseline, 1, 1));
            right[nc] = 0;
            heads[nc++] = ratio_head[m];
        }
    right[nc] = 0;
    heads[nc++] = colid_name(COL_status);
    mdtable_header(f, heads, right, nc);
    for (int x = 0; x < t->nrows; x++) {
        int i = order[x];
        if (plotdata_row_skipped(r, i))
            continue;               /* a line for them all, below */
        char text[4 + PLOTDATA_NDIMS + NFIGS][320];
        const char *cells[4 + PLOTDATA_NDIMS + NFIGS];
        int c = 0;
        snprintf(text[c], sizeof text[c], "%s", csvin_str(t, CSV_SUMMARY, i, COL_cell));
        c++;
        if (vary[PLOTDATA_REPEAT]) {
            snprintf(text[c], sizeof text[c], "%s", csvin_str(t, CSV_SUMMARY, i, COL_repeat));
            c++;
        }
        c = settings_cells(t, i, vary, text, c);
        for (int m = 0; m < 2; m++)
            if (ratios & (1 << m)) {
                noise_text_against(t, i, m ? PHASE_READ : PHASE_WRITE, r->baseline, text[c],
                                   sizeof text[c]);
                c++;
            }
        const char *st = csvin_str(t, CSV_SUMMARY, i, COL_status);
        const char *why = csvin_str(t, CSV_SUMMARY, i, COL_reason);
        snprintf(text[c], sizeof text[c], "%s%s%s", st, strcmp(st, "ok") && *why ? ": " : "",
                 strcmp(st, "ok") ? why : "");
        c++;
        for (int k = 0; k < c; k++)
            cells[k] = text[k];
        mdtable_row(f, cells, c);
    }
    free(order);
    skipped_lines(f, r);
}

/* The headline's sentences (scaling, where the reads came from, each
** varying dimension's best value against the baseline, the published
** claim's verdict), a bullet each, then a blank line; nothing when the
** folder gives none. */
static void headline(FILE *f, const char *dir)
{
    struct headline h;
    char err[512];
    if (headline_load(dir, NULL, &h, err, sizeof err) != 0 || h.n == 0)
        return;
    for (int i = 0; i < h.n; i++) {
        char text[2 * HEADLINE_LEN];
        fprintf(f, "- %s\n", mdtable_cell(h.line[i].text, text, sizeof text));
    }
    fputs("\n", f);
}

void mdreport_compare(FILE *f, const struct cmpfile *c)
{
    const struct csvin *t = &c->t;
    fprintf(f, "## sqlsoak comparison: %s\n\n", c->name);
    if (t->nrows > 0)
        fprintf(f, "Each run's figures over those of %s (the baseline), per matched cell.\n\n",
                cmpfile_str(c, 0, c->baseline));
    const char *heads[4 + PLOTDATA_NDIMS + NFIGS + CMPRATIO_COUNT];
    int right[4 + PLOTDATA_NDIMS + NFIGS + CMPRATIO_COUNT] = {0}, nc = 0, vary[PLOTDATA_NDIMS];
    char ratio_head[CMPRATIO_COUNT][48];
    right[nc] = 1;
    heads[nc++] = "match";
    heads[nc++] = "run";
    right[nc] = 1;
    heads[nc++] = colid_name(COL_cell);
    for (int d = 0; d < PLOTDATA_NDIMS; d++)
        vary[d] = varies(t, d);
    nc = settings_heads(t, vary, heads, right, nc);
    for (int k = 0; k < CMPRATIO_COUNT; k++) {
        snprintf(ratio_head[k], sizeof ratio_head[k], "%s × baseline", cmpratio_table[k].name);
        heads[nc++] = ratio_head[k];
    }
    heads[nc++] = colid_name(COL_status);
    mdtable_header(f, heads, right, nc);
    for (int i = 0; i < t->nrows; i++) {
        char text[4 + PLOTDATA_NDIMS + NFIGS + CMPRATIO_COUNT][320];
        const char *cells[4 + PLOTDATA_NDIMS + NFIGS + CMPRATIO_COUNT];
        int k = 0;
        snprintf(text[k++], sizeof text[0], "%s", cmpfile_str(c, i, c->match));
        snprintf(text[k++], sizeof text[0], "%s", cmpfile_str(c, i, c->run));
        snprintf(text[k++], sizeof text[0], "%s", csvin_str(t, CSV_SUMMARY, i, COL_cell));
        k = settings_cells(t, i, vary, text, k);
        for (int x = 0; x < CMPRATIO_COUNT; x++, k++)
            cmpfile_ratio_text(c, i, x, text[k], sizeof text[k]);
        snprintf(text[k++], sizeof text[0], "%s", csvin_str(t, CSV_SUMMARY, i, COL_status));
        for (int x = 0; x < k; x++)
            cells[x] = text[x];
        mdtable_row(f, cells, k);
    }
}

int mdreport_run(FILE *f, const char *dir, char *err, size_t errlen)
{
    struct plotdata_run r;
    if (plotdata_load(dir, &r, err, errlen) != 0)
        return 2;
    fprintf(f, "## sqlsoak: %s\n\n%s\n\n", r.name, r.desc);
    headline(f, dir);
    mdreport_table(f, &r);
    plotdata_free(&r);
    return 0;
}
