/*
** plotdata: results folders → the data files of the gnuplot scripts.  See plotdata.h.
**
** Files written into the data folder (see tsv.h; "NaN" where nothing
** was measured):
**   series.tsv      one row per line (a repeat of a cell): label, group,
**                   variant, bundle, points
**   s-N.tsv         line N: one row per chunk, every chunks.csv column a
**                   graph draws (csvschema's table says which), and
**                   io_write_bytes_per_row
**   bundles.tsv     one row per bundle (a cell of a run, its repeats):
**                   bundle, label (without the repeat), lt (its line
**                   type: colour and dash), repeats, panel, variant, points
**   b-K.tsv         bundle K: s-N.tsv's columns, each the median over its
**                   repeats of that chunk's figure
**   groups.tsv      one row per panel (a cell across libraries or runs,
**                   its repeats together): title, variants in it
**   variants.tsv    one row per variant (library or run): label
**   latency.tsv     the latency graph's panels: column, name (latency.h)
** The summary-based graphs' files are plotheat's.
*/
#include "plotdata.h"
#include "baseline.h"
#include "cellname.h"
#include "chunkplan.h"

#include "devinfo.h"
#include "dims.h"
#include "infile.h"
#include "median.h"
#include "modes.h"
#include "runjson.h"
#include "runkey.h"
#include "tsv.h"
#include "units.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUM CSV_SUMMARY
#define CHK CSV_CHUNKS

int plotdata_load(const char *dir, struct plotdata_run *r, char *err, size_t errlen)
{
    char path[4200];
    memset(r, 0, sizeof *r);
    r->dir = dir;
    snprintf(path, sizeof path, "%s/chunks.csv", dir);
    if (csvin_read(path, CHK, &r->chunks, err, errlen))
        return -1;
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    if (csvin_read(path, SUM, &r->summary, err, errlen))
        goto fail;
    snprintf(path, sizeof path, "%s/timeline.csv", dir);
    if (!infile_absent(path) && csvin_read(path, CSV_TIMELINE, &r->timeline, err, errlen))
        goto fail;
    if (plotdata_describe(r, err, errlen))
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

int plotdata_set_baseline(struct plotdata_run *r, const char *text, char *err, size_t errlen)
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
                              &r->baseline, err, errlen);
    } else {
        snprintf(err, errlen, "out of memory");
    }
    free(ids);
    free(rec);
    return rc;
}

/* 1 when summary.csv's row i is a run skipped for why (NULL: for any). */
static int skipped_for(const struct csvin *t, int i, const char *why)
{
    return strcmp(csvin_str(t, SUM, i, COL_status), "skipped") == 0 &&
           (!why || strcmp(csvin_str(t, SUM, i, COL_reason), why) == 0);
}

int plotdata_row_skipped(const struct plotdata_run *r, int i)
{
    return skipped_for(&r->summary, i, NULL);
}

int plotdata_skipped_line(const struct plotdata_run *r, int k, char *buf, size_t n)
{
    const struct csvin *t = &r->summary;
    for (int i = 0; i < t->nrows; i++) {
        const char *why = csvin_str(t, SUM, i, COL_reason);
        int first = skipped_for(t, i, NULL), runs = 0;
        for (int e = 0; first && e < i; e++)
            first = !skipped_for(t, e, why);    /* said at its reason's first row */
        if (!first || k-- > 0)
            continue;
        for (int e = i; e < t->nrows; e++)
            runs += skipped_for(t, e, why);
        snprintf(buf, n, "%d run%s skipped: %s", runs, runs == 1 ? "" : "s", why);
        return 1;
    }
    if (!r->skipped || k > 0)
        return 0;
    snprintf(buf, n, "%lld run%s skipped: %s", (long long)r->skipped, r->skipped == 1 ? "" : "s",
             r->skipped_why);
    return 1;
}

void plotdata_free(struct plotdata_run *r)
{
    csvin_free(&r->chunks);
    csvin_free(&r->summary);
    csvin_free(&r->timeline);
    csvin_free(&r->durability);
}

int plotdata_describe(struct plotdata_run *r, char *err, size_t errlen)
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
    json_t *j = infile_json(path, err, errlen);
    if (j) {
        const char *hn = json_string_value(
            json_object_get(json_object_get(j, RUNKEY_HOST), RUNKEY_HOST_HOSTNAME));
        json_t *st = json_object_get(j, RUNKEY_STORAGE);
        const char *fs = json_string_value(json_object_get(st, RUNKEY_STORAGE_FSTYPE));
        const char *dev = json_string_value(json_object_get(st, RUNKEY_STORAGE_DEVICE));
        const char *model = json_string_value(json_object_get(st, RUNKEY_STORAGE_MODEL));
        char named[160];
        if (devinfo_from_json(st, named, sizeof named) == 0)
            model = named;     /* the card, or the disk's vendor and model */
        /* a card's name says what it is */
        int card = json_object_get(st, RUNKEY_STORAGE_CARD) != NULL;
        snprintf(r->host, sizeof r->host, "%s", hn ? hn : "?");
        snprintf(r->storage, sizeof r->storage, "%s on %s%s%s%s%s%s", fs ? fs : "?",
                 dev ? dev : "?", model && *model ? " " : "", model ? model : "",
                 card || !st ? "" : " (", card || !st ? "" : devinfo_rotation_from_json(st),
                 card || !st ? "" : ")");
        json_t *o = json_object_get(j, RUNKEY_OPTIONS);
        const char *given = json_string_value(json_object_get(o, RUNKEY_OPT_BASELINE));
        snprintf(r->baseline_given, sizeof r->baseline_given, "%s", given ? given : "");
        json_int_t rows = json_integer_value(json_object_get(o, RUNKEY_OPT_ROWS));
        json_int_t chunk = json_integer_value(json_object_get(o, RUNKEY_OPT_CHUNK));
        json_t *commit = json_object_get(o, RUNKEY_OPT_COMMIT_EVERY);
        r->rows = rows;
        r->chunk = chunk;
        r->reads = json_integer_value(json_object_get(o, RUNKEY_OPT_READS));
        r->target_rows = json_integer_value(json_object_get(o, RUNKEY_OPT_TARGET_ROWS));
        r->repeats = runjson_repeats(j);
        r->skipped = runjson_skipped(j, r->skipped_why, sizeof r->skipped_why);
        r->commit_is_chunk = json_is_array(commit) && json_array_size(commit) == 1 &&
                             json_is_string(json_array_get(commit, 0)) &&
                             strcmp(json_string_value(json_array_get(commit, 0)), "chunk") == 0;
        json_int_t trials = json_integer_value(json_object_get(o, RUNKEY_OPT_TRIALS));
        char a[32], b[32], t[48] = "";
        units_count(rows, a, sizeof a);     /* as the axes label them: 500k */
        units_count(chunk, b, sizeof b);
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

/* s[i]'s labels from the settings marked in vary: lab (after what s[i].label
** holds), and tit without the library. */
static void label_of(const struct plotdata_series *s, int i, const int *vary, char *lab,
                     size_t ln, char *tit, size_t tn)
{
    size_t len = (size_t)snprintf(lab, ln, "%s", s[i].label), glen = 0;
    tit[0] = 0;
    for (int d = 0; d < NDIMS; d++) {
        char t[96];
        if (!vary[d])
            continue;
        dim_text(s[i].run, s[i].sumrow, d, t, sizeof t);
        if (len < ln)
            len += (size_t)snprintf(lab + len, ln - len, "%s%s", len ? " · " : "", t);
        if (d != DIM_LIB && glen < tn)
            glen += (size_t)snprintf(tit + glen, tn - glen, "%s%s", glen ? " · " : "", t);
    }
}

void plotdata_label(struct plotdata_series *s, int n, char *common, size_t cn)
{
    int vary[NDIMS], bvary[NDIMS], any = 0, bany = 0, reads = 0;
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
        /* a bundle is a cell's repeats: its label leaves the repeat out */
        bvary[d] = d != X_REPEAT && vary[d];
        bany |= bvary[d];
        /* the settings every cell shares, but not sqlsoak's defaults that
        ** nobody chose nor those left to the library (run.json and the
        ** report state those), nor where the reads came from in a run
        ** without reads */
        const char *shared =
            n > 0 ? plotdata_dim_value(&s[0].run->summary, SUM, s[0].sumrow, d) : "";
        int64_t v;
        if (!vary[d] && n > 0 && d != X_REPEAT && clen < cn && (reads || d != X_READ_FROM) &&
            !(d < DIM_COUNT && !dim_table[d].always_named &&
              (dims_is_option_default(d, shared) ||
               (dims_parse(d, shared, &v) == 0 && dims_is_default(d, v))))) {
            char t[96];
            dim_text(s[0].run, s[0].sumrow, d, t, sizeof t);
            clen += (size_t)snprintf(common + clen, cn - clen, "%s%s", clen ? " · " : "", t);
        }
    }
    if (!any && n > 0 && !s[0].label[0])
        for (int d = 0; d < DIM_COUNT; d++)
            vary[d] = dim_table[d].always_named;
    if (!bany && n > 0 && !s[0].label[0])
        for (int d = 0; d < DIM_COUNT; d++)
            bvary[d] = dim_table[d].always_named;
    for (int i = 0; i < n; i++) {
        char lab[256], blab[256], gt[256], ignored[256];
        label_of(s, i, vary, lab, sizeof lab, ignored, sizeof ignored);
        label_of(s, i, bvary, blab, sizeof blab, gt, sizeof gt);
        memcpy(s[i].label, lab, sizeof lab);
        memcpy(s[i].blabel, blab, sizeof blab);
        memcpy(s[i].gtitle, gt, sizeof gt);
    }
}

/* Row sumrow's cell as its settings say it, without its repeat (the key's
** last field) and, unless with_version, its library. */
static void cell_key(const struct plotdata_run *r, int sumrow, int with_version, char *buf,
                     size_t n)
{
    plotdata_key(r, sumrow, with_version, buf, n);
    char *end = strrchr(buf, '|');
    while (end && end > buf && end[-1] != '|')
        end--;
    if (end)
        *end = 0;
}

/* The 1-based number of key among keys[0..*n), added when new. */
static int number_of(char (*keys)[512], int *n, const char *key)
{
    for (int k = 0; k < *n; k++)
        if (strcmp(keys[k], key) == 0)
            return k + 1;
    snprintf(keys[*n], sizeof keys[0], "%s", key);
    return ++*n;
}

int plotdata_bundle(struct plotdata_series *s, int n, int by_variant)
{
    char (*bk)[512] = calloc((size_t)n + 1, sizeof *bk);
    char (*ck)[512] = calloc((size_t)n + 1, sizeof *ck);
    char (*pk)[512] = calloc((size_t)n + 1, sizeof *pk);
    int nb = 0, nc = 0, np = 0;
    for (int i = 0; bk && ck && pk && i < n; i++) {
        char key[512], b[600];
        const struct plotdata_run *r = s[i].run;
        /* a run's cell: its number there, its repeats alike */
        snprintf(b, sizeof b, "%p|%s", (const void *)r,
                 csvin_str(&r->summary, SUM, s[i].sumrow, COL_cell));
        int fresh = nb;
        s[i].bundle = number_of(bk, &nb, b);
        fresh = nb > fresh;
        cell_key(r, s[i].sumrow, 1, key, sizeof key);
        int c = number_of(ck, &nc, key);
        cell_key(r, s[i].sumrow, by_variant, key, sizeof key);
        s[i].panel = number_of(pk, &np, key);
        if (!fresh) {
            for (int j = 0; j < i; j++)
                if (s[j].bundle == s[i].bundle)
                    s[i].lt = s[j].lt;
            continue;
        }
        /* a colour each (then a dash each, past 10): the cells of a run;
        ** or the runs, a dash per cell */
        int k = by_variant ? ((c - 1) % (PLOTDATA_LTS / 10)) * 10 + (s[i].variant - 1) % 10 + 1
                           : s[i].bundle;
        s[i].lt = (k - 1) % PLOTDATA_LTS + 1;
    }
    if (!bk || !ck || !pk)      /* out of memory: a line each, as before bundles */
        for (int i = 0; i < n; i++) {
            s[i].bundle = s[i].panel = i + 1;
            s[i].lt = i % PLOTDATA_LTS + 1;
            nb = n;
        }
    free(bk);
    free(ck);
    free(pk);
    return nb;
}

void plotdata_median_rows(const double *const *v, const int *rows, int members, int ncols,
                          double *out)
{
    int most = 0;
    double *x = malloc(sizeof *x * (size_t)(members + 1));
    for (int m = 0; m < members; m++)
        most = rows[m] > most ? rows[m] : most;
    for (int j = 0; j < most; j++)
        for (int c = 0; c < ncols; c++) {
            int k = 0;
            for (int m = 0; x && m < members; m++)
                if (j < rows[m])
                    x[k++] = v[m][(size_t)j * (size_t)ncols + (size_t)c];
            out[(size_t)j * (size_t)ncols + (size_t)c] = k ? median_of(x, k) : NAN;
        }
    free(x);
}

int plotdata_series_rows(const struct plotdata_run *r, int sumrow, int *out, int max)
{
    return chunkplan_cell_rows(&r->summary, sumrow, &r->chunks, out, max);
}

int plotdata_write_figs(const char *datadir, enum tsv_file kind, int index,
                        const struct plotdata_figs *f, char *err, size_t errlen)
{
    struct tsv t;
    if (tsv_create(&t, datadir, kind, index, err, errlen))
        return -1;
    for (int j = 0; j < f->rows; j++) {
        tsv_nums(&t, f->v + (size_t)j * (size_t)t.ncols);
        tsv_end_row(&t);
    }
    return tsv_close(&t, err, errlen);
}

int plotdata_write_medians(const char *datadir, enum tsv_file kind, enum tsv_file list,
                           const struct plotdata_series *s, int n, const struct plotdata_figs *f,
                           char *err, size_t errlen)
{
    int ncols = tsvschema_ncols(kind), nb = 0, rc = 0;
    for (int i = 0; i < n; i++)
        nb = s[i].bundle > nb ? s[i].bundle : nb;
    const double **v = calloc((size_t)n + 1, sizeof *v);
    int *rows = calloc((size_t)n + 1, sizeof *rows);
    struct tsv t;
    if (!v || !rows) {
        free(v);
        free(rows);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (tsv_create(&t, datadir, list, 0, err, errlen)) {
        free(v);
        free(rows);
        return -1;
    }
    for (int b = 1; b <= nb && rc == 0; b++) {
        int members = 0, first = -1, most = 0;
        for (int i = 0; i < n; i++)
            if (s[i].bundle == b && f[i].v) {
                first = first < 0 ? i : first;
                v[members] = f[i].v;
                rows[members++] = f[i].rows;
                most = f[i].rows > most ? f[i].rows : most;
            }
        if (!members)
            continue;
        struct plotdata_figs m = {most, malloc(sizeof(double) * ((size_t)most * ncols + 1))};
        if (!m.v) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        plotdata_median_rows(v, rows, members, ncols, m.v);
        rc = plotdata_write_figs(datadir, kind, b, &m, err, errlen);
        free(m.v);
        tsv_int(&t, TCOL_bundle, b);
        tsv_text(&t, TCOL_label, s[first].blabel);
        tsv_int(&t, TCOL_lt, s[first].lt);
        tsv_int(&t, TCOL_repeats, members);
        tsv_int(&t, TCOL_panel, s[first].panel);
        tsv_int(&t, TCOL_variant, s[first].variant);
        tsv_int(&t, TCOL_points, most);
        tsv_end_row(&t);
    }
    char ignored[256];
    if (tsv_close(&t, rc ? ignored : err, rc ? sizeof ignored : errlen))
        rc = -1;
    free(v);
    free(rows);
    return rc;
}

/* Line i's figures: its chunks, in order, a column of s-N.tsv's each. */
static int line_figs(const struct plotdata_series *s, int i, struct plotdata_figs *f)
{
    int ncols = tsvschema_ncols(TSV_LINE);
    const struct plotdata_run *r = s[i].run;
    int *rows = malloc(sizeof *rows * (size_t)(r->chunks.nrows + 1));
    int k = rows ? plotdata_series_rows(r, s[i].sumrow, rows, r->chunks.nrows) : 0;
    f->rows = k;
    f->v = rows ? malloc(sizeof *f->v * ((size_t)k * (size_t)ncols + 1)) : NULL;
    for (int c = 0; f->v && c < ncols - 1; c++) {     /* a column's name found once */
        const char *name = tsvschema_name(TSV_LINE, c);
        for (int j = 0; j < k; j++)
            f->v[(size_t)j * (size_t)ncols + (size_t)c] =
                csvin_num_named(&r->chunks, rows[j], name);
    }
    for (int j = 0; f->v && j < k; j++) {
        double *x = f->v + (size_t)j * (size_t)ncols;
        double io = csvin_num(&r->chunks, CHK, rows[j], COL_io_write_bytes);
        double cr = csvin_num(&r->chunks, CHK, rows[j], COL_chunk_rows);
        x[ncols - 1] = cr > 0 ? io / cr : NAN;
    }
    free(rows);
    return f->v ? 0 : -1;
}

/* The latency graph's panels, a figure of latency.h each. */
static int write_latency(const char *datadir, char *err, size_t errlen)
{
    struct tsv f;
    if (tsv_create(&f, datadir, TSV_LATENCY, 0, err, errlen))
        return -1;
    for (int i = 0; i < LAT_COUNT; i++) {
        tsv_text(&f, TCOL_column, latency_table[i].column);
        tsv_text(&f, TCOL_name, latency_table[i].name);
        tsv_end_row(&f);
    }
    return tsv_close(&f, err, errlen);
}

/* groups.tsv: a row per panel, its title and how many variants its
** bundles are of. */
static int write_panels(const char *datadir, const struct plotdata_series *s, int n, char *err,
                        size_t errlen)
{
    struct tsv g;
    int np = 0;
    for (int i = 0; i < n; i++)
        np = s[i].panel > np ? s[i].panel : np;
    if (tsv_create(&g, datadir, TSV_GROUPS, 0, err, errlen))
        return -1;
    for (int p = 1; p <= np; p++) {
        int first = -1, count = 0;
        for (int i = 0; i < n; i++) {
            if (s[i].panel != p)
                continue;
            int seen = 0;
            for (int j = 0; j < i && !seen; j++)
                seen = s[j].panel == p && s[j].variant == s[i].variant;
            count += !seen;
            first = first < 0 ? i : first;
        }
        tsv_text(&g, TCOL_title, first >= 0 ? s[first].gtitle : "");
        tsv_int(&g, TCOL_variants, count);
        tsv_end_row(&g);
    }
    return tsv_close(&g, err, errlen);
}

int plotdata_write_series(const char *datadir, const struct plotdata_series *s, int n,
                          const char *const *vnames, int nvariants, char *err, size_t errlen)
{
    int rc = 0;
    struct tsv list, v;
    struct plotdata_figs *f = calloc((size_t)n + 1, sizeof *f);
    if (!f) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (write_latency(datadir, err, errlen) ||
        tsv_create(&list, datadir, TSV_SERIES, 0, err, errlen)) {
        free(f);
        return -1;
    }
    for (int i = 0; i < n && rc == 0; i++) {
        if (line_figs(s, i, &f[i])) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
        } else {
            rc = plotdata_write_figs(datadir, TSV_LINE, i + 1, &f[i], err, errlen);
        }
        tsv_text(&list, TCOL_label, s[i].label);
        tsv_int(&list, TCOL_group, s[i].group);
        tsv_int(&list, TCOL_variant, s[i].variant);
        tsv_int(&list, TCOL_bundle, s[i].bundle);
        tsv_int(&list, TCOL_points, f[i].rows);
        tsv_end_row(&list);
    }
    char ignored[256];
    if (tsv_close(&list, rc ? ignored : err, rc ? sizeof ignored : errlen))
        rc = -1;
    if (rc == 0)
        rc = plotdata_write_medians(datadir, TSV_BUNDLE, TSV_BUNDLES, s, n, f, err, errlen);
    for (int i = 0; i < n; i++)
        free(f[i].v);
    free(f);
    if (rc || write_panels(datadir, s, n, err, errlen) ||
        tsv_create(&v, datadir, TSV_VARIANTS, 0, err, errlen))
        return -1;
    for (int i = 0; i < nvariants; i++) {
        tsv_text(&v, TCOL_label, vnames[i]);
        tsv_end_row(&v);
    }
    return tsv_close(&v, err, errlen);
}

int plotdata_is_2014_shape(const struct plotdata_run *r)
{
    for (int i = 0; i < r->chunks.nrows; i++)
        if (csvin_num(&r->chunks, CHK, i, COL_chunk_rows) == 1e6 &&
            strcmp(csvin_str(&r->chunks, CHK, i, COL_read_from), read_from_names[RF_CHUNK]) == 0)
            return 1;
    return 0;
}

