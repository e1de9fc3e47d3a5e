/*
** pace: the schedule of a paced writer (--write-rate), and what its
** transactions saw.
**
** A closed-loop writer starts each row as soon as the last is done: a
** slow COMMIT delays the next arrival instead of queueing it, and its
** latencies hide the wait an application's rows would have had
** (coordinated omission).  A paced writer is open-loop: transactions of
** --commit-every rows fall due at --write-rate rows a second, evenly or
** as a Poisson process (--arrival), and each one's latency runs from when
** it was due to its COMMIT's return, split into
**   queue   due -> the writer starts it (it was busy with earlier ones),
**   lock    the busy handler's waits for another connection's lock,
**   work    BEGIN and the INSERTs, less their lock waits,
**   commit  COMMIT, mostly the sync, less its lock waits,
** which add up to the latency exactly: each is a difference of the same
** clock's readings.
**
** The schedule restarts at each chunk's write phase: the chunk's other
** phases (updates, reads, checkpoint) are the benchmark's, not the
** application's, and do not queue its rows.  With --latency-limit, a
** transaction slower than the limit is late, and one already that late
** when the writer reaches it is skipped, as pgbench does: its arrival is
** counted and not written, and the next takes its rows, so a chunk still
** ends at --chunk rows.  A writer more than --backlog-limit behind its
** schedule is overloaded: pace_next says so, and the cell stops.
**
** The chunk's latencies are in p->lat (hist.h, ns) until pace_take hands
** over its figures and starts the next chunk's.
*/
#ifndef SQLSOAK_PACE_H
#define SQLSOAK_PACE_H

#include "hist.h"
#include "records.h"
#include "rng.h"

#include <stdint.h>
#include <stdio.h>

struct pace {
    double gap_ns;           /* the mean time between transactions */
    int poisson;
    struct rng rng;          /* the Poisson gaps: one seed, one schedule */
    uint64_t limit_ns;       /* --latency-limit; 0: none */
    uint64_t backlog_ns;     /* --backlog-limit */
    double due_ns;           /* the next transaction's due time, monotonic */
    uint64_t lag_ns;         /* how far behind the last overload found the writer */
    FILE *raw;               /* SQLSOAK_TEST_LATENCIES: a line per transaction; NULL none */
    /* the chunk's */
    struct hist lat;         /* latency from due, ns */
    int64_t txns, late, skipped;
    uint64_t queue_ns, lock_ns, work_ns, commit_ns;
};

/* One transaction's clock readings, filled by pace_next and its writer. */
struct pace_txn {
    uint64_t due, start;     /* pace_next's */
    uint64_t commit_start, end;        /* as COMMIT began, and returned */
    uint64_t lock_work, lock_commit;   /* busy waits before COMMIT, and in it */
};

/* A schedule of rate rows/s in transactions of rows_per_txn rows, arrival
** an enum arrival, seed its Poisson draws', limit_ms the latency limit (0
** none), backlog_s the overload bound. */
void pace_init(struct pace *p, int64_t rate, int64_t rows_per_txn, int arrival, uint64_t seed,
               int64_t limit_ms, int64_t backlog_s);

/* The schedule starts over at now: the first transaction is due then. */
void pace_restart(struct pace *p, uint64_t now);

/* The next transaction: sleeps until it is due, passing over (and
** counting) those already later than the limit.  Fills t->due, t->start.
** Returns 0, 1 when it slept, or -1 when the writer is more than the
** backlog limit behind (p->lag_ns says how far). */
int pace_next(struct pace *p, struct pace_txn *t);

/* Transaction t has committed: its latency and parts into the chunk's. */
void pace_done(struct pace *p, const struct pace_txn *t);

/* The chunk's figures into *f (NaN for each when nothing was paced);
** then the chunk's tallies, p->lat with them, start again. */
void pace_take(struct pace *p, struct txn_figures *f);

/* *f as a closed-loop writer's: NaN throughout. */
void txn_figures_clear(struct txn_figures *f);

#endif
