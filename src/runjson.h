/*
** runjson: run.json, the self-description of a results folder: tool,
** command line, effective options, host, storage, every library with its
** capabilities, and the status of the run and of each cell.
**
** It is rewritten after every cell by write-to-temporary, fsync, rename
** and fsync of the folder, so a crash leaves the old or the new file,
** never a truncated one.
*/
#ifndef SQLSOAK_RUNJSON_H
#define SQLSOAK_RUNJSON_H

#include "soak.h"
#include "sqlapi.h"
#include "sysinfo.h"

struct runjson;

/* A new record for a run (argv as typed); NULL when out of memory. */
struct runjson *runjson_new(const struct config *cfg, int argc, char **argv);

/* The record of dir/run.json, to carry on with (resume); NULL with a
** message in err when it is missing or not a sqlsoak run.json. */
struct runjson *runjson_load(const char *dir, char *err, size_t n);

/* command_line records each argument as a string when it is UTF-8, else
** as {"hex": "..."}, its bytes: every byte comes back (folders of 0.2.0
** hold strings only).  The arguments, malloc'd, NULL-terminated, their
** count in *argc (free with runjson_free_argv); NULL with err when an
** element is neither (the command cannot be read exactly). */
char **runjson_command_line(struct runjson *r, int *argc, char *err, size_t n);
void runjson_free_argv(char **argv);

/* The working folder the run started in (cwd), recorded as the arguments
** are, into *cwd (malloc'd; NULL when not recorded).  0, or -1 when it is
** recorded but cannot be read exactly. */
int runjson_cwd(struct runjson *r, char **cwd);

/* The parsed document (json_t *), owned by r. */
void *runjson_root(struct runjson *r);

/* Notes that the run was resumed here (appended to "resumes"). */
void runjson_add_resume(struct runjson *r, const char *where);

void runjson_set_host(struct runjson *r, const struct host_info *h,
                      const struct storage_info *st);
void runjson_add_library(struct runjson *r, const struct sqlapi *api, const struct sqlcaps *caps);

/* Records the outcome of one cell (plan order). */
void runjson_add_cell(struct runjson *r, const struct cell *c, const struct cell_result *res);

/* Records the results folder as created (the default one included). */
void runjson_set_out(struct runjson *r, const char *dir);

/* "running", "ok", "failed", "interrupted"; where: a sentence or NULL. */
void runjson_set_status(struct runjson *r, const char *status, const char *where);

/* Writes <dir>/run.json atomically.  0, or -1 with errno set. */
int runjson_write(struct runjson *r, const char *dir);

void runjson_free(struct runjson *r);

/* Keeps room on the results disk (DIR/.run.json.reserve, 256 KiB) so that
** run.json can still be rewritten once the disk is full; released by
** runjson_unreserve before the run's last run.json.  0, or -1 when there is
** no room for it either. */
int runjson_reserve(const char *dir);
void runjson_unreserve(const char *dir);

/* Writes json (a json_t *) to dir/name atomically.  0, or -1. */
int runjson_write_file(void *json, const char *dir, const char *name);

#endif
