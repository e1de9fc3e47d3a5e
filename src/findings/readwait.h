/*
** readwait: what the writer's COMMITs cost the --readers processes, per
** journal mode: the time the readers spent in their busy handlers over
** the COMMITs of the chunks they ran beside, in ms per COMMIT ("Under
** DELETE, readers waited 12.5 ms per COMMIT; under WAL, 0 ms.").
**
** Over the chunks of measured repeats (absolute.h's rule) whose readers
** read (reader_ops > 0), modes in the order their first such chunk ran.
** A chunk's COMMITs are one per --commit-every rows of it, at least its
** last; a fraction of one when a transaction spans chunks
** (plan_commit_after's rule, counted).  A folder without readers, or of
** a release before them, has no mode.
*/
#ifndef SQLSOAK_READWAIT_H
#define SQLSOAK_READWAIT_H

#include "records.h"

#include <stddef.h>
#include <stdint.h>

#define READWAIT_MODES 8

struct readwait {
    int n;                                   /* journal modes that ran readers */
    int64_t mode[READWAIT_MODES];            /* dims.h's value of DIM_JOURNAL */
    double wait_s[READWAIT_MODES];           /* in the readers' busy handlers */
    double commits[READWAIT_MODES];
    double ms_per_commit[READWAIT_MODES];    /* wait_s / commits, in ms */
};

/* The figures of the chunks into *out; returns out->n. */
int readwait_of(const struct summary_record *recs, int nrecs, const struct chunk_record *chunks,
                int nchunks, struct readwait *out);

/* Mode k's name as the sentence gives it: "DELETE", "WAL". */
const char *readwait_mode_text(const struct readwait *w, int k, char *buf, size_t n);

/* The sentence into buf ("" without modes); returns buf. */
const char *readwait_text(const struct readwait *w, char *buf, size_t n);

#endif
