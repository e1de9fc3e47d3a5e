/*
** lockstep: the cells of a round run together, chunk by chunk
** (--interleave chunk).  Each cell keeps its own process and database;
** one cell at a time has its turn to run a chunk, in alternating order
** (A B, then B A: chunk pair i of two cells is at the same table size,
** minutes apart, and a drift within a pair falls on each cell in turn),
** so that the hour of the night is no longer a difference between cells
** and their chunk pairs can decide a comparison from one round.
**
** --interleave auto, the default, runs a matrix so whenever its rounds
** fit (lockstep_choose): each round's databases on the free disk together
** less --min-free, no more than LOCKSTEP_MAX_CELLS cells, and no option
** whose cells would keep working while another has its turn.  Otherwise
** its cells run one after another, and the plan says why.
*/
#ifndef SQLSOAK_LOCKSTEP_H
#define SQLSOAK_LOCKSTEP_H

#include "progress.h"
#include "soak.h"

#include <stddef.h>
#include <stdint.h>

/* Cells in lockstep at most: each is a process of the runner's at once
** (stop.h's STOP_MAX_CHILDREN), with room for the graphs' gnuplot. */
#define LOCKSTEP_MAX_CELLS 64

/* A cell of a lockstep group. */
struct lockstep_member {
    const struct soak_env *env;  /* its cell (started gated: cellproc.h) */
    const char *label, *name;    /* what the progress line shows of it */
    struct cell_result *res;     /* its result */
    int got;                     /* as cellproc_run returns: 0, -1 or 1 */
    char why[200];               /* with -1 or 1, how it ended */
};

/* The turn j (0-based) of count cells at step s: forward on even steps,
** backward on odd ones. */
int lockstep_order(int64_t step, int j, int count);

/* The cells that take a turn at the next step, in order, into turns[]
** (room for count); returns how many (0: none runs).  done[k]: the turns
** cell k has had, its chunks recorded before a resume included.  The step
** is the chunk of the cells furthest behind: after a resume, they take
** their turns alone until the cells are level, and chunk i keeps the
** order it has in a run never stopped. */
int lockstep_turns(const int64_t *done, const int *running, int count, int *turns);

/* Runs the count cells of m in lockstep (a member whose env has a prior
** goes on from its recorded chunks: lockstep_turns), each watched as
** cellproc_run does with --watchdog watchdog_s, shown on pg; fills each
** member's res, got and why. */
void lockstep_run(struct lockstep_member *m, int count, int64_t watchdog_s,
                  struct progress *pg);

/* How many of count cells, in order, fit together: their databases'
** estimated sizes db_bytes[] and min_free in free_bytes (< 0: unknown,
** then all of them); 1 at least. */
int lockstep_fit(const int64_t *db_bytes, int count, int64_t free_bytes, int64_t min_free);

/* The room the rounds of a plan need in lockstep, free_bytes free under
** --db-dir (< 0: unknown). */
struct lockstep_room {
    int64_t most;               /* the largest round's databases together, bytes */
    int most_n;                 /* its cells */
    int widest;                 /* the cells of the round of the most cells */
    int group;                  /* the smallest group a round splits into (more
                                ** than LOCKSTEP_MAX_CELLS cells, or databases past
                                ** the free disk less --min-free); 0: none splits */
};
void lockstep_room(const struct config *cfg, const struct cell *cells, int ncells,
                   int64_t free_bytes, struct lockstep_room *out);

/* The option that keeps cfg's cells from taking turns, into *opt (its
** long name), and why in a clause; NULL when none does. */
const char *lockstep_refused(const struct config *cfg, const char **opt);

/* Whether cfg's plan (its room) runs in lockstep: 1 or 0, and why in
** words, into reason.  --interleave chunk and off decide alone;
** auto (the default) runs every plan whose rounds are of more than one
** cell and fit in lockstep (none splits, none refused). */
int lockstep_choose(const struct config *cfg, const struct lockstep_room *room,
                    int64_t free_bytes, char *reason, size_t n);

#endif
