/*
** cellproc: see cellproc.h.  The cell's process tells the runner it was
** stopped by a signal through its exit status: 0 a result written,
** 1 the result could not be written, CELL_EXIT_STOPPED + sig a result
** written after a stop signal.
*/
#include "cellproc.h"
#include "csvin.h"
#include "fdio.h"
#include "owner.h"
#include "stop.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define CELL_EXIT_STOPPED 100

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

int cellproc_run(const struct soak_env *env, struct cell_result *res, char *why, size_t n)
{
    int fds[2];
    memset(res, 0, sizeof *res);
    fflush(NULL);
    if (pipe(fds) != 0) {
        snprintf(why, n, "pipe: %s", strerror(errno));
        return -1;
    }
    pid_t parent = getpid(), pid = fork();
    if (pid == 0) {
        stop_catch_cell();
        owner_hold_in_cell();
        close(fds[0]);
        prctl(PR_SET_PDEATHSIG, SIGKILL);   /* never outlive the runner */
        if (getppid() != parent)
            _exit(1);                       /* it died before the line above */
        soak_cell(env, res);
        int ok = fdio_write_full(fds[1], res, sizeof *res) == 0;
        _exit(!ok ? 1 : stop_signal ? CELL_EXIT_STOPPED + stop_signal : 0);
    }
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        snprintf(why, n, "fork: %s", strerror(errno));
        return -1;
    }
    stop_set_child(pid);
    if (stop_signal)
        kill(pid, stop_signal);     /* it came between the fork and the line above */
    int got = fdio_read_full(fds[0], res, sizeof *res);
    close(fds[0]);
    int wstatus = 0;
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
    stop_set_child(0);
    if (got == 0 && WIFEXITED(wstatus) && WEXITSTATUS(wstatus) > CELL_EXIT_STOPPED)
        stop_note(WEXITSTATUS(wstatus) - CELL_EXIT_STOPPED);
    if (got == 0)
        return 0;
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
        k += (int64_t)csvin_num(&t, CSV_CHUNKS, i, COL_cell) == id->cell &&
             (int64_t)csvin_num(&t, CSV_CHUNKS, i, COL_repeat) == id->repeat;
    csvin_free(&t);
    return k;
}
