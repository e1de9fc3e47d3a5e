/*
** spawn: see spawn.h.
*/
#include "spawn.h"
#include "testhook.h"
#include "clock.h"
#include "fdio.h"
#include "stop.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void close_all(int *fds, int n)
{
    for (int i = 0; i < n; i++)
        if (fds[i] >= 0) {
            close(fds[i]);
            fds[i] = -1;
        }
}

/* A program's child (spawn_program), before exec: sqlsoak's handlers
** back to their defaults, which exec would do anyway, so that a signal
** between the mask's unblocking and exec acts as it will on the program,
** not on a copy of sqlsoak; SIGPIPE and SIGXFSZ, which sqlsoak ignores,
** at their defaults too; a SIGHUP ignored under nohup stays ignored. */
static void program_signals(void)
{
    struct sigaction dfl, was;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (int sig = 1; sig < NSIG; sig++) {
        if (sig == SIGKILL || sig == SIGSTOP || sigaction(sig, NULL, &was) != 0)
            continue;
        if (was.sa_handler != SIG_IGN || sig == SIGPIPE || sig == SIGXFSZ)
            sigaction(sig, &dfl, NULL);
    }
}

static void (*child_init)(void);

void spawn_set_child_init(void (*init)(void))
{
    child_init = init;
}

/* A cell's child (spawn_start): the cell's stop handlers and lock. */
static void cell_signals(void)
{
    stop_catch_cell();
    if (child_init)
        child_init();
    signal(SIGCHLD, SIG_DFL);
    signal(SIGXFSZ, SIG_IGN);           /* a file-size limit fails a write, not the cell */
}

/* The child's side: never returns. */
static void child(pid_t parent, int npipes, int *rfd, int *wfd, spawn_body_fn *body, void *ctx,
                  int program)
{
    sigset_t none;
    if (!testhook_orphan_cell())
        prctl(PR_SET_PDEATHSIG, SIGKILL);   /* never outlive the parent */
    if (getppid() != parent)
        _exit(1);                       /* it died before the line above */
    close_all(rfd, npipes);
    if (program)
        program_signals();
    else
        cell_signals();
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    _exit(body(ctx, wfd));
}

static int start(struct spawn *sp, int npipes, spawn_body_fn *body, void *ctx, int program,
                 char *err, size_t errlen)
{
    int rfd[SPAWN_MAX_PIPES], wfd[SPAWN_MAX_PIPES];
    assert(npipes >= 0 && npipes <= SPAWN_MAX_PIPES);
    memset(sp, 0, sizeof *sp);
    for (int i = 0; i < SPAWN_MAX_PIPES; i++)
        rfd[i] = wfd[i] = sp->fd[i] = -1;
    for (int i = 0; i < npipes; i++) {
        int p[2];
        if (pipe2(p, O_CLOEXEC) != 0) {
            snprintf(err, errlen, "pipe: %s", strerror(errno));
            close_all(rfd, npipes);
            close_all(wfd, npipes);
            return -1;
        }
        rfd[i] = p[0];
        wfd[i] = p[1];
    }
    /* the stop signals wait until the child is the one they go to */
    sigset_t stops, was;
    stop_signals(&stops);
    sigprocmask(SIG_BLOCK, &stops, &was);
    if (program && stop_signal) {       /* a program is not started once a stop is asked */
        sigprocmask(SIG_SETMASK, &was, NULL);
        close_all(rfd, npipes);
        close_all(wfd, npipes);
        return SPAWN_STOPPED;
    }
    if (stop_children() >= STOP_MAX_CHILDREN) {   /* stop could not pass it signals */
        sigprocmask(SIG_SETMASK, &was, NULL);
        close_all(rfd, npipes);
        close_all(wfd, npipes);
        snprintf(err, errlen, "fork: more than %d children at once", STOP_MAX_CHILDREN);
        return -1;
    }
    fflush(NULL);
    pid_t parent = getpid(), pid = fork();
    if (pid == 0)
        child(parent, npipes, rfd, wfd, body, ctx, program);
    int fork_errno = errno;
    close_all(wfd, npipes);
    if (pid > 0) {
        stop_add_child(pid);
        if (stop_signal)
            kill(pid, stop_signal);     /* one came before: the child ends as a stopped cell */
    }
    sigprocmask(SIG_SETMASK, &was, NULL);
    if (pid < 0) {
        close_all(rfd, npipes);
        snprintf(err, errlen, "fork: %s", strerror(fork_errno));
        return -1;
    }
    sp->pid = pid;
    sp->npipes = npipes;
    memcpy(sp->fd, rfd, sizeof rfd);
    return 0;
}

int spawn_start(struct spawn *sp, int npipes, spawn_body_fn *body, void *ctx, char *err,
                size_t errlen)
{
    return start(sp, npipes, body, ctx, 0, err, errlen);
}

struct program {
    const char *cwd;
    const char *const *argv;
    int err_fd;
};

static int exec_program(void *ctx, const int *wfd)
{
    const struct program *p = ctx;
    (void)wfd;
    if (p->err_fd >= 0 && dup2(p->err_fd, STDERR_FILENO) < 0)
        return 126;
    if (chdir(p->cwd) != 0)
        return 126;
    execvp(p->argv[0], (char *const *)p->argv);
    return 127;
}

int spawn_program(struct spawn *sp, const char *cwd, const char *const *argv, int err_fd,
                  char *err, size_t errlen)
{
    struct program p = {cwd, argv, err_fd};
    assert(argv && argv[0]);
    return start(sp, 0, exec_program, &p, 1, err, errlen);
}

int spawn_read(struct spawn *sp, int i, void *buf, size_t n, uint64_t deadline_ns)
{
    assert(i >= 0 && i < sp->npipes && sp->fd[i] >= 0);
    return fdio_read_by(sp->fd[i], buf, n, deadline_ns);
}

void spawn_close(struct spawn *sp, int i)
{
    assert(i >= 0 && i < SPAWN_MAX_PIPES);
    if (sp->fd[i] >= 0)
        close(sp->fd[i]);
    sp->fd[i] = -1;
}

int spawn_kill(const struct spawn *sp, int sig)
{
    return sp->pid > 0 ? kill(sp->pid, sig) : -1;
}

/* Waits, without reaping, for the child to end; 0, 1 past deadline_ns.
** With kill_on_stop, a stop asked meanwhile kills it (it is ours until
** reaped: no reused pid). */
static int ended(pid_t pid, uint64_t deadline_ns, int kill_on_stop)
{
    int killed = 0;
    for (;;) {
        if (kill_on_stop && stop_signal && !killed)
            killed = kill(pid, SIGKILL) == 0;
        siginfo_t si;
        memset(&si, 0, sizeof si);
        int flags = WEXITED | WNOWAIT | (deadline_ns ? WNOHANG : 0);
        if (waitid(P_PID, (id_t)pid, &si, flags) != 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (si.si_pid == pid)
            return 0;
        if (clock_now_ns() >= deadline_ns)
            return 1;
        struct timespec ts = {0, 10 * 1000000};   /* a rare path: a killed child's end */
        nanosleep(&ts, NULL);
    }
}

static int reap(struct spawn *sp, int *wstatus, uint64_t deadline_ns, int kill_on_stop)
{
    assert(sp->pid > 0);
    *wstatus = 0;
    close_all(sp->fd, sp->npipes);
    int rc = ended(sp->pid, deadline_ns, kill_on_stop);
    stop_drop_child(sp->pid);   /* while its zombie (or it) still holds the pid */
    if (rc != 0)
        return rc;
    while (waitpid(sp->pid, wstatus, 0) < 0)
        if (errno != EINTR)
            return -1;
    sp->pid = 0;
    return 0;
}

int spawn_reap(struct spawn *sp, int *wstatus, uint64_t deadline_ns)
{
    return reap(sp, wstatus, deadline_ns, 0);
}

int spawn_end(struct spawn *sp, int *wstatus)
{
    return reap(sp, wstatus, 0, 1);
}
