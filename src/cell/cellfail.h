/*
** cellfail: how a failed SQLite call ends a cell: the status a user reads
** (a full disk, an I/O error, a lock, or failed) and the reason in the
** library's and the operating system's words.  A file-size limit makes
** SQLite report EFBIG as a write error: that is a full disk to a user.
*/
#ifndef SQLSOAK_CELLFAIL_H
#define SQLSOAK_CELLFAIL_H

#include "sqlapi.h"

#include <stddef.h>

/* The OS error behind an SQLite one on db (NULL: errno), taken at once: a
** later call (a reset, a rollback) may overwrite both. */
int cellfail_os_errno(const struct sqlapi *api, sqlite3 *db);

/* The enum cell_status (soak.h) of SQLite result rc with OS error err, and
** "what: the library's message (the OS's)" into reason. */
int cellfail_of(const struct sqlapi *api, sqlite3 *db, int rc, int err, const char *what,
                char *reason, size_t n);

#endif
