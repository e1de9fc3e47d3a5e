/*
** watch: the timeline, telemetry and metrics of one cell.  See watch.h.
*/
#include "watch.h"

#include "metrics.h"
#include "soak.h"
#include "sysinfo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void watch_cell_begin(struct watch *w, const struct soak_env *env)
{
    const struct config *cfg = env->cfg;
    struct storage_info st;
    char dir[4200];
    memset(w, 0, sizeof *w);
    w->env = env;
    w->root = telemetry_root();
    w->nchunks = (cfg->rows + cfg->chunk - 1) / cfg->chunk;
    /* the folder: the database itself may not exist yet */
    snprintf(dir, sizeof dir, "%s", env->db_path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    if (sysinfo_storage(slash ? (dir[0] ? dir : "/") : ".", &st) == 0)
        memcpy(w->disk, st.block_device, sizeof w->disk);
    timeline_open(&w->tl, env->timeline_fd, &env->id, cfg->timeline_ms);
}

void watch_chunk_begin(struct watch *w, int64_t chunk)
{
    timeline_chunk(&w->tl, chunk);
    if (w->env->chunks_fd >= 0)   /* crash trials keep no chunk rows */
        telemetry_sample(w->root, w->disk, &w->t0);
}

/* The --metrics file; and, for the tests (SQLSOAK_TEST_METRICS_COPY=DIR),
** each state it passes through as DIR/cell-C-R-chunk-K.prom, so that every
** one of them can be checked after the run. */
static void publish(struct watch *w, const struct chunk_record *cr, const char *status)
{
    const struct soak_env *env = w->env;
    const char *copy = getenv("SQLSOAK_TEST_METRICS_COPY");
    if (!env->cfg->metrics)
        return;
    metrics_write(env->cfg->metrics, &env->id, cr, w->nchunks, status);
    if (copy && *copy) {
        char path[4300];
        snprintf(path, sizeof path, "%s/cell-%lld-%lld-chunk-%lld%s.prom", copy,
                 (long long)env->id.cell, (long long)env->id.repeat,
                 cr ? (long long)cr->chunk : -1LL, cr && strcmp(status, "running") ? "-end" : "");
        metrics_write(path, &env->id, cr, w->nchunks, status);
    }
}

void watch_chunk_end(struct watch *w, struct chunk_record *cr)
{
    struct telemetry_sample t1;
    if (w->env->chunks_fd < 0)
        return;
    telemetry_sample(w->root, w->disk, &t1);
    telemetry_chunk(&w->t0, &t1, cr);
    timeline_figures(&w->tl, &cr->write_stall_max_ms, &cr->commit_max_ms);
    cr->end_unix_s = timeline_wall(&w->tl, t1.at_ns);
    w->last = *cr;
    w->have_last = 1;
    publish(w, cr, "running");
}

void watch_cell_end(struct watch *w, const char *status)
{
    if (w->env)
        publish(w, w->have_last ? &w->last : NULL, status);
}
