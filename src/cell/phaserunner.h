/*
** phaserunner: a phase of a chunk as the chunk loop (soak.c) runs it: the
** work the phases of one chunk share, and a runner's descriptor.  A phase
** is its row in phase.h's table, its runner (one file, phaseNAME.c, whose
** header names its descriptor), and its columns in csvschema's name map;
** soak.c runs the descriptors in phase order and knows no phase's insides.
*/
#ifndef SQLSOAK_PHASERUNNER_H
#define SQLSOAK_PHASERUNNER_H

#include "phase.h"
#include "records.h"
#include "sysinfo.h"

#include <stdint.h>

struct soak;           /* soakstate.h */

/* What the phases of one chunk share: its size, its reads, and each
** phase's time (commit's lies inside write's) and ops, set by its runner:
** 0 for a phase that did nothing (--reads 0) or did not run, -1 for one
** timed but not counted (commit). */
struct chunk_work {
    int64_t chunk, n, reads, lo;
    int64_t corrupt;             /* the test hook's row, or -1 */
    int64_t stale;               /* the stale test hook's row, or -1 */
    uint64_t ns[PHASE_COUNT];
    int64_t ops[PHASE_COUNT];
    struct chunk_record *cr;
    struct io_counters rio0;     /* just before the reads */
    double wal_bytes[PHASE_COUNT];  /* the -wal file at each phase's end */
    int64_t wal_before_ckpt;     /* bytes, just before the checkpoint */
};

/* A phase's runner, as fio's ioengine_ops, written with designated
** initializers: each step 0, or -1 with the cell's status set; NULL:
** nothing to do.  setup, prepare and finish run outside the timed phase
** (invariant 1). */
struct phase_runner {
    int at_end;                  /* 1: once at the cell's end, not in each chunk */
    int (*wanted)(const struct soak *s);   /* whether it runs (an option); NULL: always */
    /* once, when the cell's database is READY and before its first chunk:
    ** what the phase needs of the library, asked (a refusal ends the cell
    ** UNSUPPORTED, saying why) */
    int (*setup)(struct soak *s);
    int (*prepare)(struct soak *s, struct chunk_work *w);
    int (*run)(struct soak *s, struct chunk_work *w);
    int (*finish)(struct soak *s, struct chunk_work *w);
};

#endif
