/*
** calibrate: see calibrate.h.
*/
#include "calibrate.h"

#include "cellproc.h"
#include "clock.h"
#include "csvin.h"
#include "csvout.h"
#include "dbfile.h"
#include "folder.h"
#include "modes.h"
#include "schedule.h"
#include "stop.h"
#include "testhook.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Removes the database db and its side files: files of a folder this
** process made. */
static void remove_db(const char *db)
{
    char side[4300];
    unlink(db);
    for (int i = 0; dbfile_sides[i]; i++)
        if (dbfile_side(db, dbfile_sides[i], side, sizeof side) == 0)
            unlink(side);
}

/* n ops per plan chunk of chunk rows, scaled to a calibration chunk of
** cal rows: the same share of it, at least 1 when n is. */
static int64_t scaled(int64_t n, int64_t chunk, int64_t cal)
{
    if (n <= 0 || cal >= chunk)
        return n;
    int64_t k = (int64_t)((double)n * (double)cal / (double)chunk + 0.5);
    return k < 1 ? 1 : k;
}

/* x rounded down to two significant figures: chunks of 24000 rows, not
** 24137. */
static int64_t two_figures(int64_t x)
{
    int64_t unit = 1;
    while (x / unit >= 100)
        unit *= 10;
    return x / unit * unit;
}

/* The reads a calibration chunk of cal rows makes: the plan's chunk's,
** scaled, to no fewer than CALIBRATE_MIN_READS: enough to time, and for
** readers beside them to be at full speed (a chunk's first hundred reads
** cost a tenth of the rest, the readers not yet back from its tally). */
static int64_t reads_of(const struct config *plan, int64_t cal)
{
    if (plan->reads < 0 || cal >= plan->chunk)
        return plan->reads < 0 ? cal : plan->reads;
    int64_t least = plan->reads < CALIBRATE_MIN_READS ? plan->reads : CALIBRATE_MIN_READS;
    int64_t reads = scaled(plan->reads, plan->chunk, cal);
    return reads < least ? least : reads;
}

/* What one run of a shape measured. */
struct measured {
    struct chunk_record *ch;  /* its chunks, malloc'ed */
    int n;
    double wall_s;            /* from before its process to its database removed */
};

/* Reads the chunk records of path into m. */
static void read_chunks(const char *path, struct measured *m)
{
    struct csvin t;
    char err[512];
    if (csvin_read(path, CSV_CHUNKS, &t, err, sizeof err) != 0)
        return;
    m->ch = calloc((size_t)t.nrows + 1, sizeof *m->ch);
    for (int i = 0; m->ch && i < t.nrows; i++)
        if (csvin_record(&t, CSV_CHUNKS, i, &m->ch[m->n]) == 0)
            m->n++;
    csvin_free(&t);
}

/* Runs plan cell c0's shape in dir as run k: rows in chunks of cal rows
** (its ops scaled from the plan's chunk to cal; writes_only: its inserts
** alone, in its own transactions however large; cache_kib > 0: a page
** cache of that many KiB), until deadline (0: none).  Its chunks into
** *m; every file it made removed. */
static void run_shape(const struct runner *r, const struct cell *c0, const char *dir, int k,
                      int64_t rows, int64_t cal, int writes_only, int64_t cache_kib,
                      uint64_t deadline, struct measured *m)
{
    const struct config *plan = r->cfg;
    struct config cfg = *plan;
    struct cell cell = *c0, *c = &cell;
    char why[256], db[4300], chunks[4300], header[8192];
    memset(m, 0, sizeof *m);
    /* a paced cell's own costs, closed-loop: the plan adds the schedule's
    ** waits (growth_seconds), which a few seconds could not measure */
    cell.v[DIM_WRITE_RATE] = 0;
    cell.v[DIM_ARRIVAL] = cell.v[DIM_LATENCY_LIMIT] = 0;
    cell.v[DIM_UPDATES] = scaled(c0->v[DIM_UPDATES], plan->chunk, cal);
    cell.v[DIM_DELETES] = scaled(c0->v[DIM_DELETES], plan->chunk, cal);
    if (c0->v[DIM_COMMIT_EVERY] >= plan->chunk && !writes_only)   /* one a chunk stays so */
        cell.v[DIM_COMMIT_EVERY] = scaled(c0->v[DIM_COMMIT_EVERY], plan->chunk, cal);
    if (cfg.update_hot > 0)
        cfg.update_hot = scaled(cfg.update_hot, plan->chunk, cal);
    cfg.rows = rows;
    cfg.chunk = cal;
    if (plan->reads > 0)
        cfg.reads = reads_of(plan, cal);
    if (writes_only)
        cfg.reads = 0, cell.v[DIM_UPDATES] = cell.v[DIM_DELETES] = 0;
    if (cache_kib > 0)
        cell.v[DIM_CACHE_SIZE] = -cache_kib;
    cfg.verify = 0;
    cfg.warmup = 0;
    cfg.metrics = NULL;
    snprintf(db, sizeof db, "%s/shape%d.db", dir, k);
    snprintf(chunks, sizeof chunks, "%s/chunks%d.csv", dir, k);
    int fd = open(chunks, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0600);
    int len = csvout_header(CSV_CHUNKS, header, sizeof header);
    if (fd < 0 || len < 0 || csvout_append(fd, header, len) != 0) {
        if (fd >= 0)
            close(fd), unlink(chunks);
        return;
    }
    struct progress quiet;
    struct soak_env env;
    struct cell_result res;
    progress_init(&quiet, PG_NEVER);
    memset(&env, 0, sizeof env);
    env.cfg = &cfg;
    env.cell = c;
    env.api = &r->libs[c->v[DIM_LIB]];
    plan_cell_id(&cfg, c, env.api->version, env.api->source_id, &env.id);
    env.db_path = db;
    env.chunks_fd = fd;
    env.histograms_fd = env.timeline_fd = -1;
    env.commit_fd = env.beat_fd = env.mark_fd = -1;
    env.progress = &quiet;
    env.deadline_ns = deadline;
    env.stop = &stop_signal;
    uint64_t t0 = clock_now_ns();
    int rc = cellproc_run(&env, CALIBRATE_WATCHDOG_S, &res, why, sizeof why);
    remove_db(db);
    m->wall_s = (clock_now_ns() - t0) / 1e9;
    close(fd);
    if (rc == 0)
        read_chunks(chunks, m);
    unlink(chunks);
}

int calibrate_same_shape(const struct cell *a, const struct cell *b)
{
    for (int d = 0; d < DIM_COUNT; d++)
        if (dims_cost(d, a->v) && a->v[d] != b->v[d] && d != DIM_WRITE_RATE &&
            d != DIM_ARRIVAL && d != DIM_LATENCY_LIMIT)
            return 0;   /* a paced cell calibrates closed-loop (run_shape) */
    return 1;
}

/* What the probe's chunk took: per row (written, updated, deleted), per
** read, and once (the rest). */
struct probe_costs {
    double row_s, read_s, chunk_s;
    double row_bytes;           /* the database's bytes a row; NaN unknown */
};

static int probe_costs(const struct measured *probe, struct probe_costs *pc)
{
    if (probe->n < 1 || probe->ch[0].ph[PHASE_WRITE].ops <= 0)
        return 0;
    const struct chunk_record *c = &probe->ch[0];
    const double reads = isnan(c->ph[PHASE_READ].s) ? 0 : c->ph[PHASE_READ].s;
    double rows = c->ph[PHASE_WRITE].s;
    for (int p = PHASE_UPDATE; p <= PHASE_DELETE; p++)
        rows += isnan(c->ph[p].s) ? 0 : c->ph[p].s;
    pc->read_s = c->ph[PHASE_READ].ops > 0 ? reads / (double)c->ph[PHASE_READ].ops : 0;
    pc->chunk_s = c->elapsed_s - reads - rows;
    pc->chunk_s = pc->chunk_s > 0 ? pc->chunk_s : 0;
    pc->row_s = rows / (double)c->ph[PHASE_WRITE].ops;
    /* in WAL the probe's pages may all be in the -wal file yet */
    int64_t bytes = c->db_bytes > c->wal_bytes ? c->db_bytes : c->wal_bytes;
    pc->row_bytes = bytes > 0 && c->rows > 0 ? (double)bytes / (double)c->rows : NAN;
    return pc->row_s > 0;
}

/* The time the probe's costs give rows rows in chunks of cal rows. */
static double plan_chunks_s(const struct config *plan, const struct probe_costs *pc, int64_t cal,
                            int64_t rows)
{
    double chunks = (double)((rows + cal - 1) / cal);
    return chunks * (pc->chunk_s + (double)reads_of(plan, cal) * pc->read_s) +
           (double)rows * pc->row_s;
}

/* The calibration's chunk: the largest (of two figures) of which about
** `chunks` take 60% of part seconds at the probe's costs (a larger
** table's cost more), between CALIBRATE_MIN_CHUNK and the plan's. */
static int64_t calibration_chunk(const struct config *plan, const struct probe_costs *pc,
                                 double part, int chunks)
{
    int64_t least = plan->chunk < CALIBRATE_MIN_CHUNK ? plan->chunk : CALIBRATE_MIN_CHUNK;
    int64_t lo = least, hi = plan->chunk;
    double each = part * 0.6 / chunks;
    while (lo < hi) {                   /* the largest chunk that takes each */
        int64_t mid = lo + (hi - lo + 1) / 2;
        if (plan_chunks_s(plan, pc, mid, mid) <= each)
            lo = mid;
        else
            hi = mid - 1;
    }
    int64_t c = lo >= plan->chunk ? plan->chunk : two_figures(lo);
    return c < least ? least : c;
}

/* The page cache (KiB) the calibration runs with (not the run of a
** cell's scattered inserts alone: a cache too small for the B-tree's
** inner pages as well as the inserts' makes each miss cost two, twice
** the real time at 1M random keys): 0, the cell's own; or,
** when the plan's table goes past the cell's cache (a fifth of it
** outside) but the calibration's would not go far past (it reaches about `chunks` chunks), one a few
** chunks large, so that its table goes past it and what a miss costs is
** measured (a page from the OS's cache costs the same whatever the size of
** SQLite's).  Not with mmap (its reads are no cache's), and never larger
** than half the cell's.  A chunk's inserts fit in it: they do not spill. */
static int64_t smaller_cache(const struct config *plan, const struct cell *c,
                             const struct probe_costs *pc, int64_t chunk, double cache)
{
    int64_t mmap = c->v[DIM_MMAP_SIZE];
    int readers = c->v[DIM_READERS] > 0;
    double chunks = readers ? CALIBRATE_CHUNKS_READERS : CALIBRATE_CHUNKS;
    if (isnan(pc->row_bytes) || (mmap != VALUE_DEFAULT && mmap > 0))
        return 0;
    double reach = chunks * (double)chunk * pc->row_bytes;
    if (growth_miss(cache, (double)plan->rows * pc->row_bytes) < GROWTH_MIN_SPAN ||
        growth_miss(cache, reach) >= 0.75)
        return 0;
    double want = (readers ? 1.5 : 2.5) * (double)chunk * pc->row_bytes;
    want = want < CALIBRATE_MIN_CACHE_KIB * 1024.0 ? CALIBRATE_MIN_CACHE_KIB * 1024.0 : want;
    return want <= cache / 2 ? (int64_t)(want / 1024) : 0;
}

/* clock_now_ns() in s seconds, at least 0.2 s from now. */
static uint64_t deadline_in(double s)
{
    return clock_now_ns() + (uint64_t)((s > 0.2 ? s : 0.2) * 1e9);
}

/* 1 when cell c's inserts land all over the table (random keys, or an
** index of the values) and its COMMITs are further apart than chunk
** rows: then how many rows a transaction holds changes what a row costs
** (a page is journaled, and spilled, once per transaction). */
static int scattered(const struct cell *c, int64_t chunk)
{
    return (c->v[DIM_KEY_ORDER] == KO_RANDOM || c->v[DIM_INDEX] == IX_VALUE) &&
           c->v[DIM_COMMIT_EVERY] > chunk;
}

/* Calibrates shape cal (its cell's) in dir as runs 3k.. within
** cal->budget_s: the probe, then the calibration; for a cell whose
** inserts scatter, half the time goes to its inserts alone in
** transactions of its own size, whose cost replaces the calibration's
** (whose COMMITs come each chunk, and reads between them, as the plan's). */
static void calibrate_shape(const struct runner *r, const char *dir, int k,
                            struct calibration *cal)
{
    const struct config *plan = r->cfg;
    const struct cell *c = &r->cells[cal->cell];
    struct measured probe, m, w = {0};
    uint64_t t0 = clock_now_ns();
    int64_t first = plan->chunk < CALIBRATE_PROBE_ROWS ? plan->chunk : CALIBRATE_PROBE_ROWS;
    run_shape(r, c, dir, 3 * k, first, first, 0, 0, 0, &probe);
    struct probe_costs pc;
    int probed = probe_costs(&probe, &pc);
    free(probe.ch);
    double left = cal->budget_s - (clock_now_ns() - t0) / 1e9;
    if (!probed || stop_signal || left <= 0) {
        cal->spent_s = (clock_now_ns() - t0) / 1e9;
        return;
    }
    int64_t chunk = plan->chunk;
    if (plan_chunks_s(plan, &pc, plan->chunk, plan->rows) > left / 2)
        chunk = calibration_chunk(plan, &pc, scattered(c, plan->chunk - 1) ? left / 2 : left,
                                  c->v[DIM_READERS] > 0 ? CALIBRATE_CHUNKS_READERS
                                                        : CALIBRATE_CHUNKS);
    /* a run ends after the chunk that passes its deadline: the deadline
    ** comes a chunk (at the probe's costs) before the time is up */
    const double one = plan_chunks_s(plan, &pc, chunk, chunk);
    const double cache = growth_cache_bytes(c->v[DIM_CACHE_SIZE], c->v[DIM_PAGE_SIZE]);
    cal->cache_kib = smaller_cache(plan, c, &pc, chunk, cache);
    const double ran = cal->cache_kib > 0 ? cal->cache_kib * 1024.0 : cache;
    int split = scattered(c, chunk);
    if (split) {
        run_shape(r, c, dir, 3 * k + 1, plan->rows, chunk, 1, 0, deadline_in(left / 2 - one),
                  &w);
        left = cal->budget_s - (clock_now_ns() - t0) / 1e9;
    }
    run_shape(r, c, dir, 3 * k + 2, plan->rows, chunk, 0, cal->cache_kib, deadline_in(left - one),
              &m);
    struct growth_plan gp = {.rows = plan->rows, .chunk = chunk};
    gp.commit_every = c->v[DIM_COMMIT_EVERY] >= plan->chunk
                          ? scaled(c->v[DIM_COMMIT_EVERY], plan->chunk, chunk)
                          : c->v[DIM_COMMIT_EVERY];
    if (m.n > 0 && growth_from_chunks(m.ch, m.n, &gp, ran, NAN, &cal->model) > 0) {
        const struct chunk_record *last = &m.ch[m.n - 1];
        double outside = m.wall_s - last->elapsed_s;
        struct growth_model wm;
        gp.commit_every = c->v[DIM_COMMIT_EVERY];
        if (split && w.n > 0 &&
            growth_from_chunks(w.ch, w.n, &gp, cache, cal->model.row_bytes, &wm) > 0) {
            cal->model.fit[GROWTH_WRITE] = wm.fit[GROWTH_WRITE];
            cal->split_rows = wm.rows;
        }
        cal->model.cache_bytes = cache;     /* the plan's, for its chunks */
        cal->model.cell_s = outside > 0 ? outside : 0;
        cal->done = 1;
        cal->chunk = chunk;
        cal->chunks = cal->model.chunks;
        cal->rows = cal->model.rows;
        cal->whole = chunk == plan->chunk && last->rows == plan->rows;
    }
    free(m.ch);
    free(w.ch);
    cal->spent_s = (clock_now_ns() - t0) / 1e9;
}

/* A shape's budget, of total shared by n shapes. */
static double shape_budget(double total, int n)
{
    double each = total / (n > 0 ? n : 1);
    return each < CALIBRATE_SHAPE_MIN_S ? CALIBRATE_SHAPE_MIN_S
           : each > CALIBRATE_SHAPE_MAX_S ? CALIBRATE_SHAPE_MAX_S : each;
}

double calibrate_budget_s(int n)
{
    const double total = testhook_calibration_s(CALIBRATE_TOTAL_S);
    double all = shape_budget(total, n) * n;
    return all < total ? all : total;
}

int calibrate_plan(const struct runner *r, const int *need, struct calibration *cal, int *ncal,
                   int *shape, char *err, size_t errlen)
{
    char base[4096], dir[4200];
    int nc = 0, done = 0;
    for (int i = 0; i < r->ncells; i++) {
        shape[i] = -1;
        if (!need[i])
            continue;
        for (int s = 0; s < nc && shape[i] < 0; s++)
            if (calibrate_same_shape(&r->cells[cal[s].cell], &r->cells[i]))
                shape[i] = s;
        if (shape[i] < 0) {
            memset(&cal[nc], 0, sizeof cal[nc]);
            cal[nc].cell = i;
            shape[i] = nc++;
        }
    }
    *ncal = nc;
    if (!nc)
        return 0;
    const double total = testhook_calibration_s(CALIBRATE_TOTAL_S);
    double each = shape_budget(total, nc);
    folder_existing_ancestor(r->db_dir, base, sizeof base);
    snprintf(dir, sizeof dir, "%s/.sqlsoak-calibration-XXXXXX", base);
    if (!mkdtemp(dir)) {
        snprintf(err, errlen, "cannot make a calibration folder in %s: %s", base, strerror(errno));
        return -1;
    }
    const int fixed = testhook_calibration_shapes();
    double spent = 0;
    for (int s = 0; s < nc && !stop_signal; s++) {
        const double left = total - spent;
        if (fixed ? s >= fixed : left < CALIBRATE_SHAPE_MIN_S / 2)
            break;
        cal[s].budget_s = fixed || each < left ? each : left;
        calibrate_shape(r, dir, s, &cal[s]);
        spent += cal[s].spent_s;
        done += cal[s].done;
    }
    if (rmdir(dir) != 0) {
        snprintf(err, errlen, "cannot remove the calibration folder %s: %s", dir, strerror(errno));
        return -1;
    }
    return done;
}
