/*
** beat: the heartbeat a cell's process sends its runner, one small
** message at each step of the cell (opening, each phase of phase.h as it
** begins, recording each chunk), so that the runner's watchdog can tell a slow cell from
** one that no longer moves (a stuck NFS mount, a card that stopped
** answering).  Sent outside every timed phase but the verify scan, whose
** beats come every BEAT_VERIFY_ROWS rows, and the live beats below.  A
** message is smaller than PIPE_BUF: one write(2), never interleaved.
**
** The beats also carry what the progress line shows, so that the runner
** alone writes the terminal (progress.h): the chunk's figures at
** BEAT_CHUNK_END, and, about every second inside a phase, a live beat
** (live 1: the phase in flight, its ops so far, its rate, the time the
** chunk has left).  A live beat is no step, but it is progress: the
** timeline sends it only as the phase's ops advance (live.h), so the
** watchdog sees every phase that loops move, at no cost per row.
*/
#ifndef SQLSOAK_BEAT_H
#define SQLSOAK_BEAT_H

#include "phase.h"
#include "records.h"

#include <stddef.h>
#include <stdint.h>

/* Where the cell is; BEAT_RESULT announces the struct cell_result that
** follows on the same pipe.  BEAT_PHASE + p: phase p of phase.h's table
** (its word and its text come from its row, so a new phase needs no
** beat of its own). */
enum beat_step { BEAT_OPEN, BEAT_RECORD, BEAT_CHUNK_END, BEAT_RESULT, BEAT_PHASE };
#define BEAT_COUNT (BEAT_PHASE + PHASE_COUNT)

#define BEAT_VERIFY_ROWS 65536   /* a multiple of VERIFY_TICK_ROWS */

struct beat {
    int32_t step;               /* enum beat_step */
    int32_t live;               /* 1: a live beat of phase step - BEAT_PHASE */
    int64_t chunk;              /* the chunk it is in (0-based), or done with */
    int64_t done, total;        /* live: the phase's ops so far, and in all;
                                   BEAT_CHUNK_END: done is the rows so far */
    double rate;                /* live: ops/s since the last live beat */
    double left_s;              /* live: the chunk's time left, estimated; <0 unknown */
    double elapsed_s;           /* live, BEAT_CHUNK_END: the cell's time so far */
    double work;                /* a step: the work it may do before its next beat, in
                                   chunks' worth (verify reads the whole table); the
                                   watchdog's limit grows by it.  <= 1: a chunk's */
    double ph_rate[PHASE_COUNT];/* BEAT_CHUNK_END: each phase's rate (NaN: none) */
};

/* Sends a beat on fd; nothing when fd < 0.  0, or -1 (errno set). */
int beat_send(int fd, int step, int64_t chunk);

/* Sends b whole on fd; nothing when fd < 0.  0, or -1 (errno set). */
int beat_write(int fd, const struct beat *b);

/* The BEAT_CHUNK_END beat of the chunk cr recorded, into *b. */
void beat_chunk_end(struct beat *b, const struct chunk_record *cr);

/* The chunk record the progress line needs (chunk, rows, each phase's
** rate, elapsed_s) from chunk-end beat b, into *cr; the rest cleared. */
void beat_chunk_record(const struct beat *b, struct chunk_record *cr);

/* What a cell does at step ("the write phase of chunk 3"), into buf. */
const char *beat_text(const struct beat *b, char *buf, size_t n);

/* The step's word, as SQLSOAK_TEST_HANG names it ("write"), or NULL. */
const char *beat_word(int step);

#endif
