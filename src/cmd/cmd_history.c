/*
** cmd_history: `sqlsoak history [--db FILE] [--format markdown|json]`.
**
** A series is the runs whose series key agrees (dbadd.c: the host, the
** storage as the kernel names it, the libraries' versions and source ids,
** the plan's options); within it each cell of the plan is followed on its
** own, night by night, in nights.h's figures at matched table sizes.
** Change points across the nights are nights.h's (changepoint.h's, on
** the logs of a figure, NIGHTS_ALPHA false alarms a series, a change of
** at least NIGHTS_MIN_CHANGE, the nights' spread taken as at least
** NIGHTS_NOISE_FLOOR).  Then the series of one plan on different boards
** or cards, side by side (boards.h).  With --out, the same as a page with
** a graph of each series' cell (historypage.h), in a folder checked as
** compare checks its own before anything is made.
*/
#include "cmd_history.h"
#include "cellname.h"
#include "boards.h"
#include "changepoint.h"
#include "colid.h"
#include "csvout.h"
#include "folder.h"
#include "historypage.h"
#include "modes.h"
#include "nights.h"
#include "resultsdb.h"
#include "units.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void print_markdown(const struct nights_cell *s)
{
    char name[CELLNAME_MAX], words[512], v[32];
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
            printf(" %s |", isnan(s->nights[i].fig[f]) ? "" : units_number(s->nights[i].fig[f], v, sizeof v));
        printf("\n");
    }
    printf("\nChanges:");
    int any = 0;
    for (int f = 0; f < NIGHT_FIGS; f++) {
        struct changepoint cp[NIGHTS_MAX_CHANGES];
        int k = nights_changes(s, f, cp);
        for (int c = 0; c < k; c++, any = 1)
            printf("\n- %s", nights_change_words(s, f, &cp[c], words, sizeof words));
    }
    printf("%s%s\n\n", any ? "" : " ", any ? "" : nights_no_change_words(s));
}

static json_t *subject_json(const struct nights_cell *s)
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
        struct changepoint cp[NIGHTS_MAX_CHANGES];
        int k = nights_changes(s, f, cp);
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
                      json_t *out, struct historypage *page, char *err, size_t errlen)
{
    struct nights_cell s = {series, label, 0, 0, NULL};
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
        if (rc == 0 && page)
            rc = historypage_cell(page, &s, err, errlen);
    }
    if (st)
        r->api.finalize(st);
    free(s.nights);
    return rc;
}

/* Where the boards side by side go: JSON or the markdown, and the page. */
struct sides {
    json_t *json;
    struct historypage *page;
};

static int one_side(const struct boards_side *s, void *ctx, char *err, size_t errlen)
{
    struct sides *to = ctx;
    if (to->json)
        json_array_append_new(to->json, boards_json(s));
    else
        boards_markdown(s);
    return to->page ? historypage_side(to->page, s, err, errlen) : 0;
}

/* Ends the page, or drops it when the history failed (rc): the page is
** in place even when a graph was not drawn, which then ends the history
** (rc 1, err saying why). */
static int page_end(struct historypage *page, int rc, char *err, size_t errlen)
{
    char why[1024];
    if (rc != 0) {
        historypage_drop(page);
        return rc;
    }
    if (historypage_end(page, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s", why);
        return 1;
    }
    if (page->undrawn) {
        snprintf(err, errlen, "%d graph%s not drawn in %s: %s", page->undrawn,
                 page->undrawn == 1 ? "" : "s", page->dir, page->why);
        return 1;
    }
    return 0;
}

/* --out's folder, checked as compare checks its own: a folder not there
** yet, or empty, that can be made and written.  0, or -1 with err. */
static int out_usable(const char *out, char *err, size_t errlen)
{
    struct stat st;
    if (stat(out, &st) == 0 && (!S_ISDIR(st.st_mode) || folder_has_entries(out))) {
        snprintf(err, errlen, "--out %s exists: a history's folder is never overwritten", out);
        return -1;
    }
    return folder_check_writable("--out", out, err, errlen);
}

int cmd_history(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    struct resultsdb r;
    struct historypage page;
    char sql[1024], method[512], db[4096];
    if (cfg->out && out_usable(cfg->out, err, errlen))
        return 2;
    if (resultsdb_open(&r, cfg->results_db, 0, err, errlen) != 0)
        return 2;
    if (!cfg->results_db && resultsdb_default_path(db, sizeof db, err, errlen))
        db[0] = 0;
    if (cfg->out && (folder_mkdirs(cfg->out, err, errlen) ||
                     historypage_begin(&page, cfg->out, cfg->results_db ?: db, err, errlen))) {
        resultsdb_close(&r);
        return 1;
    }
    int json = cfg->report_format == REPORT_JSON, rc = 0, series = 0;
    json_t *out = json ? json_array() : NULL, *sides = json ? json_array() : NULL;
    snprintf(sql, sizeof sql, "SELECT series, %s FROM run WHERE kind = 'run' GROUP BY series "
             "ORDER BY min(start_time)", nights_label_sql());
    sqlite3_stmt *st = resultsdb_prepare(&r, sql, err, errlen);
    if (!st)
        rc = 1;
    if (!json && st)
        printf("# History\n\nMethod: %s\n\n", nights_method(method, sizeof method));
    while (rc == 0 && st && r.api.step(st) == SQLITE_ROW)
        rc = one_series(&r, (const char *)r.api.column_text(st, 0), ++series,
                        (const char *)r.api.column_text(st, 1) ?: "", out,
                        cfg->out ? &page : NULL, err, errlen) ? 1 : 0;
    if (st)
        r.api.finalize(st);
    struct sides to = {sides, cfg->out ? &page : NULL};
    if (rc == 0)
        rc = boards_rank(&r, NIGHTS_NOISE_FLOOR, one_side, &to, err, errlen) ? 1 : 0;
    if (rc == 0 && json) {
        json_t *doc = json_pack("{s:f, s:f, s:f, s:O, s:O}", "alpha", NIGHTS_ALPHA, "min_change",
                                NIGHTS_MIN_CHANGE, "noise_floor", NIGHTS_NOISE_FLOOR,
                                "series", out, "side_by_side", sides);
        json_dumpf(doc, stdout, JSON_INDENT(2));
        printf("\n");
        json_decref(doc);
    }
    json_decref(out);
    json_decref(sides);
    resultsdb_close(&r);
    if (cfg->out)
        rc = page_end(&page, rc, err, errlen);
    return rc == 0 && fflush(stdout) == 0 ? 0 : 1;
}
