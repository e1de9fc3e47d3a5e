/*
** plotdata: results folders → the data files of the gnuplot scripts.  See plotdata.h.
**
** Files written into the data folder (see tsv.h; "NaN" where nothing
** was measured):
**   series.tsv      one row per line: label, group, variant, points
**   s-N.tsv         line N: one row per chunk, every chunks.csv column a
**                   graph draws (csvout's schema says which), and
**                   io_write_bytes_per_row
**   groups.tsv      one row per group (cell): title, variants in it
**   variants.tsv    one row per variant (library or run): label
**   latency.tsv     the latency graph's panels: column, name (latency.h)
** The summary-based graphs' files are plotheat's.
*/
#include "plotdata.h"
#include "baseline.h"
#include "cellname.h"

#include "devinfo.h"
#include "digits.h"
#include "dims.h"
#include "infile.h"
#include "modes.h"
#include "runjson.h"
#include "tsv.h"

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
    if (csvin_read(path, SUM, &r->summary, err, n))
        goto fail;
    snprintf(path, sizeof path, "%s/timeline.csv", dir);
    if (!infile_absent(path) && csvin_read(path, CSV_TIMELINE, &r->timeline, err, n))
        goto fail;
    if (plotdata_describe(r, err, n))
        goto fail;
    if (!r->repeats) {      /* no run.json to say: the most its rows hold */
        r->repeats = 1;
        for (int i = 0; i < r->summary.nrows; i++)
            if (csvin_int(&r->summary, SUM, i, COL_repeat, 1) > r->repeats)
                r->repeats = csvin_int(&r->summary, SUM, i, COL_repeat, 1);
        for (int i = 0; i < r->chunks.nrows; i++)
            if (csvin_int(&r->chunks, CHK, i, COL_repeat, 1) > r->repeats)
                r->repeats = csvin_int(&r->chunks, CHK, i, COL_repeat, 1);
    }
    char why[300];
    if (plotdata_set_baseline(r, NULL, why, sizeof why) != 0)
        r->baseline = 1;   /* a run stopped before the cell it named: cell 1, as ever */
    return 0;
fail:
    plotdata_free(r);
    return -1;
}

const char *plotdata_cell_name(const struct plotdata_run *r, const struct csvin *t,
                               enum csv_file f, int row, char *buf, size_t n)
{
    return cellname(buf, n, csvin_int(t, f, row, COL_cell, 0), csvin_int(t, f, row, COL_repeat, 1),
                    r->repeats);
}

int plotdata_set_baseline(struct plotdata_run *r, const char *text, char *err, size_t n)
{
    struct cell_id *ids = calloc((size_t)r->summary.nrows + 1, sizeof *ids);
    struct summary_record *rec = malloc(sizeof *rec);
    int rc = -1;
    if (ids && rec) {
        for (int i = 0; i < r->summary.nrows; i++) {
            csvin_record(&r->summary, SUM, i, rec);
            ids[i] = rec->id;
        }
        rc = baseline_resolve(text ? text : r->baseline_given, ids, r->summary.nrows,
                              &r->baseline, err, n);
    } else {
        snprintf(err, n, "out of memory");
    }
    free(ids);
    free(rec);
    return rc;
}

void plotdata_free(struct plotdata_run *r)
{
    csvin_free(&r->chunks);
    csvin_free(&r->summary);
    csvin_free(&r->timeline);
    csvin_free(&r->durability);
}

int plotdata_describe(struct plotdata_run *r, char *err, size_t n)
{
    char path[4200];
    const char *base = strrchr(r->dir, '/');
    base = base && base[1] ? base + 1 : r->dir;
    snprintf(r->name, sizeof r->name, "%s", base);
    snprintf(path, sizeof path, "%s/run.json", r->dir);
    if (infile_absent(path)) {
        snprintf(r->desc, sizeof r->desc, "%s", r->name);
        return 0;      /* an older folder, or a run killed before it wrote one */
    }
    json_t *j = infile_json(path, err, n);
    if (j) {
        const char *hn = json_string_value(json_object_get(json_object_get(j, "host"), "hostname"));
        json_t *st = json_object_get(j, "storage");
        const char *fs = json_string_value(json_object_get(st, "fstype"));
        const char *dev = json_string_value(json_object_get(st, "device"));
        const char *model = json_string_value(json_object_get(st, "model"));
        char named[160];
        if (devinfo_from_json(st, named, sizeof named) == 0)
            model = named;     /* the card, or the disk's vendor and model */
        /* a card's name says what it is */
        int card = json_object_get(st, "card") != NULL;
        snprintf(r->host, sizeof r->host, "%s", hn ? hn : "?");
        snprintf(r->storage, sizeof r->storage, "%s on %s%s%s%s%s%s", fs ? fs : "?",
                 dev ? dev : "?", model && *model ? " " : "", model ? model : "",
                 card || !st ? "" : " (", card || !st ? "" : devinfo_rotation_from_json(st),
                 card || !st ? "" : ")");
        json_t *o = json_object_get(j, "options");
        const char *given = json_string_value(json_object_get(o, "baseline"));
        snprintf(r->baseline_given, sizeof r->baseline_given, "%s", given ? given : "");
        json_int_t rows = json_integer_value(json_object_get(o, "rows"));
        json_int_t chunk = json_integer_value(json_object_get(o, "chunk"));
        json_t *commit = json_object_get(o, "commit-every");
        r->rows = rows;
        r->chunk = chunk;
        r->reads = json_integer_value(json_object_get(o, "reads"));
        r->repeats = runjson_repeats(j);
        r->commit_is_chunk = json_is_array(commit) && json_array_size(commit) == 1 &&
                             json_is_string(json_array_get(commit, 0)) &&
                             strcmp(json_string_value(json_array_get(commit, 0)), "chunk") == 0;
        json_int_t trials = json_integer_value(json_object_get(o, "trials"));
        char a[32], b[32], t[48] = "";
        digits_rows(rows, a, sizeof a);     /* as the axes label them: 500k */
        digits_rows(chunk, b, sizeof b);
        if (r->crash)
            snprintf(t, sizeof t, "%lld power cuts per cell · ", (long long)trials);
        snprintf(r->desc, sizeof r->desc, "%s%s rows in chunks of %s · host %s · %s", t, a, b,
                 r->host, r->storage);
        json_decref(j);
    }
    return j ? 0 : -1;
}

/* What a graph labels a cell by past the dimensions: two settings of the
** run (PLOTDATA_READ_FROM, PLOTDATA_REPEAT). */
static const struct {
    enum colid col;
    const char *fmt;
} extras[] = {{COL_read_from, "reads from %s"}, {COL_repeat, "repeat %s"}};
#define X_READ_FROM PLOTDATA_READ_FROM
#define X_REPEAT PLOTDATA_REPEAT
#define NDIMS PLOTDATA_NDIMS
_Static_assert(PLOTDATA_NDIMS == DIM_COUNT + sizeof extras / sizeof *extras,
               "a label dimension past the table has its row in extras");

/* The column a label dimension is read from: the library by its version. */
static const char *dim_col(int d)
{
    if (d >= DIM_COUNT)
        return colid_name(extras[d - DIM_COUNT].col);
    return dim_table[d].label_column ? dim_table[d].label_column : dim_table[d].column;
}

/* The value of label dimension d in a row of t; a file that predates a
** dimension's column holds its `absent` value. */
const char *plotdata_dim_value(const struct csvin *t, enum csv_file f, int row, int d)
{
    const char *v = csvin_str_named(t, row, dim_col(d));
    (void)f;
    return d < DIM_COUNT ? dims_field(d, v) : v;
}

void plotdata_dim_say(int d, const char *v, char *buf, size_t n)
{
    if (d < DIM_COUNT)
        dims_label(d, v, buf, n);
    else
        snprintf(buf, n, extras[d - DIM_COUNT].fmt, v);
}

static void dim_text(const struct plotdata_run *r, int row, int d, char *buf, size_t n)
{
    plotdata_dim_say(d, plotdata_dim_value(&r->summary, SUM, row, d), buf, n);
}

void plotdata_key(const struct plotdata_run *r, int sumrow, int with_version, char *buf,
                  size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int d = 0; d < NDIMS && len < n; d++)
        if (with_version || d != DIM_LIB)
            len += (size_t)snprintf(buf + len, n - len, "%s|",
                                    plotdata_dim_value(&r->summary, SUM, sumrow, d));
}

void plotdata_label(struct plotdata_series *s, int n, char *common, size_t cn)
{
    int vary[NDIMS], any = 0, reads = 0;
    size_t clen = 0;
    common[0] = 0;
    for (int i = 0; i < n; i++)    /* without reads, "reads from all" names no setting */
        reads |= csvin_num(&s[i].run->summary, SUM, s[i].sumrow, COL_read_ops_per_s_median) > 0;
    for (int d = 0; d < NDIMS; d++) {
        vary[d] = 0;
        for (int i = 1; i < n; i++)
            if (strcmp(plotdata_dim_value(&s[i].run->summary, SUM, s[i].sumrow, d),
                       plotdata_dim_value(&s[0].run->summary, SUM, s[0].sumrow, d)) != 0)
                vary[d] = 1;
        any |= vary[d];
        /* the settings every cell shares, but not sqlsoak's defaults that
        ** nobody chose (run.json and the report state those), nor where
        ** the reads came from in a run without reads */
        if (!vary[d] && n > 0 && d != X_REPEAT && clen < cn && (reads || d != X_READ_FROM) &&
            !(d < DIM_COUNT && !dim_table[d].always_named &&
              dims_is_option_default(d, plotdata_dim_value(&s[0].run->summary, SUM, s[0].sumrow, d)))) {
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

int plotdata_series_rows(const struct plotdata_run *r, int sumrow, int *out, int max)
{
    const char *cell = csvin_str(&r->summary, SUM, sumrow, COL_cell);
    const char *rep = csvin_str(&r->summary, SUM, sumrow, COL_repeat);
    int k = 0;
    for (int i = 0; i < r->chunks.nrows && k < max; i++)
        if (strcmp(csvin_str(&r->chunks, CHK, i, COL_cell), cell) == 0 &&
            strcmp(csvin_str(&r->chunks, CHK, i, COL_repeat), rep) == 0)
            out[k++] = i;
    return k;
}

/* The columns of a line's data file: every numeric chunks.csv column a
** graph is drawn from, then io_write_bytes_per_row.  Returns how many. */
#define SERIES_MAX 64
static int series_cols(const char *cols[SERIES_MAX])
{
    int n = 0;
    struct csvout_column_info c;
    for (int i = 0; csvout_column_info(CHK, i, &c) == 0 && n < SERIES_MAX - 2; i++)
        if (c.graphs[0] && c.unit[0])
            cols[n++] = c.name;
    cols[n++] = colid_name(COL_io_write_bytes_per_row);
    cols[n] = NULL;
    return n;
}

/* Line i's data file: its chunks, in order. */
static int write_line(const char *datadir, const struct plotdata_series *s, int i, int *points,
                      char *err, size_t errn)
{
    const struct plotdata_run *r = s[i].run;
    const char *cols[SERIES_MAX];
    int ncols = series_cols(cols);
    struct tsv f;
    int *rows = malloc(sizeof *rows * (size_t)(r->chunks.nrows + 1));
    int k = rows ? plotdata_series_rows(r, s[i].sumrow, rows, r->chunks.nrows) : 0;
    if (tsv_create(&f, datadir, "s", i + 1, cols, err, errn)) {
        free(rows);
        return -1;
    }
    for (int j = 0; j < k; j++) {
        for (int c = 0; c < ncols - 1; c++)
            tsv_num(&f, cols[c], csvin_num_named(&r->chunks, rows[j], cols[c]));
        double io = csvin_num(&r->chunks, CHK, rows[j], COL_io_write_bytes);
        double cr = csvin_num(&r->chunks, CHK, rows[j], COL_chunk_rows);
        tsv_num(&f, colid_name(COL_io_write_bytes_per_row), cr > 0 ? io / cr : NAN);
        tsv_end_row(&f);
    }
    free(rows);
    *points = k;
    return tsv_close(&f, err, errn);
}

/* The latency graph's panels, a figure of latency.h each. */
static int write_latency(const char *datadir, char *err, size_t errn)
{
    static const char *const cols[] = {"column", "name", NULL};
    struct tsv f;
    if (tsv_create(&f, datadir, "latency", 0, cols, err, errn))
        return -1;
    for (int i = 0; i < LAT_COUNT; i++) {
        tsv_text(&f, "column", latency_table[i].column);
        tsv_text(&f, "name", latency_table[i].name);
        tsv_end_row(&f);
    }
    return tsv_close(&f, err, errn);
}

int plotdata_write_series(const char *datadir, const struct plotdata_series *s, int n,
                          const char *const *vnames, int nvariants, char *err, size_t errn)
{
    static const char *const list_cols[] = {"label", "group", "variant", "points", NULL};
    static const char *const group_cols[] = {"title", "variants", NULL};
    static const char *const variant_cols[] = {"label", NULL};
    struct tsv list, g, v;
    int ngroups = 0;
    if (write_latency(datadir, err, errn) ||
        tsv_create(&list, datadir, "series", 0, list_cols, err, errn))
        return -1;
    for (int i = 0; i < n; i++) {
        int points;
        if (write_line(datadir, s, i, &points, err, errn)) {
            tsv_close(&list, err, errn);
            return -1;
        }
        tsv_text(&list, "label", s[i].label);
        tsv_int(&list, "group", s[i].group);
        tsv_int(&list, "variant", s[i].variant);
        tsv_int(&list, "points", points);
        tsv_end_row(&list);
        if (s[i].group > ngroups)
            ngroups = s[i].group;
    }
    if (tsv_close(&list, err, errn) ||
        tsv_create(&g, datadir, "groups", 0, group_cols, err, errn))
        return -1;
    for (int gi = 1; gi <= ngroups; gi++) {
        int first = -1, count = 0;
        for (int i = 0; i < n; i++)
            if (s[i].group == gi && count++ == 0)
                first = i;
        tsv_text(&g, "title", first >= 0 ? s[first].gtitle : "");
        tsv_int(&g, "variants", count);
        tsv_end_row(&g);
    }
    if (tsv_close(&g, err, errn) ||
        tsv_create(&v, datadir, "variants", 0, variant_cols, err, errn))
        return -1;
    for (int i = 0; i < nvariants; i++) {
        tsv_text(&v, "label", vnames[i]);
        tsv_end_row(&v);
    }
    return tsv_close(&v, err, errn);
}

int plotdata_is_2014_shape(const struct plotdata_run *r)
{
    for (int i = 0; i < r->chunks.nrows; i++)
        if (csvin_num(&r->chunks, CHK, i, COL_chunk_rows) == 1e6 &&
            strcmp(csvin_str(&r->chunks, CHK, i, COL_read_from), read_from_names[RF_CHUNK]) == 0)
            return 1;
    return 0;
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
