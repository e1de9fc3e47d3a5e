/*
** historyplot: a series' cell over its nights, drawn; see historyplot.h.
**
** Files written into the cell's folder (see tsv.h):
**   nights.tsv    a row per night: its number (x), its start (label) and
**                 its figures, NaN where not measured
**   panels.tsv    a row per figure some night measured: its column in
**                 nights.tsv and its name with its unit (the panel's axis)
**   changes.tsv   a row per change point: the night it starts at, the
**                 figure's column and its ratio after to before, as text
** and for boards side by side:
**   boards.tsv    a row per series, in the ranking's order: its rank (x),
**                 its label, its verdict against the first (note), its
**                 median write cost
**   board_runs.tsv a row per run of each series: its rank (x), its write
**                 cost
*/
#include "historyplot.h"

#include "plot.h"
#include "tsv.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each figure's column of nights.tsv. */
static const enum tsv_col fig_col[NIGHT_FIGS] = {
    [NIGHT_WRITE] = TCOL_write_cost, [NIGHT_P50] = TCOL_p50_us, [NIGHT_P99] = TCOL_p99_us,
    [NIGHT_SYNC] = TCOL_probe_sync,  [NIGHT_READ] = TCOL_probe_read,
};

/* 1 when some night of c measured figure f. */
static int measured(const struct nights_cell *c, enum night_fig f)
{
    for (int i = 0; i < c->n; i++)
        if (!isnan(c->nights[i].fig[f]))
            return 1;
    return 0;
}

static int write_data(const struct nights_cell *c, const char *dir, char *err, size_t errlen)
{
    struct tsv t;
    if (tsv_create(&t, dir, TSV_NIGHTS, 0, err, errlen))
        return -1;
    for (int i = 0; i < c->n; i++) {
        tsv_int(&t, TCOL_x, i + 1);
        tsv_text(&t, TCOL_label, c->nights[i].start);
        for (int f = 0; f < NIGHT_FIGS; f++)
            tsv_num(&t, fig_col[f], c->nights[i].fig[f]);
        tsv_end_row(&t);
    }
    if (tsv_close(&t, err, errlen) || tsv_create(&t, dir, TSV_NIGHT_PANELS, 0, err, errlen))
        return -1;
    for (int f = 0; f < NIGHT_FIGS; f++) {
        char name[128];
        if (!measured(c, f))
            continue;
        snprintf(name, sizeof name, "%s (%s)", nights_fig_name(f), nights_fig_unit(f));
        tsv_text(&t, TCOL_column, tsvschema_col_name(fig_col[f]));
        tsv_text(&t, TCOL_name, name);
        tsv_end_row(&t);
    }
    if (tsv_close(&t, err, errlen) || tsv_create(&t, dir, TSV_NIGHT_CHANGES, 0, err, errlen))
        return -1;
    for (int f = 0; f < NIGHT_FIGS; f++) {
        struct changepoint cp[NIGHTS_MAX_CHANGES];
        int k = nights_changes(c, f, cp);
        for (int j = 0; j < k; j++) {
            char ratio[32];
            units_ratio(cp[j].ratio, ratio, sizeof ratio);
            tsv_int(&t, TCOL_x, cp[j].at + 1);
            tsv_text(&t, TCOL_column, tsvschema_col_name(fig_col[f]));
            tsv_text(&t, TCOL_label, ratio);
            tsv_end_row(&t);
        }
    }
    return tsv_close(&t, err, errlen);
}

/* The graphs of mode drawn from dir's data into dir: 0 drawn, 1 not (why
** in err). */
static int draw(const char *dir, const char *desc, const char *mode, char *err, size_t errlen)
{
    /* plot_draw's lines (gnuplot missing, a script failed) become the one
    ** line of why: standard output is the history's markdown or JSON */
    char *said = NULL;
    size_t len = 0;
    FILE *msg = open_memstream(&said, &len);
    if (!msg) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int rc = plot_draw(dir, dir, desc, mode, 0, "", msg);
    fclose(msg);
    const char *why = said && *said ? said : "gnuplot failed";
    if (rc != 0)
        snprintf(err, errlen, "%.*s", (int)strcspn(why, "\n"), why);
    free(said);
    return rc != 0;
}

int historyplot_draw(const struct nights_cell *c, const char *dir, const char *desc, char *err,
                     size_t errlen)
{
    return write_data(c, dir, err, errlen) ? -1 : draw(dir, desc, "history", err, errlen);
}

int historyplot_boards(const struct boards_side *s, const char *dir, const char *desc,
                       char *err, size_t errlen)
{
    struct tsv t;
    if (tsv_create(&t, dir, TSV_BOARDS, 0, err, errlen))
        return -1;
    for (int i = 0; i < s->n; i++) {
        char said[128];
        tsv_int(&t, TCOL_x, i + 1);
        tsv_text(&t, TCOL_label, s->row[i].label);
        tsv_text(&t, TCOL_note, boards_verdict_text(s, i, said, sizeof said));
        tsv_num(&t, TCOL_write_cost, s->row[i].write_cost);
        tsv_end_row(&t);
    }
    if (tsv_close(&t, err, errlen) || tsv_create(&t, dir, TSV_BOARD_RUNS, 0, err, errlen))
        return -1;
    for (int i = 0; i < s->n; i++)
        for (int k = 0; k < s->row[i].nlogs; k++) {
            tsv_int(&t, TCOL_x, i + 1);
            tsv_num(&t, TCOL_write_cost, exp(s->row[i].logs[k]));
            tsv_end_row(&t);
        }
    return tsv_close(&t, err, errlen) ? -1 : draw(dir, desc, "boards", err, errlen);
}
