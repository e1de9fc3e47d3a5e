/*
** cellproc: the cell's process, forked by the runner, watched and never
** trusted.  It hands back its result through a pipe; when it dies of a
** signal or exits without one, the runner learns how it ended and what
** chunks.csv holds of it, so that the cell is carried on by `resume`
** instead of being recorded as measured.
*/
#ifndef SQLSOAK_CELLPROC_H
#define SQLSOAK_CELLPROC_H

#include "cellid.h"
#include "soak.h"
#include "spawn.h"
#include "watchdog.h"

#include <stddef.h>
#include <stdint.h>

/* Runs soak_cell(env) in a process of its own, watched as watchdog.h
** says with --watchdog watchdog_s (0: automatic).  0: *res is the cell's
** result.  -1: the process handed back none; err says how it ended
** ("killed by SIGKILL, probably the OOM killer").  1: it made no progress
** for too long and was killed; err says what it was doing and how long
** it was waited for.  A stop signal the cell's process received on its
** own (a SIGTERM to its pid) is passed to stop_note, so the run ends as
** for one to the runner. */
int cellproc_run(const struct soak_env *env, int64_t watchdog_s, struct cell_result *res,
                 char *err, size_t errlen);

/* The last live beat of a cell: the chunk's time left then, and when it
** came. */
struct cellproc_seen {
    double left_s;               /* <0: none in this chunk, or unknown */
    uint64_t at_ns;
};

/* A cell's process in progress, for cells run in lockstep (--interleave
** chunk): started gated, it runs a chunk, or its end, only when
** cellproc_step gives it its turn. */
struct cellproc {
    const struct soak_env *env;
    struct cell_result *res;
    struct spawn sp;
    struct watchdog w;
    struct cellproc_seen seen;
    int gate_fd;                 /* the write end of its gate; -1 none */
};

/* Starts env's cell as cellproc_run does, gated when gated is 1.  0, or
** -1 with one line in err (nothing started). */
int cellproc_start(struct cellproc *cp, const struct soak_env *env, int64_t watchdog_s,
                   int gated, struct cell_result *res, char *err, size_t errlen);

/* Gives a gated cell its turn (its next chunk, or its end once its chunks
** are done; a stop asked passed on) and waits for it: 2 when it ended a
** chunk, else what cellproc_finish takes (0 its result is in, -1 its pipe
** ended, 1 the watchdog's deadline came). */
int cellproc_step(struct cellproc *cp);

/* Ends cp, after got (cellproc_step's 0, -1 or 1): returns as
** cellproc_run. */
int cellproc_finish(struct cellproc *cp, int got, char *err, size_t errlen);

/* The exit status of a cell's process (or a crash trial's) that ends
** without being cut short: 1 when its result could not be handed back,
** else 0, or CELLPROC_EXIT_STOPPED + the signal after a stop signal. */
#define CELLPROC_EXIT_STOPPED 100
int cellproc_exit_status(int handed_back);

/* In the parent, from such a process's wait status: the stop signal it
** noted (passed to stop_note, so the run ends as for one to the runner),
** or 0. */
int cellproc_stopped(int wstatus);

/* The chunks of cell id recorded in the whole lines of dir/chunks.csv (0
** when it cannot be read), and into *sum the cell's figures from them as
** the cell itself would have summarised them (cellstats.h): its rows, its
** values found wrong, its database's size, its rates, and its reads'
** latencies from dir/histograms.csv (empty when it cannot be read).  A
** chunk is full when it wrote chunk_rows rows.  For a cell whose process
** handed back nothing (a watchdog's kill): its summary keeps its chunks. */
int64_t cellproc_recorded(const char *dir, const struct cell_id *id, int64_t nchunks,
                          int64_t chunk_rows, struct summary_record *sum);

#endif
