/*
** verify: --verify's proof that a cell's table holds exactly what was
** written: PRAGMA integrity_check, then a full scan in which every row's
** value is checked against its key and the generation the schedule gives
** it (schedule.h), a row the schedule deleted is a failure, and the count and an order-independent
** sum of the keys are compared with the generator's.  Reads only.
*/
#ifndef SQLSOAK_VERIFY_H
#define SQLSOAK_VERIFY_H

#include "kvgen.h"
#include "schedule.h"
#include "sqlapi.h"

#include <stddef.h>
#include <stdint.h>

/* Called every VERIFY_TICK_ROWS rows of the scan with the rows scanned
** so far (the timeline's progress of the verify phase). */
#define VERIFY_TICK_ROWS 256
typedef void verify_tick_fn(void *ctx, int64_t scanned);

/* Checks the table kv of db, which should hold the generator's first rows
** rows but those sch deleted, each of the generation sch gives it after
** chunks chunks (sch NULL: none deleted, generation 0).  Returns SQLITE_OK with
** integrity_check's first line in ok ("ok" when sound; the scan runs only then), the rows that fail in *bad and
** the rows scanned in *scanned; or the failing statement's code, naming
** it in err.  tick may be NULL. */
int verify_run(const struct sqlapi *api, sqlite3 *db, const struct kvgen *gen,
               const struct schedule *sch, int64_t chunks, int64_t rows, int64_t *bad,
               int64_t *scanned, verify_tick_fn *tick, void *ctx, char *ok, size_t okn,
               char *err, size_t errlen);

#endif
