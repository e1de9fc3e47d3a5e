/*
** soakint: what soak.c shares with the runners of a chunk's phases
** (phasewrite.c, phaseread.c, phasechurn.c, phasecheckpoint.c,
** phaseanalyze.c, phaseverify.c), and its parts soakrecord.c (a chunk's
** record) and soakreaders.c (the readers beside the writer): the live
** state of a cell, the work of a chunk, a runner's descriptor, and the
** steps every phase takes (a statement stepped to its end, a failure made
** the cell's status).  Internal to src/cell/: nothing else includes it
** but the runners' own unit test (tests/unit/test_phaserunner.c).
**
** A phase is its row in phase.h's table, its runner (one file, one
** descriptor below), and its columns in csvschema's name map; soak.c runs the
** descriptors in phase order (run_phases) and knows no phase's insides.
*/
#ifndef SQLSOAK_SOAKINT_H
#define SQLSOAK_SOAKINT_H

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
#include "sqlapi.h"
#include "sysinfo.h"
#include "watch.h"

#include <stdint.h>
#include <stdio.h>

struct soak_env;       /* soak.h */
struct cell_result;

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

/* What the phases of one chunk share: its size, its reads, and each
** phase's time (commit's lies inside write's) and ops, set by its runner:
** 0 for a phase that did nothing (--reads 0) or did not run, -1 for one
** timed but not counted (commit). */
struct chunk_work {
    int64_t chunk, n, reads, lo;
    int64_t corrupt;             /* the test hook's row, or -1 */
    int64_t stale;               /* the stale test hook's row, or -1 */
    uint64_t ns[PHASE_COUNT];
    int64_t ops[PHASE_COUNT];
    struct chunk_record *cr;
    struct io_counters rio0;     /* just before the reads */
    double wal_bytes[PHASE_COUNT];  /* the -wal file at each phase's end */
    int64_t wal_before_ckpt;     /* bytes, just before the checkpoint */
};

/* A phase's runner, as fio's ioengine_ops, written with designated
** initializers: each step 0, or -1 with the cell's status set; NULL:
** nothing to do.  setup, prepare and finish run outside the timed phase
** (invariant 1). */
struct phase_runner {
    int at_end;                  /* 1: once at the cell's end, not in each chunk */
    int (*wanted)(const struct soak *s);   /* whether it runs (an option); NULL: always */
    /* once, when the cell's database is READY and before its first chunk:
    ** what the phase needs of the library, asked (a refusal ends the cell
    ** UNSUPPORTED, saying why) */
    int (*setup)(struct soak *s);
    int (*prepare)(struct soak *s, struct chunk_work *w);
    int (*run)(struct soak *s, struct chunk_work *w);
    int (*finish)(struct soak *s, struct chunk_work *w);
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

/* Runs sql on the cell's connection: 0, or -1 with the cell's status set. */
int soak_exec(struct soak *s, const char *sql);

/* A phase that is one statement (vacuum, analyze): sql run as phase p of
** chunk w, timed, one op in timeline.csv, its time recorded alone (no
** rate). */
int soak_exec_phase(struct soak *s, struct chunk_work *w, int p, const char *sql);

/* A results file that could not grow (errno e): -1, the cell ended. */
int soak_results_failed(struct soak *s, const char *file, int e);

/* The size of the file at path; 0 when there is none. */
int64_t soak_file_size(const char *path);

/* The -wal file's size: 0 outside WAL. */
int64_t soak_wal_size(const struct soak *s);

/* The work of a phase of the cell's end, in chunks' worth (the watchdog's
** patience between its beats). */
double soak_end_work(const struct soak *s);

/* The cell's database (celldb.c): its fault shim registered, before any
** connection (the caller's, or a test hook's); made or reopened, opened,
** set, checked and its statements prepared (0, or -1 with the cell's
** status set); closed, its statements finalized. */
void soak_fault_setup(struct soak *s);
int soak_db_ready(struct soak *s);
void soak_db_close(struct soak *s);

/* A chunk's record (soakrecord.c): each phase's figures from w's ops and
** time, and its latencies from the phase's histogram; the counting shim's
** figures since before (NaN when it is not in place); the files' sizes
** and free pages sampled and the row appended to chunks.csv (0, or -1
** with the cell's status set). */
void soak_phase_figures(const struct soak *s, const struct chunk_work *w,
                        struct chunk_record *cr);
void soak_vfs_figures(const struct soak *s, const struct countvfs_counts *before,
                      struct vfs_figures *out);
int soak_chunk_record(struct soak *s, struct chunk_record *cr);

/* The readers beside the writer (soakreaders.c), each 0, or -1 with the
** cell's status set: forked before NEW; reading from READY on; chunk c's
** tallies into cr (without readers, cr's reader figures are emptied);
** ended, a reader that died or failed failing a cell that had not. */
int soak_readers_begin(struct soak *s);
int soak_readers_go(struct soak *s);
int soak_readers_chunk_end(struct soak *s, int64_t c, struct chunk_record *cr);
void soak_readers_end(struct soak *s);

/* The runners, one a phase (phase.h): write (its COMMITs inside), update,
** delete, vacuum, read, checkpoint, analyze, verify. */
extern const struct phase_runner phase_write_runner, phase_update_runner, phase_delete_runner,
    phase_vacuum_runner, phase_read_runner, phase_checkpoint_runner, phase_analyze_runner,
    phase_verify_runner;

#endif
