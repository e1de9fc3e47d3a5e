/*
** Unit tests of kvgen: keys and values are pure functions of (seed, key
** order, value size, row); seq keys are 0..N-1; random keys are unique
** (checked over 10M rows by sorting) and fit a signed 64-bit key; a value
** verifies, and one flipped bit, a wrong length or a NULL does not; a
** text key has the form of a UUID, reads back to its key, sorts as its
** key and no other text reads back.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "emulated.h"
#include "kvgen.h"
#include "options.h"

#include <stdlib.h>
#include <string.h>

#define MIB (1024 * 1024)

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static void test_seq_keys_are_row_numbers(void **state)
{
    (void)state;
    struct kvgen g;
    kvgen_init(&g, 42, KO_SEQ, 16);
    for (uint64_t i = 0; i < 100000; i++)
        assert_int_equal(kvgen_key(&g, i), (int64_t)i);
    /* the seed does not move seq keys */
    kvgen_init(&g, 7, KO_SEQ, 16);
    assert_int_equal(kvgen_key(&g, 0), 0);
    assert_int_equal(kvgen_key(&g, 123456789), 123456789);
}

/* 10M random keys (1M under an emulator): all in [0, 2^63), no two equal. */
static void test_random_keys_unique_10m(void **state)
{
    (void)state;
    const size_t n = trials_here(10 * 1000 * 1000, 1000 * 1000);
    int64_t *k = malloc(n * sizeof *k);
    assert_non_null(k);
    struct kvgen g;
    kvgen_init(&g, 42, KO_RANDOM, 16);
    size_t identity = 0;
    for (size_t i = 0; i < n; i++) {
        k[i] = kvgen_key(&g, i);
        identity += k[i] == (int64_t)i;
    }
    /* it really is a shuffle, not the row number */
    assert_true(identity < 10);
    qsort(k, n, sizeof *k, cmp_i64);
    assert_true(k[0] >= 0);
    size_t dups = 0;
    for (size_t i = 1; i < n; i++)
        dups += k[i] == k[i - 1];
    assert_int_equal(dups, 0);
    free(k);
}

/* Rows far out, near the top of the 63-bit range, still give distinct
** non-negative keys. */
static void test_random_keys_high_rows(void **state)
{
    (void)state;
    struct kvgen g;
    kvgen_init(&g, 1, KO_RANDOM, 8);
    enum { N = 100000 };
    static int64_t k[2 * N];
    for (uint64_t i = 0; i < N; i++) {
        k[i] = kvgen_key(&g, ((uint64_t)1 << 63) - 1 - i);
        k[N + i] = kvgen_key(&g, ((uint64_t)1 << 40) + i);
        assert_true(k[i] >= 0);
        assert_true(k[N + i] >= 0);
    }
    qsort(k, 2 * N, sizeof *k, cmp_i64);
    for (size_t i = 1; i < 2 * N; i++)
        assert_true(k[i] != k[i - 1]);
}

static void test_keys_deterministic(void **state)
{
    (void)state;
    struct kvgen a, b, c;
    kvgen_init(&a, 42, KO_RANDOM, 16);
    kvgen_init(&b, 42, KO_RANDOM, 16);
    kvgen_init(&c, 43, KO_RANDOM, 16);
    int differ = 0;
    for (uint64_t i = 0; i < 10000; i++) {
        assert_int_equal(kvgen_key(&a, i), kvgen_key(&b, i));
        differ += kvgen_key(&a, i) != kvgen_key(&c, i);
    }
    assert_true(differ > 9900);
}

static void test_values_deterministic(void **state)
{
    (void)state;
    static const size_t sizes[] = {1, 7, 8, 9, 16, 100, 4096};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        size_t n = sizes[s];
        unsigned char *v1 = malloc(n), *v2 = malloc(n), *v3 = malloc(n), *v4 = malloc(n);
        struct kvgen a, b, c;
        kvgen_init(&a, 42, KO_SEQ, n);
        kvgen_init(&b, 42, KO_RANDOM, n);   /* the value depends on key and seed only */
        kvgen_init(&c, 43, KO_SEQ, n);
        int seed_differs = 0, key_differs = 0;
        for (int64_t key = 0; key < 200; key++) {
            memset(v1, 0xaa, n);
            memset(v2, 0x55, n);
            kvgen_value(&a, key, v1);
            kvgen_value(&b, key, v2);
            assert_memory_equal(v1, v2, n);
            kvgen_value(&c, key, v3);
            seed_differs += memcmp(v1, v3, n) != 0;
            kvgen_value(&a, key + 1, v4);
            key_differs += memcmp(v1, v4, n) != 0;
        }
        /* one byte values may collide now and then; longer ones never */
        if (n >= 8) {
            assert_int_equal(seed_differs, 200);
            assert_int_equal(key_differs, 200);
        } else {
            assert_true(seed_differs > 180);
            assert_true(key_differs > 180);
        }
        free(v1);
        free(v2);
        free(v3);
        free(v4);
    }
}

/* kvgen_value writes exactly value_size bytes, not a byte more. */
static void test_value_writes_exact_length(void **state)
{
    (void)state;
    static const size_t sizes[] = {0, 1, 7, 8, 9, 15, 17};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        unsigned char buf[64];
        memset(buf, 0xcc, sizeof buf);
        struct kvgen g;
        kvgen_init(&g, 99, KO_SEQ, sizes[s]);
        kvgen_value(&g, 12345, buf + 8);
        for (size_t i = 0; i < 8; i++)
            assert_int_equal(buf[i], 0xcc);
        for (size_t i = 8 + sizes[s]; i < sizeof buf; i++)
            assert_int_equal(buf[i], 0xcc);
    }
}

/* verify accepts the value and rejects every one-bit flip, every wrong
** length, NULL and another key's value; sizes 0, 1, 7, 8, 9 and 1 MiB. */
static void test_verify_table(void **state)
{
    (void)state;
    static const size_t sizes[] = {0, 1, 7, 8, 9, 16, 1000, MIB};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        size_t n = sizes[s];
        unsigned char *v = malloc(n + 1), *other = malloc(n + 1);
        assert_non_null(v);
        struct kvgen g;
        kvgen_init(&g, 42, KO_RANDOM, n);
        int64_t key = kvgen_key(&g, 5);
        kvgen_value(&g, key, v);
        assert_int_equal(kvgen_verify(&g, key, v, n), 1);

        /* one flipped bit: every bit for small values, a sample for 1 MiB */
        size_t step = n > 4096 ? 4093 : 1;
        for (size_t byte = 0; byte < n; byte += step)
            for (int bit = 0; bit < 8; bit++) {
                v[byte] ^= (unsigned char)(1u << bit);
                assert_int_equal(kvgen_verify(&g, key, v, n), 0);
                v[byte] ^= (unsigned char)(1u << bit);
            }
        if (n) {
            v[n - 1] ^= 0x80;   /* the last byte of the tail */
            assert_int_equal(kvgen_verify(&g, key, v, n), 0);
            v[n - 1] ^= 0x80;
        }
        assert_int_equal(kvgen_verify(&g, key, v, n), 1);

        /* wrong lengths */
        if (n)
            assert_int_equal(kvgen_verify(&g, key, v, n - 1), 0);
        v[n] = 0;
        assert_int_equal(kvgen_verify(&g, key, v, n + 1), 0);

        /* NULL: wrong unless the value is empty (SQLite returns NULL for an
        ** empty blob, which must verify) */
        assert_int_equal(kvgen_verify(&g, key, NULL, n), n == 0);

        /* another key's value, another seed's value */
        if (n >= 8) {
            kvgen_value(&g, key + 1, other);
            assert_int_equal(kvgen_verify(&g, key, other, n), 0);
            struct kvgen g2;
            kvgen_init(&g2, 43, KO_RANDOM, n);
            assert_int_equal(kvgen_verify(&g2, key, v, n), 0);
        }
        free(v);
        free(other);
    }
}

/* The values are those every earlier sqlsoak wrote: a database made by
** one verifies with another (resume, --verify), so a faster generator
** must produce these very words (little-endian hosts: the key's bytes are
** hashed as they lie in memory). */
static void test_values_known_answers(void **state)
{
    (void)state;
    static const struct {
        uint64_t seed;
        int64_t key;
        uint64_t w[3];
    } kat[] = {
        {42, 0, {0x7a0e6b5ca013ff33ULL, 0xbc57725d7452f20cULL, 0x4649f77e8bedd44cULL}},
        {42, 1, {0xb72a6ec8e6395f81ULL, 0x02bb1d647c516bc5ULL, 0x97100e4a977086b3ULL}},
        {42, 4999999, {0x0d8660b78e22ce97ULL, 0x9375aabf3b4c9736ULL, 0x388b60973ab85b54ULL}},
        {42, -7, {0x0e9c45d9b758f4ecULL, 0xc7ccf01a4ed45872ULL, 0x8f9fa96ce5983a31ULL}},
        {0, 0, {0x657b0edc7f5983b6ULL, 0xd47d8ffd1151efb0ULL, 0x6b09cd8767f013aaULL}},
        {0, 1, {0x062967168a4ad94bULL, 0x1e0f96e37085481eULL, 0x7e0c50ec2fe49126ULL}},
        {0, 4999999, {0x07b2583a82d2d918ULL, 0xbc10b9a97bd4ceb2ULL, 0xad78225c56d921f5ULL}},
        {0, -7, {0x746e074c135c5681ULL, 0xc37033d012584860ULL, 0xe0e9a8935008cf23ULL}},
    };
    static const size_t sizes[] = {16, 9, 24, 1};
    for (size_t i = 0; i < sizeof kat / sizeof *kat; i++) {
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            struct kvgen g;
            unsigned char v[24], want[24];
            memcpy(want, kat[i].w, sizeof want);
            kvgen_init(&g, kat[i].seed, KO_SEQ, sizes[z]);
            kvgen_value(&g, kat[i].key, v);
            assert_memory_equal(v, want, sizes[z]);
            assert_true(kvgen_verify(&g, kat[i].key, want, sizes[z]));
        }
    }
    /* --verify's checksum of a row, likewise */
    assert_int_equal(kvgen_row_hash(3, kat[7].w, sizeof kat[7].w), 0xad0104d763fd8c2aULL);
}

/* row_hash is a pure function and sensitive to key and value. */
static void test_row_hash(void **state)
{
    (void)state;
    unsigned char v[16];
    struct kvgen g;
    kvgen_init(&g, 42, KO_SEQ, sizeof v);
    kvgen_value(&g, 3, v);
    uint64_t h = kvgen_row_hash(3, v, sizeof v);
    assert_int_equal(h, kvgen_row_hash(3, v, sizeof v));
    assert_true(h != kvgen_row_hash(4, v, sizeof v));
    v[0] ^= 1;
    assert_true(h != kvgen_row_hash(3, v, sizeof v));
}

/* Generation 0 is the value every release wrote: these bytes were
** recorded from sqlsoak 0.2.0's generator (seed 42, 20-byte values), and
** older folders and crash replays verify against them. */
static void test_generation0_is_recorded(void **state)
{
    (void)state;
    static const struct {
        int64_t key;
        unsigned char v[20];
    } recorded[] = {
        {0LL, {0x33, 0xff, 0x13, 0xa0, 0x5c, 0x6b, 0x0e, 0x7a, 0x0c, 0xf2, 0x52, 0x74, 0x5d, 0x72,
               0x57, 0xbc, 0x4c, 0xd4, 0xed, 0x8b}},
        {1LL, {0x81, 0x5f, 0x39, 0xe6, 0xc8, 0x6e, 0x2a, 0xb7, 0xc5, 0x6b, 0x51, 0x7c, 0x64, 0x1d,
               0xbb, 0x02, 0xb3, 0x86, 0x70, 0x97}},
        {4611686018427387904LL,
         {0x17, 0x67, 0x64, 0x33, 0x3c, 0x85, 0x58, 0xe5, 0x16, 0xaf, 0xfd, 0xd9, 0xbe, 0x09,
          0xdb, 0xcc, 0xf4, 0x9a, 0x39, 0x1c}},
        {4112516057288975427LL,
         {0xdf, 0x09, 0xbb, 0x03, 0xdd, 0xe8, 0x3b, 0xff, 0xf8, 0x5f, 0xb2, 0x65, 0x2c, 0x5f,
          0x18, 0x96, 0xf1, 0x95, 0x2a, 0xbc}},
    };
    struct kvgen g;
    unsigned char v[20], w[20];
    kvgen_init(&g, 42, KO_RANDOM, sizeof v);
    assert_int_equal(kvgen_key(&g, 99), recorded[3].key);
    for (size_t i = 0; i < sizeof recorded / sizeof *recorded; i++) {
        kvgen_value(&g, recorded[i].key, v);
        assert_memory_equal(v, recorded[i].v, sizeof v);
        kvgen_value_gen(&g, recorded[i].key, 0, w);
        assert_memory_equal(w, recorded[i].v, sizeof w);
        assert_true(kvgen_verify_gen(&g, recorded[i].key, 0, recorded[i].v, sizeof v));
    }
}

/* A rewritten row's value is its generation's: another value, verified by
** its generation and by no other. */
static void test_generations_differ(void **state)
{
    (void)state;
    struct kvgen g;
    unsigned char v[3][64];
    kvgen_init(&g, 7, KO_SEQ, sizeof v[0]);
    for (int64_t key = 0; key < 100; key++) {
        for (uint64_t gen = 0; gen < 3; gen++)
            kvgen_value_gen(&g, key, gen, v[gen]);
        for (uint64_t a = 0; a < 3; a++)
            for (uint64_t b = 0; b < 3; b++) {
                assert_int_equal(kvgen_verify_gen(&g, key, a, v[b], sizeof v[b]), a == b);
                if (a != b)
                    assert_memory_not_equal(v[a], v[b], sizeof v[a]);
            }
        assert_false(kvgen_verify_gen(&g, key, 1, v[1], sizeof v[1] - 1));
    }
}

static int cmp_text(const void *a, const void *b)
{
    return memcmp(a, b, KVGEN_TEXT_KEY_LEN);
}

/* Text keys: the UUID form, parsed back to their key; in memcmp order
** (SQLite's BINARY collation) as their keys are; unique as they are. */
static void test_text_keys(void **state)
{
    (void)state;
    enum { N = 100000 };
    struct kvgen g;
    char(*t)[KVGEN_TEXT_KEY_LEN + 1] = malloc(N * sizeof *t);
    int64_t *k = malloc(N * sizeof *k);
    assert_non_null(t);
    assert_non_null(k);
    kvgen_init(&g, 42, KO_RANDOM, 16);
    for (uint64_t i = 0; i < N; i++) {
        int64_t back;
        k[i] = kvgen_key(&g, i == 0 ? ((uint64_t)1 << 63) - 1 : i);
        kvgen_key_text(k[i], t[i]);
        assert_int_equal(strlen(t[i]), KVGEN_TEXT_KEY_LEN);
        for (int p = 0; p < KVGEN_TEXT_KEY_LEN; p++)
            if (p == 8 || p == 13 || p == 18 || p == 23)
                assert_int_equal(t[i][p], '-');
            else
                assert_non_null(strchr("0123456789abcdef", t[i][p]));
        assert_int_equal(kvgen_key_parse(t[i], KVGEN_TEXT_KEY_LEN, &back), 0);
        assert_int_equal(back, k[i]);
    }
    qsort(t, N, sizeof *t, cmp_text);
    qsort(k, N, sizeof *k, cmp_i64);
    for (int i = 0; i < N; i++) {
        int64_t back;
        assert_int_equal(kvgen_key_parse(t[i], KVGEN_TEXT_KEY_LEN, &back), 0);
        assert_int_equal(back, k[i]);        /* sorted as the keys, hence unique */
        if (i)
            assert_true(k[i] > k[i - 1]);
    }
    char bad[KVGEN_TEXT_KEY_LEN + 1];
    int64_t back;
    kvgen_key_text(12345, bad);           /* the key's hex first: 0x3039 */
    assert_int_equal(strncmp(bad, "00000000-0000-3039-", 19), 0);
    assert_int_equal(kvgen_key_parse(bad, KVGEN_TEXT_KEY_LEN, &back), 0);
    assert_int_equal(back, 12345);
    assert_int_equal(kvgen_key_parse(bad, KVGEN_TEXT_KEY_LEN - 1, &back), -1);
    assert_int_equal(kvgen_key_parse(NULL, KVGEN_TEXT_KEY_LEN, &back), -1);
    char *tail = &bad[KVGEN_TEXT_KEY_LEN - 1];
    *tail = *tail == '0' ? '1' : '0';     /* another tail: no key's text */
    assert_int_equal(kvgen_key_parse(bad, KVGEN_TEXT_KEY_LEN, &back), -1);
    kvgen_key_text(0x7abcdef012345678LL, bad);
    bad[0] = 'A';                         /* uppercase: not the text written */
    assert_int_equal(kvgen_key_parse(bad, KVGEN_TEXT_KEY_LEN, &back), -1);
    kvgen_key_text(12345, bad);
    bad[8] = 'a';                         /* no hyphen */
    assert_int_equal(kvgen_key_parse(bad, KVGEN_TEXT_KEY_LEN, &back), -1);
    free(t);
    free(k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seq_keys_are_row_numbers),
        cmocka_unit_test(test_text_keys),
        cmocka_unit_test(test_random_keys_unique_10m),
        cmocka_unit_test(test_random_keys_high_rows),
        cmocka_unit_test(test_keys_deterministic),
        cmocka_unit_test(test_values_deterministic),
        cmocka_unit_test(test_values_known_answers),
        cmocka_unit_test(test_value_writes_exact_length),
        cmocka_unit_test(test_verify_table),
        cmocka_unit_test(test_row_hash),
        cmocka_unit_test(test_generation0_is_recorded),
        cmocka_unit_test(test_generations_differ),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
