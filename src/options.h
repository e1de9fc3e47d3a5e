/*
** options: the one table of every command-line option.
**
** Each row of the table (options.c) carries an option's name, type, where
** it lands in struct config, its default (as text, parsed like user input),
** its range and its help.  Parsing, --help and the effective-config record
** in run.json are all generated from that table, so they cannot drift.
**
** Numbers are parsed strictly.  Row counts take decimal suffixes
** (100M = 100,000,000); byte sizes take binary ones (4k = 4KiB = 4096).
** An option marked as a matrix dimension takes a comma list.
*/
#ifndef SQLSOAK_OPTIONS_H
#define SQLSOAK_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#define LIST_MAX 32               /* values one dimension may list */
#define OPT_DEFAULT INT64_MIN     /* "default": leave the library's own */

/* The subcommands; an option lists the ones that accept it. */
enum command {
    CMD_NONE = 0,
    CMD_RUN = 1,
    CMD_INFO = 2,
    CMD_PLOT = 4,
    CMD_COMPARE = 8,
    CMD_RESUME = 16,
    CMD_CRASH = 32
};

enum journal_mode { JM_DELETE, JM_TRUNCATE, JM_PERSIST, JM_MEMORY, JM_WAL, JM_OFF };
enum sync_mode { SY_OFF, SY_NORMAL, SY_FULL, SY_EXTRA };
enum key_order { KO_SEQ, KO_RANDOM };
enum read_from { RF_ALL, RF_CHUNK };
enum progress_mode { PG_AUTO, PG_ALWAYS, PG_NEVER };
enum on_error { OE_CONTINUE, OE_STOP };

extern const char *const journal_names[];   /* indexed by enum journal_mode */
extern const char *const sync_names[];      /* indexed by enum sync_mode */
extern const char *const key_order_names[]; /* indexed by enum key_order */

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
    const char *preset;           /* points into argv, or NULL */

    /* workload */
    int64_t rows, chunk, reads, seed;
    int read_from;
    int64_t warmup;               /* untimed rows written before the first chunk */

    /* matrix dimensions */
    struct strlist sqlite_lib;
    struct list page_size, journal, sync, commit_every, cache_size,
        mmap_size, key_order, value_size;

    /* plan */
    int64_t repeat;
    int shuffle;
    int64_t max_time_s;

    /* where things go */
    char *db_dir, *out;
    int keep_db, no_plot, progress, on_error, verify;
    int64_t min_free;

    /* crash */
    int64_t trials, sector_size, replay;

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

/* The effective options as a jansson object (json_t *), new reference. */
void *options_to_json(const struct config *cfg);

/* Strict parsers, exposed for the unit tests and other modules.
** Return 0 and set *out, or -1 when the text is not a valid value. */
int options_parse_count(const char *s, int64_t *out);    /* 100M, 1k, 42 */
int options_parse_bytes(const char *s, int64_t *out);    /* 4k, 4KiB, 1MiB */
int options_parse_duration(const char *s, int64_t *out); /* 8h, 90m, 1h30m */

/* The name of a matrix value as the user would write it ("wal", "4k"...),
** into buf.  Returns buf. */
const char *options_bytes_str(int64_t v, char *buf, size_t n);

#endif
