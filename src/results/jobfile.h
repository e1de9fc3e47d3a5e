/*
** jobfile: a run's options kept in a file, one per line, as readable as a
** fio job file:
**
**     # a night on the card
**     preset = overnight        ; start from a preset, then override it
**     page-size = 4k,16k
**     db-dir = /mnt/card/sqlsoak
**     keep-db                   # a flag: its name alone
**
** A line is `name = value` or a flag's `name`; `#` or `;` starts a comment
** (at the start of a line, or after a space); blank lines are skipped;
** a value may be in double quotes (kept as it is inside them); `_` in a
** name reads as `-`.  `sqlsoak run --job FILE` applies the lines after the
** preset and before the command line's own options, which override them.
*/
#ifndef SQLSOAK_JOBFILE_H
#define SQLSOAK_JOBFILE_H

#include <stddef.h>

struct jobline {
    int line;                    /* 1-based, in the file */
    char *arg;                   /* "--name=value", or "--name" for a flag */
};

struct job {
    int n;
    struct jobline *v;
};

/* Reads path into *job.  0, or -1 with a one-line err naming path and the
** line ("night.conf:7: expected 'name = value' or a flag's name"). */
int jobfile_read(const char *path, struct job *job, char *err, size_t errlen);

void jobfile_free(struct job *job);

/* The job file a run read, copied as DIR/job.conf (a new file), so that
** resume needs nothing else.  0, or -1 with err. */
int jobfile_copy(const char *path, const char *dir, char *err, size_t errlen);

/* len bytes of text (a job file options_save_job wrote) as a new file at
** path, never over an existing one.  0, or -1 with err. */
int jobfile_write(const char *path, const char *text, size_t len, char *err, size_t errlen);

#endif
