/*
** cellproc: see cellproc.h.  The cell's process (spawn.h) sends its
** heartbeats (beat.h), then its result, on one pipe; the runner waits
** for each beat no longer than the watchdog says (watchdog.h).  Its
** exit status says whether it was stopped by a signal (cellproc.h).
**
** The runner alone writes the progress line, from the beats: each
** chunk's, and the live one inside a phase.  While the cell runs it looks
** for a stop every STOP_POLL_NS, so that a Ctrl-C is answered at once,
** once, with the time the chunk has left, whatever the cell's process is
** doing (a long COMMIT, an fsync the kernel does not interrupt).
*/
#include "cellproc.h"
#include "beat.h"
#include "clock.h"
#include "cellstats.h"
#include "csvin.h"
#include "histfile.h"
#include "fdio.h"
#include "progress.h"
#include "spawn.h"
#include "stop.h"
#include "testhook.h"
#include "watchdog.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int cellproc_exit_status(int handed_back)
{
    return !handed_back ? 1 : stop_signal ? CELLPROC_EXIT_STOPPED + stop_signal : 0;
}

int cellproc_stopped(int wstatus)
{
    if (!WIFEXITED(wstatus) || WEXITSTATUS(wstatus) <= CELLPROC_EXIT_STOPPED)
        return 0;
    stop_note(WEXITSTATUS(wstatus) - CELLPROC_EXIT_STOPPED);
    return WEXITSTATUS(wstatus) - CELLPROC_EXIT_STOPPED;
}

static void ended(int wstatus, char *err, size_t errlen)
{
    if (WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGKILL && stop_forced()) {
        /* the runner's own kill, on a second stop signal */
        snprintf(err, errlen, "its process stopped at once");
    } else if (WIFSIGNALED(wstatus)) {
        int sig = WTERMSIG(wstatus);
        snprintf(err, errlen, "its process was killed by %s%s", stop_signame(sig),
                 sig == SIGKILL ? ", probably the OOM killer" : "");
    } else if (WIFEXITED(wstatus)) {
        snprintf(err, errlen, "its process exited with status %d without a result",
                 WEXITSTATUS(wstatus));
    } else {
        snprintf(err, errlen, "its process ended without a result");
    }
}

struct cell_body {
    const struct soak_env *env;
    struct cell_result *res;
    int gate_w;                 /* the runner's end of the gate; -1 none */
};

/* The cell's process: heartbeats, then BEAT_RESULT and the result, on
** wfd[0]. */
static int cell_body(void *ctx, const int *wfd)
{
    struct cell_body *b = ctx;
    struct soak_env env = *b->env;
    if (b->gate_w >= 0)
        close(b->gate_w);       /* the runner alone gives turns */
    env.beat_fd = wfd[0];
    soak_cell(&env, b->res);
    return cellproc_exit_status(beat_send(wfd[0], BEAT_RESULT, b->res->sum.chunks) == 0 &&
                                fdio_write_full(wfd[0], b->res, sizeof *b->res) == 0);
}

#define STOP_POLL_NS 200000000ull

/* A stop was asked: says so once, with the chunk's time left. */
static void acknowledge(struct progress *pg, const struct cellproc_seen *seen)
{
    double left = seen->left_s;
    if (left >= 0) {
        left -= (clock_now_ns() - seen->at_ns) / 1e9;
        left = left > 0 ? left : 0;
    }
    progress_stopping(pg, stop_signal, left);
}

/* A beat for the progress line: a live one, or a chunk's end. */
static void show(const struct soak_env *env, const struct beat *b, struct cellproc_seen *seen)
{
    const int64_t nchunks = (env->cfg->rows + env->cfg->chunk - 1) / env->cfg->chunk;
    if (b->live) {
        seen->left_s = b->left_s;
        seen->at_ns = clock_now_ns();
        progress_live(env->progress, nchunks, b);
    } else if (b->step == BEAT_CHUNK_END) {
        struct chunk_record cr;
        beat_chunk_record(b, &cr);
        seen->left_s = -1;
        progress_chunk(env->progress, nchunks, &cr);
    }
}

/* Reads the beats until the result, or with at_chunk_end until the end
** of a chunk too: 0 with *res, 2 at a chunk's end, -1 when the pipe
** ended first, 1 when the watchdog's deadline came first. */
static int await_beats(struct cellproc *cp, int at_chunk_end)
{
    const struct soak_env *env = cp->env;
    for (;;) {
        struct beat b;
        uint64_t dl = watchdog_deadline(&cp->w), poll = clock_now_ns() + STOP_POLL_NS;
        int acked = progress_stop_acked(env->progress);
        int rc = spawn_read(&cp->sp, 0, &b, sizeof b, !acked && poll < dl ? poll : dl);
        if (rc == 1 && clock_now_ns() < dl) {
            if (stop_signal)
                acknowledge(env->progress, &cp->seen);
            continue;
        }
        if (rc != 0)
            return rc;
        if (stop_signal && !acked)
            acknowledge(env->progress, &cp->seen);
        show(env, &b, &cp->seen);
        watchdog_beat(&cp->w, &b, clock_now_ns());   /* a live beat too: progress */
        if (b.step == BEAT_RESULT)
            return spawn_read(&cp->sp, 0, cp->res, sizeof *cp->res, watchdog_deadline(&cp->w));
        if (at_chunk_end && b.step == BEAT_CHUNK_END)
            return 2;
    }
}

/* How long a killed cell's process is given to end: one stuck in the
** kernel (an NFS mount gone) may never; it is then left unreaped. */
#define KILLED_WAIT_NS (10 * 1000000000ull)

int cellproc_start(struct cellproc *cp, const struct soak_env *env, int64_t watchdog_s,
                   int gated, struct cell_result *res, char *err, size_t errlen)
{
    int gate[2] = {-1, -1};
    memset(cp, 0, sizeof *cp);
    memset(res, 0, sizeof *res);
    cp->env = env;
    cp->res = res;
    cp->seen.left_s = -1;
    cp->gate_fd = -1;
    if (gated && pipe2(gate, O_CLOEXEC) != 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return -1;
    }
    struct soak_env child = *env;
    child.gated = gated;
    child.gate_fd = gate[0];
    struct cell_body body = {&child, res, gate[1]};
    int rc = spawn_start(&cp->sp, 1, cell_body, &body, err, errlen);
    if (gated)
        close(gate[0]);
    if (rc != 0) {
        if (gated)
            close(gate[1]);
        return -1;
    }
    cp->gate_fd = gate[1];
    watchdog_start(&cp->w, watchdog_s, clock_now_ns());
    cp->w.floor_s = testhook_watchdog_floor_s(cp->w.floor_s);
    if (env->prior && env->prior->slowest_s > 0)    /* a resumed cell's chunks so far */
        cp->w.slowest_ns = (uint64_t)(env->prior->slowest_s * 1e9);
    return 0;
}

int cellproc_step(struct cellproc *cp)
{
    char turn = stop_signal ? SOAK_GATE_STOP : SOAK_GATE_GO;
    assert(cp->gate_fd >= 0);
    /* its wait for the turn is no hang: the watchdog counts from now */
    watchdog_resume(&cp->w, clock_now_ns());
    /* a cell that ended on its own (unsupported, --max-time after its
    ** chunk) reads no more turns; its result is in its pipe all the same */
    (void)fdio_write_full(cp->gate_fd, &turn, 1);
    return await_beats(cp, 1);
}

int cellproc_finish(struct cellproc *cp, int got, char *err, size_t errlen)
{
    int wstatus = 0;
    if (cp->gate_fd >= 0)
        close(cp->gate_fd);
    cp->gate_fd = -1;
    if (got == 1) {
        uint64_t now = clock_now_ns();
        watchdog_reason(&cp->w, now, err, errlen);
        spawn_kill(&cp->sp, SIGKILL);
        if (spawn_reap(&cp->sp, &wstatus, now + KILLED_WAIT_NS) == 1) {
            size_t len = strlen(err);
            snprintf(err + len, errlen - len, "; pid %ld did not end", (long)cp->sp.pid);
        }
        memset(cp->res, 0, sizeof *cp->res);
        return 1;
    }
    spawn_reap(&cp->sp, &wstatus, 0);
    if (got == 0) {
        cellproc_stopped(wstatus);
        return 0;
    }
    ended(wstatus, err, errlen);
    return -1;
}

int cellproc_run(const struct soak_env *env, int64_t watchdog_s, struct cell_result *res,
                 char *err, size_t errlen)
{
    struct cellproc cp;
    if (cellproc_start(&cp, env, watchdog_s, 0, res, err, errlen) != 0)
        return -1;
    return cellproc_finish(&cp, await_beats(&cp, 0), err, errlen);
}

int64_t cellproc_recorded(const char *dir, const struct cell_id *id, int64_t nchunks,
                          int64_t chunk_rows, struct summary_record *sum)
{
    struct csvin t;
    struct cellstats st;
    struct chunk_record cr;
    char path[4200], err[256];
    off_t whole;
    int64_t k = 0;
    snprintf(path, sizeof path, "%s/chunks.csv", dir);
    if (cellstats_init(&st, nchunks) != 0)
        return 0;
    if (csvin_read(path, CSV_CHUNKS, &t, err, sizeof err) != 0) {
        cellstats_free(&st);
        return 0;
    }
    for (int i = 0; i < t.nrows; i++) {
        if (csvin_record(&t, CSV_CHUNKS, i, &cr) != 0 || cr.id.cell != id->cell ||
            cr.id.repeat != id->repeat)
            continue;
        if (cellstats_add(&st, &cr, cr.ph[PHASE_WRITE].ops == chunk_rows) != 0)
            break;
        k++;
        sum->rows = cr.rows;
        sum->verify_failures += cr.verify_failures;
        sum->db_bytes = cr.db_bytes;
    }
    csvin_free(&t);
    if (histfile_restore(dir, id->cell, id->repeat, k, &st.lat, st.rd.lat, &st.txn, &whole, err,
                         sizeof err) != 0)
        hist_reset(&st.lat), hist_reset(&st.txn);
    cellstats_summarise(&st, sum);
    cellstats_free(&st);
    sum->chunks = k;
    return k;
}
