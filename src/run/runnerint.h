/*
** runnerint: what the runner (runner.c) shares with runnercell.c, which
** runs the plan's runs in their processes: one at a time, or a lockstep
** group of them together (lockstep.h).  Not for other modules: runner.h is
** the runner's interface.  runnercell.c includes runner.h, and runner.c
** only this header, so the two include no loop.
*/
#ifndef SQLSOAK_RUNNERINT_H
#define SQLSOAK_RUNNERINT_H

#include "progress.h"
#include "soak.h"

#include <stdint.h>

struct runner;

/* The runs of a lockstep group (--interleave chunk): first..end-1, their
** results as runner_cell_run gives them. */
struct runner_cell_group {
    int first, end;
    struct cell_result *res;
    int *lost;
};

/* runnercell.c: run idx of the plan in its own process, from prior when
** not NULL, shown on pg, bound by deadline_ns (0: none).  0 with *res, or
** -1 when the process handed back no result (*res then says what
** chunks.csv recorded of it, and why). */
int runner_cell_run(struct runner *r, int idx, const struct soak_prior *prior,
                    struct progress *pg, uint64_t deadline_ns, struct cell_result *res);

/* runnercell.c: the lockstep group that starts at run i, run into *g
** (its results freed first), run i + j carried on from priors[j] when j <
** npriors and that is not NULL.  0, or -1 out of memory: the run then
** ends as interrupted (r->end, r->where). */
int runner_cell_group(struct runner *r, int i, const struct soak_prior *const *priors,
                      int npriors, struct progress *pg, uint64_t deadline,
                      struct runner_cell_group *g);

/* runnercell.c: frees g's results (g stays usable). */
void runner_cell_group_free(struct runner_cell_group *g);

/* runner.c: a results file `what` not written (errno err): the run ends,
** disk_full or io_error, with r->end and r->end_why. */
void runner_results_failed(struct runner *r, const char *what, int err);

/* runner.c: where run i stopped, after chunks chunks (why: NULL or
** words), into r->where. */
void runner_note_where(struct runner *r, int i, int64_t chunks, const char *why);

#endif
