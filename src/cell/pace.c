/*
** pace: a paced writer's schedule and tallies.  See pace.h.
*/
#include "pace.h"

#include "clock.h"
#include "latency.h"
#include "modes.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <sys/prctl.h>
#include <time.h>

static void tallies_clear(struct pace *p)
{
    hist_reset(&p->lat);
    p->txns = p->late = p->skipped = 0;
    p->queue_ns = p->lock_ns = p->work_ns = p->commit_ns = 0;
}

void pace_init(struct pace *p, int64_t rate, int64_t rows_per_txn, int arrival, uint64_t seed,
               int64_t limit_ms, int64_t backlog_s)
{
    assert(rate > 0 && rows_per_txn > 0);
    p->gap_ns = 1e9 * (double)rows_per_txn / (double)rate;
    p->poisson = arrival == ARRIVAL_POISSON;
    rng_seed(&p->rng, rng_mix64(seed ^ 0x7061636564ULL));   /* "paced" */
    p->limit_ns = limit_ms > 0 ? (uint64_t)limit_ms * 1000000u : 0;
    p->backlog_ns = (uint64_t)backlog_s * 1000000000u;
    p->due_ns = 0;
    p->lag_ns = 0;
    p->raw = NULL;
    tallies_clear(p);
    /* wake when due, not up to the default 50 µs later: the wake-up is
    ** counted as queueing */
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
}

void pace_restart(struct pace *p, uint64_t now)
{
    p->due_ns = (double)now;
}

/* The gap to the next arrival: the mean, or an exponential draw of it
** (-ln U, U uniform in (0, 1] from 53 random bits). */
static double gap(struct pace *p)
{
    if (!p->poisson)
        return p->gap_ns;
    double u = (double)((rng_next(&p->rng) >> 11) + 1) * 0x1p-53;
    return -log(u) * p->gap_ns;
}

static void sleep_until(uint64_t t)
{
    struct timespec ts = {(time_t)(t / 1000000000u), (long)(t % 1000000000u)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
        ;
}

int pace_next(struct pace *p, struct pace_txn *t)
{
    uint64_t now = clock_now_ns();
    int slept = 0;
    for (;;) {
        uint64_t due = (uint64_t)p->due_ns;
        if (now <= due) {
            if (now < due) {
                sleep_until(due);
                now = clock_now_ns();
                slept = 1;
            }
            break;
        }
        uint64_t lag = now - due;
        if (p->limit_ns && lag > p->limit_ns) {
            /* already late: skipped, as pgbench does; even arrivals all at once */
            if (!p->poisson) {
                /* those later than the limit: one exactly at it is taken */
                double k = ceil((double)(lag - p->limit_ns) / p->gap_ns);
                p->skipped += (int64_t)k;
                p->due_ns += k * p->gap_ns;
            } else {
                p->skipped++;
                p->due_ns += gap(p);
            }
            continue;
        }
        if (lag > p->backlog_ns) {
            p->lag_ns = lag;
            return -1;
        }
        break;
    }
    t->due = (uint64_t)p->due_ns;
    t->start = now;
    p->due_ns += gap(p);
    return slept;
}

void pace_done(struct pace *p, const struct pace_txn *t)
{
    assert(t->start >= t->due && t->commit_start >= t->start && t->end >= t->commit_start);
    uint64_t latency = t->end - t->due, queue = t->start - t->due;
    uint64_t lock = t->lock_work + t->lock_commit;
    /* a busy wait is inside its statement's time; the clock's readings
    ** around it come after, so neither part goes below 0 */
    uint64_t work = t->commit_start - t->start, commit = t->end - t->commit_start;
    work = work > t->lock_work ? work - t->lock_work : 0;
    commit = commit > t->lock_commit ? commit - t->lock_commit : 0;
    hist_record(&p->lat, latency);
    p->txns++;
    p->late += p->limit_ns && latency > p->limit_ns;
    p->queue_ns += queue;
    p->lock_ns += lock;
    p->work_ns += work;
    p->commit_ns += commit;
    if (p->raw)
        fprintf(p->raw, "txn %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
                latency, queue, lock, work, commit);
}

void pace_take(struct pace *p, struct txn_figures *f)
{
    int any = p->txns > 0 || p->skipped > 0;
    f->txns = any ? (double)p->txns : NAN;
    f->late = any ? (double)p->late : NAN;
    f->skipped = any ? (double)p->skipped : NAN;
    latency_from_hist(&p->lat, f->us);
    f->queue_s = any ? p->queue_ns / 1e9 : NAN;
    f->lock_s = any ? p->lock_ns / 1e9 : NAN;
    f->work_s = any ? p->work_ns / 1e9 : NAN;
    f->commit_s = any ? p->commit_ns / 1e9 : NAN;
    tallies_clear(p);
}

void txn_figures_clear(struct txn_figures *f)
{
    f->txns = f->late = f->skipped = NAN;
    for (int i = 0; i < LAT_COUNT; i++)
        f->us[i] = NAN;
    f->queue_s = f->lock_s = f->work_s = f->commit_s = NAN;
}
