/*
** bisect: --bisect's walk over a ladder of n libraries (in release order,
** or as given): the two ends first, then the middle of the whole, then
** the middles of its halves, down to neighbouring libraries.  Each
** position has a level (0 the ends, 1 the middle of the whole, 2 the
** middles of the halves, ...) and, past the ends, the interval whose
** middle it is.  The plan runs the cells level by level; a middle runs
** only when its interval's ends ran and differ, so that one step among n
** releases costs about log2(n) + 1 of them, and an interval whose ends do
** not differ leaves every release inside it skipped.
*/
#ifndef SQLSOAK_BISECT_H
#define SQLSOAK_BISECT_H

#include "config.h"

#include <stddef.h>

/* What the reason of every run --bisect skips begins with, in summary.csv
** and run.json: what the answer looks for. */
#define BISECT_REASON "bisect: "

/* What such a reason says when both ends ran and the verdict between them
** is no difference: what tells it from ends that did not both run. */
#define BISECT_SAME "show no difference"

/* Position p's level among n, and the ends of the interval it is the
** middle of into *a and *b (both -1 for an end). */
int bisect_level(int p, int n, int *a, int *b);

/* --bisect's terms: a ladder of three libraries or more, two rounds or
** more (one gives no interval to tell two ends apart), cells one after
** another.  0, or -1 with one line in err. */
int bisect_check(const struct config *cfg, char *err, size_t errlen);

/* The libraries --bisect runs to find one step among n: the two ends and
** a middle for each halving, 2 + ceil(log2(n - 1)). */
int bisect_runs_for_one_step(int n);

#endif
