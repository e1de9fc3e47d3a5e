/*
** soakstate: the live state of a running cell (struct soak), which the
** chunk loop (soak.c), its database (celldb), its record (soakrecord),
** its readers (soakreaders) and the phase runners share; and the calls
** that end it (a status and its reason, an SQLite failure, a results file
** that could not grow) and the small steps every phase takes (a statement
** stepped to its end, a COMMIT reported, a file's size).  It calls none
** of them: each of them calls it.
*/
#ifndef SQLSOAK_SOAKSTATE_H
#define SQLSOAK_SOAKSTATE_H

#include "busy.h"
#include "cellstats.h"
#include "countvfs.h"
#include "faultvfs.h"
#include "hist.h"
#include "keydist.h"
#include "kvgen.h"
#include "live.h"
#include "pace.h"
#include "readers.h"
#include "schedule.h"
#include "soakenv.h"
#include "sqlapi.h"
#include "watch.h"

#include <stdint.h>
#include <stdio.h>

/* The live state of one cell. */
struct soak {
    const struct soak_env *env;
    uint64_t gate_ns;           /* waited for its turns (--interleave chunk) */
    const struct sqlapi *api;
    struct cell_result *res;
    sqlite3 *db;
    sqlite3_stmt *ins, *sel, *begin, *commit, *upd, *del;
    struct kvgen gen;
    struct keydist reads;       /* --read-dist: the rows the read phase asks for */
    char key_text[KVGEN_TEXT_KEY_LEN + 1];  /* a text key, while it is bound */
    struct schedule sched;      /* the rows each chunk's update phase rewrites */
    unsigned char *value;       /* one value, value_size bytes */
    int in_txn;
    int64_t txn_left;           /* rows until the next COMMIT */
    int64_t inserted;           /* rows committed or pending */
    struct hist lat;            /* the chunk's reads */
    struct hist ulat;           /* the chunk's updates */
    struct cellstats stats;     /* the chunks' figures, for the summary */
    int created;                /* we made db_path: ours to delete */
    struct faultvfs *fault;     /* registered for this cell, or NULL */
    struct faultvfs test_fault; /* the SQLSOAK_TEST_IOERR_AFTER_WRITES shim */
    struct countvfs count;      /* what SQLite asks of the storage, by file */
    int counting;               /* count is registered: the database is opened through it */
    int64_t commits;            /* COMMITs done, for the syncs per COMMIT */
    int keep_for_resume;        /* interrupted by a signal */
    FILE *raw;                  /* SQLSOAK_TEST_LATENCIES, or NULL */
    struct watch w;             /* the timeline, telemetry and --metrics */
    struct busy busy;           /* the writer's busy handler and its counts */
    struct live live;           /* the phase in flight, for the progress line */
    int db_fd;                  /* the database, open from its connection's open to
                                   its close, for oscache (oscache.h); -1 none */
    struct readers rd;          /* --readers, and the page they share */
    struct readers_tally *rd_chunk;   /* their tallies of a chunk, merged */
    char wal_path[4200];        /* the -wal file, in WAL; "" otherwise */
    int paced;                  /* --write-rate: the writer's transactions arrive on pace */
    struct pace pace;
};

/* The cell ends with status st (enum cell_status) and the reason fmt. */
void soak_set_status(struct soak *s, int st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Ends the cell as SQLite's result rc of what makes it end (cellfail.h):
** always -1. */
int soak_sql_fail(struct soak *s, int rc, const char *what);

/* soak_step_done's failure, out of line: -1. */
int soak_step_failed(struct soak *s, sqlite3_stmt *st, int rc, const char *what);

static inline int soak_step_done(struct soak *s, sqlite3_stmt *st, const char *what)
{
    int rc = s->api->step(st);
    if (rc == SQLITE_DONE) {
        s->api->reset(st);
        return 0;
    }
    return soak_step_failed(s, st, rc, what);
}

/* Tells the crash parent a commit was acknowledged, and where the
** workload stood (chunk, phase, its ops done), before going on. */
void soak_report_commit(const struct soak *s, int64_t chunk, int phase, int64_t done);

/* A results file that could not grow (errno e): -1, the cell ended. */
int soak_results_failed(struct soak *s, const char *file, int e);

/* The size of the file at path; 0 when there is none. */
int64_t soak_file_size(const char *path);

/* The -wal file's size: 0 outside WAL. */
int64_t soak_wal_size(const struct soak *s);

/* The work of a phase of the cell's end, in chunks' worth (the watchdog's
** patience between its beats). */
double soak_end_work(const struct soak *s);

#endif
