/*
** subproc: see subproc.h.  The stop signals are blocked from just before
** the stop flag's last look until the child's pid is the handler's, so a
** stop lands either before the fork (nothing started) or on a child the
** handler knows and passes the signal on to at once: that ends gnuplot
** (SIGINT, SIGTERM, and a SIGHUP sqlsoak catches, all do) even when it
** lands between wait_end's look at the flag and its wait.  The SIGKILL
** after it is for a program that does not end by the signal passed on.
*/
#include "subproc.h"

#include "stop.h"

#include <assert.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

void subproc_child_signals(void)
{
    struct sigaction dfl, was;
    sigset_t none;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    /* sqlsoak's handlers too, which exec would reset anyway: a signal
    ** between the mask's unblocking below and exec then acts as it will
    ** on the program, not on a copy of sqlsoak */
    for (int sig = 1; sig < NSIG; sig++) {
        if (sig == SIGKILL || sig == SIGSTOP || sigaction(sig, NULL, &was) != 0)
            continue;
        if (was.sa_handler != SIG_IGN || sig == SIGPIPE || sig == SIGXFSZ)
            sigaction(sig, &dfl, NULL);
    }
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
}

/* Waits until child pid has ended, killing it once a stop is asked, and
** reaps it after handing its pid back.  Its wait status into *st: 0, or
** -1 (errno set) when it cannot be waited for. */
static int wait_end(pid_t pid, int *st)
{
    siginfo_t si;
    int killed = 0, rc = 0;
    for (;;) {
        if (stop_signal && !killed)
            killed = kill(pid, SIGKILL) == 0;   /* ours until reaped: no reused pid */
        memset(&si, 0, sizeof si);
        if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT) == 0)
            break;
        if (errno != EINTR) {
            rc = -1;
            break;
        }
    }
    stop_set_child(0);
    while (waitpid(pid, st, 0) < 0)
        if (errno != EINTR)
            return -1;
    return rc;
}

int subproc_run(const char *cwd, const char *const *argv)
{
    sigset_t stops, was;
    assert(argv && argv[0]);
    stop_signals(&stops);
    sigprocmask(SIG_BLOCK, &stops, &was);
    if (stop_signal) {
        sigprocmask(SIG_SETMASK, &was, NULL);
        return SUBPROC_STOPPED;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        subproc_child_signals();
        if (chdir(cwd) != 0)
            _exit(126);
        execvp(argv[0], (char *const *)argv);
        _exit(127);
    }
    if (pid > 0)
        stop_set_child(pid);        /* a stop from here on is passed on to it */
    sigprocmask(SIG_SETMASK, &was, NULL);
    if (pid < 0)
        return SUBPROC_FAILED;
    int st;
    if (wait_end(pid, &st) != 0)
        return stop_signal ? SUBPROC_STOPPED : SUBPROC_FAILED;
    if (stop_signal)
        return SUBPROC_STOPPED;
    return WIFEXITED(st) ? WEXITSTATUS(st) : SUBPROC_FAILED;
}
