/*
** soakreaders: the writer's side of the readers beside it (--readers):
** forked before NEW, set reading from READY on, each chunk's tallies,
** ended.  Each 0, or -1 with the cell's status set.
*/
#ifndef SQLSOAK_SOAKREADERS_H
#define SQLSOAK_SOAKREADERS_H

#include "records.h"
#include "soakstate.h"

#include <stdint.h>

/* Forked before NEW: no SQLite state crosses the fork. */
int soakreaders_begin(struct soak *s);

/* Reading from READY on. */
int soakreaders_go(struct soak *s);

/* Chunk c's tallies into cr (without readers, cr's reader figures are
** emptied). */
int soakreaders_chunk_end(struct soak *s, int64_t c, struct chunk_record *cr);

/* Ended, a reader that died or failed failing a cell that had not. */
void soakreaders_end(struct soak *s);

#endif
