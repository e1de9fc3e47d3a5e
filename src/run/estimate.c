/*
** estimate: see estimate.h.
*/
#include "estimate.h"

#include "calibrate.h"
#include "cellname.h"
#include "csvin.h"
#include "devinfo.h"
#include "dims.h"
#include "folder.h"
#include "progress.h"
#include "sysinfo.h"
#include "telemetry.h"

#include <dirent.h>
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* An earlier run on the same storage: its summary. */
struct earlier {
    char dir[4096];
    struct csvin sum;
};

/* 1 when run.json in dir says its databases were on storage st. */
static int same_storage(const char *dir, const struct storage_info *st)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/run.json", dir);
    json_t *j = json_load_file(path, 0, NULL);
    json_t *s = json_object_get(j, "storage");
    const char *dev = json_string_value(json_object_get(s, "device"));
    const char *fs = json_string_value(json_object_get(s, "fstype"));
    const char *mp = json_string_value(json_object_get(s, "mount_point"));
    int same = dev && fs && mp && strcmp(dev, st->device) == 0 &&
               strcmp(fs, st->fstype) == 0 && strcmp(mp, st->mount_point) == 0;
    json_decref(j);
    return same;
}

/* Adds dir to e[*n] when it is an earlier run on st with a summary. */
static void consider(const char *dir, const struct storage_info *st, struct earlier *e, int *n)
{
    char path[4200], err[256];
    if (*n >= ESTIMATE_MAX_RUNS || !same_storage(dir, st))
        return;
    for (int i = 0; i < *n; i++)
        if (strcmp(e[i].dir, dir) == 0)
            return;
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    if (csvin_read(path, CSV_SUMMARY, &e[*n].sum, err, sizeof err) != 0)
        return;
    snprintf(e[*n].dir, sizeof e[*n].dir, "%s", dir);
    (*n)++;
}

/* The earlier runs: --estimate-from's folders, then those beside out. */
static int find_earlier(const struct runner *r, const struct storage_info *st,
                        struct earlier *e)
{
    int n = 0;
    char parent[4096], dir[8400];
    for (int i = 0; i < r->cfg->estimate_from.n; i++)
        consider(r->cfg->estimate_from.v[i], st, e, &n);
    snprintf(parent, sizeof parent, "%s", r->out);
    char *slash = strrchr(parent, '/');
    if (slash)
        *(slash == parent ? slash + 1 : slash) = 0;
    else
        snprintf(parent, sizeof parent, ".");
    DIR *d = opendir(parent);
    for (struct dirent *de; d && (de = readdir(d));) {
        if (de->d_name[0] == '.' || strcmp(de->d_name, folder_basename(r->out)) == 0)
            continue;
        snprintf(dir, sizeof dir, "%s/%s", parent, de->d_name);
        consider(dir, st, e, &n);
    }
    if (d)
        closedir(d);
    return n;
}

/* How many settings of summary row i of t equal cell c's (the library by
** its SQLite version). */
static int in_common(const struct runner *r, const struct cell *c, const struct csvin *t, int i)
{
    int k = 0;
    char mine[128];
    for (int d = 0; d < DIM_COUNT; d++) {
        const char *col = dim_table[d].label_column ? dim_table[d].label_column
                                                    : dim_table[d].column;
        const char *theirs = dims_field(d, csvin_str_named(t, i, col));
        if (d == DIM_LIB)
            snprintf(mine, sizeof mine, "%s", r->libs[c->v[DIM_LIB]].version);
        else
            dims_text(d, c->v[d], mine, sizeof mine);
        k += strcmp(theirs, mine) == 0;
    }
    return k;
}

int estimate_check(const struct config *cfg, char *err, size_t n)
{
    static const char *const need[] = {"run.json", "summary.csv"};
    char path[4200];
    for (int i = 0; i < cfg->estimate_from.n; i++)
        for (size_t k = 0; k < sizeof need / sizeof *need; k++) {
            snprintf(path, sizeof path, "%s/%s", cfg->estimate_from.v[i], need[k]);
            if (access(path, R_OK) != 0) {
                snprintf(err, n, "--estimate-from %s: not a results folder (no readable %s)",
                         cfg->estimate_from.v[i], need[k]);
                return -1;
            }
        }
    return 0;
}

/* The time of a cell of cfg at write rate w and read rate rd (rows/s,
** reads/s). */
static double time_at(const struct config *cfg, double w, double rd)
{
    int64_t nchunks = (cfg->rows + cfg->chunk - 1) / cfg->chunk;
    int64_t reads = cfg->reads < 0 ? cfg->chunk : cfg->reads;
    double s = (double)cfg->rows / w;
    if (reads > 0 && isfinite(rd) && rd > 0)
        s += (double)nchunks * (double)reads / rd;
    return s;
}

/* The rates of cell c's nearest earlier cell: 1 with *w, *rd and from
** naming the folder and cell; 0 when no earlier cell has rates. */
static int from_earlier(const struct runner *r, const struct cell *c, const struct earlier *e,
                        int ne, double *w, double *rd, char *from, size_t n)
{
    int best = -1, bi = -1, bk = -1;
    for (int k = 0; k < ne; k++)
        for (int i = 0; i < e[k].sum.nrows; i++) {
            double wk = csvin_num(&e[k].sum, CSV_SUMMARY, i, COL_write_rows_per_s_median);
            int common = isfinite(wk) && wk > 0 ? in_common(r, c, &e[k].sum, i) : -1;
            if (common > best) {
                best = common;
                bk = k;
                bi = i;
            }
        }
    if (bk < 0)
        return 0;
    const struct csvin *t = &e[bk].sum;
    char name[CELLNAME_MAX];
    int64_t repeats = 1;        /* the earlier run's: the most its rows hold */
    for (int i = 0; i < t->nrows; i++)
        if (csvin_int(t, CSV_SUMMARY, i, COL_repeat, 1) > repeats)
            repeats = csvin_int(t, CSV_SUMMARY, i, COL_repeat, 1);
    *w = csvin_num(t, CSV_SUMMARY, bi, COL_write_rows_per_s_median);
    *rd = csvin_num(t, CSV_SUMMARY, bi, COL_read_ops_per_s_median);
    snprintf(from, n, "%s %s%s", e[bk].dir,
             cellname(name, sizeof name, csvin_int(t, CSV_SUMMARY, bi, COL_cell, 0),
                      csvin_int(t, CSV_SUMMARY, bi, COL_repeat, 1), repeats),
             best == DIM_COUNT ? "" : ", the nearest settings");
    return 1;
}

/* The rates of plan cell i's calibration, or of the calibrated cell with
** the most settings in common: 1 with *w, *rd, from; 0 when none. */
static int from_calibration(const struct runner *r, int i, const double *cw, const double *crd,
                            double *w, double *rd, char *from, size_t n)
{
    int best = -1, bj = -1;
    for (int j = 0; j < r->ncells; j++) {
        int common = 0;
        for (int d = 0; d < DIM_COUNT && !isnan(cw[j]); d++)
            common += r->cells[j].v[d] == r->cells[i].v[d];
        if (!isnan(cw[j]) && common > best) {
            best = common;
            bj = j;
        }
    }
    if (bj < 0)
        return 0;
    *w = cw[bj];
    *rd = crd[bj];
    char name[CELLNAME_MAX];     /* a combination's first repeat calibrates it */
    snprintf(from, n, "calibration of %s%s", cellname(name, sizeof name, r->cells[bj].combo, 1, 1),
             best == DIM_COUNT ? "" : ", the nearest settings");
    return 1;
}

/* A time as the plan says it: "0.4 s", "42 s", "1m05s", "35h00m". */
static const char *say_s(double s, char *buf, int n)
{
    if (s < 10)
        snprintf(buf, (size_t)n, "%.1f s", s);
    else if (s < 60)
        snprintf(buf, (size_t)n, "%.0f s", s);
    else
        progress_duration(s, buf, n);
    return buf;
}

/* The storage behind --db-dir (or the folder it will be made in). */
static void print_storage(const struct storage_info *st, FILE *f)
{
    struct devinfo d;
    char dev[512];
    devinfo_read(telemetry_root(), st->block_device, &d);
    devinfo_say(&d, dev, sizeof dev);
    fprintf(f, "  storage: %s (%s on %s)%s%s", st->device[0] ? st->device : "unknown",
            st->fstype[0] ? st->fstype : "?", st->mount_point[0] ? st->mount_point : "?",
            dev[0] ? ", " : "", dev);
    if (st->free_bytes >= 0)
        fprintf(f, ", %" PRId64 " MiB free", st->free_bytes >> 20);
    fputc('\n', f);
}

/* --max-time: the runs that fit, in the order they run, from their times. */
static void print_fit(const struct runner *r, const double *s, FILE *f)
{
    char d[24], cells[32];
    double sum = 0;
    int fit = 0;
    for (; fit < r->ncells && s[fit] >= 0 && sum + s[fit] <= r->cfg->max_time_s; fit++)
        sum += s[fit];
    fprintf(f, "  --max-time %s: ", progress_duration((double)r->cfg->max_time_s, d, sizeof d));
    if (fit == 1)
        snprintf(cells, sizeof cells, "run 1 fits");
    else
        snprintf(cells, sizeof cells, "runs 1-%d fit", fit);
    if (fit == r->ncells)
        fprintf(f, "every run fits (about %s)\n", say_s(sum, d, sizeof d));
    else if (fit == 0)
        fprintf(f, "no run fits: run 1 would end interrupted%s\n",
                r->ncells > 1 ? ", the rest skipped" : "");
    else if (s[fit] < 0)
        fprintf(f, "%s (about %s); run %d has no estimate\n", cells, say_s(sum, d, sizeof d),
                fit + 1);
    else
        fprintf(f, "%s (about %s); run %d would end interrupted%s\n", cells,
                say_s(sum, d, sizeof d), fit + 1, fit + 2 <= r->ncells ? ", the rest skipped" : "");
}

/* The calibration, when no earlier run gives times (--dry-run alone: a
** run's own first chunks come soon enough): its cells' rates into cw,
** crd; says what it did.  Returns how many cells it calibrated. */
static int calibration(const struct runner *r, double *cw, double *crd, FILE *f)
{
    char err[4400];
    fflush(f);                  /* before the calibration's processes start */
    int k = calibrate_plan(r, cw, crd, err, sizeof err);
    if (k < 0)
        fprintf(f, "  no estimate: %s\n", err);
    else if (k == 0)
        fprintf(f, "  no estimate: the calibration measured no chunk\n");
    else
        fprintf(f, "  no earlier run on this storage: estimated time per cell from a %d-row "
                   "calibration of %d cell%s (its folder removed; a table's first rows are "
                   "its fastest, so the times are at least these):\n",
                CALIBRATE_ROWS, k, k == 1 ? "" : "s");
    return k;
}

void estimate_print(const struct runner *r, FILE *f)
{
    const struct config *cfg = r->cfg;
    struct storage_info st;
    char probe[4096], label[256], from[4400], d[24], name[CELLNAME_MAX];
    folder_existing_ancestor(r->db_dir, probe, sizeof probe);
    if (sysinfo_storage(probe, &st) != 0)
        memset(&st, 0, sizeof st), st.free_bytes = -1;
    print_storage(&st, f);
    struct earlier *e = calloc(ESTIMATE_MAX_RUNS, sizeof *e);
    double *s = calloc((size_t)r->ncells + 1, sizeof *s);
    double *cw = calloc((size_t)r->ncells + 1, sizeof *cw);
    double *crd = calloc((size_t)r->ncells + 1, sizeof *crd);
    if (!e || !s || !cw || !crd)
        goto out;
    int ne = st.device[0] ? find_earlier(r, &st, e) : 0, nc = 0;
    double total = 0;
    int unknown = 0;
    if (ne)
        fprintf(f, "  estimated time per cell, from %d earlier run%s on this storage:\n", ne,
                ne == 1 ? "" : "s");
    else if (cfg->dry_run)
        nc = calibration(r, cw, crd, f);
    else
        fprintf(f, "  no earlier run on this storage to estimate the time from (--estimate-from "
                   "DIR,... names results folders; --dry-run calibrates)\n");
    for (int i = 0; i < r->ncells && (ne || nc > 0); i++) {
        const struct cell *c = &r->cells[i];
        struct cell_id id;
        double w, rd;
        plan_cell_id(cfg, c, r->libs[c->v[DIM_LIB]].version, r->libs[c->v[DIM_LIB]].source_id,
                     &id);
        plan_cell_label(cfg, &id, label, sizeof label);
        runner_run_name(r, i, name, sizeof name);
        int got = ne ? from_earlier(r, c, e, ne, &w, &rd, from, sizeof from)
                     : from_calibration(r, i, cw, crd, &w, &rd, from, sizeof from);
        s[i] = got ? time_at(cfg, w, rd) : -1;
        if (s[i] < 0) {
            unknown++;
            fprintf(f, "    %s (%s)  no estimate\n", name, label);
        } else {
            total += s[i];
            fprintf(f, "    %s (%s)  about %s  (from %s)\n", name, label,
                    say_s(s[i], d, sizeof d), from);
        }
    }
    if ((ne || nc > 0) && unknown < r->ncells)
        fprintf(f, "  in all: about %s%s\n", say_s(total, d, sizeof d),
                unknown ? " for the cells with an estimate" : "");
    if (cfg->max_time_s && (ne || nc > 0) && unknown < r->ncells)
        print_fit(r, s, f);
    for (int k = 0; k < ne; k++)
        csvin_free(&e[k].sum);
out:
    fflush(f);
    free(e);
    free(s);
    free(cw);
    free(crd);
}
