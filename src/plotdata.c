/*
** plotdata: results folders → the data files of the gnuplot scripts.  See plotdata.h.
**
** Files written into the data folder (tab-separated, first line a header
** of column names; "NaN" where nothing was measured):
**   series.tsv      one row per line: label, group, variant, points
**   s-N.tsv         line N: one row per chunk (rows, write_s, read_s ...)
**   groups.tsv      one row per group (cell): title, variants in it
**   variants.tsv    one row per variant (library or run): label
**   heat.tsv, heat-N.tsv   heatmap panels (page size × journal mode)
**   commit.tsv, commit-N.tsv   commit size → rows/s lines
*/
#include "plotdata.h"

#include "dims.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUM CSV_SUMMARY
#define CHK CSV_CHUNKS

int plotdata_load(const char *dir, struct plotdata_run *r, char *err, size_t n)
{
    char path[4200];
    memset(r, 0, sizeof *r);
    r->dir = dir;
    snprintf(path, sizeof path, "%s/chunks.csv", dir);
    if (csvin_read(path, CHK, &r->chunks, err, n))
        return -1;
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    if (csvin_read(path, SUM, &r->summary, err, n)) {
        csvin_free(&r->chunks);
        return -1;
    }
    plotdata_describe(r);
    return 0;
}

void plotdata_free(struct plotdata_run *r)
{
    csvin_free(&r->chunks);
    csvin_free(&r->summary);
    csvin_free(&r->durability);
}

void plotdata_describe(struct plotdata_run *r)
{
    char path[4200];
    const char *base = strrchr(r->dir, '/');
    base = base && base[1] ? base + 1 : r->dir;
    snprintf(r->name, sizeof r->name, "%s", base);
    snprintf(path, sizeof path, "%s/run.json", r->dir);
    json_t *j = json_load_file(path, 0, NULL);
    if (j) {
        const char *hn = json_string_value(json_object_get(json_object_get(j, "host"), "hostname"));
        json_t *st = json_object_get(j, "storage");
        const char *fs = json_string_value(json_object_get(st, "fstype"));
        const char *dev = json_string_value(json_object_get(st, "device"));
        const char *model = json_string_value(json_object_get(st, "model"));
        json_t *rot = json_object_get(st, "rotational");
        snprintf(r->host, sizeof r->host, "%s", hn ? hn : "?");
        snprintf(r->storage, sizeof r->storage, "%s on %s%s%s%s", fs ? fs : "?", dev ? dev : "?",
                 model && *model ? " " : "", model ? model : "",
                 json_is_integer(rot) ? (json_integer_value(rot) ? " (rotational)" : " (SSD)")
                                      : "");
        json_t *o = json_object_get(j, "options");
        json_int_t rows = json_integer_value(json_object_get(o, "rows"));
        json_int_t chunk = json_integer_value(json_object_get(o, "chunk"));
        json_int_t trials = json_integer_value(json_object_get(o, "trials"));
        char a[32], b[32], t[48] = "";
        snprintf(a, sizeof a, "%lld", (long long)rows);
        snprintf(b, sizeof b, "%lld", (long long)chunk);
        if (r->crash)
            snprintf(t, sizeof t, "%lld power cuts per cell · ", (long long)trials);
        snprintf(r->desc, sizeof r->desc, "%s%s rows in chunks of %s · host %s · %s", t, a, b,
                 r->host, r->storage);
        json_decref(j);
    } else {
        snprintf(r->desc, sizeof r->desc, "%s", r->name);
    }
}

/* What a graph labels a cell by: the dimensions of dims.h, then two
** settings of the run.  Positions past DIM_COUNT are these extras. */
static const struct {
    const char *col, *fmt;
} extras[] = {{"read_from", "reads from %s"}, {"repeat", "repeat %s"}};
#define X_READ_FROM DIM_COUNT
#define X_REPEAT (DIM_COUNT + 1)
#define NDIMS (DIM_COUNT + (int)(sizeof extras / sizeof *extras))

/* The column a label dimension is read from: the library by its version. */
static const char *dim_col(int d)
{
    if (d >= DIM_COUNT)
        return extras[d - DIM_COUNT].col;
    return dim_table[d].label_column ? dim_table[d].label_column : dim_table[d].column;
}

/* The value of label dimension d in a row of t; a file that predates a
** dimension's column holds its `absent` value. */
static const char *dim_value(const struct csvin *t, enum csv_file f, int row, int d)
{
    const char *v = csvin_str(t, f, row, dim_col(d));
    return d < DIM_COUNT ? dims_field(d, v) : v;
}

/* Label dimension d of a value as a reader says it. */
static void dim_say(int d, const char *v, char *buf, size_t n)
{
    if (d < DIM_COUNT)
        dims_label(d, v, buf, n);
    else
        snprintf(buf, n, extras[d - DIM_COUNT].fmt, v);
}

static void dim_text(const struct plotdata_run *r, int row, int d, char *buf, size_t n)
{
    dim_say(d, dim_value(&r->summary, SUM, row, d), buf, n);
}

void plotdata_key(const struct plotdata_run *r, int sumrow, int with_version, char *buf,
                  size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int d = 0; d < NDIMS && len < n; d++)
        if (with_version || d != DIM_LIB)
            len += (size_t)snprintf(buf + len, n - len, "%s|",
                                    dim_value(&r->summary, SUM, sumrow, d));
}

void plotdata_label(struct plotdata_series *s, int n, char *common, size_t cn)
{
    int vary[NDIMS], any = 0, reads = 0;
    size_t clen = 0;
    common[0] = 0;
    for (int i = 0; i < n; i++)    /* without reads, "reads from all" names no setting */
        reads |= csvin_num(&s[i].run->summary, SUM, s[i].sumrow, "read_ops_per_s_median") > 0;
    for (int d = 0; d < NDIMS; d++) {
        vary[d] = 0;
        for (int i = 1; i < n; i++)
            if (strcmp(dim_value(&s[i].run->summary, SUM, s[i].sumrow, d),
                       dim_value(&s[0].run->summary, SUM, s[0].sumrow, d)) != 0)
                vary[d] = 1;
        any |= vary[d];
        /* the settings every cell shares, but not sqlsoak's defaults that
        ** nobody chose (run.json and the report state those), nor where
        ** the reads came from in a run without reads */
        if (!vary[d] && n > 0 && d != X_REPEAT && clen < cn && (reads || d != X_READ_FROM) &&
            !(d < DIM_COUNT && !dim_table[d].always_named &&
              dims_is_option_default(d, dim_value(&s[0].run->summary, SUM, s[0].sumrow, d)))) {
            char t[96];
            dim_text(s[0].run, s[0].sumrow, d, t, sizeof t);
            clen += (size_t)snprintf(common + clen, cn - clen, "%s%s", clen ? " · " : "", t);
        }
    }
    if (!any && n > 0 && !s[0].label[0])
        for (int d = 0; d < DIM_COUNT; d++)
            vary[d] = dim_table[d].always_named;
    for (int i = 0; i < n; i++) {
        char lab[256], gt[256] = "";
        size_t len = (size_t)snprintf(lab, sizeof lab, "%s", s[i].label), glen = 0;
        for (int d = 0; d < NDIMS; d++) {
            char t[96];
            if (!vary[d])
                continue;
            dim_text(s[i].run, s[i].sumrow, d, t, sizeof t);
            if (len < sizeof lab)
                len += (size_t)snprintf(lab + len, sizeof lab - len, "%s%s", len ? " · " : "", t);
            if (d != DIM_LIB && glen < sizeof gt)
                glen += (size_t)snprintf(gt + glen, sizeof gt - glen, "%s%s", glen ? " · " : "", t);
        }
        memcpy(s[i].label, lab, sizeof lab);
        memcpy(s[i].gtitle, gt, sizeof gt);
    }
}

/* Strings in data files: tabs and line breaks would split a field. */
void plotdata_put_text(FILE *f, const char *s)
{
    for (; *s; s++)
        fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, f);
}

void plotdata_put_num(FILE *f, double d)
{
    if (isfinite(d))
        fprintf(f, "%.9g", d);
    else
        fputs("NaN", f);
}

static FILE *open_data(const char *dir, const char *name, int i, char *err, size_t n)
{
    char path[4200];
    if (i > 0)
        snprintf(path, sizeof path, "%s/%s-%d.tsv", dir, name, i);
    else
        snprintf(path, sizeof path, "%s/%s.tsv", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        snprintf(err, n, "cannot write %s: %s", path, strerror(errno));
    return f;
}

static int close_data(FILE *f, char *err, size_t n)
{
    if (fclose(f) != 0) {
        snprintf(err, n, "cannot write plot data: %s", strerror(errno));
        return -1;
    }
    return 0;
}

/* The chunk rows of the summary row's cell, in chunk order. */
static int series_rows(const struct plotdata_run *r, int sumrow, int *out, int max)
{
    const char *cell = csvin_str(&r->summary, SUM, sumrow, "cell");
    const char *rep = csvin_str(&r->summary, SUM, sumrow, "repeat");
    int k = 0;
    for (int i = 0; i < r->chunks.nrows && k < max; i++)
        if (strcmp(csvin_str(&r->chunks, CHK, i, "cell"), cell) == 0 &&
            strcmp(csvin_str(&r->chunks, CHK, i, "repeat"), rep) == 0)
            out[k++] = i;
    return k;
}

static const char *const series_cols[] = {
    "rows", "write_s", "commit_s", "write_rows_per_s", "read_s", "read_ops_per_s",
    "read_p50_us", "read_p99_us", "read_p999_us", "read_max_us", NULL};

int plotdata_write_series(const char *datadir, const struct plotdata_series *s, int n,
                          const char *const *vnames, int nvariants, char *err, size_t errn)
{
    FILE *list = open_data(datadir, "series", 0, err, errn);
    if (!list)
        return -1;
    fputs("label\tgroup\tvariant\tpoints\n", list);
    int ngroups = 0;
    for (int i = 0; i < n; i++) {
        const struct plotdata_run *r = s[i].run;
        int *rows = malloc(sizeof *rows * (size_t)(r->chunks.nrows + 1));
        int k = rows ? series_rows(r, s[i].sumrow, rows, r->chunks.nrows) : 0;
        FILE *f = open_data(datadir, "s", i + 1, err, errn);
        if (!f) {
            free(rows);
            fclose(list);
            return -1;
        }
        for (int c = 0; series_cols[c]; c++)
            fprintf(f, "%s\t", series_cols[c]);
        fputs("io_write_bytes_per_row\n", f);
        for (int j = 0; j < k; j++) {
            for (int c = 0; series_cols[c]; c++) {
                plotdata_put_num(f, csvin_num(&r->chunks, CHK, rows[j], series_cols[c]));
                fputc('\t', f);
            }
            double io = csvin_num(&r->chunks, CHK, rows[j], "io_write_bytes");
            double cr = csvin_num(&r->chunks, CHK, rows[j], "chunk_rows");
            plotdata_put_num(f, cr > 0 ? io / cr : NAN);
            fputc('\n', f);
        }
        free(rows);
        if (close_data(f, err, errn)) {
            fclose(list);
            return -1;
        }
        plotdata_put_text(list, s[i].label);
        fprintf(list, "\t%d\t%d\t%d\n", s[i].group, s[i].variant, k);
        if (s[i].group > ngroups)
            ngroups = s[i].group;
    }
    if (close_data(list, err, errn))
        return -1;
    FILE *g = open_data(datadir, "groups", 0, err, errn);
    if (!g)
        return -1;
    fputs("title\tvariants\n", g);
    for (int gi = 1; gi <= ngroups; gi++) {
        int first = -1, count = 0;
        for (int i = 0; i < n; i++)
            if (s[i].group == gi && count++ == 0)
                first = i;
        const char *t = first >= 0 ? s[first].gtitle : "";
        plotdata_put_text(g, t);
        fprintf(g, "\t%d\n", count);
    }
    if (close_data(g, err, errn))
        return -1;
    FILE *v = open_data(datadir, "variants", 0, err, errn);
    if (!v)
        return -1;
    fputs("label\n", v);
    for (int i = 0; i < nvariants; i++) {
        plotdata_put_text(v, vnames[i]);
        fputc('\n', v);
    }
    return close_data(v, err, errn);
}

int plotdata_is_2014_shape(const struct plotdata_run *r)
{
    for (int i = 0; i < r->chunks.nrows; i++)
        if (csvin_num(&r->chunks, CHK, i, "chunk_rows") == 1e6 &&
            strcmp(csvin_str(&r->chunks, CHK, i, "read_from"), "chunk") == 0)
            return 1;
    return 0;
}

/* The summary rows worth a heatmap or commit point: measured runs, not
** warm-ups. */
static int counted(const struct plotdata_run *r, int row)
{
    return csvin_num(&r->summary, SUM, row, "repeat") >= 1;
}

/* The cell's identity without the dimensions of mask (bit d: dimension d
** of dims.h) and without repeat. */
static void key_except(const struct plotdata_run *r, int row, unsigned mask, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int d = 0; d < NDIMS && len < n; d++)
        if (d != X_REPEAT && !(mask & (1u << d)))
            len += (size_t)snprintf(buf + len, n - len, "%s|", dim_value(&r->summary, SUM, row, d));
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

/* The mean of col over the ok rows matching (key without mask, x, y). */
static double mean_where(const struct plotdata_run *r, unsigned mask, const char *key,
                         const char *xcol, const char *x, const char *ycol, const char *y,
                         const char *col, const char **status)
{
    double sum = 0;
    int k = 0;
    *status = "not run";
    for (int i = 0; i < r->summary.nrows; i++) {
        char kb[256];
        if (!counted(r, i))
            continue;
        key_except(r, i, mask, kb, sizeof kb);
        if (strcmp(kb, key) || strcmp(csvin_str(&r->summary, SUM, i, xcol), x) ||
            (ycol && strcmp(csvin_str(&r->summary, SUM, i, ycol), y)))
            continue;
        const char *st = csvin_str(&r->summary, SUM, i, "status");
        double v = csvin_num(&r->summary, SUM, i, col);
        if (strcmp(st, "ok") == 0 && isfinite(v)) {
            sum += v;
            k++;
        } else if (k == 0) {
            *status = st;
        }
    }
    if (k)
        *status = "ok";
    return k ? sum / k : NAN;
}

void plotdata_rate_text(double v, char *buf, size_t n)
{
    if (!isfinite(v))
        snprintf(buf, n, "-");
    else if (v >= 1e6)
        snprintf(buf, n, "%.2fM", v / 1e6);
    else if (v >= 1e3)
        snprintf(buf, n, "%.1fk", v / 1e3);
    else
        snprintf(buf, n, "%.0f", v);
}

/* Orders the text values of a numeric dimension by their values. */
static int cmp_dim(const char *a, const char *b, int d)
{
    int64_t x = 0, y = 0;
    dims_parse(d, a, &x);
    dims_parse(d, b, &y);
    return (x > y) - (x < y);
}

static int cmp_page(const void *a, const void *b)
{
    return cmp_dim(a, b, DIM_PAGE_SIZE);
}

static int cmp_commit(const void *a, const void *b)
{
    return cmp_dim(a, b, DIM_COMMIT_EVERY);
}

/* Dimension bits for key_except. */
#define D_PAGE (1u << DIM_PAGE_SIZE)
#define D_JOURNAL (1u << DIM_JOURNAL)
#define D_COMMIT (1u << DIM_COMMIT_EVERY)

/* Distinct values of the counted rows: of column col into v, and of the
** key without mask into k.  Returns 0, or -1 when there are too many. */
static int distinct(const struct plotdata_run *r, const char *col, unsigned mask, char v[][256],
                    int *nv, char k[][256], int *nk)
{
    *nv = *nk = 0;
    for (int i = 0; i < r->summary.nrows; i++) {
        char kb[256];
        if (!counted(r, i))
            continue;
        key_except(r, i, mask, kb, sizeof kb);
        if (intern(v, nv, csvin_str(&r->summary, SUM, i, col)) < 0 || intern(k, nk, kb) < 0)
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
    for (int d = 0; d < NDIMS; d++) {
        if (d == X_REPEAT || (mask & (1u << d)))
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
        dim_say(d, mine, t, sizeof t);
        if (len < n)
            len += (size_t)snprintf(out + len, n - len, "%s%s", len ? " · " : "", t);
    }
}

struct lists {
    char (*a)[256], (*b)[256], (*c)[256];
};

static int lists_new(struct lists *l, char *err, size_t n)
{
    l->a = calloc(MAXV, sizeof *l->a);
    l->b = calloc(MAXV, sizeof *l->b);
    l->c = calloc(MAXV, sizeof *l->c);
    if (l->a && l->b && l->c)
        return 0;
    snprintf(err, n, "out of memory");
    return -1;
}

static void lists_free(struct lists *l)
{
    free(l->a);
    free(l->b);
    free(l->c);
}

int plotdata_write_heat(const char *datadir, const struct plotdata_run *r, char *err, size_t n)
{
    struct lists l;
    int nx, ny, np, nk;
    int rc = lists_new(&l, err, n);
    if (rc || distinct(r, "page_size", D_PAGE | D_JOURNAL, l.a, &nx, l.c, &np) ||
        distinct(r, "journal_mode", D_PAGE | D_JOURNAL, l.b, &ny, l.c, &nk) ||
        (nx < 2 && ny < 2)) {
        lists_free(&l);
        return rc;
    }
    qsort(l.a, (size_t)nx, sizeof *l.a, cmp_page);
    FILE *list = open_data(datadir, "heat", 0, err, n);
    if (list)
        fputs("title\n", list);
    for (int p = 0; list && p < np; p++) {
        char t[256];
        key_title(l.c, np, p, D_PAGE | D_JOURNAL, t, sizeof t);
        /* never an empty line: gnuplot reads it as no record at all */
        plotdata_put_text(list, t[0] ? t : "every cell");
        fputc('\n', list);
        FILE *f = open_data(datadir, "heat", p + 1, err, n);
        if (!f) {
            fclose(list);
            list = NULL;
            break;
        }
        fputs("x\ty\twrite\tread\twrite_txt\tread_txt\tstatus\txlab\tylab\n", f);
        for (int x = 0; x < nx; x++)
            for (int y = 0; y < ny; y++) {
                const char *st, *st2;
                double w = mean_where(r, D_PAGE | D_JOURNAL, l.c[p], "page_size", l.a[x],
                                      "journal_mode", l.b[y], "write_rows_per_s_median", &st);
                double rd = mean_where(r, D_PAGE | D_JOURNAL, l.c[p], "page_size", l.a[x],
                                       "journal_mode", l.b[y], "read_ops_per_s_median", &st2);
                char wt[32], rt[32], xl[32];
                plotdata_rate_text(w, wt, sizeof wt);
                plotdata_rate_text(rd, rt, sizeof rt);
                dims_human(DIM_PAGE_SIZE, l.a[x], xl, sizeof xl);
                fprintf(f, "%d\t%d\t", x, y);
                plotdata_put_num(f, w);
                fputc('\t', f);
                plotdata_put_num(f, rd);
                fprintf(f, "\t%s\t%s\t", wt, rt);
                plotdata_put_text(f, st);
                fprintf(f, "\t%s\t", xl);
                plotdata_put_text(f, l.b[y]);
                fputc('\n', f);
            }
        if (close_data(f, err, n)) {
            fclose(list);
            list = NULL;
        }
    }
    lists_free(&l);
    if (!list || close_data(list, err, n))
        return -1;
    return np;
}

int plotdata_write_commit(const char *datadir, const struct plotdata_run *r, char *err,
                          size_t n)
{
    struct lists l;
    int nc, nk;
    int rc = lists_new(&l, err, n);
    if (rc || distinct(r, "commit_every", D_COMMIT, l.a, &nc, l.c, &nk) || nc < 2) {
        lists_free(&l);
        return rc;
    }
    qsort(l.a, (size_t)nc, sizeof *l.a, cmp_commit);
    FILE *list = open_data(datadir, "commit", 0, err, n);
    if (list)
        fputs("label\n", list);
    for (int k = 0; list && k < nk; k++) {
        char t[256];
        key_title(l.c, nk, k, D_COMMIT, t, sizeof t);
        plotdata_put_text(list, t[0] ? t : "median of chunks");
        fputc('\n', list);
        FILE *f = open_data(datadir, "commit", k + 1, err, n);
        if (!f) {
            fclose(list);
            list = NULL;
            break;
        }
        fputs("commit_every\twrite_rows_per_s\tstatus\n", f);
        for (int c = 0; c < nc; c++) {
            const char *st;
            double w = mean_where(r, D_COMMIT, l.c[k], "commit_every", l.a[c], NULL, NULL,
                                  "write_rows_per_s_median", &st);
            fprintf(f, "%s\t", l.a[c]);
            plotdata_put_num(f, w);
            fputc('\t', f);
            plotdata_put_text(f, st);
            fputc('\n', f);
        }
        if (close_data(f, err, n)) {
            fclose(list);
            list = NULL;
        }
    }
    lists_free(&l);
    if (!list || close_data(list, err, n))
        return -1;
    return nk;
}
