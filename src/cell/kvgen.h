/*
** kvgen: the streaming generator.  Row i of a workload maps to one key and
** one value, computed on demand: memory is constant at any row count and
** the row set is never materialised.
**
** Invariants:
**  - seq keys are 0..N-1; random keys are a bijective permutation of the
**    row index on [0, 2^63), so keys are unique by construction and fit
**    SQLite's signed 64-bit INTEGER PRIMARY KEY.
**  - a value is value_size bytes derived from XXH3 of (key, seed), so any
**    value read back can be verified without having been stored.
**  - a row rewritten holds the value of its generation: generation 0 is
**    the value first inserted (XXH3 of the key alone, as every release
**    wrote it, so older folders and crash replays verify unchanged);
**    generation g > 0 is derived from XXH3 of (key, g), so a rewritten
**    value is verified as well, knowing only its generation.
**  - everything is a pure function of (seed, key order, value size,
**    generation).
*/
#ifndef SQLSOAK_KVGEN_H
#define SQLSOAK_KVGEN_H

#include <stddef.h>
#include <stdint.h>

struct kvgen {
    uint64_t seed;
    uint64_t key_xor;       /* derived from the seed: the permutation's key */
    int random_keys;        /* 0 = seq, 1 = random */
    size_t value_size;
};

/* key_order: KO_SEQ or KO_RANDOM (modes.h). */
void kvgen_init(struct kvgen *g, uint64_t seed, int key_order, size_t value_size);

/* The key of row i (i < 2^63). */
int64_t kvgen_key(const struct kvgen *g, uint64_t row);

/* The row whose key is key: kvgen_key's inverse (key >= 0). */
int64_t kvgen_row(const struct kvgen *g, int64_t key);

/* Writes the value of key into out[0..value_size). */
void kvgen_value(const struct kvgen *g, int64_t key, unsigned char *out);

/* 1 when val[0..len) is exactly key's value, else 0.  Needs no buffer. */
int kvgen_verify(const struct kvgen *g, int64_t key, const void *val, size_t len);

/* The same, of generation gen of key's value: kvgen_value and
** kvgen_verify are generation 0. */
void kvgen_value_gen(const struct kvgen *g, int64_t key, uint64_t gen, unsigned char *out);
int kvgen_verify_gen(const struct kvgen *g, int64_t key, uint64_t gen, const void *val,
                     size_t len);

/* An order-independent checksum contribution of one (key, value) pair;
** the sum over a table is compared with the generator's (--verify). */
uint64_t kvgen_row_hash(int64_t key, const void *val, size_t len);

#endif
