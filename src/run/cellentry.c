/*
** cellentry: see cellentry.h.
*/
#include "cellentry.h"
#include "growth.h"
#include "runkey.h"
#include "settings.h"
#include "shape.h"

#include <jansson.h>
#include <string.h>

static json_t *number_or_null(double d)
{
    return d == d ? json_real(d) : json_null();
}

/* A dimension's value as run.json records it: the library's path, a
** word, "default" (and every value of a dimension that has it) as text,
** other numbers as numbers. */
static json_t *dim_json(const struct cell_id *id, int d)
{
    const struct value_spec *o = &dim_table[d].opt;
    char text[64];
    if (d == DIM_LIB)
        return json_string(id->sqlite_lib);
    if (o->type == V_ENUM || o->type == V_DIST ||
        (o->special && o->special_value == VALUE_DEFAULT))
        return json_string(dims_text(d, id->v[d], text, sizeof text));
    return json_integer(id->v[d]);
}

void cellentry_add(struct runjson *r, const struct cell *c, const struct cell_result *res)
{
    const struct summary_record *s = &res->sum;
    const struct cell_id *id = &s->id;
    json_t *requested = json_object();
    for (int d = 0; d < DIM_COUNT; d++)
        json_object_set_new(requested, dim_table[d].column, dim_json(id, d));
    json_t *cell = json_pack(
        "{s:I, s:I, s:b, s:s, s:s, s:o, s:I, s:I, s:I, s:o}", RUNKEY_CELL_CELL,
        (json_int_t)c->combo, RUNKEY_CELL_REPEAT, (json_int_t)c->repeat, RUNKEY_CELL_WARMUP,
        c->warmup, RUNKEY_CELL_STATUS, s->status, RUNKEY_CELL_REASON, s->reason,
        RUNKEY_CELL_REQUESTED, requested, RUNKEY_CELL_CHUNKS, (json_int_t)s->chunks,
        RUNKEY_CELL_ROWS, (json_int_t)s->rows, RUNKEY_CELL_VERIFY_FAILURES,
        (json_int_t)s->verify_failures, RUNKEY_CELL_WALL_S, number_or_null(s->wall_s));
    if (!cell)
        return;
    json_object_set_new(cell, RUNKEY_CELL_SQLITE_VERSION, json_string(id->sqlite_version));
    json_object_set_new(cell, RUNKEY_CELL_SQLITE_SOURCE_ID, json_string(id->sqlite_source_id));
    char schema[256];
    json_object_set_new(cell, RUNKEY_CELL_SCHEMA,
                        json_string(shape_sql(id->v, schema, sizeof schema)));
    if (res->settings_read) {
        /* as the library answered: words as words, numbers as numbers,
        ** null where it has no such pragma */
        json_t *actual = json_object();
        for (int d = 0; d < DIM_COUNT; d++) {
            char text[48];
            const struct dim *dm = &dim_table[d];
            if (!dm->pragma)
                continue;
            json_t *v = !settings_actual_text(&res->actual, d, text, sizeof text)
                            ? json_null()
                        : dm->readback == DR_WORD || dm->opt.type == V_ENUM
                            ? json_string(text)
                            : json_integer(res->actual.num[d]);
            json_object_set_new(actual, dm->column, v);
        }
        json_object_set_new(cell, RUNKEY_CELL_ACTUAL, actual);
        const struct pragma_actual *a = &res->actual;
        if (a->answered[DIM_CACHE_SIZE] && a->answered[DIM_PAGE_SIZE])
            json_object_set_new(cell, RUNKEY_CELL_CACHE_BYTES,
                                json_integer((json_int_t)growth_cache_bytes(
                                    a->num[DIM_CACHE_SIZE], a->num[DIM_PAGE_SIZE])));
    }
    json_t *cells = runjson_cells(r);
    json_t *run_s = json_object_get(runjson_root(r), RUNKEY_RUN_S);
    if (json_is_number(run_s))      /* the run's time when the cell was recorded */
        json_object_set(cell, RUNKEY_CELL_RUN_S, run_s);
    json_array_append_new(cells, cell);
}

void cellentry_set(struct runjson *r, int idx, const struct cell *c,
                      const struct cell_result *res)
{
    json_t *cells = runjson_cells(r);
    size_t n = json_array_size(cells);
    cellentry_add(r, c, res);
    if (json_array_size(cells) == n + 1 && (size_t)idx < n) {
        json_array_set(cells, (size_t)idx, json_array_get(cells, n));
        json_array_remove(cells, n);
    }
}

void cellentry_fit(struct runjson *r, const struct cell *plan,
                       const struct summary_record *recs, int n)
{
    json_t *cells = runjson_cells(r);
    size_t keep = 0;
    while (keep < json_array_size(cells) && keep < (size_t)n) {
        json_t *c = json_array_get(cells, keep);
        if (json_integer_value(json_object_get(c, RUNKEY_CELL_CELL)) != recs[keep].id.cell ||
            json_integer_value(json_object_get(c, RUNKEY_CELL_REPEAT)) != recs[keep].id.repeat)
            break;
        keep++;
    }
    while (json_array_size(cells) > keep)
        json_array_remove(cells, json_array_size(cells) - 1);
    for (int i = (int)keep; i < n; i++) {
        /* summary.csv is the record: the cell as it recorded it, without
        ** the settings read back (summary.csv does not keep them) */
        struct cell_result res;
        memset(&res, 0, sizeof res);
        res.sum = recs[i];
        cellentry_add(r, &plan[i], &res);
    }
}
