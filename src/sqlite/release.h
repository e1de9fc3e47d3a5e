/*
** release: SQLite's releases, read from data/sqlite/releases.tsv (their
** dates, their source archives' paths under sqlite.org, the size and
** SHA3-256 of those sqlite.org published, and the SHA3-256 of sqlite3.c
** its release log gives), in release order; and a
** release's number compared and recognised; a file's SHA3-256, by
** OpenSSL's libcrypto, to hold a download against them.
**
** What stays true: the list is in release order (ascending numbers) and
** names each release once; "latest" is its last line.
*/
#ifndef SQLSOAK_RELEASE_H
#define SQLSOAK_RELEASE_H

#include <stddef.h>
#include <stdint.h>

#define RELEASE_SHA3_HEX 65     /* a SHA3-256 as 64 hex digits and their NUL */

struct release {
    char version[16];           /* "3.8.11.1", as sqlite3_libversion() says it */
    char date[11];              /* "2015-07-29" */
    char file[64];              /* "sqlite-autoconf-3081101.tar.gz", under sqlite.org */
    int64_t size;               /* the archive's bytes; -1: not published */
    char sha3[RELEASE_SHA3_HEX]; /* its SHA3-256 in hex; "": not published */
    char c_sha3[RELEASE_SHA3_HEX]; /* its sqlite3.c's, from the release log; "": none */
};

struct releases {
    int n;
    struct release *v;          /* owned; release_free */
};

/* Reads the list from sqlsoak's data folder into *out.  0, or -1 with
** one line in err (*out empty). */
int release_load(struct releases *out, char *err, size_t errlen);

void release_free(struct releases *r);

/* The index of version in r, or -1. */
int release_find(const struct releases *r, const char *version);

/* The SHA3-256 of file path as 64 lowercase hex digits into hex, and its
** size into *size.  0, or -1 with one line in err. */
int release_hash_file(const char *path, char hex[RELEASE_SHA3_HEX], int64_t *size, char *err,
                      size_t errlen);

/* Whether text is a release number: 3.N[.N[.N]], digits only. */
int release_is_number(const char *text);

/* <0, 0, >0 as release number a comes before, is, or comes after b
** (3.9.3 after 3.9.2 and before 3.10.0; 3.14 is 3.14.0). */
int release_compare(const char *a, const char *b);

#endif
