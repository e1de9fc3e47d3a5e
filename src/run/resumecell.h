/*
** resumecell: the cell `sqlsoak resume` carries on (or whose verify it
** runs again), held against what the results folder recorded of it: its
** chunks in chunks.csv, in order and holding the plan's rows, reads,
** updates and deletes (chunkplan.h); its kept
** database, whose row count and last recorded chunk's values must match
** them; and, once every check has passed, that database rewound to where
** its last recorded chunk left it.  Nothing here but resumecell_trim
** changes a file.
*/
#ifndef SQLSOAK_RESUMECELL_H
#define SQLSOAK_RESUMECELL_H

#include "runner.h"

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* What resume found and will act on. */
struct resumecell {
    int first;                  /* plan index of the cell to carry on */
    int64_t recorded;           /* its chunks in chunks.csv */
    int64_t db_rows;            /* rows its database holds */
    int64_t trim_rows;          /* row indices past the recorded ones to delete */
    int64_t trimmed;            /* rows deleted by that */
    int rewind;                 /* its updates or deletes to undo too */
    int64_t restored;           /* rows they rewrite or delete, put back */
    off_t chunks_len;           /* chunks.csv up to its last whole line */
    int torn;                   /* chunks.csv ends in a half line */
    int later;                  /* chunks.csv holds chunks of runs after it */
    char db[4200];              /* its database */
    struct soak_prior prior;
};

/* Cell fd->first's chunks in chunks.csv, in order 0..k-1, each holding
** what the plan gives it (chunkplan_differs), into fd->prior (its stats for the caller to
** free), fd->recorded, fd->later and chunks.csv's length.  0, or -1 with
** err. */
int resumecell_chunks(struct runner *r, struct resumecell *fd, char *err, size_t errlen);

/* How many runs from first resume carries on together: 1, or in
** lockstep (--interleave chunk) the rest of first's round (at most a
** group: lockstep.h), each from its own last recorded chunk. */
int resumecell_group(const struct runner *r, int first);

/* last, the last run of a lockstep round carried on, has no chunks of a
** later run in chunks.csv (they would be measured twice).  0, or -1 with
** err. */
int resumecell_lockstep(const struct runner *r, const struct resumecell *last, char *err,
                        size_t errlen);

/* The kept database db of cell fd->first against its recorded chunks
** (read-only in effect: SQLite may roll back a hot journal or recover a
** WAL on open): its row count, and its last recorded chunk's values; sets
** fd->db_rows, fd->trim_rows and fd->rewind.  0, or -1 with err. */
int resumecell_database(struct runner *r, struct resumecell *fd, const char *db, char *err,
                        size_t errlen);

/* Database db rewound to where its last recorded chunk left it, as
** resumecell_database found it (fd->trimmed and fd->restored count the
** rows).  0, or -1 with err. */
int resumecell_trim(struct runner *r, struct resumecell *fd, const char *db, char *err,
                    size_t errlen);

#endif
