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

int tsv_create(struct tsv *t, const char *dir, const char *name, int index,
               const char *const *cols, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    t->cols = cols;
    if (index > 0)
        snprintf(t->path, sizeof t->path, "%s/%s-%d.tsv", dir, name, index);
    else
        snprintf(t->path, sizeof t->path, "%s/%s.tsv", dir, name);
    t->f = fopen(t->path, "we");
    if (!t->f) {
        snprintf(err, errlen, "cannot write %s: %s", t->path, strerror(errno));
        return -1;
    }
    for (int i = 0; cols[i]; i++)
        fprintf(t->f, "%s%s", i ? "\t" : "", cols[i]);
    fputc('\n', t->f);
    return 0;
}

/* Starts the field of column col: a separator, and a check of its place. */
static void field(struct tsv *t, const char *col)
{
    if (!t->cols[t->at] || strcmp(t->cols[t->at], col) != 0)
        t->bad = 1;
    if (t->at)
        fputc('\t', t->f);
    if (t->cols[t->at])
        t->at++;
}

void tsv_text(struct tsv *t, const char *col, const char *s)
{
    field(t, col);
    tsv_put_text(t->f, s);
}

void tsv_num(struct tsv *t, const char *col, double d)
{
    field(t, col);
    tsv_put_num(t->f, d);
}

void tsv_int(struct tsv *t, const char *col, long long v)
{
    field(t, col);
    fprintf(t->f, "%lld", v);
}

void tsv_end_row(struct tsv *t)
{
    if (t->cols[t->at])
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
