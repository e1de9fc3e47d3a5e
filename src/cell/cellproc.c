/*
** cellproc: see cellproc.h.  The cell's process (spawn.h) sends its
** heartbeats (beat.h), then its result, on one pipe; the runner waits
** for each beat no longer than the watchdog says (watchdog.h).  Its
** exit status says whether it was stopped by a signal (cellproc.h).
*/
#include "cellproc.h"
#include "beat.h"
#include "clock.h"
#include "csvin.h"
#include "fdio.h"
#include "spawn.h"
#include "stop.h"
#include "watchdog.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

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

static void ended(int wstatus, char *why, size_t n)
{
    if (WIFSIGNALED(wstatus)) {
        int sig = WTERMSIG(wstatus);
        snprintf(why, n, "its process was killed by %s%s", stop_signame(sig),
                 sig == SIGKILL && !stop_forced() ? ", probably the OOM killer" : "");
    } else if (WIFEXITED(wstatus)) {
        snprintf(why, n, "its process exited with status %d without a result",
                 WEXITSTATUS(wstatus));
    } else {
        snprintf(why, n, "its process ended without a result");
    }
}

struct cell_body {
    const struct soak_env *env;
    struct cell_result *res;
};

/* The cell's process: heartbeats, then BEAT_RESULT and the result, on
** wfd[0]. */
static int cell_body(void *ctx, const int *wfd)
{
    struct cell_body *b = ctx;
    struct soak_env env = *b->env;
    env.beat_fd = wfd[0];
    soak_cell(&env, b->res);
    return cellproc_exit_status(beat_send(wfd[0], BEAT_RESULT, b->res->sum.chunks) == 0 &&
                                fdio_write_full(wfd[0], b->res, sizeof *b->res) == 0);
}

/* Reads the beats until the result: 0 with *res, -1 when the pipe ended
** first, 1 when the watchdog's deadline came first. */
static int await_result(struct spawn *sp, struct watchdog *w, struct cell_result *res)
{
    for (;;) {
        struct beat b;
        int rc = spawn_read(sp, 0, &b, sizeof b, watchdog_deadline(w));
        if (rc != 0)
            return rc;
        watchdog_beat(w, &b, clock_now_ns());
        if (b.step == BEAT_RESULT)
            return spawn_read(sp, 0, res, sizeof *res, watchdog_deadline(w));
    }
}

/* How long a killed cell's process is given to end: one stuck in the
** kernel (an NFS mount gone) may never; it is then left unreaped. */
#define KILLED_WAIT_NS (10 * 1000000000ull)

int cellproc_run(const struct soak_env *env, int64_t watchdog_s, struct cell_result *res,
                 char *why, size_t n)
{
    struct spawn sp;
    struct watchdog w;
    struct cell_body body = {env, res};
    memset(res, 0, sizeof *res);
    if (spawn_start(&sp, 1, cell_body, &body, why, n) != 0)
        return -1;
    watchdog_start(&w, watchdog_s, clock_now_ns());
    int got = await_result(&sp, &w, res);
    int wstatus = 0;
    if (got == 1) {
        uint64_t now = clock_now_ns();
        watchdog_reason(&w, now, why, n);
        spawn_kill(&sp, SIGKILL);
        if (spawn_reap(&sp, &wstatus, now + KILLED_WAIT_NS) == 1) {
            size_t len = strlen(why);
            snprintf(why + len, n - len, "; pid %ld did not end", (long)sp.pid);
        }
        memset(res, 0, sizeof *res);
        return 1;
    }
    spawn_reap(&sp, &wstatus, 0);
    if (got == 0) {
        cellproc_stopped(wstatus);
        return 0;
    }
    ended(wstatus, why, n);
    return -1;
}

int64_t cellproc_recorded(const char *path, const struct cell_id *id)
{
    struct csvin t;
    char err[256];
    int64_t k = 0;
    if (csvin_read(path, CSV_CHUNKS, &t, err, sizeof err) != 0)
        return 0;
    for (int i = 0; i < t.nrows; i++)
        k += csvin_int(&t, CSV_CHUNKS, i, COL_cell, -1) == id->cell &&
             csvin_int(&t, CSV_CHUNKS, i, COL_repeat, -1) == id->repeat;
    csvin_free(&t);
    return k;
}
