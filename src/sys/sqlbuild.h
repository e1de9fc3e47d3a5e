/*
** sqlbuild: the record `sqlsoak sqlite get` leaves beside each library it
** builds (build.txt: the release, the archive it came from, its size and
** SHA3-256, its sqlite3.c's SHA3-256, the compiler's command line), read
** back by anything that names a library: info, run.json.
**
** What stays true: a library has a build record only when build.txt sits
** in its own folder; a key is a line "key<TAB>value".
*/
#ifndef SQLSOAK_SQLBUILD_H
#define SQLSOAK_SQLBUILD_H

#include <stddef.h>

/* The record's file name, beside the library. */
#define SQLBUILD_FILE "build.txt"

/* Its keys, as written. */
#define SQLBUILD_VERSION "version"
#define SQLBUILD_SOURCE "source"        /* the archive's URL */
#define SQLBUILD_SIZE "size"
#define SQLBUILD_SHA3 "sha3_256"          /* the archive's */
#define SQLBUILD_C_SHA3 "sqlite3_c_sha3_256" /* the sqlite3.c built */
#define SQLBUILD_COMMAND "command"      /* the compiler's command line */

/* The value of key in the build record beside the library at lib_path
** into out (n bytes).  0, or -1 when there is no record or no such key. */
int sqlbuild_value(const char *lib_path, const char *key, char *out, size_t n);

#endif
