/*
** options: the one table of every command-line option.
**
** Each row of the table (options.c) carries an option's name, type, where
** it lands in struct config, its default (as text, parsed like user input),
** its range and its help; the matrix dimensions' options are the rows of
** dims.c, taken as they are.  Parsing, --help, the man page, completion and
** the effective-config record in run.json are all generated from these
** rows, so they cannot drift.  Values are parsed by value.c; an option
** that is a matrix dimension takes a comma list.
*/
#ifndef SQLSOAK_OPTIONS_H
#define SQLSOAK_OPTIONS_H

#include "dims.h"
#include "modes.h"
#include "progress.h"
#include "value.h"

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#define LIST_MAX 32               /* values one dimension may list */

/* --on-error: what a failed cell does to the rest of the run. */
enum on_error { OE_CONTINUE, OE_STOP };

/* A matrix dimension: the values the user listed, in order. */
struct list {
    int n;
    int64_t v[LIST_MAX];
};

struct strlist {
    int n;
    char *v[LIST_MAX];            /* owned; freed by config_free() */
};

struct config {
    enum command cmd;
    const char *preset;           /* points into argv or job_lines, or NULL */

    /* workload */
    int64_t rows, chunk, reads, seed;
    int64_t target_rows;          /* --target-rows; 0: the run's --rows */
    char *need;                   /* --need (need.h), or NULL */
    int read_from;
    char *update_keys;            /* --update-keys: schedule.h's uniform or hot:K */
    int delete_keys;              /* --delete-keys: enum delete_keys */
    int64_t warmup;               /* untimed rows written before the first chunk */

    /* matrix dimensions (dims.h): the values listed, by dimension; the
    ** library's are indexes into sqlite_lib, its paths */
    struct list dim[DIM_COUNT];
    struct strlist sqlite_lib;

    /* plan */
    int64_t repeat;               /* with repeat_auto: the most rounds (--repeat auto:MAX) */
    int repeat_auto;              /* --repeat auto: stop once noise_decided says so */
    char *baseline;               /* --baseline (baseline.h), or NULL: cell 1 */
    int shuffle;
    int64_t max_time_s;
    int dry_run;                  /* print the plan and its estimate, create nothing */
    struct strlist estimate_from; /* earlier results folders for the estimate */
    char *probe;                  /* run --probe: auto, off or a results folder */
    char *job, *save_job;         /* run --job FILE, --save-job FILE */
    char *shard;                  /* run --shard K/N (plan.h), or NULL */
    void *job_lines;              /* the job file read (struct job), owned */
    int64_t probe_time_s;         /* probe --probe-time */
    int json;                     /* probe --json */
    int64_t watchdog_s;           /* --watchdog; 0: automatic (watchdog.h) */

    /* where things go */
    char *db_dir, *out;
    int keep_db, no_plot, progress, on_error, verify;
    int detach;                   /* run in the background, output to OUT/run.log */
    int64_t min_free;
    int64_t timeline_ms;          /* timeline.csv's interval */
    int vfs_counts;               /* --vfs-counts: 1 on (countvfs.h), 0 off (on_off_names) */
    char *metrics;                /* --metrics FILE.prom, or NULL */
    int64_t reader_rate;          /* --reader-rate: reads/s per reader; 0 unpaced */

    /* crash */
    int64_t trials, sector_size, replay;

    char *compare_baseline;       /* compare --baseline: a folder given, or NULL (the first) */
    int report_format;            /* report --format: enum report_format */

    const char *prog;             /* argv[0], as typed: for commands printed back */

    /* positional arguments (plot, compare, resume) */
    int npos;
    char **pos;                   /* points into argv */
};

/* Parses argv (after the subcommand word) into *cfg, defaults first, then
** the preset named by --preset, then the user's options.  Returns 0, or -1
** with a one-line message in err.  Sets *want_help when --help was given. */
int options_parse(struct config *cfg, enum command cmd, int argc, char **argv,
                  int *want_help, char *err, size_t errlen);

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
int options_save_job_file(const struct config *cfg, const char *path, char *err, size_t n);

#endif
