/*
** sqlapi: one SQLite library, loaded at run time with dlopen, as a struct
** of typed function pointers.
**
** The symbol lists below are the single source of both the struct's slots
** and the table that dlsym fills, so names and slots cannot drift apart
** (the idea of SQLite's own sqlite3_api_routines and os_unix.c aSyscall[]).
**
** Required symbols exist in every release since 3.6.0; a library missing
** one is refused with the symbol's name.  Optional ones are NULL when
** absent; callers test before use.  Capabilities (WAL, page sizes, mmap...)
** are probed by asking the library, never inferred from its version.
*/
#ifndef SQLSOAK_SQLAPI_H
#define SQLSOAK_SQLAPI_H

#include <sqlite3.h>   /* types and constants only: nothing is linked */
#include <stddef.h>

#define SQLAPI_REQUIRED(X)                                                    \
    X(const char *, libversion, (void))                                       \
    X(int, libversion_number, (void))                                         \
    X(int, threadsafe, (void))                                                \
    X(int, open_v2, (const char *, sqlite3 **, int, const char *))            \
    X(int, close, (sqlite3 *))                                                \
    X(int, exec, (sqlite3 *, const char *, int (*)(void *, int, char **, char **), \
                  void *, char **))                                           \
    X(void, free, (void *))                                                   \
    X(const char *, errmsg, (sqlite3 *))                                      \
    X(int, errcode, (sqlite3 *))                                              \
    X(int, prepare_v2, (sqlite3 *, const char *, int, sqlite3_stmt **, const char **)) \
    X(int, step, (sqlite3_stmt *))                                            \
    X(int, reset, (sqlite3_stmt *))                                           \
    X(int, finalize, (sqlite3_stmt *))                                        \
    X(int, bind_int64, (sqlite3_stmt *, int, sqlite3_int64))                  \
    X(int, bind_blob, (sqlite3_stmt *, int, const void *, int, void (*)(void *))) \
    X(int, bind_text, (sqlite3_stmt *, int, const char *, int, void (*)(void *))) \
    X(sqlite3_int64, column_int64, (sqlite3_stmt *, int))                     \
    X(const void *, column_blob, (sqlite3_stmt *, int))                       \
    X(const unsigned char *, column_text, (sqlite3_stmt *, int))              \
    X(int, column_bytes, (sqlite3_stmt *, int))                               \
    X(int, column_type, (sqlite3_stmt *, int))                                \
    X(int, busy_timeout, (sqlite3 *, int))                                    \
    X(int, changes, (sqlite3 *))                                              \
    X(sqlite3_vfs *, vfs_find, (const char *))                                \
    X(int, vfs_register, (sqlite3_vfs *, int))                                \
    X(int, vfs_unregister, (sqlite3_vfs *))

/* Optional: NULL when the library predates them. */
#define SQLAPI_OPTIONAL(X)                                                    \
    X(const char *, sourceid, (void))                /* 3.6.18 */             \
    X(int, extended_errcode, (sqlite3 *))            /* 3.6.5 */              \
    X(const char *, compileoption_get, (int))        /* 3.6.23 */             \
    X(int, close_v2, (sqlite3 *))                    /* 3.7.14 */             \
    X(const char *, errstr, (int))                   /* 3.7.15 */             \
    X(int, status64, (int, sqlite3_int64 *, sqlite3_int64 *, int)) /* 3.10 */ \
    X(int, system_errno, (sqlite3 *))                /* 3.12 */               \
    X(int, busy_handler, (sqlite3 *, int (*)(void *, int), void *)) /* 3.0 */ \
    X(int, wal_checkpoint_v2, (sqlite3 *, const char *, int, int *, int *)) /* 3.7.6 */

struct sqlapi {
    void *handle;                   /* from dlopen; NULL when not loaded */
    char path[1024];                /* as the user gave it */
    char resolved[1024];            /* the file dlopen found (dladdr) */
    char version[32];               /* "3.40.1" */
    int version_number;             /* 3040001 */
    char source_id[128];            /* "" when sourceid() is missing */
#define SQLAPI_SLOT(ret, name, args) ret(*name) args;
    SQLAPI_REQUIRED(SQLAPI_SLOT)
    SQLAPI_OPTIONAL(SQLAPI_SLOT)
#undef SQLAPI_SLOT
};

/* What a library can do, as it answered when asked. */
struct sqlcaps {
    int wal;                /* journal_mode=WAL taken on a file database */
    int max_page_size;      /* largest page size kept: 65536 or 32768 */
    int default_page_size;  /* page size of a fresh database */
    int negative_cache;     /* cache_size=-N read back as -N */
    long default_cache;     /* PRAGMA cache_size of a fresh connection: pages, or KiB
                            ** when negative (2000 pages before 3.12.0, -2000 since) */
    int mmap;               /* mmap_size answered and took a non-zero size */
    int sync_extra;         /* synchronous=EXTRA read back as 3 */
    int compile_options;    /* PRAGMA compile_options answers */
};

/* Loads the library at path (a path or a soname), first in a child
** process that also opens a database in memory, so that a library that
** kills the process loading it (a constructor that aborts) costs the
** child only.  Returns 0, or -1 with a one-line message in err naming the
** path and the problem (no such file, not a shared library, missing
** symbol, version too old, the signal that killed the child); nothing
** stays loaded on failure. */
int sqlapi_open(struct sqlapi *api, const char *path, char *err, size_t errlen);

/* Unloads; *api may be opened again. */
void sqlapi_close(struct sqlapi *api);

/* Probes the capabilities with throw-away databases created in dir (and
** removed).  Returns 0, or -1 with a message in err. */
int sqlapi_probe(const struct sqlapi *api, const char *dir, struct sqlcaps *caps,
                 char *err, size_t errlen);

/* Runs sql and copies the first column of its first row as text into out
** ("" when no row).  Returns the SQLite result code (SQLITE_OK on success,
** with or without a row); on error, the message is in out. */
int sqlapi_query_text(const struct sqlapi *api, sqlite3 *db, const char *sql,
                      char *out, size_t outlen);

/* The compile options as a jansson array (json_t *, new reference); empty
** when the library cannot tell (before 3.6.23). */
void *sqlapi_compile_options_json(const struct sqlapi *api);

/* The text of a result code, through errstr() when the library has it. */
const char *sqlapi_errstr(const struct sqlapi *api, int rc);

#endif
