/*
** settings: see settings.h.
*/
#include "settings.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int run(const struct sqlapi *api, sqlite3 *db, const char *sql, char *what, size_t n)
{
    int rc = api->exec(db, sql, NULL, NULL, NULL);
    if (rc != SQLITE_OK)
        snprintf(what, n, "%s", sql);
    return rc;
}

int settings_apply(const struct sqlapi *api, sqlite3 *db, const struct cell *c, int create,
                   char *what, size_t n)
{
    char sql[96], answer[64];
    int rc;
    snprintf(sql, sizeof sql, "PRAGMA page_size=%" PRId64, c->page_size);
    if ((rc = run(api, db, sql, what, n)) != SQLITE_OK)
        return rc;
    if (c->cache_size != OPT_DEFAULT) {
        snprintf(sql, sizeof sql, "PRAGMA cache_size=%" PRId64, c->cache_size);
        if ((rc = run(api, db, sql, what, n)) != SQLITE_OK)
            return rc;
    }
    if (c->mmap_size != OPT_DEFAULT) {
        snprintf(sql, sizeof sql, "PRAGMA mmap_size=%" PRId64, c->mmap_size);
        if ((rc = run(api, db, sql, what, n)) != SQLITE_OK)
            return rc;
    }
    snprintf(sql, sizeof sql, "PRAGMA journal_mode=%s", journal_names[c->journal]);
    if ((rc = sqlapi_query_text(api, db, sql, answer, sizeof answer)) != SQLITE_OK) {
        snprintf(what, n, "%s", sql);
        return rc;
    }
    snprintf(sql, sizeof sql, "PRAGMA synchronous=%s", sync_names[c->sync]);
    if ((rc = run(api, db, sql, what, n)) != SQLITE_OK)
        return rc;
    if (create)
        return run(api, db, "CREATE TABLE kv(k INTEGER PRIMARY KEY, v BLOB NOT NULL)", what, n);
    return SQLITE_OK;
}

/* The first column of sql's first row as a number; *answered is 0 when
** the library returned no row (a pragma it does not know). */
static int read_i64(const struct sqlapi *api, sqlite3 *db, const char *sql, int64_t *out,
                    int *answered, char *what, size_t n)
{
    char buf[64];
    int rc = sqlapi_query_text(api, db, sql, buf, sizeof buf);
    if (rc != SQLITE_OK) {
        snprintf(what, n, "%s", sql);
        return rc;
    }
    *answered = buf[0] != 0;
    *out = strtoll(buf, NULL, 10);
    return SQLITE_OK;
}

int settings_read(const struct sqlapi *api, sqlite3 *db, struct pragma_actual *a, char *what,
                  size_t n)
{
    int answered, rc;
    if ((rc = read_i64(api, db, "PRAGMA page_size", &a->page_size, &answered, what, n)) ||
        (rc = read_i64(api, db, "PRAGMA synchronous", &a->synchronous, &answered, what, n)) ||
        (rc = read_i64(api, db, "PRAGMA cache_size", &a->cache_size, &answered, what, n)) ||
        (rc = read_i64(api, db, "PRAGMA mmap_size", &a->mmap_size, &answered, what, n)))
        return rc;
    if (!answered)
        a->mmap_size = -1;
    rc = sqlapi_query_text(api, db, "PRAGMA journal_mode", a->journal_mode,
                           sizeof a->journal_mode);
    if (rc != SQLITE_OK)
        snprintf(what, n, "PRAGMA journal_mode");
    return rc;
}

/* Appends one difference to why. */
static void differ(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void differ(char *why, size_t n, const char *fmt, ...)
{
    size_t len = strlen(why);
    va_list ap;
    if (len && len + 2 < n) {
        memcpy(why + len, "; ", 3);
        len += 2;
    }
    va_start(ap, fmt);
    if (len < n)
        vsnprintf(why + len, n - len, fmt, ap);
    va_end(ap);
}

int settings_compare(const struct cell *c, const struct pragma_actual *a, char *why, size_t n)
{
    why[0] = 0;
    if (a->page_size != c->page_size)
        differ(why, n, "page_size: requested %" PRId64 ", library kept %" PRId64, c->page_size,
               a->page_size);
    if (strcmp(a->journal_mode, journal_names[c->journal]) != 0)
        differ(why, n, "journal_mode: requested %s, library answered %s",
               journal_names[c->journal], a->journal_mode);
    if (a->synchronous != c->sync)
        differ(why, n, "synchronous: requested %s, library set %s", sync_names[c->sync],
               a->synchronous >= 0 && a->synchronous <= 3 ? sync_names[a->synchronous] : "?");
    if (c->cache_size != OPT_DEFAULT && a->cache_size != c->cache_size)
        differ(why, n, "cache_size: requested %" PRId64 ", library kept %" PRId64, c->cache_size,
               a->cache_size);
    if (c->mmap_size != OPT_DEFAULT && a->mmap_size < 0)
        differ(why, n, "mmap_size: requested %" PRId64 ", library has no mmap_size", c->mmap_size);
    else if (c->mmap_size != OPT_DEFAULT && a->mmap_size != c->mmap_size)
        differ(why, n, "mmap_size: requested %" PRId64 ", library kept %" PRId64, c->mmap_size,
               a->mmap_size);
    return why[0] != 0;
}
