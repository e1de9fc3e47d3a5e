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

/* The 128-bit product a * b: returns its high 64 bits, its low ones in
** *lo.  In 32-bit halves, for targets without a 128-bit integer (32-bit
** ARM and x86); exposed for the unit tests, which compare it with the
** native product where there is one. */
static inline uint64_t rng_mul128_halves(uint64_t a, uint64_t b, uint64_t *lo)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *lo = (mid << 32) | (uint32_t)p00;
    return p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

static inline uint64_t rng_mul128(uint64_t a, uint64_t b, uint64_t *lo)
{
#ifdef __SIZEOF_INT128__
    unsigned __int128 m = (unsigned __int128)a * b;
    *lo = (uint64_t)m;
    return (uint64_t)(m >> 64);
#else
    return rng_mul128_halves(a, b, lo);
#endif
}

/* Uniform in [0, n), n > 0, without modulo bias (Lemire's method). */
static inline uint64_t rng_below(struct rng *r, uint64_t n)
{
    uint64_t low, high = rng_mul128(rng_next(r), n, &low);
    if (low < n) {
        uint64_t threshold = -n % n;
        while (low < threshold)
            high = rng_mul128(rng_next(r), n, &low);
    }
    return high;
}

#endif
