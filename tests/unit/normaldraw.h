/*
** normaldraw: a normal draw for the simulations of the unit tests, from
** rng.h's seeded stream, the same on every machine.
*/
#ifndef SQLSOAK_TEST_NORMALDRAW_H
#define SQLSOAK_TEST_NORMALDRAW_H

#include "rng.h"

#include <math.h>

/* A normal draw (Box-Muller) of standard deviation sd. */
static inline double normaldraw(struct rng *r, double sd)
{
    double u1 = ((double)(rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
    double u2 = (double)(rng_next(r) >> 11) / 9007199254740992.0;
    return sd * sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
}

#endif
