/*
** simnoise: the random draws the simulations of chunk pairs share
** (test_chunkpair.c, test_sequential.c): seeded, so each run of a test
** draws the same series.
*/
#ifndef SQLSOAK_TEST_SIMNOISE_H
#define SQLSOAK_TEST_SIMNOISE_H

#include <math.h>

#include "rng.h"

/* Uniform on [0, 1). */
static double uniform(struct rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1p-53;
}

/* A standard normal draw (Box-Muller). */
static double gauss(struct rng *r)
{
    double u = 1 - uniform(r), v = uniform(r);
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/* A cell's own noise over n chunks into e: AR(1) with coefficient phi and
** standard deviation sigma, from its stationary law. */
static void ar1_noise(struct rng *r, double phi, double sigma, int n, double *e)
{
    e[0] = sigma * gauss(r);
    for (int i = 1; i < n; i++)
        e[i] = phi * e[i - 1] + sqrt(1 - phi * phi) * sigma * gauss(r);
}

#endif
