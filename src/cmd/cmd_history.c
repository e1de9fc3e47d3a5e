/*
** cmd_history: `sqlsoak history [--db FILE] [--format markdown|json]`.
**
** A series is the runs whose series key agrees (dbadd.c: the host, the
** storage as the kernel names it, the libraries' versions and source ids,
** the plan's options); within it each cell of the plan is followed on its
** own, night by night, in nights.h's figures at matched table sizes.
** Change points across the nights are changepoint.h's, on the logs of a
** figure, at HISTORY_ALPHA false alarms a series and a change of at
** least HISTORY_MIN_CHANGE, the nights' spread taken as at least
** HISTORY_NOISE_FLOOR.  Then the series of one plan on different boards
** or cards, side by side (boards.h).
*/
#include "cmd_history.h"
#include "cellname.h"
#include "boards.h"
#include "changepoint.h"
#include "colid.h"
#include "csvout.h"
#include "modes.h"
#include "nights.h"
#include "resultsdb.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HISTORY_ALPHA 0.01
#define HISTORY_MIN_CHANGE 0.10
#define HISTORY_NOISE_FLOOR 0.05   /* the least spread of nights, in logs: 5% */
#define MAX_CHANGES 16

struct subject {
    int series;                /* 1-based, in the order of their first night */
    const char *label;         /* host, storage, libraries */
    sqlite3_int64 cell;
    int n;
    struct night *nights;
};

/* The change points of figure f over s's nights; their count. */
static int changes_of(const struct subject *s, enum night_fig f, struct changepoint *cp)
{
    double *x = malloc((size_t)(s->n ? s->n : 1) * sizeof *x);
    int n = 0;
    for (int i = 0; x && i < s->n; i++)
        if (s->nights[i].fig[f] > 0)
            x[n++] = log(s->nights[i].fig[f]);
    int found = x && n == s->n ? changepoint_find(x, n, HISTORY_ALPHA, HISTORY_MIN_CHANGE,
                                                  HISTORY_NOISE_FLOOR, cp, MAX_CHANGES) : 0;
    free(x);
    return found;
}

static void print_markdown(const struct subject *s)
{
    char name[CELLNAME_MAX];
    printf("## Series %d, %s: %s\n\n%d night%s\n\n| night |", s->series,
           cellname(name, sizeof name, s->cell, 1, 1), s->label, s->n, s->n == 1 ? "" : "s");
    for (int f = 0; f < NIGHT_FIGS; f++)
        printf(" %s (%s) |", nights_fig_name(f), nights_fig_unit(f));
    printf("\n|---|");
    for (int f = 0; f < NIGHT_FIGS; f++)
        printf("---:|");
    printf("\n");
    for (int i = 0; i < s->n; i++) {
        printf("| %d %s |", i + 1, s->nights[i].start);
        for (int f = 0; f < NIGHT_FIGS; f++)
            isnan(s->nights[i].fig[f]) ? printf(" |") : printf(" %.4g |", s->nights[i].fig[f]);
        printf("\n");
    }
    printf("\nChanges:");
    int any = 0;
    for (int f = 0; f < NIGHT_FIGS; f++) {
        struct changepoint cp[MAX_CHANGES];
        int k = changes_of(s, f, cp);
        for (int c = 0; c < k; c++, any = 1)
            printf("\n- night %d (%s): %s x%.3g (95%% interval %.3g to %.3g, p %.2g)", cp[c].at + 1,
                   s->nights[cp[c].at].start, nights_fig_name(f), cp[c].ratio, cp[c].lo, cp[c].hi,
                   cp[c].p);
    }
    printf("%s\n\n", any ? "" : " none");
}

static json_t *subject_json(const struct subject *s)
{
    json_t *nights = json_array(), *changes = json_array();
    for (int i = 0; i < s->n; i++) {
        json_t *figures = json_object();
        for (int f = 0; f < NIGHT_FIGS; f++)
            if (!isnan(s->nights[i].fig[f]))
                json_object_set_new(figures, nights_fig_name(f), json_real(s->nights[i].fig[f]));
        json_array_append_new(nights, json_pack("{s:i, s:s, s:o}", "night", i + 1, "start_time",
                                                s->nights[i].start, "figures", figures));
    }
    for (int f = 0; f < NIGHT_FIGS; f++) {
        struct changepoint cp[MAX_CHANGES];
        int k = changes_of(s, f, cp);
        for (int c = 0; c < k; c++)
            json_array_append_new(changes, json_pack(
                "{s:i, s:s, s:s, s:f, s:f, s:f, s:f}", "night", cp[c].at + 1, "start_time",
                s->nights[cp[c].at].start, "figure", nights_fig_name(f), "ratio", cp[c].ratio,
                "lo", cp[c].lo, "hi", cp[c].hi, "p", cp[c].p));
    }
    return json_pack("{s:i, s:I, s:s, s:o, s:o}", "series", s->series, colid_name(COL_cell),
                     (json_int_t)s->cell, "label", s->label, "nights", nights, "changes", changes);
}

/* Series key's nights, cell by cell, printed or appended to out. */
static int one_series(struct resultsdb *r, const char *key, int series, const char *label,
                      json_t *out, char *err, size_t errlen)
{
    struct subject s = {series, label, 0, 0, NULL};
    if (nights_load(r, key, &s.nights, &s.n, err, errlen) != 0)
        return -1;
    sqlite3_stmt *st = resultsdb_prepare(r, "SELECT DISTINCT cell FROM figure JOIN run "
                                         "USING(run_id) WHERE series = ? AND kind = 'run' AND "
                                         "file = ? ORDER BY cell", err, errlen);
    int rc = st ? 0 : -1;
    if (st) {
        r->api.bind_text(st, 1, key, -1, SQLITE_STATIC);
        r->api.bind_text(st, 2, csvout_file_name(CSV_CHUNKS), -1, SQLITE_STATIC);
    }
    while (rc == 0 && r->api.step(st) == SQLITE_ROW) {
        double rows;
        s.cell = r->api.column_int64(st, 0);
        rc = nights_matched_rows(r, s.nights, s.n, s.cell, &rows, err, errlen);
        if (rc == 0)
            rc = nights_figures(r, s.nights, s.n, s.cell, rows, err, errlen);
        if (rc == 0 && out)
            json_array_append_new(out, subject_json(&s));
        else if (rc == 0)
            print_markdown(&s);
    }
    if (st)
        r->api.finalize(st);
    free(s.nights);
    return rc;
}

int cmd_history(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    struct resultsdb r;
    char sql[1024];
    if (resultsdb_open(&r, cfg->results_db, 0, err, errlen) != 0)
        return 2;
    int json = cfg->report_format == REPORT_JSON, rc = 0, series = 0;
    json_t *out = json ? json_array() : NULL, *sides = json ? json_array() : NULL;
    snprintf(sql, sizeof sql, "SELECT series, %s FROM run WHERE kind = 'run' GROUP BY series "
             "ORDER BY min(start_time)", nights_label_sql());
    sqlite3_stmt *st = resultsdb_prepare(&r, sql, err, errlen);
    if (!st)
        rc = 1;
    if (!json && st)
        printf("# History\n\nMethod: binary segmentation, a t-test on the logs of each figure "
               "over the nights, Bonferroni-penalised, %g%% false alarms a series, changes of "
               "%g%% or more, nights taken to vary by %g%% at least.\n\n", 100 * HISTORY_ALPHA,
               100 * HISTORY_MIN_CHANGE, 100 * HISTORY_NOISE_FLOOR);
    while (rc == 0 && st && r.api.step(st) == SQLITE_ROW)
        rc = one_series(&r, (const char *)r.api.column_text(st, 0), ++series,
                        (const char *)r.api.column_text(st, 1) ?: "", out, err, errlen) ? 1 : 0;
    if (st)
        r.api.finalize(st);
    if (rc == 0)
        rc = boards_rank(&r, HISTORY_NOISE_FLOOR, sides, err, errlen) ? 1 : 0;
    if (rc == 0 && json) {
        json_t *doc = json_pack("{s:f, s:f, s:f, s:O, s:O}", "alpha", HISTORY_ALPHA, "min_change",
                                HISTORY_MIN_CHANGE, "noise_floor", HISTORY_NOISE_FLOOR,
                                "series", out, "side_by_side", sides);
        json_dumpf(doc, stdout, JSON_INDENT(2));
        printf("\n");
        json_decref(doc);
    }
    json_decref(out);
    json_decref(sides);
    resultsdb_close(&r);
    return rc == 0 && fflush(stdout) == 0 ? 0 : 1;
}
