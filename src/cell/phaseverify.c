/*
** phaseverify: --verify, once at the cell's end: integrity_check and every
** row's value against the generator and the schedule.  See phaserunner.h.
*/
#include "phaseverify.h"
#include "soakstate.h"
#include "beat.h"
#include "clock.h"
#include "phase.h"
#include "testhook.h"
#include "timeline.h"
#include "verify.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

struct verify_ctx {
    struct timeline *tl;
    int beat_fd;
    struct beat b;               /* the scan's beat: verify, of the cell's last chunk */
};

static void verify_tick(void *ctx, int64_t scanned)
{
    struct verify_ctx *v = ctx;
    timeline_tick(v->tl, scanned);
    if ((scanned & (BEAT_VERIFY_ROWS - 1)) == 0)
        beat_write(v->beat_fd, &v->b);
}

/* --verify, timed apart from the phases (verify_s); the rows that fail
** add to verify_failures. */
static int verify_table(struct soak *s)
{
    char ok[256], what[64];
    int64_t bad = 0, rows = 0;
    const struct config *cfg = s->env->cfg;
    /* the last chunk's, also when a resumed cell had every chunk recorded
    ** and its chunk loop never ran */
    int64_t last = (cfg->rows + cfg->chunk - 1) / cfg->chunk - 1;
    timeline_chunk(&s->w.tl, last);
    struct verify_ctx v = {.tl = &s->w.tl, .beat_fd = s->env->beat_fd};
    v.b.step = BEAT_PHASE + PHASE_VERIFY;
    v.b.chunk = last;
    v.b.work = soak_end_work(s);
    uint64_t t0 = timeline_begin(&s->w.tl, PHASE_VERIFY, 0);
    testhook_slow_verify();             /* a long integrity_check */
    int rc = verify_run(s->api, s->db, &s->gen, &s->sched, last + 1, s->inserted, &bad, &rows,
                        verify_tick, &v, ok, sizeof ok, what, sizeof what);
    if (rc != SQLITE_OK)
        return soak_sql_fail(s, rc, what);
    if (strcmp(ok, "ok") != 0) {
        soak_set_status(s, ST_VERIFY_FAILED, "integrity_check: %s", ok);
        return -1;
    }
    s->res->sum.verify_failures += bad;
    s->res->sum.verify_s = (timeline_end(&s->w.tl, rows) - t0) / 1e9;
    if (s->w.tl.err)
        return soak_results_failed(s, "timeline.csv", s->w.tl.err);
    return 0;
}

static int verify_wanted(const struct soak *s)
{
    return s->env->cfg->verify;
}

static int verify_phase(struct soak *s, struct chunk_work *w)
{
    live_phase(&s->live, w->chunk, PHASE_VERIFY, s->inserted, clock_now_ns());
    return verify_table(s);
}

const struct phase_runner phase_verify_runner = {.at_end = 1, .wanted = verify_wanted,
                                                 .run = verify_phase};
