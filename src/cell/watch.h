/*
** watch: what a cell records beside its phase timings: the timeline of
** its phases, each chunk's stalls and the device's telemetry, and the
** --metrics file.  soak.c calls it at the cell's and each chunk's start
** and end, and hands its timeline the clock of the phases (timeline.h).
*/
#ifndef SQLSOAK_WATCH_H
#define SQLSOAK_WATCH_H

#include "records.h"
#include "telemetry.h"
#include "timeline.h"

struct config;

struct watch {
    struct timeline tl;
    const struct config *cfg;    /* NULL until watch_cell_begin */
    const struct cell_id *id;
    int keeps_chunks;            /* 0 for crash trials: no chunk rows, no telemetry */
    const char *root;            /* telemetry_root() */
    char disk[64];               /* the whole disk under the database, or "" */
    struct telemetry_sample t0;  /* at the chunk's start */
    struct chunk_record last;    /* the last chunk, for the metrics */
    int have_last;
    int64_t nchunks;
};

/* The cell id (with cfg, kept until watch_cell_end) begins; its database
** is db_path, its timeline goes to timeline_fd (-1: none). */
void watch_cell_begin(struct watch *w, const struct config *cfg, const struct cell_id *id,
                      const char *db_path, int timeline_fd, int keeps_chunks);
void watch_chunk_begin(struct watch *w, int64_t chunk);

/* Fills the chunk's end time, stalls and telemetry into cr, and writes
** the metrics file. */
void watch_chunk_end(struct watch *w, struct chunk_record *cr);

/* The cell ended with status (a status word): the metrics file says so. */
void watch_cell_end(struct watch *w, const char *status);

/* The chunk's telemetry columns from its first and last sample: the
** device at b, the disk's activity between a and b (its I/Os, its bytes:
** sectors x 512, and its busy time), all NaN when either sample lacks the
** disk or a counter went backwards. */
void watch_telemetry(const struct telemetry_sample *a, const struct telemetry_sample *b,
                     struct chunk_record *cr);

#endif
