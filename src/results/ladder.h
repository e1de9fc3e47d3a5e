/*
** ladder: libraries in release order, the verdict between each and the
** next, and the steps among them that change the cost: "writes: 2.10x
** slower from 3.7.17 to 3.8.0 (1.90..2.32), decided from 5 rounds; no
** other step beyond noise".
**
** The method, for a short ordered series with an interval on each step:
** every step between neighbouring releases has its verdict (verdict.h:
** the later release over the earlier, paired by round, or by chunk pairs
** in lockstep), and a ladder of m steps tests all m at once.  A step is a
** change point when
**   1. verdict.h calls it a difference at 95%, and
**   2. its interval, widened to the ladder's level (Bonferroni: 1 - 0.05/m,
**      Student's t with its rounds less one degrees of freedom, each side
**      of the ratio widened alike, in logs), still excludes 1.
** The second is the step detection over the ordered releases: a flat
** ladder, however long, names a step falsely with a probability of at
** most 5% (the Bonferroni bound; test_ladder proves it on simulated
** ladders), where 95% a step alone would name one in 1 - 0.95^m of them.
** A step whose verdict has no interval (one round, not in lockstep) is not
** decided, and said so.  A verdict of chunk pairs in lockstep (a range of
** blocks, chunkpair.h) is widened as a normal interval would be: an
** approximation the simulation does not prove.  Steps are neighbours' alone: a change spread
** thinly over many releases, no step of which is decided, is not named.
*/
#ifndef SQLSOAK_LADDER_H
#define SQLSOAK_LADDER_H

#include "headlineint.h"
#include "verdict.h"

#include <stddef.h>

/* The false alarms a flat ladder may give, over all its steps. */
#define LADDER_ALPHA 0.05

struct ladder_step {
    struct verdict v;      /* the later release over the one before it */
    int change;            /* 1: a change point, as above */
};

/* Marks each of steps[0..m) a change point or not, as above.  Returns the
** change points. */
int ladder_find(struct ladder_step *steps, int m);

/* The factor a step's 95% interval (in logs) is widened by, for a ladder
** of m steps and a verdict of rounds of df degrees of freedom (df < 1: a
** normal interval). */
double ladder_widening(int m, int df);

/* A phase's ladder in words, of releases names[0..m] and their steps
** steps[0..m) (verb "writes"): its change points, each as much faster or
** slower from one release to the next, then the rest; into buf. */
const char *ladder_text(const char *verb, const char (*names)[160], const struct ladder_step *steps,
                        int m, char *buf, size_t n);

/* The sentence of a run's libraries in release order (three or more), its
** writes' and reads' change points, into h; the change points' verdicts
** typed beside it. */
void ladder_say(const struct headline_input *in, struct headline *h);

#endif
