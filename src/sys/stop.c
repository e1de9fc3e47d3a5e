/*
** stop: see stop.h.  A signal handler can reach nothing but file-scope
** state: the flags below, and the pids of the child processes (the
** cell's, gnuplot, a cell's readers), a fixed set of slots, each written
** with the stop signals blocked by spawn.c or by the one process that
** owns it.  Each handler keeps errno as it found it: the code it
** interrupted may be about to read it.
*/
#include "stop.h"

#include <assert.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

volatile sig_atomic_t stop_signal;
static volatile sig_atomic_t forced;        /* the second stop signal, once it came */
static volatile sig_atomic_t child_pid[STOP_MAX_CHILDREN];   /* 0: a free slot */

static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};

/* Passes sig to every child in the set. */
static void signal_children(int sig)
{
    for (int i = 0; i < STOP_MAX_CHILDREN; i++)
        if (child_pid[i] > 0)
            kill((pid_t)child_pid[i], sig);
}

static void on_stop_runner(int sig)
{
    int saved = errno;
    if (stop_signal) {
        forced = sig;
        signal_children(SIGKILL);
    } else {
        stop_signal = sig;
        signal_children(sig);
    }
    errno = saved;
}

static void on_stop_cell(int sig)
{
    int saved = errno;
    if (!stop_signal)
        stop_signal = sig;
    errno = saved;
}

void stop_signals(sigset_t *set)
{
    sigemptyset(set);
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
        sigaddset(set, sigs[i]);
}

static void catch_all(void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    stop_signals(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction was;
        /* nohup's ignored SIGHUP is kept: the run is meant to outlive the
        ** terminal.  (The SIG_IGN of SIGINT a background job starts with is
        ** undone, so that kill -INT stops it as it would stop a foreground one.) */
        if (sigs[i] == SIGHUP && sigaction(SIGHUP, NULL, &was) == 0 && was.sa_handler == SIG_IGN)
            continue;
        sigaction(sigs[i], &sa, NULL);
    }
    signal(SIGPIPE, SIG_IGN);
}

void stop_catch_runner(void)
{
    catch_all(on_stop_runner);
}

void stop_catch_cell(void)
{
    for (int i = 0; i < STOP_MAX_CHILDREN; i++)
        child_pid[i] = 0;       /* the parent's children are not this process's */
    catch_all(on_stop_cell);
}

int stop_add_child(pid_t pid)
{
    assert(pid > 0);
    for (int i = 0; i < STOP_MAX_CHILDREN; i++)
        if (child_pid[i] == 0) {
            child_pid[i] = pid;
            return 0;
        }
    return -1;
}

void stop_drop_child(pid_t pid)
{
    for (int i = 0; i < STOP_MAX_CHILDREN; i++)
        if (child_pid[i] == pid)
            child_pid[i] = 0;
}

int stop_children(void)
{
    int n = 0;
    for (int i = 0; i < STOP_MAX_CHILDREN; i++)
        n += child_pid[i] > 0;
    return n;
}

int stop_forced(void)
{
    return forced != 0;
}

const char *stop_cause(void)
{
    static char buf[64];
    if (!stop_signal)
        return "";
    int sig = forced ? forced : stop_signal;
    const char *name = sig == SIGINT ? "Ctrl-C" : stop_signame(sig);
    if (forced && forced != stop_signal)
        snprintf(buf, sizeof buf, "%s after %s", name,
                 stop_signal == SIGINT ? "Ctrl-C" : stop_signame(stop_signal));
    else
        snprintf(buf, sizeof buf, "%s%s", forced ? "a second " : "", name);
    return buf;
}

void stop_note(int sig)
{
    if (!stop_signal)
        stop_signal = sig;
}

const char *stop_signame(int sig)
{
    static const struct { int sig; const char *name; } names[] = {
        {SIGHUP, "SIGHUP"}, {SIGINT, "SIGINT"}, {SIGQUIT, "SIGQUIT"}, {SIGILL, "SIGILL"},
        {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"}, {SIGFPE, "SIGFPE"}, {SIGKILL, "SIGKILL"},
        {SIGSEGV, "SIGSEGV"}, {SIGPIPE, "SIGPIPE"}, {SIGALRM, "SIGALRM"}, {SIGTERM, "SIGTERM"},
        {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"}, {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"},
    };
    static char buf[24];
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (names[i].sig == sig)
            return names[i].name;
    snprintf(buf, sizeof buf, "signal %d", sig);
    return buf;
}
