/*
** settings: a cell's pragmas, applied in the order SQLite needs and read
** back, so that a setting the library did not take is caught and
** reported, never measured under another setting.
**
** Order: page_size before the first table and before journal_mode=WAL
** (a WAL database can no longer change its page size); cache_size and
** mmap_size; journal_mode (its answer is the mode in force); synchronous;
** then the table.
*/
#ifndef SQLSOAK_SETTINGS_H
#define SQLSOAK_SETTINGS_H

#include "plan.h"
#include "sqlapi.h"

#include <stddef.h>
#include <stdint.h>

/* The settings as the library reported them after they were applied. */
struct pragma_actual {
    int64_t page_size;
    char journal_mode[16];
    int64_t synchronous;        /* 0..3 */
    int64_t cache_size;
    int64_t mmap_size;          /* -1: the library does not answer mmap_size */
};

/* Applies c's settings on db, and with create the table kv.  Returns
** SQLITE_OK, or the failing statement's code with its SQL in what. */
int settings_apply(const struct sqlapi *api, sqlite3 *db, const struct cell *c, int create,
                   char *what, size_t n);

/* Reads the settings in force into *a.  Returns SQLITE_OK, or the failing
** statement's code with its SQL in what. */
int settings_read(const struct sqlapi *api, sqlite3 *db, struct pragma_actual *a, char *what,
                  size_t n);

/* 0 when the library took every setting c requests; else 1, with each
** difference as "name: requested X, library kept Y" ("; " between) in why. */
int settings_compare(const struct cell *c, const struct pragma_actual *a, char *why, size_t n);

#endif
