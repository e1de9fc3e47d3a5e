/*
** sha3: SHA3-256 (FIPS 202), the hash sqlite.org publishes beside each
** download, over a file or bytes fed in pieces.
**
** What stays true: the state is 200 bytes on the caller's stack; no
** allocation, any number of sha3_update calls of any length give the
** hash of their concatenation.
*/
#ifndef SQLSOAK_SHA3_H
#define SQLSOAK_SHA3_H

#include <stddef.h>
#include <stdint.h>

#define SHA3_256_BYTES 32

struct sha3 {
    uint64_t st[25];            /* Keccak-f[1600]'s state */
    size_t pos;                 /* bytes absorbed into the current block */
};

void sha3_init(struct sha3 *s);
void sha3_update(struct sha3 *s, const void *data, size_t n);
/* OUT out: the 32 bytes of the hash; s must be initialised again after. */
void sha3_final(struct sha3 *s, uint8_t out[SHA3_256_BYTES]);

/* The hash of file path as 64 lowercase hex digits into hex (65 bytes),
** and its size into *size.  0, or -1 with one line in err. */
int sha3_file(const char *path, char hex[2 * SHA3_256_BYTES + 1], int64_t *size, char *err,
              size_t errlen);

#endif
