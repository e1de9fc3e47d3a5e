/*
** Unit tests of spawn, with real processes: a child's result comes back
** on its pipes and its exit status through spawn_reap; the pid stop's
** handler signals is cleared while the child's zombie still holds it (so
** it can never reach a process that reused the pid); a pipe that cannot
** be made (a low RLIMIT_NOFILE) leaves no descriptor open and no child;
** the child starts with an empty signal mask and the cell's handlers
** whatever the parent had; it dies with its parent; a read past its
** deadline says so.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "clock.h"
#include "fdio.h"
#include "spawn.h"
#include "stop.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- stop_drop_child, watched (linked with --wrap=stop_drop_child) ---- */

void __real_stop_drop_child(pid_t pid);
void __wrap_stop_drop_child(pid_t pid);

static pid_t watched;           /* the child whose clearing is watched */
static int cleared_while_held;  /* stop_drop_child came while its zombie held the pid */
static int cleared;

void __wrap_stop_drop_child(pid_t pid)
{
    if (pid == watched && watched > 0) {
        siginfo_t si;
        memset(&si, 0, sizeof si);
        cleared++;
        cleared_while_held = waitid(P_PID, (id_t)watched, &si,
                                    WEXITED | WNOWAIT | WNOHANG) == 0 && si.si_pid == watched;
    }
    __real_stop_drop_child(pid);
}

/* ---- bodies ---- */

static int body_answer(void *ctx, const int *wfd)
{
    int v = *(int *)ctx;
    return fdio_write_full(wfd[1], &v, sizeof v) == 0 ? 7 : 1;
}

/* 0 when the child's mask is empty and SIGINT/SIGTERM have the cell's
** handler (not the parent's SIG_IGN), else 1. */
static int body_signals(void *ctx, const int *wfd)
{
    (void)ctx;
    (void)wfd;
    sigset_t now;
    struct sigaction sa;
    sigprocmask(SIG_SETMASK, NULL, &now);
    if (sigismember(&now, SIGTERM) || sigismember(&now, SIGINT) || sigismember(&now, SIGUSR1))
        return 1;
    sigaction(SIGINT, NULL, &sa);
    if (sa.sa_handler == SIG_IGN || sa.sa_handler == SIG_DFL)
        return 1;
    sigaction(SIGTERM, NULL, &sa);
    return sa.sa_handler == SIG_IGN || sa.sa_handler == SIG_DFL;
}

/* Sends its pid, then waits for ever. */
static int body_wait(void *ctx, const int *wfd)
{
    (void)ctx;
    pid_t me = getpid();
    if (fdio_write_full(wfd[0], &me, sizeof me) != 0)
        return 1;
    for (;;)
        pause();
}

/* Waits for a stop signal, then sends it on pipe 0. */
static int body_stopped(void *ctx, const int *wfd)
{
    (void)ctx;
    sigset_t stops, was;
    stop_signals(&stops);
    sigprocmask(SIG_BLOCK, &stops, &was);
    while (!stop_signal)
        sigsuspend(&was);
    int sig = stop_signal;
    return fdio_write_full(wfd[0], &sig, sizeof sig) == 0 ? 0 : 1;
}

/* ---- tests ---- */

static void result_and_status(void **state)
{
    (void)state;
    struct spawn sp;
    char why[128] = "";
    int v = 1234, got = 0, st = -1;
    assert_int_equal(spawn_start(&sp, 2, body_answer, &v, why, sizeof why), 0);
    assert_true(sp.pid > 0);
    assert_int_equal(spawn_read(&sp, 1, &got, sizeof got, 0), 0);
    assert_int_equal(got, 1234);
    assert_int_equal(spawn_read(&sp, 0, &got, 1, 0), -1);   /* pipe 0: nothing, then EOF */
    assert_int_equal(spawn_reap(&sp, &st, 0), 0);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 7);
    assert_int_equal(sp.pid, 0);
}

static void pid_cleared_before_reap(void **state)
{
    (void)state;
    struct spawn sp;
    char why[128];
    int v = 1, got, st;
    cleared = cleared_while_held = 0;
    assert_int_equal(spawn_start(&sp, 2, body_answer, &v, why, sizeof why), 0);
    watched = sp.pid;
    assert_int_equal(spawn_read(&sp, 1, &got, sizeof got, 0), 0);
    assert_int_equal(spawn_reap(&sp, &st, 0), 0);
    watched = 0;
    assert_int_equal(cleared, 1);
    assert_true(cleared_while_held);
}

/* The descriptors open now. */
static int open_fds(void)
{
    int k = 0;
    for (int fd = 0; fd < 1024; fd++)
        k += fcntl(fd, F_GETFD) >= 0;
    return k;
}

static void pipe_failure_leaks_nothing(void **state)
{
    (void)state;
    struct rlimit was, low;
    getrlimit(RLIMIT_NOFILE, &was);
    /* room for exactly one pipe: the second of two fails */
    int lim = 0, free_below = 0;
    while (free_below < 2) {
        free_below += fcntl(lim, F_GETFD) < 0;
        lim++;
    }
    for (int extra = 0; extra < 3; extra++) {   /* 1, 2 then 3 pipes asked for */
        int before = open_fds();
        low = was;
        low.rlim_cur = (rlim_t)lim;
        assert_int_equal(setrlimit(RLIMIT_NOFILE, &low), 0);
        struct spawn sp;
        char why[128] = "";
        int v = 1;
        int rc = spawn_start(&sp, 2 + extra, body_answer, &v, why, sizeof why);
        int after = open_fds();
        assert_int_equal(setrlimit(RLIMIT_NOFILE, &was), 0);
        assert_int_equal(rc, -1);
        assert_non_null(strstr(why, "pipe: "));
        assert_int_equal(after, before);
        assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);   /* no child started */
        assert_int_equal(errno, ECHILD);
    }
}

static void child_gets_the_cells_signals(void **state)
{
    (void)state;
    sigset_t block, was;
    struct sigaction ign, old_int;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigaction(SIGINT, &ign, &old_int);      /* as a background job starts */
    sigemptyset(&block);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGUSR1);
    sigprocmask(SIG_BLOCK, &block, &was);
    struct spawn sp;
    char why[128];
    int st;
    assert_int_equal(spawn_start(&sp, 1, body_signals, NULL, why, sizeof why), 0);
    assert_int_equal(spawn_reap(&sp, &st, 0), 0);
    sigprocmask(SIG_SETMASK, &was, NULL);
    sigaction(SIGINT, &old_int, NULL);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), 0);
}

static void child_dies_with_parent(void **state)
{
    (void)state;
    int p[2];
    if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0) {   /* the orphan comes to us */
        /* qemu-user (the ARM legs) does not pass this prctl on */
        print_message("PR_SET_CHILD_SUBREAPER: %s: skipped\n", strerror(errno));
        skip();
    }
    assert_int_equal(pipe(p), 0);
    pid_t mid = fork();
    if (mid == 0) {
        struct spawn sp;
        char why[128];
        pid_t grandchild = 0;
        close(p[0]);
        if (spawn_start(&sp, 1, body_wait, NULL, why, sizeof why) != 0 ||
            spawn_read(&sp, 0, &grandchild, sizeof grandchild, 0) != 0)
            _exit(1);
        fdio_write_full(p[1], &grandchild, sizeof grandchild);
        _exit(0);                           /* without reaping it */
    }
    close(p[1]);
    pid_t grandchild = 0;
    assert_int_equal(fdio_read_full(p[0], &grandchild, sizeof grandchild), 0);
    close(p[0]);
    int st;
    assert_int_equal(waitpid(mid, &st, 0), mid);
    assert_int_equal(waitpid(grandchild, &st, 0), grandchild);
    assert_true(WIFSIGNALED(st));
    assert_int_equal(WTERMSIG(st), SIGKILL);
    prctl(PR_SET_CHILD_SUBREAPER, 0);
}

/* The runner's stop signal reaches every child alive, not only the last
** one started (a cell's readers live side by side), and none once reaped. */
static void stop_reaches_every_child(void **state)
{
    (void)state;
    struct spawn sp[3];
    char why[128];
    int st, sig;
    stop_catch_runner();
    for (int i = 0; i < 3; i++)
        assert_int_equal(spawn_start(&sp[i], 1, body_stopped, NULL, why, sizeof why), 0);
    assert_int_equal(stop_children(), 3);
    assert_int_equal(raise(SIGTERM), 0);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(spawn_read(&sp[i], 0, &sig, sizeof sig, clock_now_ns() + 20000000000ull), 0);
        assert_int_equal(sig, SIGTERM);
        assert_int_equal(spawn_reap(&sp[i], &st, 0), 0);
        assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    }
    assert_int_equal(stop_children(), 0);
    stop_signal = 0;
    signal(SIGTERM, SIG_DFL);
}

static void read_past_deadline(void **state)
{
    (void)state;
    struct spawn sp;
    char why[128];
    pid_t pid, more;
    int st;
    assert_int_equal(spawn_start(&sp, 1, body_wait, NULL, why, sizeof why), 0);
    assert_int_equal(spawn_read(&sp, 0, &pid, sizeof pid, 0), 0);
    assert_int_equal(pid, sp.pid);
    assert_int_equal(spawn_read(&sp, 0, &more, sizeof more, clock_now_ns() + 20000000), 1);
    /* a child that does not end in time is left unreaped, then reaped */
    assert_int_equal(spawn_reap(&sp, &st, clock_now_ns() + 20000000), 1);
    assert_int_equal(kill(pid, 0), 0);
    assert_int_equal(spawn_kill(&sp, SIGKILL), 0);
    assert_int_equal(spawn_reap(&sp, &st, 0), 0);
    assert_true(WIFSIGNALED(st));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(result_and_status),
        cmocka_unit_test(pid_cleared_before_reap),
        cmocka_unit_test(pipe_failure_leaks_nothing),
        cmocka_unit_test(child_gets_the_cells_signals),
        cmocka_unit_test(child_dies_with_parent),
        cmocka_unit_test(read_past_deadline),
        cmocka_unit_test(stop_reaches_every_child),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
