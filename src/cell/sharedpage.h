/*
** sharedpage: the page of memory the writer of a cell shares with its
** readers (readers.h): what it has committed, what it is doing, and, per
** reader, what the timeline needs of it.  Created before the readers are
** forked (mmap MAP_SHARED | MAP_ANONYMOUS), so that every process of the
** cell maps the same page; read and written only through C11 atomics,
** lock-free (64-bit atomics are on arm64 and armv7 alike), so that no
** process ever waits on another through it.
**
** What stays true:
**  1. committed only grows within a cell: the rows the writer's last
**     COMMIT made durable; readers read keys below it and nothing else.
**     -1 until the table exists and the readers may open the database.
**  2. phase is a phase.h id while the writer runs that phase (commit
**     while a COMMIT is in the library), SHAREDPAGE_BETWEEN between
**     phases.
**  3. chunk is the chunk the readers count their reads in; the writer
**     moves it on at each chunk's end, and each reader then hands back
**     the chunk it counted (readers.h).
**  4. A reader's slot is written by that reader alone, but for the
**     writer's exchange of its interval figures (sharedpage_take).
*/
#ifndef SQLSOAK_SHAREDPAGE_H
#define SQLSOAK_SHAREDPAGE_H

#include "phase.h"

#include <stdatomic.h>
#include <stdint.h>

#define SHAREDPAGE_READERS_MAX 64      /* --readers' range ends here */
#define SHAREDPAGE_BETWEEN PHASE_COUNT /* the writer is between phases */

struct sharedpage_slot {
    _Atomic int64_t ops;       /* reads since the writer last took them */
    _Atomic uint64_t max_ns;   /* the slowest of them */
};

struct sharedpage {
    _Atomic int64_t committed;
    _Atomic int phase;
    _Atomic int64_t chunk;
    _Atomic int quit;          /* 1: the readers end */
    _Atomic int pinned;        /* 1: the pinning reader holds its first snapshot */
    struct sharedpage_slot slot[SHAREDPAGE_READERS_MAX];
};

/* A new page (committed -1, between phases, chunk `chunk`), shared with
** every process forked after it; NULL with errno. */
struct sharedpage *sharedpage_create(int64_t chunk);

/* Unmaps p (NULL: nothing). */
void sharedpage_destroy(struct sharedpage *p);

/* The writer's side: what it is doing (a phase.h id or
** SHAREDPAGE_BETWEEN), and the rows committed.  p may be NULL (no
** readers): nothing is done, at the cost of one test. */
static inline void sharedpage_phase_set(struct sharedpage *p, int phase)
{
    if (p)
        atomic_store_explicit(&p->phase, phase, memory_order_release);
}

static inline void sharedpage_commit(struct sharedpage *p, int64_t rows)
{
    if (p)
        atomic_store_explicit(&p->committed, rows, memory_order_release);
}

/* A reader's read of lat ns in slot i, for the timeline. */
void sharedpage_read_done(struct sharedpage *p, int i, uint64_t lat);

/* The writer's timeline: the reads of slots 0..n-1 since it last took
** them, and the slowest (*max_ns, 0 when none); the slots start again. */
int64_t sharedpage_take(struct sharedpage *p, int n, uint64_t *max_ns);

#endif
