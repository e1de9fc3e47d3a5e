/*
** stop: the signals that end a run early (SIGINT, SIGTERM, SIGHUP), in the
** runner and in the cell's process.
**
** In the runner, the first one asks for a stop after the chunk in flight
** and is passed on to the cell's process; a second one kills the cell's
** process at once (its chunk in flight is lost, every recorded one kept)
** and the runner still records the run as interrupted.  The cell's
** process only notes a stop: a Ctrl-C or an SSH hang-up reaches it from
** the process group and again from the runner, and only the runner
** decides what a second signal means.  SIGPIPE is ignored, so a terminal
** or a pipe that went away makes writes to it fail instead of killing
** the run before run.json says how it ended.
*/
#ifndef SQLSOAK_STOP_H
#define SQLSOAK_STOP_H

#include <signal.h>
#include <sys/types.h>

/* The first stop signal received, 0 while none: what soak's chunk loop
** watches (env->stop). */
extern volatile sig_atomic_t stop_signal;

/* Installs the runner's handlers (also undoing the SIG_IGN of SIGINT a
** background job starts with; a SIGHUP ignored by nohup stays ignored). */
void stop_catch_runner(void);

/* Installs the cell process's handlers. */
void stop_catch_cell(void);

/* The set of child processes the runner's handler passes signals to (the
** cell's, gnuplot: subproc.h; a cell's readers in the cell's process,
** whose handler passes nothing on): at most STOP_MAX_CHILDREN at once.
** stop_add_child: 0, or -1 when the set is full (spawn.h refuses to
** start such a child).  stop_drop_child: pid leaves the set (nothing when
** it is not in it).  stop_children: how many are in it. */
#define STOP_MAX_CHILDREN 72
int stop_add_child(pid_t pid);
void stop_drop_child(pid_t pid);
int stop_children(void);

/* The stop signals (SIGINT, SIGTERM, SIGHUP) into set. */
void stop_signals(sigset_t *set);

/* 1 once a second stop signal has arrived (the cell's process was
** killed by the runner, not by someone else). */
int stop_forced(void);

/* What stopped the run, as a person did it: "Ctrl-C" (SIGINT), "a second
** Ctrl-C", "SIGTERM", "a second SIGHUP", "SIGTERM after Ctrl-C", ...; ""
** when no stop signal has arrived.  A static string. */
const char *stop_cause(void);

/* Notes a stop the runner learned of otherwise (the cell's process was
** signalled alone); the first one wins. */
void stop_note(int sig);

/* The signal's name ("SIGTERM"), for messages. */
const char *stop_signame(int sig);

#endif
