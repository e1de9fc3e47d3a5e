/*
** plotreaders: the readers' graph data.  See plotreaders.h.
*/
#include "plotreaders.h"

#include "tsv.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CHK CSV_CHUNKS

/* The reader processes' columns of chunks.csv this file draws (a folder
** that ran no readers lacks them: they read as empty). */
enum rcol { R_OPS, R_P99, R_BUSY, R_WAIT, R_OPS_WRITE, R_OPS_COMMIT, R_OPS_READ, R_COUNT };
static const enum colid rcolumn[R_COUNT] = {
    [R_OPS] = COL_reader_ops,
    [R_P99] = COL_reader_p99_us,
    [R_BUSY] = COL_reader_busy,
    [R_WAIT] = COL_reader_wait_s,
    [R_OPS_WRITE] = COL_reader_ops_during_write,
    [R_OPS_COMMIT] = COL_reader_ops_during_commit,
    [R_OPS_READ] = COL_reader_ops_during_read,
};

static double rnum(const struct csvin *t, int row, enum rcol c)
{
    return csvin_num(t, CHK, row, rcolumn[c]);
}

/* ops over s seconds; NaN without both. */
static double rate(double ops, double s)
{
    return ops >= 0 && s > 0 ? ops / s : NAN;
}

/* What readers.gp and busy.gp draw, per chunk: rows in the table, then
** the readers' figures.  Where column c of rd-N.tsv is in a row. */
static int at(enum tsv_col c)
{
    int i = tsvschema_index(TSV_READER_LINE, c);
    assert(i >= 0);
    return i;
}

/* Series i's chunks rows[0..k) into f. */
static int line_figs(const struct plotdata_series *s, int i, const int *rows, int k,
                     struct plotdata_figs *f)
{
    const struct csvin *t = &s[i].run->chunks;
    size_t ncols = (size_t)tsvschema_ncols(TSV_READER_LINE);
    f->rows = k;
    f->v = malloc(sizeof *f->v * ((size_t)k * ncols + 1));
    for (int j = 0; f->v && j < k; j++) {
        int r = rows[j];
        double *x = f->v + (size_t)j * ncols;
        double commit = csvin_num(t, CHK, r, COL_commit_s);
        double write = csvin_num(t, CHK, r, COL_write_s);
        x[at(TCOL_rows)] = csvin_num(t, CHK, r, COL_rows);
        x[at(TCOL_p99_us)] = rnum(t, r, R_P99);
        x[at(TCOL_commit_per_s)] = rate(rnum(t, r, R_OPS_COMMIT), commit);
        x[at(TCOL_write_per_s)] = rate(rnum(t, r, R_OPS_WRITE), write - commit);
        x[at(TCOL_read_per_s)] = rate(rnum(t, r, R_OPS_READ), csvin_num(t, CHK, r, COL_read_s));
        x[at(TCOL_busy)] = rnum(t, r, R_BUSY);
        x[at(TCOL_wait_ms)] = rnum(t, r, R_WAIT) * 1e3;
    }
    return f->v ? 0 : -1;
}

/* 1 when one of rows[0..k) of t ran readers. */
static int ran_readers(const struct csvin *t, const int *rows, int k)
{
    for (int j = 0; j < k; j++)
        if (rnum(t, rows[j], R_OPS) > 0)
            return 1;
    return 0;
}

int plotreaders_write(const char *datadir, const struct plotdata_series *s, int n, char *err,
                      size_t errlen)
{
    struct tsv list;
    char ignored[256];
    int found = 0, rc = 0;
    struct plotdata_figs *f = calloc((size_t)n + 1, sizeof *f);
    if (!f) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < n && rc == 0; i++) {
        const struct csvin *t = &s[i].run->chunks;
        int *rows = malloc(sizeof *rows * (size_t)(t->nrows + 1));
        int k = rows ? plotdata_series_rows(s[i].run, s[i].sumrow, rows, t->nrows) : 0;
        if (!rows) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
        } else if (ran_readers(t, rows, k)) {
            if (!found++ && tsv_create(&list, datadir, TSV_READERS, 0, err, errlen)) {
                free(rows);
                free(f);
                return -1;
            }
            if (line_figs(s, i, rows, k, &f[i])) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
            } else {
                rc = plotdata_write_figs(datadir, TSV_READER_LINE, i + 1, &f[i], err, errlen);
            }
            tsv_int(&list, TCOL_series, i + 1);
            tsv_text(&list, TCOL_label, s[i].label);
            tsv_int(&list, TCOL_bundle, s[i].bundle);
            tsv_end_row(&list);
        }
        free(rows);
    }
    if (found && tsv_close(&list, rc ? ignored : err, rc ? sizeof ignored : errlen))
        rc = -1;
    /* the median of each cell's repeats that ran readers */
    if (found && rc == 0)
        rc = plotdata_write_medians(datadir, TSV_READER_BUNDLE, TSV_RBUNDLES, s, n, f, err, errlen);
    for (int i = 0; i < n; i++)
        free(f[i].v);
    free(f);
    return rc ? -1 : found > 0;
}
