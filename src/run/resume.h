/*
** resume: a run folder resumed, the steps `sqlsoak resume OUT_DIR`
** (cmd_resume.h) takes in this order:
**
**   resume_open          the folder read: its run back from run.json, the
**                        cells summary.csv records, its databases' records
**   then, every cell recorded (resume_all_recorded):
**     resume_close       the verifies the watchdog cut short run again,
**                        and the run closed as it would have been
**   else:
**     resume_check       the interrupted runs checked against their records
**     resume_stopped     a stop signal during the checks ends it there
**     resume_prepare     every check passed: the changes that carry it on
**     resume_announce    run.json and the terminal told
**     resume_carry_on    the runner from the interrupted runs on
**   resume_release       whatever was reached
**
** Nothing before resume_prepare (or resume_close's own changes, after
** its checks) changes a file.
*/
#ifndef SQLSOAK_RESUME_H
#define SQLSOAK_RESUME_H

#include "config.h"
#include "dbmark.h"
#include "ending.h"
#include "resumecell.h"
#include "resumerun.h"
#include "runner.h"

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

/* A resume in hand: the folder, the run's options read back from it, and
** what its files say. */
struct resume {
    struct config cfg;          /* the run's options (r.cfg) */
    struct runner r;
    struct resumecell *fds;     /* the interrupted runs: one, or in lockstep a round's */
    int nfds;
    off_t summary_len;          /* summary.csv up to its last whole line */
    int summary_torn;
    off_t hist_len;             /* histograms.csv without the interrupted runs' unrecorded rows */
    struct dbmark_book book;    /* OUT/.databases */
    char out[PATH_MAX];         /* the folder, absolute */
    struct resumerun run;       /* the run's command line, its working folder */
    double at_cell;             /* run.json's run_s as its last cell ended */
};

/* rs made ready for the folder in args->pos[0] (args: the resume
** command's own options; draw: what draws the graphs once the run ends,
** plot_run, or NULL for none): the run read back from its run.json and
** owned by this process, the cells summary.csv records and the folder's
** records of its databases.  Changes nothing.  0, or -1 with err (the
** exit status 2).  Release rs with resume_release either way. */
int resume_open(struct resume *rs, const struct config *args, run_draw_fn *draw, char *err,
                size_t errlen);

/* summary.csv records every cell of the plan. */
int resume_all_recorded(const struct resume *rs);

/* Every cell recorded: a run failed (or killed as it closed) with
** verifies the watchdog cut short has each checked (a check that fails:
** 2 with err, nothing changed), then run again; a run stopped between its
** last cell and its final run.json has nothing to run again.  Then the
** databases the run would have removed are removed, and the run closed
** as it would have been.  Returns the exit status. */
int resume_close(struct resume *rs, char *err, size_t errlen);

/* The interrupted run (in lockstep, the rest of its round) held against
** what the folder recorded of it: its chunks, its database and whose it
** is, its histograms, the timeline.  Changes nothing.  0, or -1 with err
** (in lockstep naming the round's databases, kept). */
int resume_check(struct resume *rs, char *err, size_t errlen);

/* A stop signal came during the checks: 1 with err saying that nothing
** changed (the exit status is 130), else 0. */
int resume_stopped(char *err, size_t errlen);

/* Every check passed: databases of recorded cells removed (when proved
** the run's), half lines cut off, the rows of an unrecorded chunk
** deleted, the results files opened for appending.  0, or -1 with err
** (a full results disk then recorded in run.json, the run still
** resumable). */
int resume_prepare(struct resume *rs, char *err, size_t errlen);

/* run.json says the run was resumed, by this process, and where; the
** terminal hears what resume found and did. */
void resume_announce(struct resume *rs);

/* The interrupted runs carried on from their recorded chunks, then the
** rest of the plan.  Returns the exit status, as `sqlsoak run`'s. */
int resume_carry_on(struct resume *rs, char *err, size_t errlen);

/* Frees what resume_open and the steps after it hold. */
void resume_release(struct resume *rs);

#endif
