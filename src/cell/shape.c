/*
** shape: see shape.h.
*/
#include "shape.h"

#include "modes.h"

#include <inttypes.h>
#include <stdio.h>

const char *shape_sql(const int64_t v[DIM_COUNT], char *buf, size_t n)
{
    int len = snprintf(buf, n, "CREATE TABLE kv(k %s PRIMARY KEY, v BLOB NOT NULL)%s",
                       v[DIM_KEY_TYPE] == KT_TEXT ? "TEXT" : "INTEGER",
                       v[DIM_TABLE] == TB_WITHOUT_ROWID ? " WITHOUT ROWID" : "");
    if (v[DIM_INDEX] == IX_VALUE && len > 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, "; CREATE INDEX " SHAPE_VALUE_INDEX " ON kv(v)");
    return buf;
}

void shape_gen(struct kvgen *g, uint64_t seed, const int64_t v[DIM_COUNT])
{
    kvgen_init(g, seed, (int)v[DIM_KEY_ORDER], (size_t)v[DIM_VALUE_SIZE]);
    kvgen_set_text_keys(g, v[DIM_KEY_TYPE] == KT_TEXT);
}

int shape_column_key(const struct sqlapi *api, sqlite3_stmt *st, int i, const struct kvgen *g,
                     int64_t *key)
{
    if (!g->text_keys) {
        *key = api->column_int64(st, i);
        return 0;
    }
    const unsigned char *t = api->column_text(st, i);
    return kvgen_key_parse((const char *)t, (size_t)api->column_bytes(st, i), key);
}

const char *shape_key_sql(const struct kvgen *g, int64_t key, char *buf, size_t n)
{
    char text[KVGEN_TEXT_KEY_LEN + 1];
    if (g->text_keys) {
        kvgen_key_text(key, text);
        snprintf(buf, n, "'%s'", text);
    } else {
        snprintf(buf, n, "%" PRId64, key);
    }
    return buf;
}
