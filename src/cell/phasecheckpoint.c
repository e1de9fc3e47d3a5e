/*
** phasecheckpoint: with an explicit --checkpoint in WAL, the checkpoint
** after each chunk, timed as its own phase.  See phaserunner.h.
*/
#include "phasecheckpoint.h"
#include "soakstate.h"
#include "checkpoint.h"
#include "modes.h"
#include "phase.h"
#include "timeline.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

static int checkpoint_wanted(const struct soak *s)
{
    return s->env->cell->v[DIM_CHECKPOINT] != CK_AUTO;
}

static int checkpoint_prepare(struct soak *s, struct chunk_work *w)
{
    w->wal_before_ckpt = soak_wal_size(s);
    return 0;
}

/* The explicit checkpoint, after the chunk's COMMIT (none while a
** transaction spans chunks), timed; its figures (checkpoint.h) into the
** chunk's record.  SQLITE_BUSY is a result, not a failure; a mode the
** library refuses makes the cell UNSUPPORTED. */
static int checkpoint_phase(struct soak *s, struct chunk_work *w)
{
    const struct cell *c = s->env->cell;
    struct chunk_record *cr = w->cr;
    struct checkpoint_result ck;
    if (s->in_txn)
        return 0;
    uint64_t t0 = timeline_begin(&s->w.tl, PHASE_CHECKPOINT, 0);
    int rc = checkpoint_run(c, s->api, s->db, w->wal_before_ckpt, &ck);
    w->ns[PHASE_CHECKPOINT] = timeline_end(&s->w.tl, ck.frames > 0 ? ck.frames : 0) - t0;
    if (rc == SQLITE_MISUSE) {
        soak_set_status(s, ST_UNSUPPORTED, "checkpoint_mode %s: SQLite %s refuses it (%s)",
                   checkpoint_word(c), s->api->version, sqlapi_errstr(s->api, rc));
        return -1;
    }
    if (rc != SQLITE_OK && rc != SQLITE_BUSY)
        return soak_sql_fail(s, rc, "sqlite3_wal_checkpoint_v2");
    w->ops[PHASE_CHECKPOINT] = ck.frames > 0 ? ck.frames : -1;   /* none copied: a time alone */
    double *fig = cr->ph[PHASE_CHECKPOINT].fig;
    fig[PHASEFIG_CHECKPOINT_WAL_FRAMES] = ck.wal_frames >= 0 ? (double)ck.wal_frames : NAN;
    fig[PHASEFIG_CHECKPOINT_FRAMES] = ck.frames >= 0 ? (double)ck.frames : NAN;
    fig[PHASEFIG_CHECKPOINT_BUSY] = ck.held_back;
    return 0;
}

const struct phase_runner phase_checkpoint_runner = {
    .wanted = checkpoint_wanted, .prepare = checkpoint_prepare, .run = checkpoint_phase};
