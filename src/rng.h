/*
** rng: a small, fast, seedable random stream (SplitMix64), and unbiased
** draws from a range.  Deterministic: one seed, one sequence, on every
** machine.  Not for cryptography.
*/
#ifndef SQLSOAK_RNG_H
#define SQLSOAK_RNG_H

#include <stdint.h>

struct rng {
    uint64_t state;
};

/* SplitMix64's finaliser: a bijective mix of 64 bits. */
static inline uint64_t rng_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline void rng_seed(struct rng *r, uint64_t seed)
{
    r->state = seed;
}

static inline uint64_t rng_next(struct rng *r)
{
    r->state += 0x9e3779b97f4a7c15ULL;
    return rng_mix64(r->state);
}

/* Uniform in [0, n), n > 0, without modulo bias (Lemire's method). */
static inline uint64_t rng_below(struct rng *r, uint64_t n)
{
    unsigned __int128 m = (unsigned __int128)rng_next(r) * n;
    uint64_t low = (uint64_t)m;
    if (low < n) {
        uint64_t threshold = -n % n;
        while (low < threshold) {
            m = (unsigned __int128)rng_next(r) * n;
            low = (uint64_t)m;
        }
    }
    return (uint64_t)(m >> 64);
}

#endif
