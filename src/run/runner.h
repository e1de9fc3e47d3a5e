/*
** runner: the loop over the cells of a plan that `sqlsoak run` and
** `sqlsoak resume` share (crash names its databases with it too).  How a
** runner is set up before its first cell is session.h's.
*/
#ifndef SQLSOAK_RUNNER_H
#define SQLSOAK_RUNNER_H

#include "csvout.h"
#include "config.h"
#include "ending.h"
#include "plan.h"
#include "runjson.h"
#include "soak.h"
#include "sqlapi.h"

#include <stddef.h>
#include <stdio.h>

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

/* The plan, as the run begins: runs and cells, libraries, where results go
** (estimate.h adds its times). */
void runner_print_plan(const struct runner *r);

/* Runs cells first.. of the plan; run first + j continues from priors[j]
** when j < npriors and that is not NULL (a lockstep round resumed has one
** for each of its runs).  Records each cell, then the run's status, the
** ranked tables and the graphs.  Returns the exit status (0, 1 or 130). */
int runner_execute(struct runner *r, int first, const struct soak_prior *const *priors,
                   int npriors);

/* Runs recorded cell idx again from prior, every chunk of it recorded:
** its cell's end alone (--verify), on its kept database.  Its record in
** r->results and run.json is replaced (summary.csv is rewritten whole as
** runner_execute closes the run), its database deleted unless --keep-db.
** 0, or -1 when the run must stop there (a signal, its process lost, the
** results disk full): r->end and r->where say so. */
int runner_redo_cell(struct runner *r, int idx, const struct soak_prior *prior);

/* Closes files and libraries, frees the plan and results. */
void runner_release(struct runner *r);

/* Writes s to f as one shell word: in single quotes, each ' as '\''
** (the commands sqlsoak prints for the user to paste). */
void runner_shell_quote(FILE *f, const char *s);

/* The cell --baseline names among the cells recorded (baseline.h): 1 by
** default, and when none recorded is the one named. */
int64_t runner_baseline(const struct runner *r);

#endif
