/*
** headlinedims: the headline's HL_DIM sentences (headline.h): each
** dimension's values ranked by the rate they sustained, with one verdict
** (verdict.h) between each value and the next (a library and the next
** released, as libraries are compared by release), and a first line per
** dimension for the verdict block at the top of the answer.
*/
#ifndef SQLSOAK_HEADLINEDIMS_H
#define SQLSOAK_HEADLINEDIMS_H

#include "headlineint.h"
#include "verdict.h"

#include <stddef.h>
#include <stdint.h>

/* The one verdict of cells a against cells b on phase m: the rounds', or
** in a run of one round its chunk pairs', in lockstep or one after
** another (verdict_choose);
** the other evidence into *other (method VM_NONE when none).  Returns 1
** when the two decided and disagree. */
int headlinedims_compare(const struct headline_input *in, const int64_t *a, int na,
                         const int64_t *b, int nb, enum phase_id m, struct verdict *out,
                         struct verdict *other);

/* "1.86x as fast as delete (1.62..2.10): a difference, from 40 chunk pairs
** in lockstep", of v (a over b), with the other evidence when the two
** disagree, said so; into buf. */
const char *headlinedims_faster_text(const struct verdict *v, const struct verdict *other,
                                     int disagree, int lockstep, const char *b, char *buf,
                                     size_t n);

/* A sentence per dimension that varies, into h. */
void headlinedims_say(const struct headline_input *in, struct headline *h);

#endif
