/*
** boards: the series of one plan side by side.
**
** Runs whose plan's options agree (run.settings) but whose host, storage
** or libraries differ are series of one plan; for each cell of the plan,
** each series is ranked by its median write cost (µs a row) over its
** nights, at the table size every night of every series reached (nights.h).
** The first has the lowest median; each other is held against it by
** changepoint_at on the logs of both series' nights: its ratio and 95%
** interval, and the verdict every comparison of sqlsoak says
** (verdict.h), with history's least change: a difference when the
** interval excludes 1 and the ratio is BOARDS_MIN_CHANGE or more from 1,
** no difference beyond it when the interval lies inside it, else not
** decided (with fewer than 3 nights in all, always), which more nights
** decide.
*/
#include "boards.h"
#include "cellname.h"
#include "changepoint.h"
#include "colid.h"
#include "csvout.h"
#include "median.h"
#include "nights.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct board {
    char *key;                    /* its series, malloc'd */
    char label[512];
    struct night *nights;
    int n;
    double *logs;                 /* its nights' write costs, logs; nlogs of them */
    int nlogs;
    double median;                /* µs a row */
};

static int by_median(const void *a, const void *b)
{
    const struct board *x = a, *y = b;
    return (x->median > y->median) - (x->median < y->median);
}

static double mean_of(const double *x, int n)
{
    double sum = 0;
    for (int i = 0; i < n; i++)
        sum += x[i];
    return sum / n;
}

void boards_verdict(const double *a, int na, const double *b, int nb, double floor,
                    struct verdict *v)
{
    memset(v, 0, sizeof *v);
    v->ratio = v->lo = v->hi = NAN;
    v->evidence = na + nb;
    v->call = VC_NOT_DECIDED;
    if (na < 1 || nb < 1)
        return;
    v->ratio = exp(mean_of(b, nb) - mean_of(a, na));
    double *x = malloc((size_t)(na + nb) * sizeof *x);
    struct changepoint cp;
    if (x) {
        memcpy(x, a, (size_t)na * sizeof *x);
        memcpy(x + na, b, (size_t)nb * sizeof *x);
    }
    if (x && changepoint_at(x, na + nb, na, floor, &cp)) {
        v->ratio = cp.ratio;
        v->lo = cp.lo;
        v->hi = cp.hi;
        v->call = verdict_call_beyond(v->ratio, v->lo, v->hi, BOARDS_MIN_CHANGE);
    }
    free(x);
}

const char *boards_against_text(const struct boards_side *s, int i, char *buf, size_t n)
{
    const struct verdict *v = &s->row[i].v;
    char r[32], range[64];
    if (i == 0 || isnan(v->ratio))
        snprintf(buf, n, "%s", "");
    else if (isnan(v->lo))
        snprintf(buf, n, "%s", units_ratio(v->ratio, r, sizeof r));
    else
        snprintf(buf, n, "%s (95%% interval %s)", units_ratio(v->ratio, r, sizeof r),
                 units_range(v->lo, v->hi, range, sizeof range));
    return buf;
}

const char *boards_verdict_text(const struct boards_side *s, int i, char *buf, size_t n)
{
    const struct verdict *v = &s->row[i].v;
    char words[64];
    if (i == 0)
        snprintf(buf, n, "the first, the lowest median");
    else if (v->call != VC_NOT_DECIDED)
        snprintf(buf, n, "%s", verdict_call_words(v->call, BOARDS_MIN_CHANGE, words,
                                                  sizeof words));
    else
        snprintf(buf, n, "not decided: %smore nights can decide it",
                 isnan(v->lo) ? "fewer than 3 nights in all; " : "");
    return buf;
}

void boards_markdown(const struct boards_side *s)
{
    char name[CELLNAME_MAX], against[128], said[128], rows[32], cost[32];
    printf("## Side by side, %s at %s rows\n\n| rank | series | nights | write cost "
           "(us/row) | against the first | verdict |\n|---:|---|---:|---:|---|---|\n",
           cellname(name, sizeof name, s->cell, 1, 1),
           units_count((int64_t)s->rows, rows, sizeof rows));
    for (int i = 0; i < s->n; i++)
        printf("| %d | %s | %d | %s | %s | %s |\n", i + 1, s->row[i].label, s->row[i].nights,
               units_number(s->row[i].write_cost, cost, sizeof cost),
               boards_against_text(s, i, against, sizeof against),
               boards_verdict_text(s, i, said, sizeof said));
    printf("\n");
}

/* x as JSON: null when NaN, which JSON cannot hold. */
static json_t *number(double x)
{
    return isnan(x) ? json_null() : json_real(x);
}

json_t *boards_json(const struct boards_side *s)
{
    json_t *ranked = json_array();
    char words[64];
    for (int i = 0; i < s->n; i++) {
        const struct verdict *v = &s->row[i].v;
        json_array_append_new(ranked, json_pack(
            "{s:i, s:s, s:i, s:o, s:o, s:o, s:o, s:o, s:o}", "rank", i + 1, "label",
            s->row[i].label, "nights", s->row[i].nights, "write_cost",
            number(s->row[i].write_cost), "ratio", number(i ? v->ratio : 1.0), "lo",
            number(v->lo), "hi", number(v->hi), "verdict",
            i ? json_string(verdict_call_words(v->call, BOARDS_MIN_CHANGE, words, sizeof words))
              : json_null(),
            "method", i ? json_string(BOARDS_METHOD) : json_null()));
    }
    return json_pack("{s:I, s:f, s:o}", colid_name(COL_cell), (json_int_t)s->cell,
                     colid_name(COL_rows), s->rows, "ranked", ranked);
}

/* Ranks b[0..nb) by median and hands the side by side to visit. */
static int visit_ranked(struct board *b, int nb, sqlite3_int64 cell, double rows, double floor,
                        boards_visit visit, void *ctx, char *err, size_t errlen)
{
    struct boards_row *row = calloc((size_t)nb, sizeof *row);
    if (!row) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    qsort(b, (size_t)nb, sizeof *b, by_median);
    for (int i = 0; i < nb; i++) {
        row[i].label = b[i].label;
        row[i].nights = b[i].n;
        row[i].write_cost = b[i].median;
        row[i].logs = b[i].logs;
        row[i].nlogs = b[i].nlogs;
        if (i)
            boards_verdict(b[0].logs, b[0].nlogs, b[i].logs, b[i].nlogs, floor, &row[i].v);
        else
            row[i].v = (struct verdict){.ratio = 1, .lo = NAN, .hi = NAN, .call = VC_NONE};
    }
    struct boards_side s = {cell, rows, nb, row};
    int rc = visit(&s, ctx, err, errlen);
    free(row);
    return rc;
}

/* The boards of one plan, cell by cell. */
static int rank_plan(struct resultsdb *r, struct board *b, int nb, const char *settings,
                     double floor, boards_visit visit, void *ctx, char *err, size_t errlen)
{
    sqlite3_stmt *st = resultsdb_prepare(r, "SELECT DISTINCT cell FROM figure JOIN run "
                                         "USING(run_id) WHERE settings = ? AND kind = 'run' AND "
                                         "file = ? ORDER BY cell", err, errlen);
    if (!st)
        return -1;
    r->api.bind_text(st, 1, settings, -1, SQLITE_STATIC);
    r->api.bind_text(st, 2, csvout_file_name(CSV_CHUNKS), -1, SQLITE_STATIC);
    int rc = 0;
    while (rc == 0 && r->api.step(st) == SQLITE_ROW) {
        sqlite3_int64 cell = r->api.column_int64(st, 0);
        double rows = INFINITY, each;
        for (int i = 0; rc == 0 && i < nb; i++)
            if ((rc = nights_matched_rows(r, b[i].nights, b[i].n, cell, &each, err, errlen)) == 0)
                rows = fmin(rows, each);
        for (int i = 0; rc == 0 && i < nb; i++) {
            rc = nights_figures(r, b[i].nights, b[i].n, cell, rows, err, errlen);
            b[i].nlogs = 0;
            for (int k = 0; rc == 0 && k < b[i].n; k++)
                if (b[i].nights[k].fig[NIGHT_WRITE] > 0)
                    b[i].logs[b[i].nlogs++] = log(b[i].nights[k].fig[NIGHT_WRITE]);
            double *copy = malloc((size_t)(b[i].nlogs ? b[i].nlogs : 1) * sizeof *copy);
            b[i].median = NAN;
            if (copy && b[i].nlogs) {
                memcpy(copy, b[i].logs, (size_t)b[i].nlogs * sizeof *copy);
                b[i].median = exp(median_of(copy, b[i].nlogs));
            }
            free(copy);
        }
        if (rc == 0)
            rc = visit_ranked(b, nb, cell, rows, floor, visit, ctx, err, errlen);
    }
    r->api.finalize(st);
    return rc;
}

int boards_rank(struct resultsdb *r, double floor, boards_visit visit, void *ctx, char *err,
                size_t errlen)
{
    char sql[1024];
    snprintf(sql, sizeof sql, "SELECT settings, series, %s FROM run WHERE kind = 'run' AND "
             "settings IN (SELECT settings FROM run WHERE kind = 'run' GROUP BY settings HAVING "
             "count(DISTINCT series) > 1) GROUP BY settings, series ORDER BY settings, "
             "min(start_time)", nights_label_sql());
    sqlite3_stmt *st = resultsdb_prepare(r, sql, err, errlen);
    if (!st)
        return -1;
    int rc = 0, nb = 0, more = r->api.step(st) == SQLITE_ROW;
    struct board *b = NULL;
    while (rc == 0 && more) {
        char *settings = strdup((const char *)r->api.column_text(st, 0) ?: "");
        if (!settings) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
            break;
        }
        for (; rc == 0 && more &&
               strcmp(settings, (const char *)r->api.column_text(st, 0)) == 0;
             more = r->api.step(st) == SQLITE_ROW) {
            struct board *grown = realloc(b, (size_t)(nb + 1) * sizeof *b);
            if (!grown) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
                break;
            }
            b = grown;
            memset(&b[nb], 0, sizeof *b);
            b[nb].key = strdup((const char *)r->api.column_text(st, 1) ?: "");
            snprintf(b[nb].label, sizeof b[nb].label, "%s",
                     (const char *)r->api.column_text(st, 2) ?: "");
            if (!b[nb].key)
                snprintf(err, errlen, "out of memory");
            rc = b[nb].key ? nights_load(r, b[nb].key, &b[nb].nights, &b[nb].n, err, errlen) : -1;
            b[nb].logs = rc == 0 ? calloc((size_t)b[nb].n + 1, sizeof *b[nb].logs) : NULL;
            nb++;
        }
        if (rc == 0)
            rc = rank_plan(r, b, nb, settings, floor, visit, ctx, err, errlen);
        for (int i = 0; i < nb; i++) {
            free(b[i].key);
            free(b[i].nights);
            free(b[i].logs);
        }
        free(settings);
        nb = 0;
    }
    free(b);
    r->api.finalize(st);
    return rc;
}
