/*
** session: what `run`, `resume` and `crash` share from the command line
** to their first cell.  A new results folder (run, crash) goes
**
**   session_init     signals: nothing open yet
**   session_check    every check; a bad input ends here, exit 2, nothing
**                    created
**   session_create   the folder, its owner, --db-dir (--detach: the
**                    background process goes on from here)
**   session_describe run.json's database name, plan, host, storage and
**                    libraries
**   session_open_csv each results file, with its header
**
** and resume takes session_init, session_plan (on the options run.json
** recorded) and session_open_marks on a folder it owns.  Each main then
** says only what differs.
*/
#ifndef SQLSOAK_SESSION_H
#define SQLSOAK_SESSION_H

#include "csvout.h"
#include "runner.h"

#include <stddef.h>

/* r made empty for cfg (no file open, every descriptor -1, --db-dir
** copied), a file-size limit made to fail a write rather than kill the
** process (SIGXFSZ ignored), and the stop signals caught (stop.h): from
** the start, no moment a signal kills it. */
void session_init(struct runner *r, const struct config *cfg);

/* Every --sqlite-lib loaded and the plan built, with room for its
** results (r->results).  0, or -1 with err. */
int session_plan(struct runner *r, char *err, size_t errlen);

/* The checks of a new results folder, in order: the workload; every
** library loaded; --out (chosen into r->out) holds no results and can be
** made; --db-dir can be made; the plan; free space for the databases
** under --db-dir and for the first files under --out; run.json begun
** (r->rj) from argv.  Creates nothing.  0, or -1 with err. */
int session_check(struct runner *r, int argc, char **argv, char *err, size_t errlen);

/* Creates what a new results folder starts with, in order: nothing when a
** stop signal came during the checks (exit 130); the folder; its owner,
** OUT/.owner, before anything else (a process that loses the race for it
** creates nothing more: exit 2); --db-dir; with detach, the background
** process (the terminal's returns 0 once it holds the folder).  0 to go
** on, or -1 with the exit status in *status (and err). */
int session_create(struct runner *r, int detach, int *status, char *err, size_t errlen);

/* The name in the session's database files (r->run_name): the results
** folder's name and a hash of its absolute path, so that two folders of
** one name sharing a --db-dir never meet.  Then run.json's description of
** the session: that name (db_name: resume uses it, whatever the folder
** is called by then), cells_planned, out_dir, the host and the storage of
** --db-dir, and each library that passes its probe. */
void session_describe(struct runner *r);

/* Creates dir/name (never overwriting) with the header of schema f;
** returns its descriptor (O_APPEND), or -1 with err. */
int session_open_csv(const char *dir, const char *name, enum csv_file f, char *err, size_t errlen);

/* Opens OUT/.databases for appending (r->marks_fd): created afresh (never
** over a file) when fresh, else created when missing.  0, or -1 with err. */
int session_open_marks(struct runner *r, int fresh, char *err, size_t errlen);

#endif
