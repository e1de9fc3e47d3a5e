/*
** nights: a series' nights and their figures; see nights.h.
**
** A night's figure of a cell is taken over the cell's chunks, every
** repeat, whose table held at most the rows every night of the series
** (or of the boards compared) reached, so that nights are compared at
** matched table sizes:
**   write cost   their write_s over their chunk_rows, in µs a row: what
**                the night sustained, a chunk that paid a checkpoint
**                counted in full (the run's own sustained rate, inverted)
**   read p50/p99 the median of the chunks' read latency percentiles, µs
**   probe sync   the device probe's write+fdatasync rate (run.json)
**   probe read   the probe's random 4 KiB read rate
*/
#include "nights.h"
#include "colid.h"
#include "csvout.h"
#include "latency.h"
#include "median.h"
#include "runkey.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name, *unit;
} figs[NIGHT_FIGS] = {
    [NIGHT_WRITE] = {"write cost", "us/row"},  [NIGHT_P50] = {"read p50", "us"},
    [NIGHT_P99] = {"read p99", "us"},          [NIGHT_SYNC] = {"probe sync", "/s"},
    [NIGHT_READ] = {"probe random read", "/s"},
};

const char *nights_fig_name(enum night_fig f)
{
    return figs[f].name;
}

const char *nights_fig_unit(enum night_fig f)
{
    return figs[f].unit;
}

const char *nights_label_sql(void)
{
    return "min(hostname) || ', ' || coalesce(nullif(json_extract(min(storage), '$.model'), '') "
           "|| ' ', '') || coalesce(json_extract(min(storage), '$.block_device'), '') || ' (' || "
           "coalesce(json_extract(min(storage), '$.fstype'), '') || ')' || "
           "coalesce(', ' || json_extract(min(storage), '$.device_id'), '') || ', SQLite ' || "
           "(SELECT group_concat(version, ' + ') FROM library WHERE run_id = min(run.run_id))";
}

int nights_load(struct resultsdb *r, const char *key, struct night **out, int *n, char *err,
                size_t errlen)
{
    sqlite3_stmt *st = resultsdb_prepare(r, "SELECT run_id, start_time FROM run WHERE series = ? "
                                         "AND kind = 'run' ORDER BY start_time, run_id", err,
                                         errlen);
    int cap = 16;
    *n = 0;
    *out = st ? calloc((size_t)cap, sizeof **out) : NULL;
    if (!*out) {   /* err says why when st is NULL */
        if (st) {
            r->api.finalize(st);
            snprintf(err, errlen, "out of memory");
        }
        return -1;
    }
    r->api.bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
    while (r->api.step(st) == SQLITE_ROW) {
        if (*n == cap) {
            struct night *more = realloc(*out, (size_t)(cap *= 2) * sizeof **out);
            if (!more)
                break;
            *out = more;
        }
        struct night *nt = &(*out)[(*n)++];
        memset(nt, 0, sizeof *nt);
        nt->run_id = r->api.column_int64(st, 0);
        snprintf(nt->start, sizeof nt->start, "%s",
                 (const char *)r->api.column_text(st, 1) ?: "");
    }
    r->api.finalize(st);
    return 0;
}

/* The probe's figure of run id: OBJ.ops_per_s; NaN when none. */
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

/* One night's chunks of cell: its max_rows, and its chunk figures at
** table sizes up to rows (every one when NaN). */
static int night_chunks(struct resultsdb *r, struct night *nt, sqlite3_int64 cell, double rows,
                        char *err, size_t errlen)
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
    int cap = 0, k = 0, rc = 0;
    double *v = NULL;   /* k rows of 2: p50, p99 */
    double write_s = 0, written = 0;    /* the chunks' write time and rows */
    nt->max_rows = 0;
    while (r->api.step(st) == SQLITE_ROW) {
        double f[5];
        for (int c = 0; c < 5; c++)
            f[c] = r->api.column_type(st, c) == SQLITE_NULL
                       ? NAN : strtod((const char *)r->api.column_text(st, c), NULL);
        nt->max_rows = fmax(nt->max_rows, f[0]);
        if (!isnan(rows) && !(f[0] <= rows))
            continue;
        if (k == cap) {
            double *more = realloc(v, (size_t)(cap = cap ? 2 * cap : 64) * 2 * sizeof *v);
            if (!more) {
                snprintf(err, errlen, "out of memory");
                rc = -1;
                break;
            }
            v = more;
        }
        if (f[2] > 0 && f[1] >= 0) {
            write_s += f[1];
            written += f[2];
        }
        v[2 * k] = f[3];
        v[2 * k + 1] = f[4];
        k++;
    }
    r->api.finalize(st);
    for (int i = 0; rc == 0 && !isnan(rows) && i < 2; i++) {
        double *col = malloc((size_t)(k ? k : 1) * sizeof *col);
        for (int j = 0; col && j < k; j++)
            col[j] = v[2 * j + i];
        nt->fig[NIGHT_P50 + i] = col && k ? median_of(col, k) : NAN;
        free(col);
    }
    if (rc == 0 && !isnan(rows))
        nt->fig[NIGHT_WRITE] = written > 0 ? write_s / written * 1e6 : NAN;
    free(v);
    return rc;
}

int nights_matched_rows(struct resultsdb *r, struct night *nights, int n, sqlite3_int64 cell,
                        double *rows, char *err, size_t errlen)
{
    *rows = INFINITY;
    for (int i = 0; i < n; i++) {
        if (night_chunks(r, &nights[i], cell, NAN, err, errlen) != 0)
            return -1;
        *rows = fmin(*rows, nights[i].max_rows);
    }
    return 0;
}

int nights_figures(struct resultsdb *r, struct night *nights, int n, sqlite3_int64 cell,
                   double rows, char *err, size_t errlen)
{
    for (int i = 0; i < n; i++) {
        if (night_chunks(r, &nights[i], cell, rows, err, errlen) != 0)
            return -1;
        nights[i].fig[NIGHT_SYNC] = probe_figure(r, nights[i].run_id, RUNKEY_LIMITS_FDATASYNC);
        nights[i].fig[NIGHT_READ] = probe_figure(r, nights[i].run_id, RUNKEY_LIMITS_RANDOM_READ);
    }
    return 0;
}

int nights_changes(const struct nights_cell *c, enum night_fig f, struct changepoint *cp)
{
    double *x = malloc((size_t)(c->n ? c->n : 1) * sizeof *x);
    int n = 0;
    for (int i = 0; x && i < c->n; i++)
        if (c->nights[i].fig[f] > 0)
            x[n++] = log(c->nights[i].fig[f]);
    int found = x && n == c->n ? changepoint_find(x, n, NIGHTS_ALPHA, NIGHTS_MIN_CHANGE,
                                                  NIGHTS_NOISE_FLOOR, cp, NIGHTS_MAX_CHANGES)
                               : 0;
    free(x);
    return found;
}

const char *nights_change_words(const struct nights_cell *c, enum night_fig f,
                                const struct changepoint *cp, char *buf, size_t n)
{
    char r[32], range[64], p[32];
    snprintf(buf, n, "night %d (%s): %s %s (95%% interval %s, %s)", cp->at + 1,
             c->nights[cp->at].start, nights_fig_name(f), units_ratio(cp->ratio, r, sizeof r),
             units_range(cp->lo, cp->hi, range, sizeof range), units_p(cp->p, p, sizeof p));
    return buf;
}

const char *nights_no_change_words(const struct nights_cell *c)
{
    return c->n < 3 ? "none looked for: fewer than 3 nights" : "none found";
}

const char *nights_method(char *buf, size_t n)
{
    char alpha[32], least[32], floor[32];
    snprintf(buf, n, "binary segmentation, a t-test on the logs of each figure over the "
             "nights, Bonferroni-penalised, %s%% false alarms a series, changes of %s%% or "
             "more, nights taken to vary by %s%% at least.",
             units_whole(100 * NIGHTS_ALPHA, alpha, sizeof alpha),
             units_whole(100 * NIGHTS_MIN_CHANGE, least, sizeof least),
             units_whole(100 * NIGHTS_NOISE_FLOOR, floor, sizeof floor));
    return buf;
}
