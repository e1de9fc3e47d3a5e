/*
** watchdog: when a cell's process has made no progress for too long.
** The runner feeds it the cell's heartbeats (beat.h), live ones too: a
** live beat comes only as a phase's ops advance, so a phase that loops
** (write, read, update, delete, the verify scan) shows progress inside it.
** The limit between two of them is --watchdog when given, else 10x the
** cell's slowest chunk so far but at least WATCHDOG_FLOOR_S (a hiccup of
** the machine is not a hang), times the work the step in flight may do
** before its next beat in chunks' worth (beat.h's work: verify's
** integrity_check reads the whole table in one call), and
** WATCHDOG_FIRST_S before its first chunk has ended (a resumed cell's
** runner sets slowest_ns from its recorded chunks).
*/
#ifndef SQLSOAK_WATCHDOG_H
#define SQLSOAK_WATCHDOG_H

#include "beat.h"

#include <stddef.h>
#include <stdint.h>

#define WATCHDOG_FLOOR_S 60
#define WATCHDOG_FIRST_S 3600
#define WATCHDOG_FACTOR 10

struct watchdog {
    int64_t fixed_s;            /* --watchdog; 0: automatic */
    uint64_t last_ns;           /* the last beat (or the start) */
    struct beat last;
    uint64_t chunk_start_ns;    /* the last write phase's beat, when in_chunk */
    int in_chunk;
    uint64_t slowest_ns;        /* the slowest chunk ended; 0 before one */
    int64_t floor_s;            /* WATCHDOG_FLOOR_S, unless a test lowers it */
};

/* A cell's process started at now_ns, with --watchdog fixed_s (0: auto). */
void watchdog_start(struct watchdog *w, int64_t fixed_s, uint64_t now_ns);

/* A beat b arrived at now_ns; a live one moves the deadline on, the step
** it is in staying the last step's. */
void watchdog_beat(struct watchdog *w, const struct beat *b, uint64_t now_ns);

/* A cell that waited for its turn (--interleave chunk) starts again at
** now_ns: the wait is not its own. */
void watchdog_resume(struct watchdog *w, uint64_t now_ns);

/* The limit between two beats now, in ns. */
uint64_t watchdog_limit_ns(const struct watchdog *w);

/* The clock_now_ns() past which the cell is hung. */
uint64_t watchdog_deadline(const struct watchdog *w);

/* Why the cell is hung at now_ns, for its summary's reason: what it was
** doing, how long it was waited for, and the limit.  Returns buf. */
const char *watchdog_reason(const struct watchdog *w, uint64_t now_ns, char *buf, size_t n);

#endif
