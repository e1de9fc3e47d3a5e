/*
** headlineclaims: the headline's HL_CLAIM sentences (headline.h): for a
** preset that reproduces a published experiment, the published claim
** beside this run's verdict, one table of claims.
*/
#ifndef SQLSOAK_HEADLINECLAIMS_H
#define SQLSOAK_HEADLINECLAIMS_H

#include "headlineint.h"

/* The claims of in->preset, each with this run's verdict, into h. */
void headlineclaims_say(const struct headline_input *in, struct headline *h);

#endif
