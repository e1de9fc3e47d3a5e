/*
** headlinedims: the headline's HL_DIM sentences (headline.h): each
** dimension's best value against the baseline's, hyperfine's way, or why
** it is not established (noise.h), with what a run in lockstep's chunk
** pairs say (pairseries.h).
*/
#ifndef SQLSOAK_HEADLINEDIMS_H
#define SQLSOAK_HEADLINEDIMS_H

#include "headlineint.h"
#include "noise.h"

#include <stddef.h>

/* "1.99 times faster than delete (1.96..2.02, 95%, 6 rounds)", or why it
** is not established, of q (a over b), into buf. */
const char *headlinedims_faster_text(const struct noise_ratio *q, const char *b, char *buf,
                                     size_t n);

/* A sentence per dimension that varies, into h. */
void headlinedims_say(const struct headline_input *in, struct headline *h);

#endif
