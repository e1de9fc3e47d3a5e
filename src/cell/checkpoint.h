/*
** checkpoint: the explicit WAL checkpoint that --checkpoint passive, full,
** restart or truncate runs after each chunk (soak's checkpoint phase), and
** when a cell can have one.
**
** sqlite3_wal_checkpoint_v2 answers the frames in the WAL and those
** copied into the database.  What stays true of the figures here:
** frames <= wal_frames, and held_back is 1 exactly when the call answered
** SQLITE_BUSY (a mode that waits gave up: the busy handler said so) or
** copied fewer frames than the WAL holds (a reader's snapshot, which a
** passive checkpoint does not wait for).  Truncate empties the WAL and
** answers 0 and 0; its frames are then those of the -wal file it emptied
** (wal_bytes before it: every chunk's WAL began at frame 0, the chunk
** before having emptied it).
*/
#ifndef SQLSOAK_CHECKPOINT_H
#define SQLSOAK_CHECKPOINT_H

#include "plan.h"
#include "sqlapi.h"

#include <stddef.h>
#include <stdint.h>

struct checkpoint_result {
    int rc;                  /* SQLITE_OK, SQLITE_BUSY, or the failure */
    int64_t wal_frames;      /* -1 when it could not run */
    int64_t frames;          /* copied into the database; -1 when it could not run */
    int held_back;
};

/* Why cell c (on api) cannot have its --checkpoint mode, into err:
** outside WAL, without sqlite3_wal_checkpoint_v2, beside a
** --wal-autocheckpoint other than 0.  Returns err, or NULL when it can
** (or its mode is auto: nothing to run). */
const char *checkpoint_refusal(const struct cell *c, const struct sqlapi *api, char *err,
                               size_t errlen);

/* Runs c's checkpoint on db, whose -wal file held wal_bytes just before.
** Returns out->rc; SQLITE_MISUSE: the library refuses the mode (truncate
** before 3.8.8). */
int checkpoint_run(const struct cell *c, const struct sqlapi *api, sqlite3 *db,
                   int64_t wal_bytes, struct checkpoint_result *out);

/* The mode's word ("truncate"). */
const char *checkpoint_word(const struct cell *c);

#endif
