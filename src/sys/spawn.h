/*
** spawn: a child process sqlsoak started and talks to over pipes (a
** cell's process, a crash trial; readers next), or a program it runs
** (gnuplot: subproc.h).  The one place that forks.
**
** What stays true:
**  1. The child starts with what a cell needs, whatever the parent had:
**     the cell's stop handlers (stop_catch_cell), what the parent set
**     with spawn_set_child_init (the folder's lock: owner.h), an empty
**     signal mask, and PR_SET_PDEATHSIG
**     (it never outlives the parent, nor starts once the parent is gone).
**     A program's child has PR_SET_PDEATHSIG and an empty mask too, and
**     the signal dispositions a program is entitled to: SIGPIPE and
**     SIGXFSZ at their defaults (sqlsoak ignores both for itself), and a
**     SIGHUP ignored under nohup still ignored.
**  2. Every pipe end is close-on-exec, and none is left open when a step
**     of spawn_start fails.
**  3. The parent's stop signals are passed to the child from the moment
**     it exists (they are blocked around the fork), and no longer once it
**     is reaped: spawn_reap clears the pid the handler signals while the
**     child's zombie still holds it, so no signal can reach a process
**     that reused the pid.
**
** Several children can live at once (a struct spawn each: a cell's
** readers, readers.h); stop keeps the set of their pids, each from its
** start until spawn_reap.
*/
#ifndef SQLSOAK_SPAWN_H
#define SQLSOAK_SPAWN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define SPAWN_MAX_PIPES 4

struct spawn {
    pid_t pid;                  /* > 0 from spawn_start until spawn_reap */
    int npipes;
    int fd[SPAWN_MAX_PIPES];    /* the parent's read ends; -1 once closed */
};

/* What the child runs: wfd[i] is the write end of pipe i.  Its return
** value is the child's exit status. */
typedef int spawn_body_fn(void *ctx, const int *wfd);

/* What each body's child runs first, after its stop handlers (NULL:
** nothing).  The folder's owner sets it as it takes the folder, so that a
** cell's process holds the folder's lock too, without spawn knowing of
** folders. */
void spawn_set_child_init(void (*init)(void));

/* Starts body(ctx, ...) in a child with npipes pipes from it to this
** process.  0, or -1 with one line in err (nothing left open or running).
** *sp is cleared first. */
int spawn_start(struct spawn *sp, int npipes, spawn_body_fn *body, void *ctx, char *err,
                size_t errlen);

/* spawn_program's result when a stop (stop.h) was asked before it would
** start: nothing is started. */
#define SPAWN_STOPPED 1

/* Starts argv[0], found on PATH, with argv (NULL-terminated), in folder
** cwd, in a child with no pipes, its standard error err_fd's (-1: this
** process's); it exits 126 when cwd or err_fd is unusable, 127 when the
** program cannot be run.  0, SPAWN_STOPPED, or -1 with one line in err. */
int spawn_program(struct spawn *sp, const char *cwd, const char *const *argv, int err_fd,
                  char *err, size_t errlen);

/* Reads exactly n bytes from pipe i, waiting until deadline_ns
** (clock_now_ns(); 0: no deadline).  0; -1 at end of file (the child
** closed it or ended) or on error; 1 when the deadline came first (what
** was read of buf is lost). */
int spawn_read(struct spawn *sp, int i, void *buf, size_t n, uint64_t deadline_ns);

/* Closes pipe i's read end (once; -1 afterwards). */
void spawn_close(struct spawn *sp, int i);

/* Sends sig to the child while it is not reaped; 0, or -1. */
int spawn_kill(const struct spawn *sp, int sig);

/* Waits for the child to end, until deadline_ns (0: for ever), then
** reaps it: OUT *wstatus as waitpid's.  Closes the pipes still open.
** 0; 1 when the deadline came first (the child is left unreaped, so that
** its pid cannot be reused, and no longer signalled by stop); -1 on
** error. */
int spawn_reap(struct spawn *sp, int *wstatus, uint64_t deadline_ns);

/* spawn_reap with no deadline, for a program: a stop asked while it runs
** (passed on by stop's handler) is followed by SIGKILL, for a program
** that does not end by the signal passed on. */
int spawn_end(struct spawn *sp, int *wstatus);

#endif
