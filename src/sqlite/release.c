/*
** release: the release list; see release.h.
*/
#include "release.h"

#include "datadir.h"

#include <openssl/evp.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The parts of number text into p[4] (missing ones 0); the count, or -1
** when text is not 3.N[.N[.N]]. */
static int parts(const char *text, long p[4])
{
    int n = 0;
    const char *s = text;
    memset(p, 0, 4 * sizeof *p);
    while (n < 4) {
        if (*s < '0' || *s > '9' || s - text > 12)
            return -1;
        char *end;
        p[n++] = strtol(s, &end, 10);
        s = end;
        if (!*s)
            break;
        if (*s++ != '.')
            return -1;
    }
    return *s || n < 2 || p[0] != 3 ? -1 : n;
}

int release_is_number(const char *text)
{
    long p[4];
    return parts(text, p) > 0;
}

int release_compare(const char *a, const char *b)
{
    long pa[4], pb[4];
    parts(a, pa);
    parts(b, pb);
    for (int i = 0; i < 4; i++)
        if (pa[i] != pb[i])
            return pa[i] < pb[i] ? -1 : 1;
    return 0;
}

int release_find(const struct releases *r, const char *version)
{
    if (!release_is_number(version))
        return -1;
    for (int i = 0; i < r->n; i++)
        if (release_compare(r->v[i].version, version) == 0)
            return i;
    return -1;
}

void release_free(struct releases *r)
{
    free(r->v);
    memset(r, 0, sizeof *r);
}

/* A hash field: 64 hex digits into out, or "-" for none.  0, or -1. */
static int hash_field(const char *field, char out[RELEASE_SHA3_HEX])
{
    if (strcmp(field, "-") == 0)
        return 0;
    if (strlen(field) != RELEASE_SHA3_HEX - 1 || strspn(field, "0123456789abcdef") != strlen(field))
        return -1;
    memcpy(out, field, RELEASE_SHA3_HEX);
    return 0;
}

/* One line "version date file size sha3 sqlite3_c_sha3" into *rel; 0, or -1. */
static int parse_line(char *line, struct release *rel)
{
    char *field[6];
    int n = 0;
    for (char *save = NULL, *f = strtok_r(line, "\t\n", &save); f && n < 6;
         f = strtok_r(NULL, "\t\n", &save))
        field[n++] = f;
    memset(rel, 0, sizeof *rel);
    if (n != 6 || !release_is_number(field[0]) || strlen(field[0]) >= sizeof rel->version ||
        strlen(field[1]) != 10 || strlen(field[2]) >= sizeof rel->file ||
        hash_field(field[4], rel->sha3) || hash_field(field[5], rel->c_sha3))
        return -1;
    memcpy(rel->version, field[0], strlen(field[0]));
    memcpy(rel->date, field[1], 10);
    memcpy(rel->file, field[2], strlen(field[2]));
    rel->size = strcmp(field[3], "-") == 0 ? -1 : strtoll(field[3], NULL, 10);
    return 0;
}

int release_load(struct releases *out, char *err, size_t errlen)
{
    char path[4096];
    memset(out, 0, sizeof *out);
    if (datadir_data("sqlite", "releases.tsv", path, sizeof path) != 0) {
        snprintf(err, errlen, "SQLite's release list: not found in %s", path);
        return -1;
    }
    FILE *f = fopen(path, "re");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open", path);
        return -1;
    }
    char line[512];
    int lineno = 0, cap = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (out->n == cap) {
            cap = cap ? 2 * cap : 256;
            struct release *v = realloc(out->v, (size_t)cap * sizeof *v);
            if (!v)
                break;
            out->v = v;
        }
        if (parse_line(line, &out->v[out->n]) != 0 ||
            (out->n && release_compare(out->v[out->n - 1].version, out->v[out->n].version) >= 0)) {
            snprintf(err, errlen, "%s:%d: not a release line in release order", path, lineno);
            fclose(f);
            release_free(out);
            return -1;
        }
        out->n++;
    }
    fclose(f);
    if (!out->n) {
        snprintf(err, errlen, "%s: no releases", path);
        release_free(out);
        return -1;
    }
    return 0;
}

/* The file's bytes through ctx, their count into *size; 0, or -1 with err. */
static int hash_fd(int fd, const char *path, EVP_MD_CTX *ctx, int64_t *size, char *err,
                   size_t errlen)
{
    char buf[65536];
    ssize_t got;
    *size = 0;
    while ((got = read(fd, buf, sizeof buf)) != 0) {
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            snprintf(err, errlen, "%s: %s", path, strerror(errno));
            return -1;
        }
        if (!EVP_DigestUpdate(ctx, buf, (size_t)got)) {
            snprintf(err, errlen, "%s: libcrypto's SHA3-256 failed", path);
            return -1;
        }
        *size += got;
    }
    return 0;
}

int release_hash_file(const char *path, char hex[RELEASE_SHA3_HEX], int64_t *size, char *err,
                      size_t errlen)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    unsigned char h[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    int rc = -1;
    if (!ctx || !EVP_DigestInit_ex(ctx, EVP_sha3_256(), NULL))
        snprintf(err, errlen, "%s: libcrypto offers no SHA3-256", path);
    else if (hash_fd(fd, path, ctx, size, err, errlen) == 0) {
        if (!EVP_DigestFinal_ex(ctx, h, &n) || 2 * n + 1 != RELEASE_SHA3_HEX)
            snprintf(err, errlen, "%s: libcrypto's SHA3-256 failed", path);
        else
            rc = 0;
    }
    EVP_MD_CTX_free(ctx);
    close(fd);
    for (unsigned int i = 0; rc == 0 && i < n; i++)
        snprintf(hex + 2 * i, 3, "%02x", h[i]);
    return rc;
}
