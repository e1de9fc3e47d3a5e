/*
** headlinedevice: the headline's sentences of the storage device.  See
** headlinedevice.h.
*/
#include "headlinedevice.h"

#include "absolute.h"
#include "baseline.h"
#include "cellname.h"
#include "csvin.h"
#include "efficiency.h"
#include "median.h"
#include "wear.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* What SQLite wrote into its files a row, over every file it counted. */
static double vfs_per_row(const struct summary_record *s)
{
    double t = NAN;
    for (int k = 0; k < VFS_FILES; k++)
        if (!isnan(s->vfs_bytes_per_row[k]))
            t = isnan(t) ? s->vfs_bytes_per_row[k] : t + s->vfs_bytes_per_row[k];
    return t;
}

/* The baseline's writes in bytes a row by the three counts (the median
** over its measured repeats of each), the device's named as holding every
** writer of it, and the share its writes while sqlsoak idled are of its
** rate during the cells (every measured cell's device bytes over their
** time).  Nothing without the device's count. */
void headlinedevice_writes(const struct headline_input *in, const char *base, struct headline *h)
{
    size_t k = (size_t)in->nrecs + 1;
    double *v = malloc(sizeof(double) * 3 * k), dev_bytes = 0, wall = 0;
    int nv = 0, ni = 0, nd = 0;
    for (int i = 0; v && i < in->nrecs; i++) {
        const struct summary_record *s = &in->recs[i];
        if (!headline_measured(s) || isnan(s->dev_write_bytes_per_row))
            continue;
        if (s->wall_s > 0 && s->rows > 0) {
            dev_bytes += s->dev_write_bytes_per_row * (double)s->rows;
            wall += s->wall_s;
        }
        if (s->id.cell != in->baseline)
            continue;
        v[2 * k + (size_t)nd++] = s->dev_write_bytes_per_row;
        if (!isnan(vfs_per_row(s)))
            v[(size_t)nv++] = vfs_per_row(s);
        if (!isnan(s->io_write_bytes_per_row))
            v[k + (size_t)ni++] = s->io_write_bytes_per_row;
    }
    if (!v || !nd) {
        free(v);
        return;
    }
    double sq = nv ? median_of(v, nv) : NAN, pr = ni ? median_of(v + k, ni) : NAN;
    double dv = median_of(v + 2 * k, nd);
    free(v);
    char a[40], b[40], c[40], sqlite[96] = "", proc[128] = "", idle[300], of[32];
    if (!isnan(sq))
        snprintf(sqlite, sizeof sqlite, "SQLite wrote %s into its files, ",
                 units_number(sq, a, sizeof a));
    if (!isnan(pr))     /* well under SQLite's: the rule report.html's "Writes by file" uses */
        snprintf(proc, sizeof proc, "the process %s to the storage%s, ",
                 units_number(pr, b, sizeof b),
                 !isnan(sq) && pr * 1.25 < sq ? " (the page cache merged rewrites)" : "");
    double share = NAN, rate = wall > 0 ? dev_bytes / wall : NAN;
    if (in->idle_s > 0) {
        char r[40], t[40], s[24], p[24];
        share = wear_idle_share_pct(in->idle_write_bytes_per_s, dev_bytes, wall);
        int len = snprintf(idle, sizeof idle, "while sqlsoak idled the device wrote %s a second (over "
                           "%s before the first cell)",
                           units_bytes(in->idle_write_bytes_per_s, r, sizeof r),
                           units_secs(in->idle_s, s, sizeof s));
        if (!isnan(share) && len > 0 && (size_t)len < sizeof idle)
            snprintf(idle + len, sizeof idle - (size_t)len,
                     ", %s of its %s a second during the cells", units_pct(share, p, sizeof p),
                     units_bytes(rate, t, sizeof t));
    } else {
        snprintf(idle, sizeof idle, "its writes while sqlsoak idled were not measured here");
    }
    if (h->n >= HEADLINE_MAX)
        return;
    headline_add(h, HL_WRITES, "Writes (%s, the baseline), in bytes a row: %s%sand %s reached the "
        "device, a count that holds every other writer of the device too; %s.", base, sqlite,
        proc, units_number(dv, c, sizeof c), idle);
    h->line[h->n - 1].cell = in->baseline;
    cellname(of, sizeof of, in->baseline, 1, 1);     /* the cell, over its repeats */
    headline_figure(h, HL_WRITES, "vfs_bytes_per_row", of, sq, "bytes/row");
    headline_figure(h, HL_WRITES, colid_name(COL_io_write_bytes_per_row), of, pr, "bytes/row");
    headline_figure(h, HL_WRITES, colid_name(COL_dev_write_bytes_per_row), of, dv, "bytes/row");
    if (in->idle_s > 0) {
        headline_figure(h, HL_WRITES, "idle_write_bytes_per_s", "the device",
                        in->idle_write_bytes_per_s, "bytes/s");
        headline_figure(h, HL_WRITES, "cells_dev_write_bytes_per_s", "the cells", rate, "bytes/s");
        headline_figure(h, HL_WRITES, "idle_share_pct", "the cells", share, "%");
    }
}

/* One cell's wear sentence, and the bytes a row it is ordered by. */
struct wear_line {
    double key;
    int64_t cell;
    struct wear w;
    char name[300];
    char text[HEADLINE_LEN];
};

static int by_wear(const void *x, const void *y)
{
    double a = ((const struct wear_line *)x)->key, b = ((const struct wear_line *)y)->key;
    int64_t c = ((const struct wear_line *)x)->cell, d = ((const struct wear_line *)y)->cell;
    return a < b ? -1 : a > b ? 1 : c < d ? -1 : c > d;
}

/* The median over cell's measured repeats of a summary figure (NaN none). */
static double cell_median(const struct headline_input *in, int64_t cell,
                          double (*of)(const struct summary_record *))
{
    double v[64];
    int n = 0;
    for (int j = 0; j < in->nrecs && n < 64; j++)
        if (in->recs[j].id.cell == cell && headline_measured(&in->recs[j]) &&
            !isnan(of(&in->recs[j])))
            v[n++] = of(&in->recs[j]);
    return n ? median_of(v, n) : NAN;
}

static double dev_per_row(const struct summary_record *s)
{
    return s->dev_write_bytes_per_row;
}

static double rows_of(const struct summary_record *s)
{
    return s->rows > 0 ? (double)s->rows : NAN;
}

/* What the device's other writers, at their idle rate, wrote a row of
** the cell's: that rate over its time, over its rows. */
static double others_per_row(const struct summary_record *s)
{
    return s->rows > 0 && s->wall_s > 0 ? s->wall_s / (double)s->rows : NAN;
}

/* Wear line i's figures for summary.json. */
static void wear_figures(const struct wear_line *l, struct headline *h)
{
    const struct wear *w = &l->w;
    char of[CELLNAME_MAX];
    cellname(of, sizeof of, l->cell, 1, 1);       /* the cell, over its repeats */
    headline_figure(h, HL_WEAR, colid_name(COL_rows), of, (double)w->rows, "rows");
    headline_figure(h, HL_WEAR, colid_name(COL_dev_write_bytes_per_row), of, w->cell_per_row,
                    "bytes/row");
    headline_figure(h, HL_WEAR, "dev_write_bytes_per_million_rows", of, w->cell_per_row * 1e6,
                    "bytes");
    headline_figure(h, HL_WEAR, "other_writers_bytes_per_row", of, w->other_per_row,
                    "bytes/row");
    if (w->target_rows) {
        headline_figure(h, HL_WEAR, "target_rows", of, (double)w->target_rows, "rows");
        headline_figure(h, HL_WEAR, "projected_dev_write_bytes_per_row", of, w->proj,
                        "bytes/row");
    }
    headline_figure(h, HL_WEAR, "dev_write_gb_per_day", of, w->per_day / 1e9, "GB/day");
    headline_figure(h, HL_WEAR, "dev_write_tb_per_year", of, w->per_year / 1e12, "TB/year");
}

/* Each cell's wear (wear.h), least first: what the device wrote a row over
** all its chunks, projected as absolutes() projects, and a day and a year
** at --need's write rate.  Cells whose wear the device's other writers
** and 1% do not tell apart share one sentence. */
void headlinedevice_wear(const struct headline_input *in, const struct cell_id *ids, int nids,
                         struct headline *h)
{
    if (!ids)
        return;
    struct wear_line *l = calloc((size_t)nids + 1, sizeof *l);
    int nl = 0;
    int64_t target = in->target_rows > 0 ? in->target_rows : in->planned_rows;
    double rate = in->need ? in->need->asked[NEED_WRITES] : NAN;
    double idle = in->idle_s > 0 ? in->idle_write_bytes_per_s : NAN;
    char need[32] = "";
    if (!isnan(rate))
        need_asked_text(in->need, NEED_WRITES, need, sizeof need);
    for (int i = 0; l && i < nids; i++) {
        int seen = 0;
        for (int j = 0; j < i; j++)
            seen |= ids[j].cell == ids[i].cell;
        struct absolute a;
        char name[300];
        int64_t cell = ids[i].cell;
        if (seen || absolute_of(in->recs, in->nrecs, in->chunks, in->nchunks, cell, target,
                                &a) != 0 ||
            wear_of(&a, cell_median(in, cell, dev_per_row), rate, &l[nl].w) != 0)
            continue;
        double rows = cell_median(in, cell, rows_of);
        l[nl].w.rows = isnan(rows) ? 0 : (int64_t)rows;
        l[nl].w.other_per_row = idle * cell_median(in, cell, others_per_row);
        baseline_name(cell, ids, nids, name, sizeof name);
        if (cell == in->baseline && strlen(name) + 16 < sizeof name)
            strcat(name, ", the baseline");
        l[nl].cell = cell;
        l[nl].key = wear_figure(&l[nl].w);
        wear_text(&l[nl].w, name, *need ? need : NULL, l[nl].text, sizeof l[nl].text);
        snprintf(l[nl].name, sizeof l[nl].name, "%s", name);
        nl++;
    }
    if (l)
        qsort(l, (size_t)nl, sizeof *l, by_wear);
    for (int i = 0, k; i < nl && h->n < HEADLINE_MAX; i = k) {
        /* the cells from i on that i's wear is not told apart from */
        for (k = i + 1; k < nl && !wear_told_apart(&l[i].w, &l[k].w); k++)
            ;
        if (k - i == 1) {
            headline_add(h, HL_WEAR, "%s", l[i].text);
            h->line[h->n - 1].cell = l[i].cell;
            wear_figures(&l[i], h);
            continue;
        }
        const struct wear *w[HEADLINE_FIGS];
        const char *names[HEADLINE_FIGS];
        char text[HEADLINE_LEN], of[CELLNAME_MAX];
        int m = k - i < HEADLINE_FIGS ? k - i : HEADLINE_FIGS;
        k = i + m;
        for (int j = 0; j < m; j++) {
            w[j] = &l[i + j].w;
            names[j] = l[i + j].name;
        }
        headline_add(h, HL_WEAR, "%s", wear_same_text(w, names, m, text, sizeof text));
        for (int j = 0; j < m; j++)
            headline_figure(h, HL_WEAR, colid_name(COL_dev_write_bytes_per_row),
                            cellname(of, sizeof of, l[i + j].cell, 1, 1), wear_figure(w[j]),
                            "bytes/row");
    }
    free(l);
}

/* Whether an earlier row of t than row is of the same cell. */
static int cell_seen(const struct csvin *t, int row)
{
    int64_t cell = csvin_int(t, CSV_SUMMARY, row, COL_cell, -1);
    for (int i = 0; i < row; i++)
        if (csvin_int(t, CSV_SUMMARY, i, COL_cell, -2) == cell &&
            strcmp(csvin_str(t, CSV_SUMMARY, i, COL_status), "ok") == 0)
            return 1;
    return 0;
}

/* Each cell against the device's own limits (run.json's device_limits,
** run --probe; efficiency.h), when they were measured: the baseline
** always, any other cell when the device bound it.  A cell's first
** measured run speaks for it. */
void headlinedevice_limits(const char *dir, const json_t *limits,
                           const struct headline_input *in, struct headline *h)
{
    char path[4200], err[256], said[HEADLINE_LEN - 64];
    struct csvin t;
    struct efficiency e;
    if (!json_is_object(limits))
        return;
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    if (csvin_read(path, CSV_SUMMARY, &t, err, sizeof err) != 0)
        return;
    for (int i = 0; i < t.nrows; i++) {
        int64_t cell = csvin_int(&t, CSV_SUMMARY, i, COL_cell, -1);
        if (strcmp(csvin_str(&t, CSV_SUMMARY, i, COL_status), "ok") != 0 || cell_seen(&t, i) ||
            efficiency_of(limits, &t, i, &e) != 0 || (cell != in->baseline && !e.bound) ||
            efficiency_say(&e, said, sizeof said) <= 0)
            continue;
        char name[CELLNAME_MAX];
        headline_add(h, HL_DEVICE, "Against the device (%s): %s.",
                     cellname(name, sizeof name, cell,
                              csvin_int(&t, CSV_SUMMARY, i, COL_repeat, 1), in->repeats),
                     said);
    }
    csvin_free(&t);
}
