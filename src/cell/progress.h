/*
** progress: the human progress line on stderr.  On a terminal one line is
** rewritten in place; otherwise (a log file, a pipe) one line per chunk,
** so an overnight log shows the whole night.
*/
#ifndef SQLSOAK_PROGRESS_H
#define SQLSOAK_PROGRESS_H

#include "records.h"

#include <stdint.h>

struct progress {
    int enabled;
    int in_place;           /* rewrite one line (a terminal) */
    int dirty;              /* a line is open and needs a newline */
    int cell_no, cells;     /* 1-based position in the plan, and its size */
    const char *label;      /* "3.40.1 · 4k · wal · full" */
    double later_cells_s;   /* estimated time of the cells after this one; <0 unknown */
};

/* How the progress line is shown: --progress. */
enum progress_mode { PG_AUTO, PG_ALWAYS, PG_NEVER };

/* mode: an enum progress_mode. */
void progress_init(struct progress *p, int mode);

/* After chunk cr of nchunks: its chunk number, the rows so far, the rate
** of each phase the line shows (phase.h's shown), the time since the cell
** started. */
void progress_chunk(struct progress *p, int64_t nchunks, const struct chunk_record *cr);

/* A message on its own line, closing an open progress line first. */
void progress_note(struct progress *p, const char *msg);

/* Ends an open line. */
void progress_done(struct progress *p);

/* "1h02m", "3m05s", "42s" into buf; "?" for a negative or unbounded s. */
const char *progress_duration(double s, char *buf, int n);

#endif
