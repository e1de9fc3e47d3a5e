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
**  - a text key (--key-type text) is the integer key written as 36
**    characters in the form of a UUID, 8-4-4-4-12 lowercase hex digits: the
**    key's 63 bits as the first 16 digits, then 16 of a mix of it.  Unique
**    as the keys are, sorted as they are (fixed width, memcmp order), and
**    read back to the integer key by kvgen_key_parse.
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
    int text_keys;          /* keys are bound and stored as their text */
};

#define KVGEN_TEXT_KEY_LEN 36

/* key_order: KO_SEQ or KO_RANDOM (modes.h). */
void kvgen_init(struct kvgen *g, uint64_t seed, int key_order, size_t value_size);

/* Keys as text (on = 1) or integers (0, kvgen_init's). */
void kvgen_set_text_keys(struct kvgen *g, int on);

/* The key of row i (i < 2^63). */
int64_t kvgen_key(const struct kvgen *g, uint64_t row);

/* The text of key (key >= 0) into out[0..KVGEN_TEXT_KEY_LEN], NUL-terminated. */
void kvgen_key_text(int64_t key, char *out);

/* The key whose text is t[0..len) into *key.  Returns 0, or -1 when t is
** not the text of any key. */
int kvgen_key_parse(const char *t, size_t len, int64_t *key);
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
