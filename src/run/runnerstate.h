/*
** runnerstate: a run in progress (struct runner): its libraries, plan,
** results folder and files; the names of its runs and databases; where
** and why it stopped.  The runner's loop (runner.c) and the runs'
** processes (runnercell.c) both read and mark it; it calls neither.
*/
#ifndef SQLSOAK_RUNNERSTATE_H
#define SQLSOAK_RUNNERSTATE_H

#include "config.h"
#include "csvout.h"
#include "ending.h"
#include "plan.h"
#include "runjson.h"
#include "sqlapi.h"

#include <stddef.h>
#include <stdint.h>

/* A run in progress: its libraries, plan, results folder and files. */
struct runner {
    const struct config *cfg;
    struct sqlapi libs[LIST_MAX];
    int nlibs;
    int lib_wal[LIST_MAX];            /* each library's probe took journal_mode=WAL
                                         (possible.h) */
    char out[4096];
    char db_dir[4096];
    char run_name[64];                /* in database file names */
    const char *prog;                 /* argv[0], for the commands it prints */
    run_draw_fn *draw;                /* the graphs at the end; NULL: none drawn */
    struct cell *cells;
    int ncells;
    int lockstep;                     /* a round's cells run in lockstep (lockstep.h) */
    char lockstep_why[256];           /* why they do, or run one after another */
    struct summary_record *results;   /* [ncells]: the cells recorded so far */
    int nresults;
    struct runjson *rj;
    int chunks_fd, summary_fd, histograms_fd, timeline_fd;
    int owner_fd;                     /* the lock of the results folder (owner.h) */
    int marks_fd;                     /* OUT/.databases, O_APPEND (dbmark.h); -1 none */
    const char *end;                  /* a run stopped early: interrupted, disk_full,
                                         io_error; NULL otherwise */
    char end_why[512];                /* a result file that could not be written */
    char where[1024];                 /* where it stopped, in words */
    int64_t where_chunks;             /* the chunks measured of the runs it left
                                         unrecorded there */
    double spent_s;                   /* time spent on cells before this resume */
    uint64_t t_start;                 /* clock_now_ns() as this session's cells began */
};

/* r->run_name, from the results folder's name and a hash of its absolute
** path: two runs' databases in one --db-dir never share a name. */
void runner_name_databases(struct runner *r);

/* The database file of a cell, into buf. */
void runner_db_path(const struct runner *r, const struct cell *c, char *buf, size_t n);

/* Every database file's name, run's and crash's, into buf:
** DB_DIR/sqlsoak-RUN_NAME-cellCOMBO-ROLE.db, ROLE saying which of the
** cell's databases it is ("rep1", "warmup0", "calibration", "trial7").
** Only once runner_name_databases has named the run. */
void runner_db_file(const struct runner *r, int64_t combo, const char *role, char *buf,
                    size_t n);

/* Run idx (0-based) of the plan, named as cellname.h says, into buf:
** "run 4 of 6: cell 2 · repeat 2".  Returns buf. */
const char *runner_run_name(const struct runner *r, int idx, char *buf, size_t n);

/* a results file `what` not written (errno err): the run ends,
** disk_full or io_error, with r->end and r->end_why. */
void runner_results_failed(struct runner *r, const char *what, int err);

/* where run i stopped, after chunks chunks (why: NULL or
** words), into r->where. */
void runner_note_where(struct runner *r, int i, int64_t chunks, const char *why);

#endif
