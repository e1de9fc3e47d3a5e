/*
** settings: a cell's pragmas, applied in the order SQLite needs and read
** back, so that a setting the library did not take is caught and
** reported, never measured under another setting.
**
** Which dimensions are pragmas, their order and how each answer is read
** come from the table of dims.h: page_size runs first (before the first
** table and before journal_mode=WAL, after which a database can no longer
** change its page size), journal_mode's answer is the mode in force, and a
** value of "default" runs no pragma at all.  A cache asked for in KiB
** (negative) is given in pages, as many bytes, to a library that reads
** it back otherwise; a pragma the library lacks is no difference when the
** option's default was asked (it is set where the library has it).
*/
#ifndef SQLSOAK_SETTINGS_H
#define SQLSOAK_SETTINGS_H

#include "plan.h"
#include "sqlapi.h"

#include <stddef.h>
#include <stdint.h>

/* The settings as the library reported them after they were applied,
** by dimension; only the pragma dimensions are filled. */
struct pragma_actual {
    int answered[DIM_COUNT];    /* 0: the library has no such pragma */
    int64_t num[DIM_COUNT];     /* DR_NUMBER: the number */
    char word[DIM_COUNT][16];   /* DR_WORD: the word, as answered */
};

/* The pages of page_size bytes that hold kib KiB, rounded up: the
** cache_size a library that knows only pages is given for -kib. */
int64_t settings_cache_pages(int64_t kib, int64_t page_size);

/* Applies c's settings on db, and with create the table kv of c's shape
** (shape.h).  Returns
** SQLITE_OK, or the failing statement's code with its SQL in err. */
int settings_apply(const struct sqlapi *api, sqlite3 *db, const struct cell *c, int create,
                   char *err, size_t errlen);

/* Reads the settings in force into *a.  Returns SQLITE_OK, or the failing
** statement's code with its SQL in err. */
int settings_read(const struct sqlapi *api, sqlite3 *db, struct pragma_actual *a, char *err,
                  size_t errlen);

/* 0 when the library took every setting c requests; else 1, with each
** difference as "name: requested X, library kept Y" ("; " between) in err. */
int settings_compare(const struct cell *c, const struct pragma_actual *a, char *err, size_t errlen);

/* The value dimension d is in force as text ("wal", "4096"), or NULL when
** the library did not answer.  Returns buf or NULL. */
const char *settings_actual_text(const struct pragma_actual *a, int d, char *buf, size_t n);


#endif
