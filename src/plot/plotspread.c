/*
** plotspread: the spread graph's data.  See plotspread.h.
**
** Files written into the data folder (see tsv.h):
**   spread.tsv          a row per value: its x, label, and the five
**                       figures of its write and read chunk rates
**   spread-pts.tsv      a row per chunk: x (offset by repeat), its rates
**   spread-panels.tsv   the panels to draw: write, then read
*/
#include "plotspread.h"

#include "csvin.h"
#include "dims.h"
#include "tsv.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUM CSV_SUMMARY
#define CHK CSV_CHUNKS
#define MAXV 64

/* Dimension d's field in a row of t, as written (the library's is its
** path: two libraries of one version are two values). */
static const char *field(const struct csvin *t, enum csv_file f, int row, int d)
{
    const char *v = csvin_str_named(t, row, dim_table[d].column);
    (void)f;
    return d == DIM_LIB ? v : dims_field(d, v);
}

struct values {
    char v[MAXV][256];
    int64_t first_cell[MAXV];    /* the order listed: the lowest cell number */
    int n;
};

/* The distinct values of d over the measured summary rows; -1 when too
** many. */
static int values_of(const struct plotdata_run *r, int d, struct values *vs)
{
    vs->n = 0;
    for (int i = 0; i < r->summary.nrows; i++) {
        if (csvin_num(&r->summary, SUM, i, COL_repeat) < 1)
            continue;
        const char *v = field(&r->summary, SUM, i, d);
        int64_t cell = csvin_int(&r->summary, SUM, i, COL_cell, -1);
        int k = 0;
        while (k < vs->n && strcmp(vs->v[k], v))
            k++;
        if (k == vs->n) {
            if (vs->n == MAXV)
                return -1;
            snprintf(vs->v[vs->n], sizeof vs->v[0], "%s", v);
            vs->first_cell[vs->n++] = cell;
        } else if (cell < vs->first_cell[k]) {
            vs->first_cell[k] = cell;
        }
    }
    return 0;
}

int plotspread_dimension(const struct plotdata_run *r)
{
    struct values *vs = malloc(sizeof *vs);
    int found = -1, many = 0;
    for (int d = 0; vs && d < DIM_COUNT; d++) {
        if (values_of(r, d, vs) || vs->n < 2)
            continue;
        many++;
        found = d;
    }
    free(vs);
    return many == 1 ? found : -1;
}

/* Quantile q of n sorted values, linearly interpolated. */
static double quantile(const double *v, int n, double q)
{
    if (n == 0)
        return NAN;
    double pos = q * (n - 1);
    int lo = (int)floor(pos);
    return lo + 1 < n ? v[lo] + (pos - lo) * (v[lo + 1] - v[lo]) : v[lo];
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The five figures of n rates, sorted in place, under the columns from
** first (its _min) on: min, q1, med, q3, max. */
static void five(struct tsv *t, enum tsv_col first, double *v, int n)
{
    static const double qs[] = {0, 0.25, 0.5, 0.75, 1};
    qsort(v, (size_t)n, sizeof *v, by_value);
    for (int k = 0; k < 5; k++)
        tsv_num(t, (enum tsv_col)(first + k), quantile(v, n, qs[k]));
}

/* The label of value v of d on the x axis: "4k", "wal"; a library by its
** version and file. */
static void label_of(const struct plotdata_run *r, int d, const char *v, char *buf, size_t n)
{
    if (d != DIM_LIB) {
        dims_human(d, v, buf, n);
        return;
    }
    const char *ver = "";
    for (int i = 0; i < r->summary.nrows; i++)
        if (strcmp(field(&r->summary, SUM, i, d), v) == 0)
            ver = csvin_str(&r->summary, SUM, i, COL_sqlite_version);
    const char *base = strrchr(v, '/');
    snprintf(buf, n, "%s %s", ver, base ? base + 1 : v);
}

/* The values' rows and the chunks' points; 1 when some chunk read. */
static int rows(struct tsv *f, struct tsv *pts, const struct plotdata_run *r, int d,
                const struct values *vs, const int *order, double *w, double *rd)
{
    int reads = 0, repeats = 1;
    for (int i = 0; i < r->chunks.nrows; i++)
        if (csvin_int(&r->chunks, CHK, i, COL_repeat, 0) > repeats &&
            csvin_int(&r->chunks, CHK, i, COL_repeat, 0) <= INT_MAX)
            repeats = (int)csvin_int(&r->chunks, CHK, i, COL_repeat, 0);
    for (int x = 0; x < vs->n; x++) {
        const char *v = vs->v[order[x]];
        int nw = 0, nr = 0;
        for (int i = 0; i < r->chunks.nrows; i++) {
            double rep = csvin_num(&r->chunks, CHK, i, COL_repeat);
            if (!(rep >= 1) || strcmp(field(&r->chunks, CHK, i, d), v))
                continue;
            double a = csvin_num(&r->chunks, CHK, i, COL_write_rows_per_s);
            double b = csvin_num(&r->chunks, CHK, i, COL_read_ops_per_s);
            if (a > 0)
                w[nw++] = a;
            if (b > 0)
                rd[nr++] = b;
            tsv_num(pts, TCOL_x, x + 0.32 + 0.2 * ((rep - 0.5) / repeats - 0.5));
            tsv_num(pts, TCOL_write, a > 0 ? a : NAN);
            tsv_num(pts, TCOL_read, b > 0 ? b : NAN);
            tsv_end_row(pts);
        }
        char lab[300];
        label_of(r, d, v, lab, sizeof lab);
        tsv_int(f, TCOL_x, x);
        tsv_text(f, TCOL_label, lab);
        tsv_int(f, TCOL_chunks, nw);
        five(f, TCOL_w_min, w, nw);
        five(f, TCOL_r_min, rd, nr);
        tsv_end_row(f);
        reads |= nr > 0;
    }
    return reads;
}

int plotspread_write(const char *datadir, const struct plotdata_run *r, char *err, size_t errlen)
{
    int d = plotspread_dimension(r);
    if (d < 0)
        return 0;
    struct values *vs = malloc(sizeof *vs);
    double *w = malloc(sizeof(double) * (size_t)(r->chunks.nrows + 1));
    double *rd = malloc(sizeof(double) * (size_t)(r->chunks.nrows + 1));
    int order[MAXV], rc = -1, nv = 0;
    struct tsv f, pts, panels;
    f.f = pts.f = panels.f = NULL;
    if (!vs || !w || !rd || values_of(r, d, vs)) {
        snprintf(err, errlen, "out of memory");
        goto out;
    }
    nv = vs->n;
    for (int i = 0; i < nv; i++) {          /* the order listed: by first cell */
        int j = i;
        for (; j > 0 && vs->first_cell[order[j - 1]] > vs->first_cell[i]; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    if (tsv_create(&f, datadir, TSV_SPREAD, 0, err, errlen) ||
        tsv_create(&pts, datadir, TSV_SPREAD_PTS, 0, err, errlen) ||
        tsv_create(&panels, datadir, TSV_SPREAD_PANELS, 0, err, errlen))
        goto out;
    int reads = rows(&f, &pts, r, d, vs, order, w, rd);
    char axis[128];
    snprintf(axis, sizeof axis, "--%s", dim_table[d].opt.name);
    for (int p = 0; p < 1 + reads; p++) {
        tsv_text(&panels, TCOL_panel, p ? "read" : "write");
        tsv_text(&panels, TCOL_axis, axis);
        tsv_end_row(&panels);
    }
    rc = 0;
out:
    if (f.f && tsv_close(&f, err, errlen))
        rc = -1;
    if (pts.f && tsv_close(&pts, err, errlen))
        rc = -1;
    if (panels.f && tsv_close(&panels, err, errlen))
        rc = -1;
    free(vs);
    free(w);
    free(rd);
    return rc ? -1 : nv;
}
