/*
** cellstatus: how a cell ended, as a number and as the word the summary's
** status column and run.json hold.  The words never change: results
** folders of every release read them back (cellstatus_of).
*/
#ifndef SQLSOAK_CELLSTATUS_H
#define SQLSOAK_CELLSTATUS_H

/* How a cell ended.  The words are the summary's status column. */
enum cell_status {
    ST_OK, ST_UNSUPPORTED, ST_FAILED, ST_SKIPPED, ST_INTERRUPTED,
    ST_DISK_FULL, ST_IO_ERROR, ST_LOCKED, ST_VERIFY_FAILED, ST_WARMUP,
    ST_HUNG,                    /* set by the runner's watchdog, never by soak */
    ST_OVERLOADED               /* a paced writer fell --backlog-limit behind its schedule */
};
extern const char *const status_names[];   /* indexed by enum cell_status, NULL-ended */

/* The enum cell_status of a status word, or -1. */
int cellstatus_of(const char *word);

/* 1 when a cell that ended with this status (-1: a word no release
** wrote) failed the run (exit 1): any but ok, warmup, unsupported,
** skipped, interrupted and overloaded. */
int cellstatus_failed(int status);

#endif
