/*
** shape: the table a cell runs, from its dimensions --key-type, --table
** and --index: the SQL that creates it (what run.json records of each
** cell), and the key bound and read back in the column's type.
**
**   int, rowid          kv(k INTEGER PRIMARY KEY, v BLOB NOT NULL): k is the rowid
**   text, rowid         k TEXT PRIMARY KEY: the rows in rowid order, and an
**                       automatic index on k beside them
**   without-rowid       ... WITHOUT ROWID: the rows in k's own B-tree
**   --index value       and CREATE INDEX kv_v ON kv(v)
**
** Every release before these dimensions ran the first: its cells' shape.
*/
#ifndef SQLSOAK_SHAPE_H
#define SQLSOAK_SHAPE_H

#include "dims.h"
#include "kvgen.h"
#include "sqlapi.h"

#include <stddef.h>
#include <stdint.h>

/* The name of the index of --index value. */
#define SHAPE_VALUE_INDEX "kv_v"

/* The statements that create the table of a cell with values v (by
** dimension), ";"-separated, into buf.  Returns buf. */
const char *shape_sql(const int64_t v[DIM_COUNT], char *buf, size_t n);

/* The generator of a cell with values v: kvgen_init's, with its key type. */
void shape_gen(struct kvgen *g, uint64_t seed, const int64_t v[DIM_COUNT]);

/* Binds key to parameter i of st as g stores keys; a text key is written
** into text[0..KVGEN_TEXT_KEY_LEN], which must outlive the statement's
** step.  Returns the bind's SQLite code. */
static inline int shape_bind_key(const struct sqlapi *api, sqlite3_stmt *st, int i,
                                 const struct kvgen *g, int64_t key, char *text)
{
    if (!g->text_keys)
        return api->bind_int64(st, i, key);
    kvgen_key_text(key, text);
    return api->bind_text(st, i, text, KVGEN_TEXT_KEY_LEN, SQLITE_STATIC);
}

/* The key in column i of st's row, as g stores keys, into *key.  Returns
** 0, or -1 when the column holds no key of g's (a wrong text). */
int shape_column_key(const struct sqlapi *api, sqlite3_stmt *st, int i, const struct kvgen *g,
                     int64_t *key);

/* key as an SQL literal ("42", "'0000...'") into buf.  Returns buf. */
const char *shape_key_sql(const struct kvgen *g, int64_t key, char *buf, size_t n);

#endif
