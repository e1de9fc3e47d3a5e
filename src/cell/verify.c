/*
** verify: see verify.h.
*/
#include "verify.h"

#include "rng.h"
#include "shape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int verify_run(const struct sqlapi *api, sqlite3 *db, const struct kvgen *gen,
               const struct schedule *sch, int64_t chunks, int64_t rows, int64_t *bad,
               int64_t *scanned, verify_tick_fn *tick, void *ctx, char *ok, size_t okn,
               char *err, size_t errlen)
{
    sqlite3_stmt *scan = NULL;
    int64_t found = 0;
    uint64_t keysum = 0, want = 0;
    *bad = *scanned = 0;
    int rc = sqlapi_query_text(api, db, "PRAGMA integrity_check", ok, okn);
    if (rc != SQLITE_OK) {
        snprintf(err, errlen, "PRAGMA integrity_check");
        return rc;
    }
    if (strcmp(ok, "ok") != 0)
        return SQLITE_OK;
    rc = api->prepare_v2(db, "SELECT k, v FROM kv", -1, &scan, NULL);
    if (rc != SQLITE_OK) {
        snprintf(err, errlen, "SELECT k, v FROM kv");
        return rc;
    }
    while ((rc = api->step(scan)) == SQLITE_ROW) {
        int64_t k;
        if (shape_column_key(api, scan, 0, gen, &k) == 0) {
            const void *v = api->column_blob(scan, 1);
            size_t len = (size_t)api->column_bytes(scan, 1);
            /* a row the schedule deleted is found: a failure */
            *bad += sch ? !schedule_value_ok(sch, gen, kvgen_row(gen, k), k, chunks, 1, v, len)
                        : !kvgen_verify(gen, k, v, len);
            keysum += rng_mix64((uint64_t)k);
        } else {
            *bad += 1;                      /* a key no row of the generator has */
        }
        if ((++found & (VERIFY_TICK_ROWS - 1)) == 0 && tick)
            tick(ctx, found);
    }
    *scanned = found;
    api->finalize(scan);
    if (rc != SQLITE_DONE) {
        snprintf(err, errlen, "verify scan");
        return rc;
    }
    int64_t live = 0;                       /* the rows not deleted */
    for (int64_t i = 0; i < rows; i++)
        if (!sch || !schedule_deleted(sch, i, chunks)) {
            want += rng_mix64((uint64_t)kvgen_key(gen, (uint64_t)i));
            live++;
        }
    if (found != live)
        *bad += llabs(found - live);
    else if (keysum != want)
        *bad += 1;                          /* as many rows, other keys */
    return SQLITE_OK;
}
