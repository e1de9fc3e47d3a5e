/*
** progress: the human progress line on stderr.  On a terminal one line is
** rewritten in place, after each chunk and about every second inside one
** (the phase, its ops so far, its rate); otherwise (a log file, a pipe)
** one line per chunk, so an overnight log shows the whole night.  The
** runner alone writes it, from the cell's beats (beat.h), and answers a
** stop signal on it, once.
*/
#ifndef SQLSOAK_PROGRESS_H
#define SQLSOAK_PROGRESS_H

#include "beat.h"
#include "cellname.h"
#include "records.h"

#include <stdint.h>

struct progress {
    int enabled;
    int in_place;           /* rewrite one line (a terminal) */
    int dirty;              /* a line is open and needs a newline */
    int runs;               /* the plan's size, in runs of cells (cellname.h) */
    char name[CELLNAME_MAX]; /* "run 4 of 6: cell 2 · repeat 2" (cellname_run) */
    const char *label;      /* "3.40.1 · 4k · wal · full" */
    double later_cells_s;   /* estimated time of the runs after this one; <0 unknown */
    int stop_acked;         /* a stop signal has been answered */
};

/* How the progress line is shown: --progress. */
enum progress_mode { PG_AUTO, PG_ALWAYS, PG_NEVER };

/* mode: an enum progress_mode. */
void progress_init(struct progress *p, int mode);

/* After chunk cr of nchunks: its chunk as chunks.csv numbers it, from 0,
** and its place ("chunk 36 (37/100)"), the rows so far, the rate
** of each phase the line shows (phase.h's shown), the time since the cell
** started. */
void progress_chunk(struct progress *p, int64_t nchunks, const struct chunk_record *cr);

/* Inside chunk b->chunk of nchunks, live beat b: on a terminal, the line
** shows its phase, the phase's ops so far and in all, and their rate. */
void progress_live(struct progress *p, int64_t nchunks, const struct beat *b);

/* Stop signal sig arrived while a chunk runs, left_s (<0 unknown) before
** it ends: says once, on its own line, that the run stops after this
** chunk and how a second signal stops it now.  Later calls do nothing. */
void progress_stopping(struct progress *p, int sig, double left_s);

/* 1 once progress_stopping has spoken. */
int progress_stop_acked(const struct progress *p);

/* A message on its own line, closing an open progress line first. */
void progress_note(struct progress *p, const char *msg);

/* Ends an open line. */
void progress_done(struct progress *p);

/* "1h02m", "3m05s", "42s" into buf; "?" for a negative or unbounded s. */
const char *progress_duration(double s, char *buf, int n);

#endif
