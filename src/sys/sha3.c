/*
** sha3: SHA3-256 by the Keccak-f[1600] permutation; see sha3.h.
*/
#include "sha3.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define RATE 136                /* 1600 - 2 * 256 bits, in bytes */

static const uint64_t round_constants[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};
/* rho's rotations and pi's lanes, in the order pi visits them */
static const unsigned rotations[24] = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                       27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
static const unsigned lanes[24] = {10, 7,  11, 17, 18, 3, 5,  16, 8,  21, 24, 4,
                                   15, 23, 19, 13, 12, 2, 20, 14, 22, 9,  6,  1};

static uint64_t rotl(uint64_t x, unsigned n)
{
    return (x << n) | (x >> (64 - n));
}

static void keccakf(uint64_t st[25])
{
    for (int r = 0; r < 24; r++) {
        uint64_t c[5];
        for (int i = 0; i < 5; i++)                              /* theta */
            c[i] = st[i] ^ st[i + 5] ^ st[i + 10] ^ st[i + 15] ^ st[i + 20];
        for (int i = 0; i < 5; i++) {
            uint64_t d = c[(i + 4) % 5] ^ rotl(c[(i + 1) % 5], 1);
            for (int j = 0; j < 25; j += 5)
                st[j + i] ^= d;
        }
        uint64_t t = st[1];                                      /* rho and pi */
        for (int i = 0; i < 24; i++) {
            uint64_t next = st[lanes[i]];
            st[lanes[i]] = rotl(t, rotations[i]);
            t = next;
        }
        for (int j = 0; j < 25; j += 5) {                        /* chi */
            for (int i = 0; i < 5; i++)
                c[i] = st[j + i];
            for (int i = 0; i < 5; i++)
                st[j + i] ^= (~c[(i + 1) % 5]) & c[(i + 2) % 5];
        }
        st[0] ^= round_constants[r];                             /* iota */
    }
}

/* XORs byte b into the state at byte offset i (lanes are little-endian). */
static void absorb_byte(struct sha3 *s, size_t i, uint8_t b)
{
    s->st[i / 8] ^= (uint64_t)b << (8 * (i % 8));
}

void sha3_init(struct sha3 *s)
{
    memset(s, 0, sizeof *s);
}

void sha3_update(struct sha3 *s, const void *data, size_t n)
{
    const uint8_t *p = data;
    for (size_t k = 0; k < n; k++) {
        absorb_byte(s, s->pos++, p[k]);
        if (s->pos == RATE) {
            keccakf(s->st);
            s->pos = 0;
        }
    }
}

void sha3_final(struct sha3 *s, uint8_t out[SHA3_256_BYTES])
{
    absorb_byte(s, s->pos, 0x06);          /* SHA-3's domain bits, then pad10*1 */
    absorb_byte(s, RATE - 1, 0x80);
    keccakf(s->st);
    for (int i = 0; i < SHA3_256_BYTES; i++)
        out[i] = (uint8_t)(s->st[i / 8] >> (8 * (i % 8)));
}

int sha3_file(const char *path, char hex[2 * SHA3_256_BYTES + 1], int64_t *size, char *err,
              size_t errlen)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    struct sha3 s;
    sha3_init(&s);
    *size = 0;
    char buf[65536];
    ssize_t got;
    while ((got = read(fd, buf, sizeof buf)) != 0) {
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
            close(fd);
            return -1;
        }
        sha3_update(&s, buf, (size_t)got);
        *size += got;
    }
    close(fd);
    uint8_t h[SHA3_256_BYTES];
    sha3_final(&s, h);
    for (int i = 0; i < SHA3_256_BYTES; i++)
        snprintf(hex + 2 * i, 3, "%02x", h[i]);
    return 0;
}
