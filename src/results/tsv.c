/*
** tsv: see tsv.h.
*/
#include "tsv.h"

#include <errno.h>
#include <math.h>
#include <string.h>

void tsv_put_text(FILE *f, const char *s)
{
    for (; s && *s; s++)
        fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, f);
}

void tsv_put_num(FILE *f, double d)
{
    if (isfinite(d))
        fprintf(f, "%.9g", d);
    else
        fputs("NaN", f);
}

int tsv_create(struct tsv *t, const char *dir, enum tsv_file kind, int index, char *err,
               size_t errlen)
{
    memset(t, 0, sizeof *t);
    const char *name = tsvschema_file_name(kind);
    if (tsvschema_numbered(kind) != (index > 0)) {
        snprintf(err, errlen, "internal: %s.tsv %s a number, not %d", name,
                 tsvschema_numbered(kind) ? "takes" : "has not", index);
        return -1;
    }
    t->kind = kind;
    t->ncols = tsvschema_ncols(kind);
    if (index > 0)
        snprintf(t->path, sizeof t->path, "%s/%s-%d.tsv", dir, name, index);
    else
        snprintf(t->path, sizeof t->path, "%s/%s.tsv", dir, name);
    t->f = fopen(t->path, "we");
    if (!t->f) {
        snprintf(err, errlen, "cannot write %s: %s", t->path, strerror(errno));
        return -1;
    }
    for (int i = 0; i < t->ncols; i++)
        fprintf(t->f, "%s%s", i ? "\t" : "", tsvschema_name(kind, i));
    fputc('\n', t->f);
    return 0;
}

/* Starts the field of column col (TCOL_COUNT: the next, whichever it
** is): a separator, and a check of its place. */
static void field(struct tsv *t, enum tsv_col col)
{
    if (t->at >= t->ncols || (col != TCOL_COUNT && tsvschema_col(t->kind, t->at) != col))
        t->bad = 1;
    if (t->at)
        fputc('\t', t->f);
    if (t->at < t->ncols)
        t->at++;
}

void tsv_text(struct tsv *t, enum tsv_col col, const char *s)
{
    field(t, col);
    tsv_put_text(t->f, s);
}

void tsv_num(struct tsv *t, enum tsv_col col, double d)
{
    field(t, col);
    tsv_put_num(t->f, d);
}

void tsv_int(struct tsv *t, enum tsv_col col, long long v)
{
    field(t, col);
    fprintf(t->f, "%lld", v);
}

void tsv_exact(struct tsv *t, enum tsv_col col, double d)
{
    field(t, col);
    if (isfinite(d))
        fprintf(t->f, "%.17g", d);
    else
        fputs("NaN", t->f);
}

void tsv_nums(struct tsv *t, const double *v)
{
    for (int i = 0; i < t->ncols; i++) {
        field(t, TCOL_COUNT);
        tsv_put_num(t->f, v[i]);
    }
}

void tsv_end_row(struct tsv *t)
{
    if (t->at < t->ncols)
        t->bad = 1;
    fputc('\n', t->f);
    t->at = 0;
}

int tsv_close(struct tsv *t, char *err, size_t errlen)
{
    int rc = fclose(t->f);
    t->f = NULL;
    if (rc != 0) {
        snprintf(err, errlen, "cannot write %s: %s", t->path, strerror(errno));
        return -1;
    }
    if (t->bad) {
        snprintf(err, errlen, "internal: %s: a row does not follow its columns", t->path);
        return -1;
    }
    return 0;
}
