/*
** runnercell: the plan's runs in their processes, for the runner's loop
** (runner.c): one at a time, or a lockstep group of them together
** (lockstep.h).  It reads and marks the run in progress (runnerstate.h)
** and calls nothing of runner.c.
*/
#ifndef SQLSOAK_RUNNERCELL_H
#define SQLSOAK_RUNNERCELL_H

#include "progress.h"
#include "runnerstate.h"
#include "soak.h"

#include <stdint.h>

/* The runs of a lockstep group (--interleave chunk): first..end-1, their
** results as runner_cell_run gives them. */
struct runner_cell_group {
    int first, end;
    struct cell_result *res;
    int *lost;
};

/* run idx of the plan in its own process, from prior when
** not NULL, shown on pg, bound by deadline_ns (0: none).  0 with *res, or
** -1 when the process handed back no result (*res then says what
** chunks.csv recorded of it, and why). */
int runner_cell_run(struct runner *r, int idx, const struct soak_prior *prior,
                    struct progress *pg, uint64_t deadline_ns, struct cell_result *res);

/* the lockstep group that starts at run i, run into *g
** (its results freed first), run i + j carried on from priors[j] when j <
** npriors and that is not NULL.  0, or -1 out of memory: the run then
** ends as interrupted (r->end, r->where). */
int runner_cell_group(struct runner *r, int i, const struct soak_prior *const *priors,
                      int npriors, struct progress *pg, uint64_t deadline,
                      struct runner_cell_group *g);

/* frees g's results (g stays usable). */
void runner_cell_group_free(struct runner_cell_group *g);

#endif
