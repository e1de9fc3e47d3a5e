/*
** runner: the loop over the cells of a plan that `sqlsoak run` and
** `sqlsoak resume` share (crash names its databases with it too).  How a
** runner is set up before its first cell is session.h's.
*/
#ifndef SQLSOAK_RUNNER_H
#define SQLSOAK_RUNNER_H

#include "runnerstate.h"
#include "soak.h"

#include <stddef.h>
#include <stdio.h>

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
