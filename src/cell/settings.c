/*
** settings: see settings.h.
*/
#include "settings.h"

#include "shape.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t settings_cache_pages(int64_t kib, int64_t page_size)
{
    return page_size > 0 ? (kib * 1024 + page_size - 1) / page_size : 0;
}

/* After PRAGMA cache_size=-KiB: a library that read it back otherwise
** knows only pages (before 3.7.10 it keeps the number as pages), asked
** instead for the pages that hold as many bytes.  Returns the SQLite
** result code, with the statement that failed in sql. */
static int cache_in_pages(const struct sqlapi *api, sqlite3 *db, int64_t cache_size, char *sql,
                          size_t n)
{
    char got[64], page[64];
    int rc = sqlapi_query_text(api, db, "PRAGMA cache_size", got, sizeof got);
    if (rc != SQLITE_OK || strtoll(got, NULL, 10) == cache_size)
        return rc;
    rc = sqlapi_query_text(api, db, "PRAGMA page_size", page, sizeof page);
    if (rc != SQLITE_OK)
        return rc;
    snprintf(sql, n, "PRAGMA cache_size=%" PRId64,
             settings_cache_pages(-cache_size, strtoll(page, NULL, 10)));
    return sqlapi_query_text(api, db, sql, got, sizeof got);
}

int settings_apply(const struct sqlapi *api, sqlite3 *db, const struct cell *c, int create,
                   char *err, size_t errlen)
{
    int order[DIM_COUNT], np = dims_apply_order(order);
    for (int i = 0; i < np; i++) {
        int d = order[i];
        char sql[96], text[48], answer[64];
        if (dims_is_default(d, c->v[d]))
            continue;
        snprintf(sql, sizeof sql, "PRAGMA %s=%s", dim_table[d].pragma,
                 dims_text(d, c->v[d], text, sizeof text));
        /* some pragmas answer with a row (journal_mode, locking_mode) */
        int rc = sqlapi_query_text(api, db, sql, answer, sizeof answer);
        if (rc == SQLITE_OK && d == DIM_CACHE_SIZE && c->v[d] < 0)
            rc = cache_in_pages(api, db, c->v[d], sql, sizeof sql);
        if (rc != SQLITE_OK) {
            snprintf(err, errlen, "%s", sql);
            return rc;
        }
    }
    if (create) {
        char table[256];
        shape_sql(c->v, table, sizeof table);
        int rc = api->exec(db, table, NULL, NULL, NULL);
        if (rc != SQLITE_OK)
            snprintf(err, errlen, "%s", table);
        return rc;
    }
    return SQLITE_OK;
}

int settings_read(const struct sqlapi *api, sqlite3 *db, struct pragma_actual *a, char *err,
                  size_t errlen)
{
    int order[DIM_COUNT], np = dims_apply_order(order);
    memset(a, 0, sizeof *a);
    for (int i = 0; i < np; i++) {
        int d = order[i];
        char sql[64], buf[64];
        snprintf(sql, sizeof sql, "PRAGMA %s", dim_table[d].pragma);
        int rc = sqlapi_query_text(api, db, sql, buf, sizeof buf);
        if (rc != SQLITE_OK) {
            snprintf(err, errlen, "%s", sql);
            return rc;
        }
        a->answered[d] = buf[0] != 0;    /* no row: a pragma the library does not know */
        if (dim_table[d].readback == DR_WORD) {
            for (char *p = buf; *p; p++)
                *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
            snprintf(a->word[d], sizeof a->word[d], "%.*s", (int)sizeof a->word[d] - 1, buf);
        } else {
            a->num[d] = strtoll(buf, NULL, 10);
        }
    }
    return SQLITE_OK;
}

const char *settings_actual_text(const struct pragma_actual *a, int d, char *buf, size_t n)
{
    if (!a->answered[d])
        return NULL;
    if (dim_table[d].readback == DR_WORD)
        snprintf(buf, n, "%s", a->word[d]);
    else
        dims_text(d, a->num[d], buf, n);
    return buf;
}

/* Appends one difference to err. */
static void differ(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void differ(char *err, size_t errlen, const char *fmt, ...)
{
    size_t len = strlen(err);
    va_list ap;
    if (len && len + 2 < errlen) {
        memcpy(err + len, "; ", 3);
        len += 2;
    }
    va_start(ap, fmt);
    if (len < errlen)
        vsnprintf(err + len, errlen - len, fmt, ap);
    va_end(ap);
}

int settings_compare(const struct cell *c, const struct pragma_actual *a, char *err, size_t errlen)
{
    int order[DIM_COUNT], np = dims_apply_order(order);
    err[0] = 0;
    for (int i = 0; i < np; i++) {
        int d = order[i];
        const struct dim *dm = &dim_table[d];
        char want[48], got[48];
        if (dims_is_default(d, c->v[d]))
            continue;
        dims_text(d, c->v[d], want, sizeof want);
        if (!settings_actual_text(a, d, got, sizeof got) && dims_is_option_default(d, want))
            continue;   /* the default is set where the library has the pragma */
        if (!settings_actual_text(a, d, got, sizeof got))
            differ(err, errlen, "%s: requested %s, library has no %s", dm->pragma, want,
                   dm->pragma);
        else if (d == DIM_CACHE_SIZE && c->v[d] < 0 && a->num[d] > 0 &&
                 a->num[d] == settings_cache_pages(-c->v[d], a->num[DIM_PAGE_SIZE]))
            continue;   /* the KiB asked for, as pages */
        else if (strcmp(got, want) != 0)
            /* a word is what the library answered; an enum's number is the
            ** setting it made; a number is the value it kept */
            differ(err, errlen, "%s: requested %s, library %s %s", dm->pragma, want,
                   dm->readback == DR_WORD ? "answered"
                   : dm->opt.type == V_ENUM ? "set" : "kept",
                   got);
    }
    return err[0] != 0;
}
