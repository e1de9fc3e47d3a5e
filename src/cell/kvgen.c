/*
** kvgen: keys and values as pure functions of the row index.  See kvgen.h.
*/
#include "kvgen.h"
#include "modes.h"
#include "rng.h"

#include <string.h>
/* xxHash's own code compiled in, not called through libxxhash: the same
** hash, but the 8-byte key is hashed by its short-input path inlined
** (about 40 instructions a row fewer, on every row written and read). */
#define XXH_INLINE_ALL
#include <xxhash.h>

#define MASK63 0x7fffffffffffffffULL

void kvgen_init(struct kvgen *g, uint64_t seed, int key_order, size_t value_size)
{
    g->seed = seed;
    g->key_xor = rng_mix64(seed ^ 0x5eed5eed5eed5eedULL) & MASK63;
    g->random_keys = key_order == KO_RANDOM;
    g->value_size = value_size;
    g->text_keys = 0;
}

void kvgen_set_text_keys(struct kvgen *g, int on)
{
    g->text_keys = on;
}

/* The mix that fills a text key's last 16 digits. */
static uint64_t text_tail(int64_t key)
{
    return rng_mix64((uint64_t)key ^ 0x7e47c0de7e47c0deULL);
}

/* Where the hyphens of a UUID's text fall. */
static int is_hyphen_at(size_t i)
{
    return i == 8 || i == 13 || i == 18 || i == 23;
}

void kvgen_key_text(int64_t key, char *out)
{
    static const char hex[] = "0123456789abcdef";
    uint64_t w[2] = {(uint64_t)key, text_tail(key)};
    int digit = 0;
    for (size_t i = 0; i < KVGEN_TEXT_KEY_LEN; i++) {
        if (is_hyphen_at(i)) {
            out[i] = '-';
            continue;
        }
        out[i] = hex[(w[digit / 16] >> (60 - 4 * (digit % 16))) & 15];
        digit++;
    }
    out[KVGEN_TEXT_KEY_LEN] = 0;
}

int kvgen_key_parse(const char *t, size_t len, int64_t *key)
{
    uint64_t w[2] = {0, 0};
    int digit = 0;
    if (!t || len != KVGEN_TEXT_KEY_LEN)
        return -1;
    for (size_t i = 0; i < len; i++) {
        char c = t[i];
        int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (is_hyphen_at(i) ? c != '-' : v < 0)
            return -1;
        if (!is_hyphen_at(i)) {
            w[digit / 16] = w[digit / 16] << 4 | (uint64_t)v;
            digit++;
        }
    }
    if (w[0] > MASK63 || w[1] != text_tail((int64_t)w[0]))
        return -1;
    *key = (int64_t)w[0];
    return 0;
}

/* A bijection on [0, 2^63): each step (xor with a constant, multiply by an
** odd constant mod 2^63, xor with a right shift of itself) is invertible
** on 63-bit values, so their composition is too. */
static uint64_t permute63(uint64_t x, uint64_t k)
{
    x ^= k;
    x = (x * 0xbf58476d1ce4e5b9ULL) & MASK63;
    x ^= x >> 31;
    x = (x * 0x94d049bb133111ebULL) & MASK63;
    x ^= x >> 29;
    x = (x * 0xd6e8feb86659fd93ULL) & MASK63;
    x ^= x >> 32;
    return x;
}

/* permute63 undone step by step: x ^= x >> s undone by xoring in every
** multiple of s below 63, a product by the constant's inverse mod 2^64
** (which is its inverse mod 2^63 too). */
static uint64_t unpermute63(uint64_t x, uint64_t k)
{
    x ^= x >> 32;
    x = (x * 0xcfee444d8b59a89bULL) & MASK63;
    x ^= (x >> 29) ^ (x >> 58);
    x = (x * 0x319642b2d24d8ec3ULL) & MASK63;
    x ^= (x >> 31) ^ (x >> 62);
    x = (x * 0x96de1b173f119089ULL) & MASK63;
    return x ^ k;
}

int64_t kvgen_row(const struct kvgen *g, int64_t key)
{
    return g->random_keys ? (int64_t)unpermute63((uint64_t)key, g->key_xor) : key;
}

int64_t kvgen_key(const struct kvgen *g, uint64_t row)
{
    return g->random_keys ? (int64_t)permute63(row, g->key_xor) : (int64_t)row;
}

/* The value is a SplitMix64 stream seeded by XXH3(key, seed), 8 bytes a
** step: one hash per value, cheap at 1 MiB values too.  A later
** generation hashes (key, gen) instead: another input, another stream. */
static inline uint64_t value_stream_seed(const struct kvgen *g, int64_t key, uint64_t gen)
{
    if (gen == 0)
        return XXH3_64bits_withSeed(&key, sizeof key, g->seed);
    uint64_t in[2] = {(uint64_t)key, gen};
    return XXH3_64bits_withSeed(in, sizeof in, g->seed);
}

/* 1 when p[0..len) are the stream r's next len bytes. */
static inline int matches(struct rng *r, const unsigned char *p, size_t len)
{
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w = rng_next(r);
        if (memcmp(p + i, &w, 8) != 0)
            return 0;
    }
    if (i < len) {
        uint64_t w = rng_next(r);
        if (memcmp(p + i, &w, len - i) != 0)
            return 0;
    }
    return 1;
}

/* The stream r's next n bytes into out. */
static inline void fill(struct rng *r, size_t n, unsigned char *out)
{
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w = rng_next(r);
        memcpy(out + i, &w, 8);
    }
    if (i < n) {
        uint64_t w = rng_next(r);
        memcpy(out + i, &w, n - i);
    }
}

/* Generation 0 is the hot path of the write phase: it hashes the key
** alone, with no generation to test. */
void kvgen_value(const struct kvgen *g, int64_t key, unsigned char *out)
{
    struct rng r;
    rng_seed(&r, XXH3_64bits_withSeed(&key, sizeof key, g->seed));
    fill(&r, g->value_size, out);
}

void kvgen_value_gen(const struct kvgen *g, int64_t key, uint64_t gen, unsigned char *out)
{
    struct rng r;
    rng_seed(&r, value_stream_seed(g, key, gen));
    fill(&r, g->value_size, out);
}

int kvgen_verify_gen(const struct kvgen *g, int64_t key, uint64_t gen, const void *val,
                     size_t len)
{
    struct rng r;
    if (len != g->value_size || (len && !val))
        return 0;
    rng_seed(&r, value_stream_seed(g, key, gen));
    return matches(&r, val, len);
}

/* Generation 0, the read phase's check: as kvgen_value, the key alone. */
int kvgen_verify(const struct kvgen *g, int64_t key, const void *val, size_t len)
{
    struct rng r;
    if (len != g->value_size || (len && !val))
        return 0;
    rng_seed(&r, XXH3_64bits_withSeed(&key, sizeof key, g->seed));
    return matches(&r, val, len);
}

uint64_t kvgen_row_hash(int64_t key, const void *val, size_t len)
{
    return XXH3_64bits_withSeed(val, len, (uint64_t)key);
}
