/*
** baseline: the cell every ratio is stated against.  See baseline.h.
*/
#include "baseline.h"
#include "cellname.h"
#include "value.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct cell_id *find(int64_t cell, const struct cell_id *ids, int n)
{
    for (int i = 0; i < n; i++)
        if (ids[i].cell == cell)
            return &ids[i];
    return NULL;
}

/* The dimension named by an option name or a CSV column, or -1. */
static int dim_named(const char *name)
{
    for (int d = 0; d < DIM_COUNT; d++)
        if (strcmp(dim_table[d].opt.name, name) == 0)
            return d;
    return dims_find(name);
}

/* Whether cell id has the value text of dimension d. */
static int has_value(const struct cell_id *id, int d, const char *text)
{
    if (d == DIM_LIB)
        return strcmp(id->sqlite_version, text) == 0 || strcmp(id->sqlite_lib, text) == 0;
    int64_t v;
    char err[200];
    if (value_parse(&dim_table[d].opt, text, &v, err, sizeof err) != 0)
        return 0;
    return id->v[d] == v;
}

/* Whether a and b agree on every dimension but those in named[]. */
static int same_but(const struct cell_id *a, const struct cell_id *b, const int *named)
{
    for (int d = 0; d < DIM_COUNT; d++) {
        if (named[d])
            continue;
        if (d == DIM_LIB ? strcmp(a->sqlite_lib, b->sqlite_lib) != 0 : a->v[d] != b->v[d])
            return 0;
    }
    return 1;
}

/* text's DIM=VALUE items into want[d] (the value's text) and named[d].
** 0, or -1 with err: an empty item, a name no dimension has, a value its
** dimension does not take. */
static int parse_items(const char *text, char (*want)[128], int *named, char *err,
                       size_t errlen)
{
    for (const char *p = text;;) {
        const char *comma = strchr(p, ','), *stop = comma ? comma : p + strlen(p);
        const char *eq = memchr(p, '=', (size_t)(stop - p));
        char name[64];
        int d = -1;
        if (eq && (size_t)(eq - p) < sizeof name) {
            snprintf(name, sizeof name, "%.*s", (int)(eq - p), p);
            d = dim_named(name);
        }
        if (d < 0) {
            snprintf(err, errlen, "--baseline %s: expected DIM=VALUE (page-size=16k) or a cell "
                     "number", text);
            return -1;
        }
        snprintf(want[d], sizeof want[d], "%.*s", (int)(stop - eq - 1), eq + 1);
        named[d] = 1;
        int64_t v;
        char why[200];
        if (d != DIM_LIB && value_parse(&dim_table[d].opt, want[d], &v, why, sizeof why) != 0) {
            snprintf(err, errlen, "--baseline %s: %s", text, why);
            return -1;
        }
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

/* text as a cell number into *k: 1 when it is one. */
static int cell_number(const char *text, int64_t *k)
{
    return !strchr(text, '=') && value_parse_int(text, k) == 0;
}

int baseline_check(const char *text, char *err, size_t errlen)
{
    int64_t k;
    if (cell_number(text, &k))
        return 0;                         /* whether the plan has it: baseline_resolve */
    char (*want)[128] = calloc(DIM_COUNT, sizeof *want);
    int named[DIM_COUNT] = {0};
    if (!want) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = parse_items(text, want, named, err, errlen);
    free(want);
    return rc;
}

int baseline_resolve(const char *text, const struct cell_id *ids, int n, int64_t *cell,
                     char *err, size_t errlen)
{
    *cell = 1;
    if (!text || !*text)
        return 0;
    int64_t k;
    if (cell_number(text, &k)) {
        if (!find(k, ids, n)) {
            int64_t last = 0;
            for (int i = 0; i < n; i++)
                last = ids[i].cell > last ? ids[i].cell : last;
            if (last == 1)
                snprintf(err, errlen, "--baseline %s: no such cell (the only cell is 1)", text);
            else
                snprintf(err, errlen, "--baseline %s: no such cell (cells are numbered 1..%" PRId64
                         ")", text, last);
            return -1;
        }
        *cell = k;
        return 0;
    }
    const struct cell_id *first = find(1, ids, n);
    char (*want)[128] = calloc(DIM_COUNT, sizeof *want);
    int named[DIM_COUNT] = {0};
    int bad = !want || !first;
    if (bad)
        snprintf(err, errlen, "--baseline %s: no cells to choose from", text);
    else
        bad = parse_items(text, want, named, err, errlen) != 0;
    const struct cell_id *hit = NULL;
    for (int i = 0; !bad && !hit && i < n; i++) {
        int ok = same_but(&ids[i], first, named);
        for (int d = 0; ok && d < DIM_COUNT; d++)
            ok = !named[d] || has_value(&ids[i], d, want[d]);
        if (ok)
            hit = &ids[i];
    }
    if (!bad && !hit) {
        snprintf(err, errlen, "--baseline %s: no cell has it (with every other setting at its "
                 "first value)", text);
        bad = 1;
    }
    if (hit)
        *cell = hit->cell;
    free(want);
    return bad ? -1 : 0;
}

int baseline_of_records(const char *text, const struct summary_record *recs, int n,
                        int64_t *cell, char *err, size_t errlen)
{
    struct cell_id *ids = malloc(sizeof *ids * (size_t)(n ? n : 1));
    if (!ids) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < n; i++)
        ids[i] = recs[i].id;
    int rc = baseline_resolve(text, ids, n, cell, err, errlen);
    free(ids);
    return rc;
}

const char *baseline_value(const struct cell_id *id, int d, char *buf, size_t n)
{
    char text[64];
    if (d == DIM_LIB) {
        snprintf(buf, n, "%s", id->sqlite_version);
        return buf;
    }
    dims_text(d, id->v[d], text, sizeof text);
    return dims_human(d, text, buf, n);
}

const char *baseline_name(int64_t cell, const struct cell_id *ids, int n, char *buf,
                          size_t len)
{
    const struct cell_id *b = find(cell, ids, n);
    size_t at = 0;
    buf[0] = 0;
    for (int d = 0; b && d < DIM_COUNT && at < len; d++) {
        int varies = 0;
        for (int i = 0; i < n && !varies; i++)
            varies = d == DIM_LIB ? strcmp(ids[i].sqlite_lib, b->sqlite_lib) != 0
                                  : ids[i].v[d] != b->v[d];
        if (!varies)
            continue;
        char text[64], label[96];
        if (d == DIM_LIB)
            snprintf(text, sizeof text, "%s", b->sqlite_version);
        else
            dims_text(d, b->v[d], text, sizeof text);
        dims_label(d, text, label, sizeof label);
        at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? " \xc2\xb7 " : "", label);
    }
    if (!buf[0])
        cellname(buf, len, cell, 1, 1);
    return buf;
}

const struct cell_id *baseline_id(int64_t cell, const struct summary_record *recs, int n)
{
    for (int i = 0; i < n; i++)
        if (recs[i].id.cell == cell)
            return &recs[i].id;
    return NULL;
}
