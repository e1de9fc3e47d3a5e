/*
** options: the command line parsed by the one table of every option.
**
** Each row of the table (optiontable.c) carries an option's name, type, where
** it lands in struct config, its default (as text, parsed like user input),
** its range and its help; the matrix dimensions' options are the rows of
** dims.c, taken as they are.  Parsing, --help, the man page, completion and
** the effective-config record in run.json are all generated from these
** rows, so they cannot drift.  Values are parsed by value.c; an option
** that is a matrix dimension takes a comma list.
*/
#ifndef SQLSOAK_OPTIONS_H
#define SQLSOAK_OPTIONS_H

#include "config.h"
#include "modes.h"
#include "value.h"

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

/* Parses argv (after the subcommand word) into *cfg, defaults first, then
** the preset named by --preset, then the user's options.  Returns 0, or -1
** with a one-line message in err.  Sets *want_help when --help was given. */
int options_parse(struct config *cfg, enum command cmd, int argc, char **argv,
                  int *want_help, char *err, size_t errlen);

/* err, an error of run's checks that names an option first ("--chunk
** 40000 is larger than ...", "--baseline 7: no such cell"), prefixed
** "--job FILE:LINE: " when that option's value is the job file's (its
** last line that gives it, the command line giving none): so every error
** of a job file's value names its line, those found once the plan is
** built as those found as the line is read. */
void options_job_where(const struct config *cfg, int argc, char **argv, char *err,
                       size_t errlen);

/* Prints --help for one subcommand (CMD_NONE: the overview) to stdout. */
void options_help(enum command cmd);

/* One option as --help, the man page and shell completion show it. */
struct option_doc {
    const char *name;             /* without the leading "--" */
    const char *arg;              /* "N", "BYTES", "WORD", ...; NULL for a flag */
    int list;                     /* takes a comma list (a matrix dimension) */
    const char *const *words;     /* the accepted words, NULL-terminated; or NULL */
    const char *special;          /* a word accepted besides numbers, or NULL */
    const char *def;              /* default under that command, as text; or NULL */
    const char *help;
};

/* The i-th option (0-based, in --help order) that cmd accepts, into *out.
** Returns 1, or 0 past the last one. */
int options_doc(enum command cmd, int i, struct option_doc *out);

/* Frees what options_parse allocated; cfg may then be parsed again. */
void config_free(struct config *cfg);

/* The effective options as a jansson object (json_t *), new reference.
** --job and --save-job are not among them: run.json's "job" says which
** file a run read. */
void *options_to_json(const struct config *cfg);

/* The effective options of a run as a job file (jobfile.h) into f: every
** option of run but --job, --save-job and --preset (whose options it
** holds), --out only when given.  0, or -1 on a write error. */
int options_save_job(const struct config *cfg, FILE *f);

/* options_save_job into a new file at path (jobfile_write).  0, or -1
** with err. */
int options_save_job_file(const struct config *cfg, const char *path, char *err, size_t errlen);

#endif
