/*
** Unit tests of rng on every architecture: the 128-bit product (in 32-bit
** halves where the compiler has no 128-bit integer, as on 32-bit ARM and
** x86) is exact, and rng_below draws the very numbers it draws on x86_64
** for one seed (pinned below from an x86_64 build), so that a run's
** shuffle order and read keys are the same on a Raspberry Pi.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "kvgen.h"
#include "options.h"
#include "rng.h"

static void test_mul128_known_products(void **state)
{
    (void)state;
    static const struct {
        uint64_t a, b, hi, lo;
    } t[] = {
        {0, 0, 0, 0},
        {1, 1, 0, 1},
        {UINT64_MAX, 1, 0, UINT64_MAX},
        {UINT64_MAX, UINT64_MAX, 0xfffffffffffffffeULL, 1},
        {1ULL << 32, 1ULL << 32, 1, 0},
        {0xffffffffULL, 0xffffffffULL, 0, 0xfffffffe00000001ULL},
        {1ULL << 63, 2, 1, 0},
        /* carries out of the middle partial products */
        {0xffffffff00000000ULL, 0xffffffff00000000ULL, 0xfffffffe00000001ULL, 0},
        {0x123456789abcdef0ULL, 0x0fedcba987654321ULL, 0x0121fa00ad77d742ULL,
         0x2236d88fe5618cf0ULL},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        uint64_t lo = 7, hi = rng_mul128_halves(t[i].a, t[i].b, &lo);
        assert_int_equal(hi, t[i].hi);
        assert_int_equal(lo, t[i].lo);
        lo = 7;
        hi = rng_mul128(t[i].a, t[i].b, &lo);
        assert_int_equal(hi, t[i].hi);
        assert_int_equal(lo, t[i].lo);
        /* commutative */
        hi = rng_mul128_halves(t[i].b, t[i].a, &lo);
        assert_int_equal(hi, t[i].hi);
        assert_int_equal(lo, t[i].lo);
    }
}

/* The halves against the product rng_below uses, over random operands
** (the native 128-bit one on 64-bit targets). */
static void test_mul128_halves_matches(void **state)
{
    (void)state;
    struct rng r;
    rng_seed(&r, 1);
    for (int i = 0; i < 200000; i++) {
        uint64_t a = rng_next(&r), b = rng_next(&r);
        if (i % 4 == 1)
            b >>= 32;
        if (i % 4 == 2)
            a |= 0xffffffff00000000ULL;
        uint64_t lo1, lo2;
        uint64_t hi1 = rng_mul128_halves(a, b, &lo1), hi2 = rng_mul128(a, b, &lo2);
        assert_int_equal(hi1, hi2);
        assert_int_equal(lo1, lo2);
        assert_int_equal(lo1, a * b);   /* the low half is the 64-bit product */
    }
}

static void test_below_pinned(void **state)
{
    (void)state;
    static const struct {
        uint64_t n, v[4];
    } t[] = {
        {1, {0, 0, 0, 0}},
        {3, {0, 2, 0, 2}},
        {1000, {0x153, 0x26a, 0xcc, 0x1ec}},
        {1000000007ULL, {0x1e99cd97, 0x1efec5f7, 0x27a586f7, 0x0c202c66}},
        {(1ULL << 32) + 1, {0x1a83d753, 0x7ed90004, 0x17eadff4, 0xb05eca1a}},
        {(1ULL << 63) + 1,
         {0x7a89a225b22ad1f4ULL, 0x0959d36e930fb74cULL, 0x238753f1bcc87288ULL,
          0x6b960b49284e962fULL}},
        {UINT64_MAX,
         {0xa5a7fe4e63a4f49cULL, 0xc83b65023bcb7fddULL, 0xa3351c7fc9a4c254ULL,
          0x61492dc04af06e42ULL}},
    };
    struct rng r;
    rng_seed(&r, 42);
    for (size_t i = 0; i < sizeof t / sizeof *t; i++)
        for (int k = 0; k < 4; k++)
            assert_int_equal(rng_below(&r, t[i].n), t[i].v[k]);
}

static void test_below_in_range(void **state)
{
    (void)state;
    struct rng r;
    rng_seed(&r, 9);
    uint64_t seen = 0;
    for (int i = 0; i < 100000; i++) {
        uint64_t v = rng_below(&r, 7);
        assert_true(v < 7);
        seen |= 1u << v;
    }
    assert_int_equal(seen, 0x7f);
}

/* Random keys are the same on every machine for one seed. */
static void test_random_keys_pinned(void **state)
{
    (void)state;
    static const int64_t want[] = {7625800168950920724LL, 6726914491774260589LL,
                                   2928911457894027977LL, 4147534979500708911LL};
    struct kvgen g;
    kvgen_init(&g, 42, KO_RANDOM, 16);
    for (int i = 0; i < 4; i++)
        assert_int_equal(kvgen_key(&g, (uint64_t)i * 1000003), want[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mul128_known_products),
        cmocka_unit_test(test_mul128_halves_matches),
        cmocka_unit_test(test_below_pinned),
        cmocka_unit_test(test_below_in_range),
        cmocka_unit_test(test_random_keys_pinned),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
