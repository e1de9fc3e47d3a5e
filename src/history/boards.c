/*
** boards: the series of one plan side by side.
**
** Runs whose plan's options agree (run.settings) but whose host, storage
** or libraries differ are series of one plan; for each cell of the plan,
** each series is ranked by its median write cost (µs a row) over its
** nights, at the table size every night of every series reached (nights.h).
** The first is the cheapest; each other is held against it by
** changepoint_at on the logs of both series' nights: its ratio and 95%
** interval, and a verdict: slower when p < BOARDS_ALPHA and the ratio is
** at least BOARDS_MIN_CHANGE above 1, else alike within the nights' noise
** (too few nights: fewer than 3 in all).
*/
#include "boards.h"
#include "cellname.h"
#include "changepoint.h"
#include "colid.h"
#include "csvout.h"
#include "median.h"
#include "nights.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BOARDS_ALPHA 0.05
#define BOARDS_MIN_CHANGE 0.10

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

/* The verdict of board o against the first, b0, into cp. */
static const char *verdict(const struct board *b0, const struct board *o, double floor,
                           struct changepoint *cp)
{
    int n = b0->nlogs + o->nlogs;
    double *x = malloc((size_t)(n ? n : 1) * sizeof *x);
    int ok = 0;
    if (x) {
        memcpy(x, b0->logs, (size_t)b0->nlogs * sizeof *x);
        memcpy(x + b0->nlogs, o->logs, (size_t)o->nlogs * sizeof *x);
        ok = changepoint_at(x, n, b0->nlogs, floor, cp);
    }
    free(x);
    if (!ok)
        return "too few nights to tell";
    return cp->p < BOARDS_ALPHA && cp->ratio >= 1 + BOARDS_MIN_CHANGE ? "slower"
                                                                      : "alike within noise";
}

static void print_rank(const struct board *b, int nb, sqlite3_int64 cell, double rows,
                       double floor, json_t *json)
{
    json_t *ranked = json_array();
    char name[CELLNAME_MAX];
    if (!json)
        printf("## Side by side, %s at %.0f rows\n\n| rank | series | nights | write cost "
               "(us/row) | against the first | verdict |\n|---:|---|---:|---:|---|---|\n",
               cellname(name, sizeof name, cell, 1, 1), rows);
    for (int i = 0; i < nb; i++) {
        struct changepoint cp = {0, NAN, NAN, NAN, NAN};
        const char *said = i == 0 ? "the cheapest" : verdict(&b[0], &b[i], floor, &cp);
        if (json)
            json_array_append_new(ranked, json_pack("{s:i, s:s, s:i, s:f, s:f, s:f, s:f, s:s}",
                                                    "rank", i + 1, "label", b[i].label,
                                                    "nights", b[i].n, "write_cost", b[i].median,
                                                    "ratio", i ? cp.ratio : 1.0, "lo",
                                                    i ? cp.lo : 1.0, "hi", i ? cp.hi : 1.0,
                                                    "verdict", said));
        else if (i == 0 || isnan(cp.ratio))
            printf("| %d | %s | %d | %.4g | | %s |\n", i + 1, b[i].label, b[i].n, b[i].median,
                   said);
        else
            printf("| %d | %s | %d | %.4g | x%.3g (95%% interval %.3g to %.3g) | %s |\n", i + 1,
                   b[i].label, b[i].n, b[i].median, cp.ratio, cp.lo, cp.hi, said);
    }
    if (json)
        json_array_append_new(json, json_pack("{s:I, s:f, s:o}", colid_name(COL_cell),
                                              (json_int_t)cell, colid_name(COL_rows), rows,
                                              "ranked", ranked));
    else {
        printf("\n");
        json_decref(ranked);
    }
}

/* The boards of one plan, cell by cell. */
static int rank_plan(struct resultsdb *r, struct board *b, int nb, const char *settings,
                     double floor, json_t *json, char *err, size_t errlen)
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
        if (rc == 0) {
            qsort(b, (size_t)nb, sizeof *b, by_median);
            print_rank(b, nb, cell, rows, floor, json);
        }
    }
    r->api.finalize(st);
    return rc;
}

int boards_rank(struct resultsdb *r, double floor, json_t *json, char *err, size_t errlen)
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
            rc = rank_plan(r, b, nb, settings, floor, json, err, errlen);
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
