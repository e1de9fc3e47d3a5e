/*
** subproc: runs another program (gnuplot) to its end, as a child of
** sqlsoak that a stop signal ends too.
**
** What stays true: the child starts with no signal blocked and with
** SIGPIPE and SIGXFSZ at their defaults (sqlsoak ignores both for itself;
** a SIGHUP ignored under nohup stays ignored, as it does for sqlsoak), and
** its pid is the one the runner's stop handler passes signals to
** (stop_add_child) from its first moment until it has ended.  A stop
** (stop.h) asked before it would start starts nothing; one asked while it
** runs ends it (passed on by the handler, then SIGKILL) and it is reaped
** before subproc_run returns, so no child outlives a stopped run.  The
** pid is handed back (stop_drop_child) before the child is reaped, so a
** signal can never reach a process that reused its pid.
*/
#ifndef SQLSOAK_SUBPROC_H
#define SQLSOAK_SUBPROC_H

/* subproc_run's results besides an exit status (0..255). */
enum {
    SUBPROC_FAILED = -1,    /* not started (fork failed) or killed by a signal */
    SUBPROC_STOPPED = -2,   /* a stop signal kept it from starting or ended it */
};

/* Runs argv[0], found on PATH, with argv (NULL-terminated) in folder cwd,
** its standard error err_fd's (-1: sqlsoak's), and waits for its end.
** Returns its exit status (126: cwd or err_fd unusable, 127: not
** started), or SUBPROC_FAILED or SUBPROC_STOPPED. */
int subproc_run(const char *cwd, const char *const *argv, int err_fd);

#endif
