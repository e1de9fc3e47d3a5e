/*
** checkpoint: the explicit WAL checkpoint.  See checkpoint.h.
*/
#include "checkpoint.h"
#include "modes.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>

/* A WAL file's header, and each frame's before its page (SQLite's wal.c). */
#define WAL_HEADER_BYTES 32
#define WAL_FRAME_HEADER_BYTES 24

const char *checkpoint_word(const struct cell *c)
{
    return checkpoint_names[c->v[DIM_CHECKPOINT]];
}

const char *checkpoint_refusal(const struct cell *c, const struct sqlapi *api, char *err,
                               size_t errlen)
{
    int64_t autock = c->v[DIM_WAL_AUTOCHECKPOINT];
    if (c->v[DIM_CHECKPOINT] == CK_AUTO)
        return NULL;
    if (c->v[DIM_JOURNAL] != JM_WAL)
        snprintf(err, errlen, "checkpoint_mode %s: needs journal_mode wal", checkpoint_word(c));
    else if (!api->wal_checkpoint_v2)
        snprintf(err, errlen,
                 "checkpoint_mode %s: SQLite %s has no sqlite3_wal_checkpoint_v2 (3.7.6)",
                 checkpoint_word(c), api->version);
    else if (!dims_is_default(DIM_WAL_AUTOCHECKPOINT, autock) && autock != 0)
        snprintf(err, errlen, "checkpoint_mode %s runs with wal_autocheckpoint 0, not %" PRId64,
                 checkpoint_word(c), autock);
    else
        return NULL;
    return err;
}

int checkpoint_run(const struct cell *c, const struct sqlapi *api, sqlite3 *db,
                   int64_t wal_bytes, struct checkpoint_result *out)
{
    int nlog = -1, nckpt = -1, mode = (int)c->v[DIM_CHECKPOINT] - 1;   /* modes.h */
    assert(mode >= SQLITE_CHECKPOINT_PASSIVE && mode <= SQLITE_CHECKPOINT_TRUNCATE);
    out->rc = api->wal_checkpoint_v2(db, NULL, mode, &nlog, &nckpt);
    if (out->rc == SQLITE_OK && mode == SQLITE_CHECKPOINT_TRUNCATE && nlog == 0 &&
        wal_bytes > WAL_HEADER_BYTES)
        nlog = nckpt = (int)((wal_bytes - WAL_HEADER_BYTES) /
                             (c->v[DIM_PAGE_SIZE] + WAL_FRAME_HEADER_BYTES));
    out->wal_frames = nlog;
    out->frames = nckpt;
    out->held_back = out->rc == SQLITE_BUSY || nckpt < nlog;
    return out->rc;
}
