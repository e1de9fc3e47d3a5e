/*
** config: what a command was asked to do, every option's value in one
** struct.  The option parser (cli/options.c) fills it from the command
** line, a preset and a job file; the engine reads it and never includes
** the parser.  What only the option table can do with a configuration
** (write it as run.json's options, parse a recorded command line again)
** comes with it as config_codec, which the parser sets.
*/
#ifndef SQLSOAK_CONFIG_H
#define SQLSOAK_CONFIG_H

#include "dims.h"
#include "value.h"

#include <stddef.h>
#include <stdint.h>

#define REPEAT_AUTO_MAX 20        /* --repeat auto's rounds at most */
#define LIST_MAX 32               /* values one dimension may list */

/* --on-error: what a failed cell does to the rest of the run. */
enum on_error { OE_CONTINUE, OE_STOP };

/* --interleave: the cells of a round one after another, in lockstep
** chunk by chunk, or in lockstep when its round fits (lockstep.h). */
enum interleave { IL_OFF, IL_CHUNK, IL_AUTO };

/* A matrix dimension: the values the user listed, in order. */
struct list {
    int n;
    int64_t v[LIST_MAX];
};

struct strlist {
    int n;
    char *v[LIST_MAX];            /* owned; freed by config_free() */
};

struct config;

/* What only the option table can do with a configuration, lent to the
** engine: options_parse sets it, so a run records its options, saves them
** as a job file, names a job file's line in an error, and resume reads its
** command line again, without including the parser. */
struct config_codec {
    /* The effective options as run.json records them: a json_t *, new
    ** reference. */
    void *(*to_json)(const struct config *cfg);
    /* argv (the words after "run") into *cfg as sqlsoak run parses them:
    ** 0, or -1 with a one-line message in err. */
    int (*parse_run)(struct config *cfg, int argc, char **argv, char *err, size_t errlen);
    /* Frees what parse_run allocated. */
    void (*release)(struct config *cfg);
    /* --save-job: the effective options as a new job file at path.  0, or
    ** -1 with err. */
    int (*save_job_file)(const struct config *cfg, const char *path, char *err, size_t errlen);
    /* err, an error of run's checks, prefixed with the job file's line that
    ** gave the option it names (options_job_where). */
    void (*job_where)(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);
};

struct config {
    enum command cmd;
    const struct config_codec *codec;   /* set by the parser */
    const char *preset;           /* points into argv or job_lines, or NULL */

    /* workload */
    int64_t rows, chunk, reads, seed;
    int64_t target_rows;          /* --target-rows; 0: the run's --rows */
    char *need;                   /* --need (need.h), or NULL */
    int read_from;
    int64_t update_hot;           /* --update-keys: 0 uniform, K hot:K (value.h's V_KEYS) */
    int delete_keys;              /* --delete-keys: enum delete_keys */
    int64_t warmup;               /* untimed rows written before the first chunk */
    char followed[192];           /* defaults that yielded to the options given, for
                                     the plan ("--chunk 1000: ..."), or "" */

    /* matrix dimensions (dims.h): the values listed, by dimension; the
    ** library's are indexes into sqlite_lib, its paths */
    struct list dim[DIM_COUNT];
    struct strlist sqlite_lib;
    int sqlite_lib_by_release;    /* sqlite_lib put in the order of the releases its
                                     libraries report, for the plan to say */

    /* plan */
    int64_t repeat;               /* with repeat_auto: the most rounds (--repeat auto:MAX,
                                     REPEAT_AUTO_MAX for auto) */
    int repeat_auto;              /* --repeat auto: stop once noise_decided says so */
    char *baseline;               /* --baseline (baseline.h), or NULL: cell 1 */
    int shuffle;
    int bisect;                   /* --bisect: a ladder bisected (bisect.h) */
    int64_t max_time_s;
    int dry_run;                  /* print the plan and its estimate, create nothing */
    struct strlist estimate_from; /* earlier results folders for the estimate */
    char *probe;                  /* run --probe: auto, off or a results folder */
    char *sqlite_mirror;          /* sqlite --mirror: sqlite.org's address, or NULL */
    char *sqlite_cache;           /* sqlite --cache: the built releases' folder, or NULL */
    char *job, *save_job;         /* run --job FILE, --save-job FILE */
    char *shard;                  /* run --shard K/N (plan.h), or NULL */
    void *job_lines;              /* the job file read (struct job), owned */
    int64_t probe_time_s;         /* probe --probe-time */
    int json;                     /* probe --json */
    int64_t watchdog_s;           /* --watchdog; 0: automatic (watchdog.h) */

    /* where things go */
    char *db_dir, *out;
    int keep_db, no_plot, progress, on_error, verify;
    int interleave;               /* enum interleave */
    int detach;                   /* run in the background, output to OUT/run.log */
    int64_t min_free;
    int64_t timeline_ms;          /* timeline.csv's interval */
    int vfs_counts;               /* --vfs-counts: 1 on (countvfs.h), 0 off (on_off_names) */
    char *metrics;                /* --metrics FILE.prom, or NULL */
    int64_t reader_rate;          /* --reader-rate: reads/s per reader; 0 unpaced */
    int64_t backlog_limit_s;      /* --backlog-limit: a paced writer this far behind is overloaded */
#define BACKLOG_LIMIT_DEFAULT_S 60  /* its default, "1m" in the option table */

    /* crash */
    int64_t trials, sector_size, replay;

    char *compare_baseline;       /* compare --baseline: a folder given, or NULL (the first) */
    int report_format;            /* report --format: enum report_format */
    char *results_db;             /* db, history --db: the results database, or NULL */

    const char *stray_after;      /* the list option whose value the first argument
                                     not an option came right after, or NULL */
    const char *prog;             /* argv[0], as typed: for commands printed back */

    /* positional arguments (plot, compare, resume) */
    int npos;
    char **pos;                   /* points into argv */
};

#endif
