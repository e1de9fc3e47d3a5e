/*
** phaseread: the read phase of a chunk: point SELECTs of rows drawn by
** --read-dist, each verified against the generator and the schedule, each
** timed; before it, with --os-cache drop, the database leaves the OS
** cache.  See phaserunner.h.
*/
#include "phaseread.h"
#include "soakstate.h"
#include "clock.h"
#include "modes.h"
#include "oscache.h"
#include "phase.h"
#include "rng.h"
#include "shape.h"
#include "timeline.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

/* n point SELECTs of keys drawn from rows [lo, hi) by --read-dist, each
** its own autocommit read (outside a write transaction), each value
** verified.  One clock read per operation: an operation's latency runs
** from the end of the one before, so timing adds no second clock call to
** the phase.  plain: uniform reads of integer keys, every release's read
** phase, compiled apart (read_phase) so that it costs what it always did.
** OUT: *read_ns, *failures, *made (n, or 0 when the deletes left no row
** in [lo, hi) to read: a chunk records the reads it made). */
static inline __attribute__((always_inline)) int
read_ops(struct soak *s, int64_t n, int64_t lo, int64_t hi, uint64_t chunk, uint64_t *read_ns,
         int64_t *failures, int64_t *made, const int plain)
{
    const struct sqlapi *api = s->api;
    struct rng r;
    int64_t bad = 0;
    hist_reset(&s->lat);
    const int scheduled = s->sched.updates > 0 || s->sched.deletes > 0;
    const int64_t done = (int64_t)chunk + 1;      /* the schedule after this chunk */
    assert(n >= 0 && lo >= 0 && hi <= s->inserted);  /* only rows written are read */
    if (lo < schedule_gone_below(&s->sched, done))
        lo = schedule_gone_below(&s->sched, done);   /* the retention window's rows */
    if (!plain && hi > lo)
        keydist_rows(&s->reads, (uint64_t)(hi - lo));
    /* the same keys for every cell of one seed: cells compare like for like */
    rng_seed(&r, rng_mix64((uint64_t)s->env->cfg->seed) ^ rng_mix64(chunk + 1));
    uint64_t t_start = timeline_begin(&s->w.tl, PHASE_READ, 0), t_prev = t_start;
    for (int64_t i = 0; i < n && hi > lo; i++) {
        int64_t row = lo + (int64_t)(plain ? rng_below(&r, (uint64_t)(hi - lo))
                                           : keydist_draw(&s->reads, &r));
        int64_t key = kvgen_key(&s->gen, (uint64_t)row);
        if (plain)
            api->bind_int64(s->sel, 1, key);
        else
            shape_bind_key(api, s->sel, 1, &s->gen, key, s->key_text);
        int rc = api->step(s->sel);
        if (rc == SQLITE_ROW) {
            const void *v = api->column_blob(s->sel, 0);
            int len = api->column_bytes(s->sel, 0);
            if (scheduled)                  /* its generation, and not deleted */
                bad += !schedule_value_ok(&s->sched, &s->gen, row, key, done, 1, v, (size_t)len);
            else
                bad += !kvgen_verify(&s->gen, key, v, (size_t)len);
        } else if (rc == SQLITE_DONE) {
            /* a key written is missing, unless the schedule deleted it */
            bad += !scheduled || !schedule_deleted(&s->sched, row, done);
        } else {
            api->reset(s->sel);
            return soak_sql_fail(s, rc, "SELECT");
        }
        api->reset(s->sel);
        uint64_t t = clock_now_ns();
        hist_record(&s->lat, t - t_prev);
        timeline_read(&s->w.tl, t, t - t_prev);
        if (s->raw) {                       /* test mode: outside the next latency */
            fprintf(s->raw, "%" PRIu64 "\n", t - t_prev);
            t = clock_now_ns();
        }
        t_prev = t;
    }
    timeline_end(&s->w.tl, 0);
    *read_ns = t_prev - t_start;
    *failures = bad;
    *made = hi > lo ? n : 0;
    return 0;
}

static int read_phase(struct soak *s, int64_t n, int64_t lo, int64_t hi, uint64_t chunk,
                      uint64_t *read_ns, int64_t *failures, int64_t *made)
{
    if (s->reads.kind == KD_UNIFORM && !s->gen.text_keys)
        return read_ops(s, n, lo, hi, chunk, read_ns, failures, made, 1);
    return read_ops(s, n, lo, hi, chunk, read_ns, failures, made, 0);
}

/* Between the write and the read phase, outside both: with --os-cache
** drop, the database's pages leave the OS cache so that the reads come
** from the storage; in both modes, how much of it is cached is recorded. */
static int os_cache(struct soak *s, struct chunk_record *cr)
{
    const char *db = s->env->db_path;
    if (s->env->cell->v[DIM_OS_CACHE] == OC_DROP && oscache_drop_db(s->db_fd, db) != 0) {
        soak_set_status(s, ST_FAILED, "cannot drop the OS cache of %s: %s", db, strerror(errno));
        return -1;
    }
    cr->db_cached_pct = oscache_db_cached_pct(s->db_fd, db);
    return 0;
}

static int read_prepare(struct soak *s, struct chunk_work *w)
{
    if (os_cache(s, w->cr))
        return -1;
    sysinfo_io(&w->rio0);
    return 0;
}

static int read_run(struct soak *s, struct chunk_work *w)
{
    live_phase(&s->live, w->chunk, PHASE_READ, w->reads, clock_now_ns());
    return read_phase(s, w->reads, w->lo, s->inserted, (uint64_t)w->chunk, &w->ns[PHASE_READ],
                      &w->cr->verify_failures, &w->ops[PHASE_READ]);
}

const struct phase_runner phase_read_runner = {.prepare = read_prepare, .run = read_run};
