/*
** summaryjson: summary.csv as typed JSON.  See summaryjson.h.
*/
#include "summaryjson.h"

#include "csvin.h"
#include "csvout.h"
#include "headline.h"
#include "runjson.h"
#include "verdict.h"
#include "units.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A field as the number it holds, whole: 0, or -1 when it holds another
** text. */
static int as_integer(const char *s, json_int_t *v)
{
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (!*s || *end || errno)
        return -1;
    *v = (json_int_t)x;
    return 0;
}

static json_t *figure(const char *text, enum csvout_type type, const char *unit)
{
    json_t *v;
    json_int_t i;
    if (!*text)
        v = json_null();
    else if (type == CSVOUT_STR)           /* a verdict: faster, slower, ... */
        v = json_string(text);
    else if (type == CSVOUT_I64 && as_integer(text, &i) == 0)
        v = json_integer(i);
    else
        v = json_real(strtod(text, NULL));
    return json_pack("{s:o,s:s}", "value", v, "unit", unit);
}

/* Row r of summary.csv as one object. */
static json_t *cell(const struct csvin *t, int r)
{
    json_t *o = json_object(), *settings = json_object(), *figs = json_object();
    for (int i = 0; i < csvout_ncolumns(CSV_SUMMARY); i++) {
        struct csvout_field fd;
        struct csvout_column_info c;
        csvout_field(CSV_SUMMARY, i, &fd);
        csvout_column_info(CSV_SUMMARY, i, &c);
        const char *text = csvin_str_named(t, r, c.name);
        json_int_t v;
        if (fd.type == CSVOUT_SCHEMA)
            continue;                          /* the file's, stated once */
        if (i == csvout_column_of(CSV_SUMMARY, COL_cell) ||
            i == csvout_column_of(CSV_SUMMARY, COL_repeat))
            json_object_set_new(o, c.name,
                                as_integer(text, &v) == 0 ? json_integer(v) : json_null());
        else if (fd.type == CSVOUT_DIM && as_integer(text, &v) == 0)
            json_object_set_new(settings, c.name, json_integer(v));
        else if (fd.type == CSVOUT_DIM || i < csvout_column_of(CSV_SUMMARY, COL_status))
            json_object_set_new(settings, c.name, json_string(text));
        else if (i == csvout_column_of(CSV_SUMMARY, COL_status) ||
                 i == csvout_column_of(CSV_SUMMARY, COL_reason))
            json_object_set_new(o, c.name, json_string(text));
        else
            json_object_set_new(figs, c.name, figure(text, fd.type, c.unit));
    }
    json_object_set_new(o, "settings", settings);
    json_object_set_new(o, "figures", figs);
    return o;
}

/* A real to 12 significant digits, as the figures; null when NaN. */
static json_t *real(double v)
{
    return isnan(v) ? json_null() : json_real(units_real(v));
}

/* The headline's findings (headline.h), each its kind, sentence, cell,
** figures and the comparisons it states, each with its one verdict
** (verdict.h); none when the folder gives no headline. */
static json_t *findings(const char *dir)
{
    json_t *list = json_array();
    struct headline *h = malloc(sizeof *h);
    char why[512];
    if (!h || headline_load(dir, NULL, h, why, sizeof why) != 0) {
        free(h);
        return list;
    }
    for (int i = 0; i < h->n; i++) {
        const struct headline_line *l = &h->line[i];
        json_t *figs = json_array();
        for (int k = 0; k < l->nfig; k++)
            json_array_append_new(figs, json_pack("{s:s,s:s,s:f,s:s}", "name", l->fig[k].name,
                                                  "of", l->fig[k].of, "value", l->fig[k].value,
                                                  "unit", l->fig[k].unit));
        json_t *said = json_array();
        for (int k = 0; k < l->nverdict; k++) {
            const struct headline_verdict *d = &l->verdict[k];
            json_array_append_new(
                said, json_pack("{s:s,s:s,s:s,s:o,s:o,s:o,s:s,s:s,s:i}", "of", d->a, "against",
                                d->b, colid_name(COL_phase), d->phase, "ratio", real(d->v.ratio), "lo",
                                real(d->v.lo), "hi", real(d->v.hi), "verdict",
                                verdict_call_name(d->v.call), "method",
                                verdict_method_name(d->v.method), "evidence", d->v.evidence));
        }
        json_array_append_new(list, json_pack("{s:s,s:s,s:o,s:o,s:o}", "kind",
                                              headline_kind_name(l->kind), "text", l->text,
                                              colid_name(COL_cell), l->cell ? json_integer(l->cell)
                                                              : json_null(),
                                              "figures", figs, "verdicts", said));
    }
    free(h);
    return list;
}

void *summaryjson_build(const char *dir, char *err, size_t errlen)
{
    char path[4200];
    struct csvin t;
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    if (csvin_read(path, CSV_SUMMARY, &t, err, errlen) != 0)
        return NULL;
    json_t *cells = json_array();
    for (int r = 0; r < t.nrows; r++)
        json_array_append_new(cells, cell(&t, r));
    json_t *root = json_pack("{s:i,s:s,s:o,s:o}", colid_name(COL_schema_version),
                             CSV_SCHEMA_VERSION, "source", csvout_file_name(CSV_SUMMARY),
                             "findings", findings(dir), SUMMARYJSON_CELLS, cells);
    csvin_free(&t);
    /* the rounds --repeat auto did not need: no row each, one record */
    char why[160], ignored[300];
    struct runjson *rj = root ? runjson_load(dir, ignored, sizeof ignored) : NULL;
    int64_t skipped = rj ? runjson_skipped(runjson_root(rj), why, sizeof why) : 0;
    if (skipped)
        json_object_set_new(root, "runs_skipped",
                            json_pack("{s:I,s:s}", "runs", (json_int_t)skipped, "why", why));
    runjson_free(rj);
    if (!root) {
        snprintf(err, errlen, "out of memory");
        errno = ENOMEM;
    }
    return root;
}

int summaryjson_write(const char *dir, char *err, size_t errlen)
{
    json_t *root = summaryjson_build(dir, err, errlen);
    if (!root)
        return -1;
    int rc = runjson_write_file(root, dir, "summary.json");
    int e = errno;
    json_decref(root);
    if (rc != 0) {
        snprintf(err, errlen, "cannot write %s/summary.json: %s", dir, strerror(e));
        errno = e;
    }
    return rc;
}
