/*
** soakreaders: the writer's side of the readers beside it (--readers,
** --pin-reader; readers.h): forked before any connection, set reading once
** the table exists, each chunk's tallies taken into its record, ended
** before the writer closes.  See phaserunner.h.
*/
#include "soakreaders.h"
#include "busy.h"

#include <stdlib.h>

/* The readers' tallies of chunk c into cr (its reader figures, and the
** values they found wrong) and into the cell's histograms; without
** readers, cr's reader figures are empty. */
int soakreaders_chunk_end(struct soak *s, int64_t c, struct chunk_record *cr)
{
    char why[sizeof s->res->sum.reason];
    readers_figures_clear(&cr->rd);
    if (!s->rd.page)
        return 0;
    if (readers_chunk(&s->rd, c, s->rd_chunk, why, sizeof why) != 0) {
        soak_set_status(s, ST_FAILED, "%s", why);
        return -1;
    }
    readers_tally_figures(s->rd_chunk, &cr->rd);
    cr->verify_failures += s->rd_chunk->failures;
    readers_tally_merge_latencies(&s->stats.rd, s->rd_chunk);
    return 0;
}

/* Forks the cell's readers, before any connection is open. */
int soakreaders_begin(struct soak *s)
{
    const struct soak_env *env = s->env;
    const int fds[] = {env->chunks_fd, env->histograms_fd, env->timeline_fd,
                       env->beat_fd,   env->mark_fd,       env->commit_fd};
    struct readers_conf conf = {
        .n = (int)env->cell->v[DIM_READERS] + (env->cell->v[DIM_PIN_READER] > 0),
        .pin_ns = (uint64_t)env->cell->v[DIM_PIN_READER] * 1000000000u,
        .api = s->api, .db_path = env->db_path,
        .gen = &s->gen, .read_dist = env->cell->v[DIM_READ_DIST], .sched = &s->sched,
        .seed = (uint64_t)env->cfg->seed,
        .busy_timeout_ms = busy_timeout_ms(env->cell), .rate = env->cfg->reader_rate,
        .first_chunk = env->prior ? env->prior->chunks : 0, .close_fds = fds,
        .nclose = (int)(sizeof fds / sizeof *fds)};
    char why[sizeof s->res->sum.reason];
    if (conf.n == 0)
        return 0;
    if (!(s->rd_chunk = malloc(sizeof *s->rd_chunk))) {
        soak_set_status(s, ST_FAILED, "%s", "out of memory");
        return -1;
    }
    if (readers_start(&s->rd, &conf, why, sizeof why) != 0) {
        soak_set_status(s, ST_FAILED, "%s", why);
        return -1;
    }
    /* the timeline counts the readers that read, not the pinning one */
    s->w.tl.readers = (int)env->cell->v[DIM_READERS];
    s->w.tl.page = s->w.tl.readers ? s->rd.page : NULL;
    return 0;
}

/* The table exists: the readers begin to read.  The writer waits for
** their locks as they wait for its, --busy-timeout (busy_setup). */
int soakreaders_go(struct soak *s)
{
    char why[sizeof s->res->sum.reason];
    if (s->rd.page)
        readers_open(&s->rd, s->inserted);
    if (s->rd.page && s->env->cell->v[DIM_PIN_READER] > 0 &&
        readers_pinned(&s->rd, why, sizeof why) != 0) {
        soak_set_status(s, ST_FAILED, "%s", why);
        return -1;
    }
    return 0;
}

/* Ends the readers; one that died or failed fails a cell that had not
** failed otherwise.  A cell that failed does not wait for their tallies:
** a reader stopped holding the lock it failed on would hold it up. */
void soakreaders_end(struct soak *s)
{
    char why[sizeof s->res->sum.reason];
    int measured = s->res->status == ST_OK || s->res->status == ST_WARMUP ||
                   s->res->status == ST_INTERRUPTED;
    if (s->rd.page && readers_stop(&s->rd, measured, why, sizeof why) != 0)
        soak_set_status(s, ST_FAILED, "%s", why);
    s->w.tl.page = NULL;
    free(s->rd_chunk);
}
