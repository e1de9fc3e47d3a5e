/*
** soakrecord: a chunk's record (records.h), once its phases are done: each
** phase's figures from its runner's ops and time, the counting shim's, the
** files' sizes and the free pages, appended to chunks.csv.  See phaserunner.h.
*/
#include "soakrecord.h"
#include "csvout.h"
#include "dbfile.h"
#include "latency.h"
#include "phase.h"
#include "timeline.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

static double per_s(int64_t n, uint64_t ns)
{
    return ns ? (double)n * 1e9 / (double)ns : NAN;
}

/* The chunk's figures of each phase (records.h) from its runner's ops and
** time: a phase that did nothing has neither time nor rate, one timed but
** not counted a time alone.  The latencies are those of the histogram
** of the phase that times its ops: the reads', the updates'. */
void soakrecord_phases(const struct soak *s, const struct chunk_work *w,
                        struct chunk_record *cr)
{
    for (int p = 0; p < PHASE_COUNT; p++) {
        struct phase_stats *ps = &cr->ph[p];
        int64_t ops = w->ops[p];
        ps->ops = ops > 0 ? ops : 0;
        ps->s = ops ? w->ns[p] / 1e9 : NAN;
        ps->rate = ops > 0 ? per_s(ops, w->ns[p]) : NAN;
        ps->wal_bytes = w->wal_bytes[p];
        for (int i = 0; i < LAT_COUNT; i++)
            ps->us[i] = NAN;
        if (phase_table[p].latency)
            latency_from_hist(p == PHASE_UPDATE ? &s->ulat : &s->lat, ps->us);
    }
}

/* The counting shim's figures since before (NaN when it is not in place). */
void soakrecord_vfs(const struct soak *s, const struct countvfs_counts *before,
                      struct vfs_figures *out)
{
    struct countvfs_counts d;
    countvfs_diff(&s->count.c, before, &d);
    for (int k = 0; k < VFS_FILES; k++) {
        out->write_bytes[k] = s->counting ? (double)d.write_bytes[k] : NAN;
        out->writes[k] = s->counting ? (double)d.writes[k] : NAN;
        out->syncs[k] = s->counting ? (double)d.syncs[k] : NAN;
    }
    out->shm_maps = s->counting ? (double)d.shm_maps : NAN;
    out->shm_locks = s->counting ? (double)d.shm_locks : NAN;
}

/* Samples the files' sizes and the free pages after a chunk and appends
** its row to chunks.csv. */
int soakrecord_chunk(struct soak *s, struct chunk_record *cr)
{
    char side[4200], line[2048];
    const char *db = s->env->db_path;
    cr->db_bytes = soak_file_size(db);
    dbfile_side(db, "-wal", side, sizeof side);
    cr->wal_bytes = soak_file_size(side);
    cr->wal_bytes_peak = NAN;
    if (*s->wal_path) {         /* the largest seen: each timeline row's end, each phase's */
        cr->wal_bytes_peak = fmax(timeline_wal_max(&s->w.tl), (double)cr->wal_bytes);
        for (int p = 0; p < PHASE_COUNT; p++)
            cr->wal_bytes_peak = fmax(cr->wal_bytes_peak, cr->ph[p].wal_bytes);
    }
    dbfile_side(db, "-journal", side, sizeof side);
    cr->journal_bytes = soak_file_size(side);
    cr->rss_kib = sysinfo_rss_kib();
    char pages[32];
    int rc = sqlapi_query_text(s->api, s->db, "PRAGMA freelist_count", pages, sizeof pages);
    if (rc != SQLITE_OK)
        return soak_sql_fail(s, rc, "PRAGMA freelist_count");
    cr->freelist_count = strtoll(pages, NULL, 10);
    if (s->env->chunks_fd < 0)
        return 0;                           /* crash trials keep no chunk rows */
    int len = csvout_row(CSV_CHUNKS, cr, line, sizeof line);
    if (len < 0 || csvout_append(s->env->chunks_fd, line, len) != 0)
        return soak_results_failed(s, "chunks.csv", errno);
    return 0;
}
