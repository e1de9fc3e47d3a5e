/*
** estimate: see estimate.h.
*/
#include "estimate.h"

#include "calibrate.h"
#include "beside.h"
#include "cellname.h"
#include "csvin.h"
#include "devinfo.h"
#include "devlimits.h"
#include "devwear.h"
#include "dims.h"
#include "folder.h"
#include "growth.h"
#include "median.h"
#include "modes.h"
#include "possible.h"
#include "progress.h"
#include "runkey.h"
#include "sysinfo.h"
#include "telemetry.h"
#include "units.h"

#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* An earlier run on the same storage: its options that change a cell's
** time, its summary rows and its chunks. */
struct earlier {
    char dir[4096];
    int64_t rows, chunk, reads;      /* reads < 0: a chunk's rows */
    int64_t reader_rate;
    char read_from[16], update_keys[64], delete_keys[16];
    struct summary_record *sum;
    int nsum;
    struct chunk_record *ch;
    int nch;
};

/* Where a planned cell's time comes from. */
struct source {
    int earlier, cell;          /* an earlier run's index and cell number; -1 none */
    int shape;                  /* else its calibration's index; -1 none */
    int nearest;                /* the calibration is another shape's */
    struct growth_model model;
};

/* The run.json of dir, when its databases were on storage st. */
static json_t *same_storage(const char *dir, const struct storage_info *st)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/run.json", dir);
    json_t *j = json_load_file(path, 0, NULL);
    if (j && beside_same_storage(json_object_get(j, RUNKEY_STORAGE), st))
        return j;
    json_decref(j);
    return NULL;
}

static int64_t option_int(json_t *o, const char *name, int64_t dflt)
{
    json_t *v = json_object_get(o, name);
    return json_is_integer(v) ? (int64_t)json_integer_value(v) : dflt;
}

static void option_str(json_t *o, const char *name, const char *dflt, char *buf, size_t n)
{
    const char *v = json_string_value(json_object_get(o, name));
    snprintf(buf, n, "%s", v ? v : dflt);
}

/* The records of the CSV file dir/name (schema f, records of size) into
** *recs, *n: 0, or -1 when it cannot be read. */
static int read_records(const char *dir, const char *name, enum csv_file f, size_t size,
                        void **recs, int *n)
{
    char path[4200], err[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    *recs = csvin_read_records(path, f, size, n, err, sizeof err);
    return *recs ? 0 : -1;
}

static void earlier_free(struct earlier *e)
{
    free(e->sum);
    free(e->ch);
}

/* Adds dir to e[*n] when it is an earlier run on st with a summary and
** chunks. */
static void consider(const char *dir, const struct storage_info *st, struct earlier *e, int *n)
{
    if (*n >= ESTIMATE_MAX_RUNS)
        return;
    for (int i = 0; i < *n; i++)
        if (strcmp(e[i].dir, dir) == 0)
            return;
    json_t *j = same_storage(dir, st);
    if (!j)
        return;
    struct earlier *x = &e[*n];
    memset(x, 0, sizeof *x);
    json_t *o = json_object_get(j, RUNKEY_OPTIONS);
    x->rows = option_int(o, RUNKEY_OPT_ROWS, 0);
    x->chunk = option_int(o, RUNKEY_OPT_CHUNK, 0);
    x->reads = option_int(o, RUNKEY_OPT_READS, -1);    /* "chunk": a chunk's rows */
    x->reader_rate = option_int(o, RUNKEY_OPT_READER_RATE, 0);
    option_str(o, RUNKEY_OPT_READ_FROM, "all", x->read_from, sizeof x->read_from);
    option_str(o, RUNKEY_OPT_UPDATE_KEYS, "uniform", x->update_keys, sizeof x->update_keys);
    option_str(o, RUNKEY_OPT_DELETE_KEYS, "oldest", x->delete_keys, sizeof x->delete_keys);
    json_decref(j);
    void *sum = NULL, *ch = NULL;
    if (x->rows <= 0 || x->chunk <= 0 ||
        read_records(dir, "summary.csv", CSV_SUMMARY, sizeof *x->sum, &sum, &x->nsum) != 0 ||
        read_records(dir, "chunks.csv", CSV_CHUNKS, sizeof *x->ch, &ch, &x->nch) != 0) {
        free(sum);
        free(ch);
        return;
    }
    x->sum = sum;
    x->ch = ch;
    snprintf(x->dir, sizeof x->dir, "%s", dir);
    (*n)++;
}

/* What find_earlier's walk of the folders beside out adds to. */
struct earlier_walk {
    const struct storage_info *st;
    struct earlier *e;
    int n;
};

static int consider_beside(const char *dir, void *ctx)
{
    struct earlier_walk *w = ctx;
    consider(dir, w->st, w->e, &w->n);
    return 0;
}

/* The earlier runs: --estimate-from's folders, then those beside out. */
static int find_earlier(const struct runner *r, const struct storage_info *st,
                        struct earlier *e)
{
    struct earlier_walk w = {st, e, 0};
    for (int i = 0; i < r->cfg->estimate_from.n; i++)
        consider(r->cfg->estimate_from.v[i], st, e, &w.n);
    beside_each(r->out, consider_beside, &w);
    return w.n;
}

int estimate_check(const struct config *cfg, char *err, size_t errlen)
{
    static const char *const need[] = {"run.json", "summary.csv"};
    char path[4200];
    for (int i = 0; i < cfg->estimate_from.n; i++)
        for (size_t k = 0; k < sizeof need / sizeof *need; k++) {
            snprintf(path, sizeof path, "%s/%s", cfg->estimate_from.v[i], need[k]);
            if (access(path, R_OK) != 0) {
                snprintf(err, errlen, "--estimate-from %s: not a results folder (no readable %s)",
                         cfg->estimate_from.v[i], need[k]);
                return -1;
            }
        }
    return 0;
}

/* Planned cell c's workload. */
static struct growth_plan plan_of(const struct config *cfg, const struct cell *c)
{
    struct growth_plan p = {.rows = cfg->rows, .chunk = cfg->chunk, .reads = cfg->reads,
                            .updates = c->v[DIM_UPDATES], .deletes = c->v[DIM_DELETES],
                            .commit_every = c->v[DIM_COMMIT_EVERY], .verify = cfg->verify,
                            .write_rate = c->v[DIM_WRITE_RATE]};
    return p;
}

/* Earlier cell s's commit size, its 'chunk' resolved by its run e. */
static int64_t commit_every_of(const struct earlier *e, const struct summary_record *s)
{
    const struct value_spec *o = &dim_table[DIM_COMMIT_EVERY].opt;
    int64_t v = s->id.v[DIM_COMMIT_EVERY];
    return (o->special && v == o->special_value) || v <= 0 ? e->chunk : v;
}

/* 1 when summary row s of earlier run e (a measured repeat that ended ok
** or interrupted) matches planned cell c on every setting that changes
** its time (estimate.h). */
static int matches(const struct runner *r, const struct cell *c, const struct earlier *e,
                   const struct summary_record *s)
{
    const struct config *cfg = r->cfg;
    if (s->id.repeat < 1 || (strcmp(s->status, "ok") != 0 && strcmp(s->status, "interrupted")))
        return 0;
    if (strcmp(s->id.sqlite_version, r->libs[c->v[DIM_LIB]].version) != 0)
        return 0;
    for (int d = 0; d < DIM_COUNT; d++) {
        if (d == DIM_LIB || !dims_cost(d, c->v))
            continue;
        int64_t v = d == DIM_COMMIT_EVERY ? commit_every_of(e, s) : s->id.v[d];
        if (v != c->v[d])
            return 0;
    }
    const char *rf = s->id.read_from[0] ? s->id.read_from : e->read_from;
    if (strcmp(rf, read_from_names[cfg->read_from]) != 0 ||
        (cfg->read_from == RF_CHUNK && e->chunk != cfg->chunk))
        return 0;
    int64_t hot;
    if (c->v[DIM_UPDATES] > 0 &&
        (value_parse_keys(e->update_keys, &hot) || hot != cfg->update_hot))
        return 0;
    if (c->v[DIM_DELETES] > 0 && strcmp(e->delete_keys, delete_keys_names[cfg->delete_keys]))
        return 0;
    if (c->v[DIM_READERS] > 0 && e->reader_rate != cfg->reader_rate)
        return 0;
    if ((cfg->reads != 0 && e->reads == 0) || (cfg->verify && !(s->verify_s >= 0)))
        return 0;
    return 1;
}

/* The model of earlier cell `cell` of e, from its measured repeats'
** chunks: 1 with *m, 0 when they give none. */
static int earlier_model(const struct earlier *e, int64_t cell, const struct cell *c,
                         struct growth_model *m)
{
    struct chunk_record *ch = malloc(sizeof *ch * (size_t)(e->nch + 1));
    double *outside = malloc(sizeof(double) * (size_t)(e->nsum + 1));
    double *verify = malloc(sizeof(double) * (size_t)(e->nsum + 1));
    int n = 0, no = 0, nv = 0, got = 0;
    struct growth_plan p = {.rows = e->rows, .chunk = e->chunk};
    for (int i = 0; ch && outside && verify && i < e->nsum; i++) {
        const struct summary_record *s = &e->sum[i];
        if (s->id.cell != cell || s->id.repeat < 1 ||
            (strcmp(s->status, "ok") != 0 && strcmp(s->status, "interrupted") != 0))
            continue;
        p.commit_every = commit_every_of(e, s);
        double last = 0;
        for (int k = 0; k < e->nch; k++)
            if (e->ch[k].id.cell == cell && e->ch[k].id.repeat == s->id.repeat) {
                ch[n++] = e->ch[k];
                last = e->ch[k].elapsed_s > last ? e->ch[k].elapsed_s : last;
            }
        double v = s->verify_s >= 0 ? s->verify_s : 0, out = s->wall_s - last - v;
        if (!isnan(out))
            outside[no++] = out > 0 ? out : 0;
        if (s->verify_s >= 0 && s->rows > 0)
            verify[nv++] = s->verify_s / (double)s->rows;
    }
    double cache = growth_cache_bytes(c->v[DIM_CACHE_SIZE], c->v[DIM_PAGE_SIZE]);
    if (n && growth_from_chunks(ch, n, &p, cache, NAN, m) > 0) {
        m->cell_s = no ? median_of(outside, no) : NAN;
        m->verify_s_per_row = nv ? median_of(verify, nv) : NAN;
        got = 1;
    }
    free(ch);
    free(outside);
    free(verify);
    return got;
}

/* Planned cell c's earlier cell: the matching one that reached the most
** rows, its model into src.  1, or 0 when none matches. */
static int from_earlier(const struct runner *r, const struct cell *c, const struct earlier *e,
                        int ne, struct source *src)
{
    int bk = -1;
    const struct summary_record *best = NULL;
    for (int k = 0; k < ne; k++)
        for (int i = 0; i < e[k].nsum; i++)
            if (matches(r, c, &e[k], &e[k].sum[i]) && (!best || e[k].sum[i].rows > best->rows)) {
                best = &e[k].sum[i];
                bk = k;
            }
    if (!best || !earlier_model(&e[bk], best->id.cell, c, &src->model))
        return 0;
    src->earlier = bk;
    src->cell = (int)best->id.cell;
    return 1;
}

/* A time as the plan says it: "0.400 s", "42.0 s" (units.h), then as the
** progress line's ETA: "1m05s", "35h00m". */
static const char *say_s(double s, char *buf, int n)
{
    if (s < 60)
        units_secs(s, buf, (size_t)n);
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

/* Kind k's cost in model m: "1.2 µs", or "1.2 µs, 3.4 µs past the page
** cache" when a miss was measured to cost more. */
static const char *say_cost(const struct growth_model *m, int k, char *buf, size_t n)
{
    const struct growth_fit *f = &m->fit[k];
    char a[24], ab[24];
    if (f->b > 0)
        snprintf(buf, n, "%s, %s past the page cache", units_secs(f->a, a, sizeof a),
                 units_secs(f->a + f->b, ab, sizeof ab));
    else
        snprintf(buf, n, "%s", units_secs(f->a, a, sizeof a));
    return buf;
}

/* What calibration k measured: its cells, chunks, rows and time, and a
** row's and a read's cost at its largest table. */
static void print_calibration(const struct runner *r, const struct calibration *cal, int k,
                              const int *shape, FILE *f)
{
    const struct calibration *c = &cal[k];
    char cells[96] = "", w[80], d[24];
    size_t len = 0;
    int listed = 0, more = 0;
    /* each cell once, by its number (a repeat has its cell's shape) */
    for (int i = 0; i < r->ncells; i++) {
        int seen = 0;
        for (int j = 0; j < i && !seen; j++)
            seen = r->cells[j].combo == r->cells[i].combo;
        if (shape[i] != k || r->cells[i].warmup || seen)
            continue;
        if (listed < 6 && len < sizeof cells)
            len += (size_t)snprintf(cells + len, sizeof cells - len, "%s%" PRId64,
                                    listed ? ", " : "", r->cells[i].combo), listed++;
        else
            more++;
    }
    fprintf(f, "    calibration %d (cell%s %s%s): ", k + 1, listed + more > 1 ? "s" : "", cells,
            more ? ", ..." : "");
    if (!c->done) {
        fprintf(f, "%s\n", c->budget_s > 0 ? "measured no chunk (its cell failed?)"
                                           : "not run: the calibration's time was spent");
        return;
    }
    fprintf(f, "%" PRId64 " chunk%s of %" PRId64 " rows to %" PRId64 " rows in %s%s", c->chunks,
            c->chunks == 1 ? "" : "s", c->chunk, c->rows, say_s(c->spent_s, d, sizeof d),
            c->whole ? " (the whole plan)" : "");
    fprintf(f, "; a row written %s", say_cost(&c->model, GROWTH_WRITE, w, sizeof w));
    if (c->split_rows > 0)
        fprintf(f, " (its inserts alone in the plan's transactions, to %" PRId64 " rows)",
                c->split_rows);
    if (c->model.fit[GROWTH_READ].n)
        fprintf(f, "; a read %s", say_cost(&c->model, GROWTH_READ, w, sizeof w));
    if (c->cache_kib > 0)
        fprintf(f, "; with a page cache of %" PRId64 " KiB, not the plan's %lld, so that its "
                   "table went past it",
                c->cache_kib, (long long)llround(c->model.cache_bytes / 1024));
    /* the plan's table goes well past the cache, the calibration's did not */
    double planned = growth_miss(c->model.cache_bytes,
                                 (double)r->cfg->rows * c->model.row_bytes);
    double reached = c->model.fit[GROWTH_WRITE].hi_m > c->model.fit[GROWTH_READ].hi_m
                         ? c->model.fit[GROWTH_WRITE].hi_m : c->model.fit[GROWTH_READ].hi_m;
    if (reached < GROWTH_MIN_REACH && planned >= GROWTH_MIN_SPAN)
        fprintf(f, "; its table never went far past the page cache, the plan's will: what "
                   "a miss costs is not measured, the times may be low");
    fputc('\n', f);
}

/* The calibrated shape with the most dimensions in common with shape k. */
static int nearest_shape(const struct runner *r, const struct calibration *cal, int ncal, int k)
{
    int best = -1, bc = -1;
    for (int j = 0; j < ncal; j++) {
        int common = 0;
        for (int d = 0; d < DIM_COUNT && cal[j].done; d++)
            common += r->cells[cal[j].cell].v[d] == r->cells[cal[k].cell].v[d];
        if (cal[j].done && common > bc)
            bc = common, best = j;
    }
    return best;
}

/* The calibration of the cells need marks, when a dry run asks: their
** sources' shapes into src, and says what it measured.  Returns how many
** shapes it calibrated (-1: the folder could not be made or removed). */
static int calibration(const struct runner *r, const int *need, struct calibration *cal,
                       struct source *src, FILE *f)
{
    char err[4400], base[4096], d[24];
    int ncal = 0, *shape = calloc((size_t)r->ncells + 1, sizeof *shape), nshapes = 0;
    if (!shape)
        return -1;
    for (int i = 0; i < r->ncells; i++) {
        int seen = 0;
        for (int j = 0; j < i && need[i] && !seen; j++)
            seen = need[j] && calibrate_same_shape(&r->cells[j], &r->cells[i]);
        nshapes += need[i] && !seen;
    }
    folder_existing_ancestor(r->db_dir, base, sizeof base);
    /* a budget set, not measured: whole seconds */
    fprintf(f, "  calibrating %d cost shape%s in a scratch folder in %s (up to %lld s)\n",
            nshapes, nshapes == 1 ? "" : "s", base, (long long)llround(calibrate_budget_s(nshapes)));
    fflush(f);                  /* before the calibration's processes start */
    int done = calibrate_plan(r, need, cal, &ncal, shape, err, sizeof err);
    if (done < 0) {
        fprintf(f, "  no calibration: %s\n", err);
        free(shape);
        return -1;
    }
    double spent = 0;
    for (int k = 0; k < ncal; k++)
        spent += cal[k].spent_s;
    fprintf(f, "  calibration: %d of %d cost shape%s in %s, its folder removed; each ran its "
               "first cell's settings on a fresh table, and a cell's time is the costs of its "
               "chunks' ops, fitted against the share of the table past SQLite's page cache, "
               "summed over the plan's chunks%s:\n",
            done, ncal, ncal == 1 ? "" : "s", say_s(spent, d, sizeof d),
            r->cfg->verify ? " (--verify's scan not included)" : "");
    for (int k = 0; k < ncal; k++)
        print_calibration(r, cal, k, shape, f);
    for (int i = 0; i < r->ncells; i++) {
        if (shape[i] < 0)
            continue;
        int k = cal[shape[i]].done ? shape[i] : nearest_shape(r, cal, ncal, shape[i]);
        src[i].shape = k;
        src[i].nearest = k != shape[i];
        if (k >= 0)
            src[i].model = cal[k].model;
    }
    free(shape);
    return done;
}

/* Where src says a time comes from, into buf. */
static const char *say_source(const struct source *src, const struct earlier *e, char *buf,
                              size_t n)
{
    char name[CELLNAME_MAX];    /* the earlier cell as a whole: all its repeats */
    if (src->earlier >= 0)
        snprintf(buf, n, "from %s %s, %" PRId64 " chunk%s to %" PRId64 " rows",
                 e[src->earlier].dir, cellname(name, sizeof name, src->cell, 1, 1),
                 src->model.chunks, src->model.chunks == 1 ? "" : "s", src->model.rows);
    else
        snprintf(buf, n, "from calibration %d%s", src->shape + 1,
                 src->nearest ? ", the nearest settings calibrated" : "");
    return buf;
}

/* What a run spends besides its cells that the plan knows of, still to
** come as the plan is printed (a dry run's, before all of it; a run's,
** after its idle sample and probe): the device's idle sample, the device
** probe --probe will run, and the graphs.  Their seconds; what they
** are, into buf. */
static double besides_cells(const struct runner *r, double cells_s, char *buf, size_t n)
{
    const struct config *cfg = r->cfg;
    double s = 0, age;
    size_t len = 0;
    buf[0] = 0;
    if (cfg->dry_run) {
        s += DEVWEAR_IDLE_S;
        len += (size_t)snprintf(buf + len, n - len, "the device's idle sample %lld s",
                                (long long)llround(DEVWEAR_IDLE_S));
        int is_long = cfg->probe && strcmp(cfg->probe, "long") == 0;
        int fresh_ok = cfg->probe && (is_long || strcmp(cfg->probe, "auto") == 0);
        json_t *fresh = fresh_ok ? devlimits_fresh(r->db_dir, r->out, (double)time(NULL), &age)
                                 : NULL;
        if (!fresh && cfg->probe &&
            (strcmp(cfg->probe, "new") == 0 || strcmp(cfg->probe, "auto") == 0 ||
             (is_long && cells_s > DEVLIMITS_LONG_S))) {
            s += (double)cfg->probe_time_s;
            len += (size_t)snprintf(buf + len, n - len, ", the device probe %lld s",
                                    (long long)cfg->probe_time_s);
        }
        json_decref(fresh);
    }
    if (!cfg->no_plot && len < n) {
        s += ESTIMATE_GRAPHS_S;
        snprintf(buf + len, n - len, "%sthe graphs about %lld s", len ? ", " : "",
                 (long long)llround(ESTIMATE_GRAPHS_S));
    }
    return s;
}

double estimate_print(const struct runner *r, FILE *f)
{
    const struct config *cfg = r->cfg;
    struct storage_info st;
    char probe[4096], label[256], from[4400], d[24], name[CELLNAME_MAX], why[512];
    double plan_s = -1;
    folder_existing_ancestor(r->db_dir, probe, sizeof probe);
    if (sysinfo_storage(probe, &st) != 0)
        memset(&st, 0, sizeof st), st.free_bytes = -1;
    print_storage(&st, f);
    struct earlier *e = calloc(ESTIMATE_MAX_RUNS, sizeof *e);
    double *s = calloc((size_t)r->ncells + 1, sizeof *s);
    int *need = calloc((size_t)r->ncells + 1, sizeof *need);
    struct source *src = calloc((size_t)r->ncells + 1, sizeof *src);
    struct calibration *cal = calloc((size_t)r->ncells + 1, sizeof *cal);
    int ne = 0;
    if (!e || !s || !need || !src || !cal)
        goto out;
    ne = st.device[0] ? find_earlier(r, &st, e) : 0;
    int matched = 0, needed = 0;
    for (int i = 0; i < r->ncells; i++) {
        src[i].earlier = src[i].cell = src[i].shape = -1;
        if (possible_why(r, &r->cells[i], r->lib_wal, why, sizeof why))
            continue;                     /* nothing to time: it ends unsupported */
        if (ne && from_earlier(r, &r->cells[i], e, ne, &src[i]))
            matched++;
        else
            need[i] = 1, needed++;
    }
    if (ne)
        fprintf(f, "  %d earlier run%s on this storage: a cell takes the times of an earlier "
                   "cell only when every setting that changes them is the same (%d of %d "
                   "cells); its chunks' costs are fitted against the share of the table past "
                   "SQLite's page cache and summed over the plan's chunks\n",
                ne, ne == 1 ? "" : "s", matched, r->ncells);
    if (needed && cfg->dry_run)
        calibration(r, need, cal, src, f);
    else if (needed && !ne)
        fprintf(f, "  no earlier run on this storage to estimate the time from (--estimate-from "
                   "DIR,... names results folders; --dry-run calibrates)\n");
    if (!matched && !cfg->dry_run) {
        if (ne)
            fprintf(f, "  no earlier cell has this plan's settings (--dry-run calibrates)\n");
        goto out;
    }
    fprintf(f, "  estimated time per cell:\n");
    double total = 0, least = 0;        /* least: --repeat auto decided at its first chance */
    int unknown = 0;
    /* --repeat auto: a round's time once per cell, with the rounds it may take */
    int min_rounds = cfg->repeat < 2 ? (int)cfg->repeat : 2;
    char rounds[64];
    snprintf(rounds, sizeof rounds, ", %d to %" PRId64 " rounds", min_rounds, cfg->repeat);
    for (int i = 0; i < r->ncells; i++) {
        const struct cell *c = &r->cells[i];
        struct cell_id id;
        int folded = cfg->repeat_auto && c->repeat >= 2;   /* said on its cell's line */
        plan_cell_id(cfg, c, r->libs[c->v[DIM_LIB]].version, r->libs[c->v[DIM_LIB]].source_id,
                     &id);
        plan_cell_label(cfg, &id, label, sizeof label);
        if (cfg->repeat_auto && c->repeat == 1)
            cellname(name, sizeof name, c->combo, 1, 1);
        else
            runner_run_name(r, i, name, sizeof name);
        if (possible_why(r, c, r->lib_wal, why, sizeof why)) {
            s[i] = 0;
            if (!folded)
                fprintf(f, "    %s (%s)  unsupported, not measured: %s\n", name, label, why);
            continue;
        }
        struct growth_plan p = plan_of(cfg, c);
        int known = src[i].earlier >= 0 || src[i].shape >= 0;
        s[i] = known ? growth_seconds(&src[i].model, &p) : NAN;
        if (isnan(s[i])) {
            s[i] = -1;
            unknown++;
            if (!folded)
                fprintf(f, "    %s (%s)  no estimate%s\n", name, label,
                        known ? "" : cfg->dry_run ? " (its calibration measured nothing)"
                                                  : " (no earlier run of its settings on this "
                                                    "storage; --dry-run calibrates)");
        } else {
            int per_round = cfg->repeat_auto && c->repeat == 1;
            total += s[i];
            least += c->repeat <= min_rounds ? s[i] : 0;
            if (!folded)
                fprintf(f, "    %s (%s)  about %s%s%s  (%s)\n", name, label,
                        say_s(s[i], d, sizeof d), per_round ? " a round" : "",
                        per_round ? rounds : "", say_source(&src[i], e, from, sizeof from));
        }
    }
    if (unknown < r->ncells) {
        char what[200], d2[24];
        double besides = besides_cells(r, total, what, sizeof what);
        if (besides > 0)
            fprintf(f, "  besides the cells: about %s (%s)\n", say_s(besides, d2, sizeof d2),
                    what);
        char at_least[80] = "", d3[24];
        if (cfg->repeat_auto)
            snprintf(at_least, sizeof at_least, " at most; about %s if %d rounds decide it",
                     say_s(least + besides, d3, sizeof d3), min_rounds);
        fprintf(f, "  in all: about %s%s%s\n", say_s(total + besides, d, sizeof d), at_least,
                unknown ? " for the cells with an estimate" : "");
        /* --max-time ends the run there, whatever its cells would take */
        plan_s = cfg->max_time_s && total > (double)cfg->max_time_s ? (double)cfg->max_time_s
                                                                   : total;
    }
    if (cfg->max_time_s && unknown < r->ncells)
        print_fit(r, s, f);
out:
    fflush(f);
    for (int k = 0; e && k < ne; k++)
        earlier_free(&e[k]);
    free(e);
    free(s);
    free(need);
    free(src);
    free(cal);
    return plan_s;
}

double estimate_total(const struct runner *r)
{
    /* the plan's estimate made as it is printed, into nothing: one rule */
    FILE *quiet = fopen("/dev/null", "we");
    double s = quiet ? estimate_print(r, quiet) : -1;
    if (quiet)
        fclose(quiet);
    return s;
}
