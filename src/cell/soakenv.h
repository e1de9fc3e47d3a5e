/*
** soakenv: what a cell is given (its options, cell, library, files and
** the runner's pipes) and what it hands back, plain data on both sides
** of the cell's process.
*/
#ifndef SQLSOAK_SOAKENV_H
#define SQLSOAK_SOAKENV_H

#include "cellstats.h"
#include "cellstatus.h"
#include "records.h"
#include "dbmark.h"
#include "faultvfs.h"
#include "config.h"
#include "plan.h"
#include "progress.h"
#include "settings.h"
#include "sqlapi.h"

#include <signal.h>
#include <stdint.h>

/* What a cell hands back to the runner (through a pipe: plain data). */
struct cell_result {
    struct summary_record sum;  /* status, reason, and the summary figures */
    struct pragma_actual actual;
    int status;                 /* enum cell_status */
    int settings_read;          /* actual holds read-back values */
    int64_t vfs_events;         /* writes + syncs seen by env->fault */
    int db_created;             /* the cell made db_path (or carried on with it) */
    int db_marked;              /* db_mark proves db_path ours: the runner may delete it */
    struct dbmark db_mark;      /* db_path's identity when it was created */
    int results_full;           /* chunks.csv could not grow: its disk is full */
};

/* What a resumed cell had measured before the interruption (from
** chunks.csv), so that its summary covers every chunk. */
struct soak_prior {
    int64_t chunks, rows;       /* recorded chunks, and rows they inserted */
    int64_t deleted;            /* rows they deleted (--deletes) */
    struct cellstats stats;     /* their figures */
    int64_t verify_failures, db_bytes;
    double elapsed_s;           /* the cell's time up to its last recorded chunk */
    double slowest_s;           /* its slowest recorded chunk, end to end (0: unknown):
                                   the watchdog's measure from the start */
    int db_marked;              /* db_mark, from the folder's records, proves the */
    struct dbmark db_mark;      /* kept database ours (dbmark.h) */
};

/* What the cell reports on commit_fd after each COMMIT the library
** acknowledged: where the workload stood.  A COMMIT of the write phase
** has phase PHASE_WRITE and done the chunk's rows inserted so far; one of
** the update or delete phase, its ops done in chunk. */
struct soak_commit {
    int64_t rows;               /* rows inserted, all chunks */
    int64_t chunk;              /* 0-based */
    int64_t phase;              /* PHASE_WRITE, PHASE_UPDATE or PHASE_DELETE */
    int64_t done;               /* the phase's ops done in chunk */
};

/* Everything one cell needs; owned by the caller. */
struct soak_env {
    const struct config *cfg;
    const struct cell *cell;
    const struct sqlapi *api;
    struct cell_id id;
    const char *db_path;        /* must not exist yet, nor its -journal/-wal
                                   (unless made) */
    int chunks_fd;              /* chunks.csv, O_APPEND */
    int histograms_fd;          /* histograms.csv, O_APPEND; -1: none kept */
    int timeline_fd;            /* timeline.csv, O_APPEND; -1: none */
    struct progress *progress;
    uint64_t deadline_ns;       /* clock_now_ns() bound of --max-time; 0 none */
    volatile sig_atomic_t *stop;/* set by a signal handler: end after the chunk */
    const struct soak_prior *prior; /* NULL: a fresh cell; else resume db_path */
    struct faultvfs *fault;     /* NULL, or a shim to open the database through */
    int commit_fd;              /* >= 0: each COMMIT's struct soak_commit is
                                   written here once the library has returned */
    int beat_fd;                /* >= 0: the cell's heartbeat is written here
                                   (beat.h); -1: none */
    int mark_fd;                /* >= 0: the database's creation is recorded here
                                   (dbmark.h); -1: not recorded */
    const struct dbmark *made;  /* NULL; or the caller created db_path (empty,
                                   dbmark_create) as this file */
    int gated;                  /* 1: run in lockstep with other cells
                                   (--interleave chunk): before each chunk and
                                   before its end the cell reads its turn from
                                   gate_fd, SOAK_GATE_GO or SOAK_GATE_STOP */
    int gate_fd;
};

#define SOAK_GATE_GO 'g'
#define SOAK_GATE_STOP 's'

#endif
