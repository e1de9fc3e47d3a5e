/*
** plotheat: the graphs drawn from summary rows rather than chunks: the
** heatmaps and the commit-size lines.  A heatmap's axes are the two
** settings with the most values (ties: in the order of dims.h, page size
** first), a panel per combination of the others but the library's; with
** fewer than two settings varying there is no heatmap (a 1 x 2 grid is
** a bar chart drawn badly: the spread graph shows one setting).  Each
** point is what a cell sustained (heldrate.h), the median over its
** measured repeats, as the console's tables rank it.
**
** Files written into the data folder (see tsv.h):
**   heat.tsv, heat-N.tsv       heatmap panels (heat.tsv: their titles and
**                              the axes' settings)
**   commit.tsv, commit-N.tsv   commit size -> rows/s lines
*/
#include "plotheat.h"

#include "heldrate.h"
#include "median.h"
#include "dims.h"
#include "tsv.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUM CSV_SUMMARY

/* The summary rows worth a heatmap or commit point: measured runs, not
** warm-ups. */
static int counted(const struct plotdata_run *r, int row)
{
    return csvin_num(&r->summary, SUM, row, COL_repeat) >= 1;
}

/* The cell's identity without the dimensions of mask (bit d: dimension d
** of dims.h) and without repeat. */
static void key_except(const struct plotdata_run *r, int row, unsigned mask, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int d = 0; d < PLOTDATA_NDIMS && len < n; d++)
        if (d != PLOTDATA_REPEAT && !(mask & (1u << d)))
            len += (size_t)snprintf(buf + len, n - len, "%s|",
                                    plotdata_dim_value(&r->summary, SUM, row, d));
}

/* The index of s in the list v (adding it), 0-based; -1 when full. */
#define MAXV 256
static int intern(char v[][256], int *nv, const char *s)
{
    for (int i = 0; i < *nv; i++)
        if (strcmp(v[i], s) == 0)
            return i;
    if (*nv >= MAXV)
        return -1;
    snprintf(v[*nv], 256, "%s", s);
    return (*nv)++;
}

/* The median of phase p's held rate (heldrate.h: what a cell sustained,
** an older file's median chunk's) over the ok rows matching (key without
** mask, x the value of dimension xd, y of yd unless yd < 0): over a cell's
** repeats, as the console's tables rank it. */
static double median_where(const struct plotdata_run *r, unsigned mask, const char *key,
                           int xd, const char *x, int yd, const char *y, enum phase_id p,
                           const char **status)
{
    double *v = malloc(sizeof(double) * (size_t)(r->summary.nrows + 1));
    int k = 0;
    *status = v ? "not run" : "out of memory";
    for (int i = 0; v && i < r->summary.nrows; i++) {
        char kb[256];
        if (!counted(r, i))
            continue;
        key_except(r, i, mask, kb, sizeof kb);
        if (strcmp(kb, key) || strcmp(csvin_str_named(&r->summary, i, dim_table[xd].column), x) ||
            (yd >= 0 && strcmp(csvin_str_named(&r->summary, i, dim_table[yd].column), y)))
            continue;
        const char *st = csvin_str(&r->summary, SUM, i, COL_status);
        double x_v = heldrate_at(&r->summary, i, p);
        if (strcmp(st, "ok") == 0 && isfinite(x_v)) {
            v[k++] = x_v;
        } else if (k == 0) {
            *status = st;
        }
    }
    if (k)
        *status = "ok";
    double med = k ? median_of(v, k) : NAN;
    free(v);
    return med;
}

/* Orders the text values of a numeric dimension by their values. */
static int cmp_dim(const char *a, const char *b, int d)
{
    int64_t x = 0, y = 0;
    dims_parse(d, a, &x);
    dims_parse(d, b, &y);
    return (x > y) - (x < y);
}

/* Sorts the n values of dimension d by value, when d's values are
** numbers; words stay in the order the cells ran them, the user's. */
static void sort_values(char v[][256], int n, int d)
{
    if (!dim_table[d].unit[0])
        return;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && cmp_dim(v[j - 1], v[j], d) > 0; j--) {
            char t[256];
            memcpy(t, v[j], sizeof t);
            memcpy(v[j], v[j - 1], sizeof t);
            memcpy(v[j - 1], t, sizeof t);
        }
}

static int cmp_commit(const void *a, const void *b)
{
    return cmp_dim(a, b, DIM_COMMIT_EVERY);
}

/* Dimension bits for key_except. */
#define D_COMMIT (1u << DIM_COMMIT_EVERY)

/* Distinct values of the counted rows: of dimension d's column into v, and of the
** key without mask into k.  Returns 0, or -1 when there are too many. */
static int distinct(const struct plotdata_run *r, int d, unsigned mask, char v[][256],
                    int *nv, char k[][256], int *nk)
{
    *nv = *nk = 0;
    for (int i = 0; i < r->summary.nrows; i++) {
        char kb[256];
        if (!counted(r, i))
            continue;
        key_except(r, i, mask, kb, sizeof kb);
        if (intern(v, nv, csvin_str_named(&r->summary, i, dim_table[d].column)) < 0 ||
            intern(k, nk, kb) < 0)
            return -1;
    }
    return 0;
}

/* A panel's or line's title: the dimensions of its key that vary between
** keys (keys are "a|b|c|" over dims without mask). */
static void key_title(char k[][256], int nk, int which, unsigned mask, char *out, size_t n)
{
    size_t len = 0;
    out[0] = 0;
    const char *p[MAXV];
    for (int j = 0; j < nk; j++)
        p[j] = k[j];
    for (int d = 0; d < PLOTDATA_NDIMS; d++) {
        if (d == PLOTDATA_REPEAT || (mask & (1u << d)))
            continue;
        char mine[96] = "";
        int vary = 0;
        for (int j = 0; j < nk; j++) {
            size_t l = strcspn(p[j], "|");
            if (j == which)
                snprintf(mine, sizeof mine, "%.*s", (int)l, p[j]);
            if (l != strcspn(p[0], "|") || strncmp(p[j], p[0], l))
                vary = 1;
        }
        for (int j = 0; j < nk; j++)
            p[j] += strcspn(p[j], "|") + (p[j][strcspn(p[j], "|")] ? 1 : 0);
        if (!vary)
            continue;
        char t[128];
        plotdata_dim_say(d, mine, t, sizeof t);
        if (len < n)
            len += (size_t)snprintf(out + len, n - len, "%s%s", len ? " · " : "", t);
    }
}

struct lists {
    char (*a)[256], (*b)[256], (*c)[256];
};

static int lists_new(struct lists *l, char *err, size_t errlen)
{
    l->a = calloc(MAXV, sizeof *l->a);
    l->b = calloc(MAXV, sizeof *l->b);
    l->c = calloc(MAXV, sizeof *l->c);
    if (l->a && l->b && l->c)
        return 0;
    snprintf(err, errlen, "out of memory");
    return -1;
}

static void lists_free(struct lists *l)
{
    free(l->a);
    free(l->b);
    free(l->c);
}

/* The axes of the heatmaps: *xd and *yd, the two dimensions (not the
** library) with the most distinct values, each two or more.  0, or -1
** when fewer than two vary (or out of memory). */
static int heat_axes(const struct plotdata_run *r, const struct lists *l, int *xd, int *yd)
{
    int nv[DIM_COUNT] = {0}, nk;
    for (int d = 0; d < DIM_COUNT; d++)
        if (d != DIM_LIB && distinct(r, d, 1u << d, l->a, &nv[d], l->c, &nk))
            nv[d] = 0;
    *xd = *yd = -1;
    for (int d = 0; d < DIM_COUNT; d++) {
        if (d == DIM_LIB || nv[d] < 2)
            continue;
        if (*xd < 0 || nv[d] > nv[*xd]) {
            *yd = *xd;
            *xd = d;
        } else if (*yd < 0 || nv[d] > nv[*yd]) {
            *yd = d;
        }
    }
    if (*yd < 0)
        return -1;
    /* page size across, journal mode up, as before, when those are the two */
    if (*xd > *yd) {
        int t = *xd;
        *xd = *yd;
        *yd = t;
    }
    return 0;
}

/* A setting's name on an axis: "page_size" -> "page size". */
static void axis_name(int d, char *buf, size_t n)
{
    snprintf(buf, n, "%s", dim_table[d].column);
    for (char *c = buf; *c; c++)
        if (*c == '_')
            *c = ' ';
}

/* One heatmap panel: a cell per value x of dimension xd and y of yd. */
static void heat_panel(struct tsv *f, const struct plotdata_run *r, const struct lists *l,
                       int p, int nx, int ny, int xd, int yd)
{
    unsigned mask = 1u << xd | 1u << yd;
    for (int x = 0; x < nx; x++)
        for (int y = 0; y < ny; y++) {
            const char *st, *st2;
            double w = median_where(r, mask, l->c[p], xd, l->a[x], yd, l->b[y],
                                    PHASE_WRITE, &st);
            double rd = median_where(r, mask, l->c[p], xd, l->a[x], yd, l->b[y],
                                     PHASE_READ, &st2);
            char wt[32], rt[32], xl[32], yl[32];
            units_rate(w, wt, sizeof wt);
            units_rate(rd, rt, sizeof rt);
            tsv_int(f, TCOL_x, x);
            tsv_int(f, TCOL_y, y);
            tsv_num(f, TCOL_write, w);
            tsv_num(f, TCOL_read, rd);
            tsv_text(f, TCOL_write_txt, wt);
            tsv_text(f, TCOL_read_txt, rt);
            tsv_text(f, TCOL_status, st);
            tsv_text(f, TCOL_xlab, dims_human(xd, l->a[x], xl, sizeof xl));
            tsv_text(f, TCOL_ylab, dims_human(yd, l->b[y], yl, sizeof yl));
            tsv_end_row(f);
        }
}

int plotheat_write_heat(const char *datadir, const struct plotdata_run *r, char *err, size_t errlen)
{
    struct lists l;
    struct tsv list, f;
    int nx, ny, np, nk, xd, yd;
    int rc = lists_new(&l, err, errlen);
    if (rc || heat_axes(r, &l, &xd, &yd) ||
        distinct(r, xd, 1u << xd | 1u << yd, l.a, &nx, l.c, &np) ||
        distinct(r, yd, 1u << xd | 1u << yd, l.b, &ny, l.c, &nk)) {
        lists_free(&l);
        return rc;
    }
    sort_values(l.a, nx, xd);
    sort_values(l.b, ny, yd);
    rc = tsv_create(&list, datadir, TSV_HEAT, 0, err, errlen);
    for (int p = 0; rc == 0 && p < np; p++) {
        char t[256], xn[64], yn[64];
        key_title(l.c, np, p, 1u << xd | 1u << yd, t, sizeof t);
        /* never an empty line: gnuplot reads it as no record at all */
        tsv_text(&list, TCOL_title, t[0] ? t : "every cell");
        axis_name(xd, xn, sizeof xn);
        axis_name(yd, yn, sizeof yn);
        tsv_text(&list, TCOL_xname, xn);
        tsv_text(&list, TCOL_yname, yn);
        tsv_end_row(&list);
        rc = tsv_create(&f, datadir, TSV_HEAT_PANEL, p + 1, err, errlen);
        if (rc == 0) {
            heat_panel(&f, r, &l, p, nx, ny, xd, yd);
            rc = tsv_close(&f, err, errlen);
        }
    }
    if (list.f && tsv_close(&list, err, errlen))
        rc = -1;
    lists_free(&l);
    return rc ? -1 : np;
}

int plotheat_write_commit(const char *datadir, const struct plotdata_run *r, char *err,
                          size_t errlen)
{
    struct lists l;
    struct tsv list, f;
    int nc, nk;
    int rc = lists_new(&l, err, errlen);
    if (rc || distinct(r, DIM_COMMIT_EVERY, D_COMMIT, l.a, &nc, l.c, &nk) || nc < 2) {
        lists_free(&l);
        return rc;
    }
    qsort(l.a, (size_t)nc, sizeof *l.a, cmp_commit);
    rc = tsv_create(&list, datadir, TSV_COMMIT, 0, err, errlen);
    for (int k = 0; rc == 0 && k < nk; k++) {
        char t[256];
        key_title(l.c, nk, k, D_COMMIT, t, sizeof t);
        tsv_text(&list, TCOL_label, t[0] ? t : "sustained");
        tsv_end_row(&list);
        rc = tsv_create(&f, datadir, TSV_COMMIT_LINE, k + 1, err, errlen);
        for (int c = 0; rc == 0 && c < nc; c++) {
            const char *st;
            double w = median_where(r, D_COMMIT, l.c[k], DIM_COMMIT_EVERY, l.a[c], -1, NULL,
                                    PHASE_WRITE, &st);
            tsv_text(&f, TCOL_commit_every, l.a[c]);
            tsv_num(&f, TCOL_write_rows_per_s, w);
            tsv_text(&f, TCOL_status, st);
            tsv_end_row(&f);
        }
        if (rc == 0)
            rc = tsv_close(&f, err, errlen);
    }
    if (list.f && tsv_close(&list, err, errlen))
        rc = -1;
    lists_free(&l);
    return rc ? -1 : nk;
}
