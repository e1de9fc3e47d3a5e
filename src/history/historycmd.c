/*
** historycmd: `sqlsoak history [--db FILE] [--format markdown|json]`.
**
** A series is the runs whose series key agrees (dbadd.c: the host, the
** storage as the kernel names it, the libraries' versions and source ids,
** the plan's options); within it each cell of the plan is followed on its
** own.  A night's figure is the median over the cell's chunks (every
** repeat) up to the largest table size every night of the series reached,
** so that nights are compared at matched table sizes:
**   write cost   write_s / chunk_rows, in µs a row
**   read p50/p99 the chunks' read latency percentiles, µs
**   sync/s       the device probe's write+fdatasync rate (run.json)
**   read/s       the probe's random 4 KiB read rate
** Change points across the nights are changepoint.h's, on the logs of a
** figure, at HISTORY_ALPHA false alarms a series and a change of at
** least HISTORY_MIN_CHANGE, the nights' spread taken as at least
** HISTORY_NOISE_FLOOR.
*/
#include "historycmd.h"
#include "changepoint.h"
#include "colid.h"
#include "csvout.h"
#include "latency.h"
#include "median.h"
#include "modes.h"
#include "resultsdb.h"
#include "runkey.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HISTORY_ALPHA 0.01
#define HISTORY_MIN_CHANGE 0.10
#define HISTORY_NOISE_FLOOR 0.05   /* the least spread of nights, in logs: 5% */
#define MAX_NIGHTS 4096
#define MAX_CHANGES 16

enum fig { F_WRITE, F_P50, F_P99, F_SYNC, F_READ, F_COUNT };
static const struct {
    const char *name, *unit;
} figs[F_COUNT] = {
    [F_WRITE] = {"write cost", "us/row"},  [F_P50] = {"read p50", "us"},
    [F_P99] = {"read p99", "us"},          [F_SYNC] = {"probe sync", "/s"},
    [F_READ] = {"probe random read", "/s"},
};

struct night {
    sqlite3_int64 run_id;
    char start[64];
    double max_rows;
    double fig[F_COUNT];
};

struct subject {
    int series;                /* 1-based, in the order of their first night */
    char label[512];           /* host, storage, libraries */
    sqlite3_int64 cell;
    int n;
    struct night *nights;
};

/* The probe's figure of run id: name OBJ.ops_per_s; NaN when none. */
static double probe_figure(struct resultsdb *r, sqlite3_int64 id, const char *obj)
{
    char name[128];
    double v = NAN;
    snprintf(name, sizeof name, "%s.%s", obj, RUNKEY_OP_OPS_PER_S);
    sqlite3_stmt *st = resultsdb_prepare(r, "SELECT value FROM figure WHERE run_id = ? AND "
                                         "file = 'probe' AND name = ?", (char[256]){0}, 256);
    if (!st)
        return v;
    r->api.bind_int64(st, 1, id);
    r->api.bind_text(st, 2, name, -1, SQLITE_TRANSIENT);
    if (r->api.step(st) == SQLITE_ROW && r->api.column_type(st, 0) != SQLITE_NULL)
        v = strtod((const char *)r->api.column_text(st, 0), NULL);
    r->api.finalize(st);
    return v;
}

/* The chunk figures of a night's cell: fills its fig[] at table sizes
** up to rows_cap (all when NaN), and its max_rows. */
static int night_figures(struct resultsdb *r, struct night *nt, sqlite3_int64 cell,
                         double rows_cap, char *err, size_t errlen)
{
    sqlite3_stmt *st = resultsdb_prepare(r,
        "SELECT max(CASE WHEN name = ?3 THEN value END), max(CASE WHEN name = ?4 THEN value END),"
        " max(CASE WHEN name = ?5 THEN value END), max(CASE WHEN name = ?6 THEN value END),"
        " max(CASE WHEN name = ?7 THEN value END) FROM figure WHERE run_id = ?1 AND"
        " file = ?8 AND cell = ?2 GROUP BY repeat, chunk", err, errlen);
    if (!st)
        return -1;
    const char *names[] = {colid_name(COL_rows), colid_name(COL_write_s),
                           colid_name(COL_chunk_rows), latency_table[LAT_P50].column,
                           latency_table[LAT_P99].column, csvout_file_name(CSV_CHUNKS)};
    r->api.bind_int64(st, 1, nt->run_id);
    r->api.bind_int64(st, 2, cell);
    for (int i = 0; i < 6; i++)
        r->api.bind_text(st, 3 + i, names[i], -1, SQLITE_STATIC);
    int cap = 256, k = 0;
    double *v[3] = {malloc(cap * sizeof(double)), malloc(cap * sizeof(double)),
                    malloc(cap * sizeof(double))};
    nt->max_rows = 0;
    while (v[0] && v[1] && v[2] && r->api.step(st) == SQLITE_ROW) {
        double f[5];
        for (int c = 0; c < 5; c++)
            f[c] = r->api.column_type(st, c) == SQLITE_NULL
                       ? NAN : strtod((const char *)r->api.column_text(st, c), NULL);
        if (f[0] > nt->max_rows)
            nt->max_rows = f[0];
        if (!isnan(rows_cap) && !(f[0] <= rows_cap))
            continue;
        if (k == cap) {
            cap *= 2;
            for (int i = 0; i < 3; i++)
                v[i] = realloc(v[i], (size_t)cap * sizeof(double));   /* NULL ends the loop */
            if (!v[0] || !v[1] || !v[2])
                break;
        }
        v[0][k] = f[2] > 0 ? f[1] / f[2] * 1e6 : NAN;
        v[1][k] = f[3];
        v[2][k] = f[4];
        k++;
    }
    r->api.finalize(st);
    for (int i = 0; i < 3; i++) {
        int m = 0;
        for (int j = 0; v[i] && j < k; j++)
            if (!isnan(v[i][j]))
                v[i][m++] = v[i][j];
        nt->fig[F_WRITE + i] = v[i] ? median_of(v[i], m) : NAN;
        free(v[i]);
    }
    nt->fig[F_SYNC] = probe_figure(r, nt->run_id, RUNKEY_LIMITS_FDATASYNC);
    nt->fig[F_READ] = probe_figure(r, nt->run_id, RUNKEY_LIMITS_RANDOM_READ);
    return 0;
}

/* The change points of figure f over s's nights; their count. */
static int changes_of(const struct subject *s, enum fig f, struct changepoint *cp)
{
    double *x = malloc((size_t)s->n * sizeof *x);
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
    printf("## Series %d, cell %lld: %s\n\n%d night%s\n\n| night |", s->series, (long long)s->cell,
           s->label, s->n, s->n == 1 ? "" : "s");
    for (int f = 0; f < F_COUNT; f++)
        printf(" %s (%s) |", figs[f].name, figs[f].unit);
    printf("\n|---|");
    for (int f = 0; f < F_COUNT; f++)
        printf("---:|");
    printf("\n");
    for (int i = 0; i < s->n; i++) {
        printf("| %d %s |", i + 1, s->nights[i].start);
        for (int f = 0; f < F_COUNT; f++)
            isnan(s->nights[i].fig[f]) ? printf(" |") : printf(" %.4g |", s->nights[i].fig[f]);
        printf("\n");
    }
    printf("\nChanges:");
    int any = 0;
    for (int f = 0; f < F_COUNT; f++) {
        struct changepoint cp[MAX_CHANGES];
        int k = changes_of(s, f, cp);
        for (int c = 0; c < k; c++, any = 1)
            printf("\n- night %d (%s): %s x%.3g (95%% interval %.3g to %.3g, p %.2g)", cp[c].at + 1,
                   s->nights[cp[c].at].start, figs[f].name, cp[c].ratio, cp[c].lo, cp[c].hi,
                   cp[c].p);
    }
    printf("%s\n\n", any ? "" : " none");
}

static json_t *subject_json(const struct subject *s)
{
    json_t *nights = json_array(), *changes = json_array();
    for (int i = 0; i < s->n; i++) {
        json_t *figures = json_object();
        for (int f = 0; f < F_COUNT; f++)
            if (!isnan(s->nights[i].fig[f]))
                json_object_set_new(figures, figs[f].name, json_real(s->nights[i].fig[f]));
        json_array_append_new(nights, json_pack("{s:i, s:s, s:o}", "night", i + 1, "start_time",
                                                s->nights[i].start, "figures", figures));
    }
    for (int f = 0; f < F_COUNT; f++) {
        struct changepoint cp[MAX_CHANGES];
        int k = changes_of(s, f, cp);
        for (int c = 0; c < k; c++)
            json_array_append_new(changes, json_pack(
                "{s:i, s:s, s:s, s:f, s:f, s:f, s:f}", "night", cp[c].at + 1, "start_time",
                s->nights[cp[c].at].start, "figure", figs[f].name, "ratio", cp[c].ratio, "lo",
                cp[c].lo, "hi", cp[c].hi, "p", cp[c].p));
    }
    return json_pack("{s:i, s:I, s:s, s:o, s:o}", "series", s->series, colid_name(COL_cell),
                     (json_int_t)s->cell, "label", s->label, "nights", nights, "changes", changes);
}

/* The nights of series key (its runs by start time) and their cells. */
static int load_series(struct resultsdb *r, const char *key, int series, const char *label,
                       int json, json_t *out, char *err, size_t errlen)
{
    struct night *nights = calloc(MAX_NIGHTS, sizeof *nights);
    sqlite3_stmt *st = nights ? resultsdb_prepare(r, "SELECT run_id, start_time FROM run WHERE "
                                                  "series = ? AND kind = 'run' ORDER BY "
                                                  "start_time, run_id", err, errlen) : NULL;
    if (!st) {
        free(nights);
        return -1;
    }
    int n = 0;
    r->api.bind_text(st, 1, key, -1, SQLITE_STATIC);
    while (n < MAX_NIGHTS && r->api.step(st) == SQLITE_ROW) {
        nights[n].run_id = r->api.column_int64(st, 0);
        snprintf(nights[n].start, sizeof nights[n].start, "%s",
                 (const char *)r->api.column_text(st, 1) ?: "");
        n++;
    }
    r->api.finalize(st);
    st = resultsdb_prepare(r, "SELECT DISTINCT cell FROM figure JOIN run USING(run_id) WHERE "
                           "series = ? AND file = ? ORDER BY cell", err, errlen);
    int rc = st ? 0 : -1;
    if (st) {
        r->api.bind_text(st, 1, key, -1, SQLITE_STATIC);
        r->api.bind_text(st, 2, csvout_file_name(CSV_CHUNKS), -1, SQLITE_STATIC);
    }
    while (rc == 0 && r->api.step(st) == SQLITE_ROW) {
        struct subject s = {series, "", r->api.column_int64(st, 0), n, nights};
        snprintf(s.label, sizeof s.label, "%s", label);
        double cap = INFINITY;
        for (int i = 0; rc == 0 && i < n; i++)   /* the largest size every night reached */
            if ((rc = night_figures(r, &nights[i], s.cell, NAN, err, errlen)) == 0)
                cap = fmin(cap, nights[i].max_rows);
        for (int i = 0; rc == 0 && i < n; i++)
            rc = night_figures(r, &nights[i], s.cell, cap, err, errlen);
        if (rc == 0 && json)
            json_array_append_new(out, subject_json(&s));
        else if (rc == 0)
            print_markdown(&s);
    }
    if (st)
        r->api.finalize(st);
    free(nights);
    return rc;
}

int historycmd_main(const struct config *cfg, char *err, size_t errlen)
{
    struct resultsdb r;
    if (resultsdb_open(&r, cfg->results_db, 0, err, errlen) != 0)
        return 2;
    int json = cfg->report_format == REPORT_JSON, rc = 0, series = 0;
    json_t *out = json_array();
    sqlite3_stmt *st = resultsdb_prepare(&r,
        "SELECT series, min(hostname) || ', ' || coalesce(json_extract(min(storage), '$.model'), "
        "'') || ' ' || coalesce(json_extract(min(storage), '$.block_device'), '') || ' (' || "
        "coalesce(json_extract(min(storage), '$.fstype'), '') || '), SQLite ' || "
        "(SELECT group_concat(version, ' + ') FROM library WHERE run_id = min(run.run_id)) "
        "FROM run WHERE kind = 'run' GROUP BY series ORDER BY min(start_time)", err, errlen);
    if (!st)
        rc = 1;
    if (!json && st)
        printf("# History\n\nMethod: binary segmentation, a t-test on the logs of each figure "
               "over the nights, Bonferroni-penalised, %g%% false alarms a series, changes of "
               "%g%% or more, nights taken to vary by %g%% at least.\n\n", 100 * HISTORY_ALPHA,
               100 * HISTORY_MIN_CHANGE, 100 * HISTORY_NOISE_FLOOR);
    while (rc == 0 && st && r.api.step(st) == SQLITE_ROW)
        rc = load_series(&r, (const char *)r.api.column_text(st, 0), ++series,
                         (const char *)r.api.column_text(st, 1) ?: "", json, out, err, errlen)
                 ? 1 : 0;
    if (st)
        r.api.finalize(st);
    if (rc == 0 && json) {
        json_t *doc = json_pack("{s:f, s:f, s:f, s:o}", "alpha", HISTORY_ALPHA, "min_change",
                                HISTORY_MIN_CHANGE, "noise_floor", HISTORY_NOISE_FLOOR,
                                "series", out);
        json_dumpf(doc, stdout, JSON_INDENT(2));
        printf("\n");
        json_decref(doc);
    } else
        json_decref(out);
    resultsdb_close(&r);
    return rc == 0 && fflush(stdout) == 0 ? 0 : 1;
}
