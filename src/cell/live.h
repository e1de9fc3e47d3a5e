/*
** live: a phase in flight, as the progress line shows it.  The timeline
** calls live_tick at the end of each of its intervals (timeline.h), never
** inside the timed loop; about every LIVE_EVERY_NS it sends the runner a
** live beat (beat.h): the phase, its ops so far and in all, the rate
** since the last beat, and the time the chunk has left, estimated from
** the phase's rate so far and the previous chunk's time for the phases
** still to come.  So the beats come about every second, or at each
** interval when --timeline-interval is longer.  Cost: a clock-free
** division or two and, once a second, one write(2) of a beat.
*/
#ifndef SQLSOAK_LIVE_H
#define SQLSOAK_LIVE_H

#include "phase.h"

#include <stdint.h>

#define LIVE_EVERY_NS 1000000000ull

struct live {
    int fd;                     /* the beat pipe; -1: nothing is sent */
    uint64_t cell_ns;           /* the clock the cell's elapsed time counts from */
    int64_t chunk;
    int phase;
    int64_t total;              /* the ops the phase will do */
    uint64_t begun_ns;          /* the phase's start */
    uint64_t sent_ns;           /* the last live beat (or the phase's start) */
    int64_t sent_done;
    double prev_s[PHASE_COUNT]; /* the previous chunk's time of each phase; <0 unknown */
};

/* A cell begins: beats go to fd (-1: none); its elapsed time counts from
** cell_ns. */
void live_open(struct live *l, int fd, uint64_t cell_ns);

/* Phase phase of chunk chunk begins at now with total ops to do. */
void live_phase(struct live *l, int64_t chunk, int phase, int64_t total, uint64_t now);

/* The timeline's interval ended at now with done ops of the phase so far:
** a live beat when LIVE_EVERY_NS has passed since the last.  ctx is the
** struct live (the timeline's hook). */
void live_tick(void *ctx, int64_t done, uint64_t now);

/* The chunk ended; s[p]: each phase's time in it (NaN: it did not run),
** the estimate for the next chunk's phases still to come. */
void live_chunk_end(struct live *l, const double s[PHASE_COUNT]);

#endif
