/*
** subproc: see subproc.h.  The child is spawn's (spawn_program): the stop
** signals are blocked from the stop flag's last look until the child's
** pid is the handler's, so a stop lands either before the fork (nothing
** started) or on a child the handler knows and passes the signal on to
** at once; spawn_end kills it should it not end by that signal, and
** reaps it after handing its pid back.
*/
#include "subproc.h"

#include "spawn.h"
#include "stop.h"

#include <sys/wait.h>

int subproc_run(const char *cwd, const char *const *argv, int err_fd)
{
    struct spawn sp;
    char why[128];
    int rc = spawn_program(&sp, cwd, argv, err_fd, why, sizeof why);
    if (rc == SPAWN_STOPPED)
        return SUBPROC_STOPPED;
    if (rc != 0)
        return SUBPROC_FAILED;
    int st;
    if (spawn_end(&sp, &st) != 0)
        return stop_signal ? SUBPROC_STOPPED : SUBPROC_FAILED;
    if (stop_signal)
        return SUBPROC_STOPPED;
    return WIFEXITED(st) ? WEXITSTATUS(st) : SUBPROC_FAILED;
}
