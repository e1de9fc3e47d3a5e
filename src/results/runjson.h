/*
** runjson: run.json, the self-description of a results folder: tool,
** command line, effective options, host, storage, every library with its
** capabilities, and the status of the run and of each cell.
**
** It is written whole (write-to-temporary, fsync, rename, fsync of the
** folder: a crash leaves the old or the new file, never a truncated one)
** when a run starts, when it is resumed and when it ends.  In between,
** each cell recorded is one line appended to DIR/.run.cells (synced): a
** cost that does not grow with the cells done.  Whoever reads run.json
** through runjson_load gets the log's cells folded in; a whole write of
** run.json, which then holds them all, removes the log.  While the run
** goes on, run.json says so itself: "cells_log" names the log.  Its keys
** are runkey.h's, for writers and readers alike.  Invariants:
**   1. the log's line of a cell follows its summary.csv row, so the log
**      never holds a cell summary.csv lacks (summary.csv is the record;
**      resume fits run.json's cells to it: cellentry_fit);
**   2. a log line is read only when its index is the next cell's, so a
**      line already in run.json, or a torn one, is never counted twice.
*/
#ifndef SQLSOAK_RUNJSON_H
#define SQLSOAK_RUNJSON_H

#include "config.h"
#include "plan.h"
#include "records.h"
#include "runkey.h"
#include "sqlapi.h"
#include "sysinfo.h"

struct runjson;

/* A new record for a run (argv as typed); NULL when out of memory. */
struct runjson *runjson_new(const struct config *cfg, int argc, char **argv);

/* The version of run.json's layout this sqlsoak writes (its schema_version):
** every release so far wrote 1. */
#define RUNJSON_SCHEMA_VERSION 1

/* The record of dir/run.json, to carry on with (resume); NULL with a
** message in err when it is missing, not a sqlsoak run.json (another
** tool's), or of a later schema_version than this sqlsoak's. */
struct runjson *runjson_load(const char *dir, char *err, size_t errlen);

/* command_line records each argument as a string when it is UTF-8, else
** as {"hex": "..."}, its bytes: every byte comes back (folders of 0.2.0
** hold strings only).  The arguments, malloc'd, NULL-terminated, their
** count in *argc (free with runjson_free_argv); NULL with err when an
** element is neither (the command cannot be read exactly). */
char **runjson_command_line(struct runjson *r, int *argc, char *err, size_t errlen);
void runjson_free_argv(char **argv);

/* The working folder the run started in (cwd), recorded as the arguments
** are, into *cwd (malloc'd; NULL when not recorded).  0, or -1 when it is
** recorded but cannot be read exactly. */
int runjson_cwd(struct runjson *r, char **cwd);

/* The parsed document (json_t *), owned by r. */
void *runjson_root(struct runjson *r);

/* The run's --repeat as the options of run.json's document root (a
** json_t *) record it: a count, or "auto[:MAX]" its most rounds; 0 when
** they do not (an older folder).  cellname.h names a cell's runs by it. */
int64_t runjson_repeats(const void *root);

/* The runs skipped without a row or a cell entry each (the rounds
** --repeat auto did not need), and why, recorded in run.json's document
** root (a json_t *; runs 0: none); or how many it records so, with why in
** buf (0 and "": none, as in a folder whose summary.csv holds a row for
** each run it skipped). */
void runjson_set_skipped(void *root, int64_t runs, const char *why);
int64_t runjson_skipped(const void *root, char *buf, size_t n);

/* Notes that the run was resumed here (appended to "resumes"). */
void runjson_add_resume(struct runjson *r, const char *where);

void runjson_set_host(struct runjson *r, const struct host_info *h,
                      const struct storage_info *st);
void runjson_add_library(struct runjson *r, const struct sqlapi *api, const struct sqlcaps *caps);

/* The cells array (json_t *), owned by r: cellentry.h writes its entries;
** the log and the whole writes carry them. */
void *runjson_cells(struct runjson *r);

/* Appends the cell added last to dir's cells log, synced.  0, or -1 with
** errno set (the line is then not there at all). */
int runjson_log_last(struct runjson *r, const char *dir);

/* The run's run_s as run.json states it (0 when absent), and in
** *at_last_cell the run_s its last cell was recorded at (0 when none). */
double runjson_run_s(struct runjson *r, double *at_last_cell);

/* Records the results folder as created (the default one included). */
void runjson_set_out(struct runjson *r, const char *dir);

/* "running", "ok", "failed", "interrupted"; where: a sentence, or NULL
** for none (an earlier status_detail is removed). */
void runjson_set_status(struct runjson *r, const char *status, const char *where);

/* The time now as run.json writes times, 2026-12-02T06:00:00Z. */
void runjson_now_iso(char *buf, size_t n);

/* A finished run's end: when its cells ended (the graphs are drawn after)
** and the exit status sqlsoak run ends with, as report.html said them. */
void runjson_set_end(struct runjson *r, const char *end_time, int exit_status);

/* After the graphs of the finished run in dir were drawn again (why NULL)
** or could not be (why: "graphs not drawn: ..."): a "graphs not drawn"
** status_detail is removed or set, so that run.json says what the folder
** holds.  Any other detail is kept.  0, or -1 with errno set when run.json
** could not be rewritten. */
int runjson_note_graphs(const char *dir, const char *why);

/* Writes <dir>/run.json atomically, then removes the cells log, whose
** lines it now holds.  0, or -1 with errno set. */
int runjson_write(struct runjson *r, const char *dir);

void runjson_free(struct runjson *r);

/* Keeps room on the results disk (DIR/.run.json.reserve) so that run.json
** can still be written whole once the disk is full: at least
** RUNJSON_RESERVE_MIN, and what run.json will take with every cell
** recorded so far (called again as cells are recorded, it grows the file).
** Released by runjson_unreserve before the run's last run.json.  0, or -1
** with errno set when there is no room for it either. */
#define RUNJSON_RESERVE_MIN (256 * 1024)
int runjson_reserve(const struct runjson *r, const char *dir);
void runjson_unreserve(const char *dir);

/* Writes json (a json_t *) to dir/name atomically.  0, or -1. */
int runjson_write_file(void *json, const char *dir, const char *name);

#endif
