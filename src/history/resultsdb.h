/*
** resultsdb: the results database, one SQLite file that holds every run
** added to it (`sqlsoak db add`), opened through the system's SQLite
** (libsqlite3.so.0), never through a library under test.  Its schema is
** versioned by PRAGMA user_version (RESULTSDB_VERSION) and described in
** docs/history.md; a file of a later version, or a SQLite file of another
** tool, is refused.  Writers take the file with BEGIN IMMEDIATE and wait
** for each other (a busy timeout), so that two adds at once queue rather
** than fail or corrupt it.
*/
#ifndef SQLSOAK_RESULTSDB_H
#define SQLSOAK_RESULTSDB_H

#include "sqlapi.h"

#include <stddef.h>

#define RESULTSDB_VERSION 1
#define RESULTSDB_LIB "libsqlite3.so.0"

struct resultsdb {
    struct sqlapi api;
    sqlite3 *db;
};

/* The default file: $XDG_DATA_HOME/sqlsoak/results.db, or
** ~/.local/share/sqlsoak/results.db.  0, or -1 with err when neither
** XDG_DATA_HOME nor HOME is set. */
int resultsdb_default_path(char *buf, size_t n, char *err, size_t errlen);

/* Opens path (the default file when NULL); create: made with its schema
** (and its folder) when missing, else a missing file is refused.  0, or
** -1 with one line in err (nothing left open). */
int resultsdb_open(struct resultsdb *r, const char *path, int create, char *err, size_t errlen);

void resultsdb_close(struct resultsdb *r);

/* Runs sql (one or more statements without results).  0, or -1 with the
** library's message in err. */
int resultsdb_exec(struct resultsdb *r, const char *sql, char *err, size_t errlen);

/* Prepares sql, binds vals[0..n) as text (NULL as NULL), steps it once.
** SQLITE_ROW or SQLITE_DONE, or -1 with err.  *changes: rows it changed
** (may be NULL). */
int resultsdb_run(struct resultsdb *r, const char *sql, int n, const char *const *vals,
                  int *changes, char *err, size_t errlen);

/* A statement prepared; NULL with err. */
sqlite3_stmt *resultsdb_prepare(struct resultsdb *r, const char *sql, char *err, size_t errlen);

#endif
