/*
** calibrate: see calibrate.h.
*/
#include "calibrate.h"

#include "cellproc.h"
#include "clock.h"
#include "dbfile.h"
#include "folder.h"
#include "schedule.h"
#include "stop.h"

#include <errno.h>
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

/* n rows per chunk of chunk rows, scaled to a calibration chunk: the
** same share of it (at least 1 when n is), so at most CALIBRATE_CHUNK
** when n <= chunk, as session.c checks of all but hot updates. */
static int64_t to_calibration(int64_t n, int64_t chunk)
{
    int64_t k = (int64_t)((double)n * CALIBRATE_CHUNK / (double)chunk);
    return n > 0 && k < 1 ? 1 : k;
}

/* Runs plan cell c0 as a calibration into db until deadline: its rates.
** Its updates, deletes and hot rows are scaled to the calibration's
** chunk, so that it measures the cell's shape in fewer rows. */
static void calibrate_cell(const struct runner *r, const struct cell *c0, const char *db,
                           uint64_t deadline, double *w, double *rd)
{
    struct config cfg = *r->cfg;
    struct cell cell = *c0, *c = &cell;
    char hot_keys[48];
    int64_t hot = 0;
    char why[256];
    cell.v[DIM_UPDATES] = to_calibration(c0->v[DIM_UPDATES], r->cfg->chunk);
    cell.v[DIM_DELETES] = to_calibration(c0->v[DIM_DELETES], r->cfg->chunk);
    if (cfg.update_keys && schedule_parse_keys(cfg.update_keys, &hot, why, sizeof why) == 0 &&
        hot > 0) {
        snprintf(hot_keys, sizeof hot_keys, "hot:%" PRId64, to_calibration(hot, r->cfg->chunk));
        cfg.update_keys = hot_keys;
    }
    struct progress quiet;
    struct soak_env env;
    struct cell_result res;
    cfg.rows = CALIBRATE_ROWS;
    cfg.chunk = CALIBRATE_CHUNK;
    cfg.reads = cfg.reads < 0 || cfg.reads > CALIBRATE_CHUNK ? CALIBRATE_CHUNK : cfg.reads;
    cfg.verify = 0;
    cfg.metrics = NULL;
    progress_init(&quiet, PG_NEVER);
    memset(&env, 0, sizeof env);
    env.cfg = &cfg;
    env.cell = c;
    env.api = &r->libs[c->v[DIM_LIB]];
    plan_cell_id(&cfg, c, env.api->version, env.api->source_id, &env.id);
    env.db_path = db;
    env.chunks_fd = env.histograms_fd = env.timeline_fd = -1;
    env.commit_fd = env.beat_fd = env.mark_fd = -1;
    env.progress = &quiet;
    env.deadline_ns = deadline;
    env.stop = &stop_signal;
    if (cellproc_run(&env, CALIBRATE_WATCHDOG_S, &res, why, sizeof why) == 0 && res.sum.chunks > 0) {
        *w = res.sum.ph[PHASE_WRITE].median;
        *rd = res.sum.ph[PHASE_READ].median;
    }
    remove_db(db);
}

int calibrate_plan(const struct runner *r, double *w, double *rd, char *err, size_t n)
{
    char base[4096], dir[4200], db[4300];
    folder_existing_ancestor(r->db_dir, base, sizeof base);
    snprintf(dir, sizeof dir, "%s/.sqlsoak-calibration-XXXXXX", base);
    for (int i = 0; i < r->ncells; i++)
        w[i] = rd[i] = NAN;
    if (!mkdtemp(dir)) {
        snprintf(err, n, "cannot make a calibration folder in %s: %s", base, strerror(errno));
        return -1;
    }
    uint64_t deadline = clock_now_ns() + CALIBRATE_BUDGET_NS;
    int done = 0;
    for (int i = 0; i < r->ncells && !stop_signal && clock_now_ns() < deadline; i++) {
        const struct cell *c = &r->cells[i];
        if (c->warmup || c->repeat != 1)
            continue;           /* one calibration per combination */
        snprintf(db, sizeof db, "%s/cell%d.db", dir, i + 1);
        calibrate_cell(r, c, db, deadline, &w[i], &rd[i]);
        done += !isnan(w[i]);
    }
    if (rmdir(dir) != 0) {
        snprintf(err, n, "cannot remove the calibration folder %s: %s", dir, strerror(errno));
        return -1;
    }
    return done;
}
