/*
** watch: the timeline, telemetry and metrics of one cell.  See watch.h.
*/
#include "watch.h"

#include "metrics.h"
#include "config.h"
#include "sysinfo.h"
#include "testhook.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void watch_cell_begin(struct watch *w, const struct config *cfg, const struct cell_id *id,
                      const char *db_path, int timeline_fd, int keeps_chunks)
{
    struct storage_info st;
    char dir[4200];
    memset(w, 0, sizeof *w);
    w->cfg = cfg;
    w->id = id;
    w->keeps_chunks = keeps_chunks;
    w->root = telemetry_root();
    w->nchunks = (cfg->rows + cfg->chunk - 1) / cfg->chunk;
    /* the folder: the database itself may not exist yet */
    snprintf(dir, sizeof dir, "%s", db_path);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = 0;
    if (sysinfo_storage(slash ? (dir[0] ? dir : "/") : ".", &st) == 0)
        memcpy(w->disk, st.block_device, sizeof w->disk);
    timeline_open(&w->tl, timeline_fd, id, cfg->timeline_ms);
}

void watch_chunk_begin(struct watch *w, int64_t chunk)
{
    timeline_chunk(&w->tl, chunk);
    if (w->keeps_chunks)
        telemetry_sample(w->root, w->disk, &w->t0);
}

/* The --metrics file; and, for the tests (SQLSOAK_TEST_METRICS_COPY=DIR),
** each state it passes through as DIR/cell-C-R-chunk-K.prom, so that every
** one of them can be checked after the run. */
static void publish(struct watch *w, const struct chunk_record *cr, const char *status)
{
    const char *copy = testhook_metrics_copy();
    if (!w->cfg->metrics)
        return;
    metrics_write(w->cfg->metrics, w->id, cr, w->nchunks, status);
    if (copy) {
        char path[4300];
        snprintf(path, sizeof path, "%s/cell-%lld-%lld-chunk-%lld%s.prom", copy,
                 (long long)w->id->cell, (long long)w->id->repeat,
                 cr ? (long long)cr->chunk : -1LL, cr && strcmp(status, "running") ? "-end" : "");
        metrics_write(path, w->id, cr, w->nchunks, status);
    }
}

void watch_telemetry(const struct telemetry_sample *a, const struct telemetry_sample *b,
                     struct chunk_record *cr)
{
    cr->temp_c = b->temp_c;
    cr->cpu_mhz = b->cpu_mhz;
    snprintf(cr->throttled, sizeof cr->throttled, "%s", b->throttled);
    cr->device_reads = b->reads - a->reads;
    cr->device_writes = b->writes - a->writes;
    cr->dev_read_bytes = (b->read_sectors - a->read_sectors) * TELEMETRY_SECTOR;
    cr->dev_write_bytes = (b->write_sectors - a->write_sectors) * TELEMETRY_SECTOR;
    double ms = (b->at_ns - a->at_ns) / 1e6;
    double busy = (b->io_ticks_ms - a->io_ticks_ms) / ms * 100.0;
    cr->device_busy_pct = ms > 0 ? (busy > 100.0 ? 100.0 : busy) : NAN;
    if (!(cr->device_reads >= 0) || !(cr->device_writes >= 0) || !(busy >= 0) ||
        !(cr->dev_read_bytes >= 0) || !(cr->dev_write_bytes >= 0)) {
        /* no disk, or its counters reset (a re-attached device) */
        cr->device_reads = cr->device_writes = cr->device_busy_pct = NAN;
        cr->dev_read_bytes = cr->dev_write_bytes = NAN;
    }
}

void watch_chunk_end(struct watch *w, struct chunk_record *cr)
{
    struct telemetry_sample t1;
    if (!w->keeps_chunks)
        return;
    telemetry_sample(w->root, w->disk, &t1);
    watch_telemetry(&w->t0, &t1, cr);
    timeline_figures(&w->tl, &cr->write_stall_max_ms, &cr->commit_max_ms);
    cr->end_unix_s = timeline_wall(&w->tl, t1.at_ns);
    w->last = *cr;
    w->have_last = 1;
    publish(w, cr, "running");
}

void watch_cell_end(struct watch *w, const char *status)
{
    if (w->cfg)
        publish(w, w->have_last ? &w->last : NULL, status);
}
