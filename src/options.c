/*
** options: the one table of every option, and everything generated from it
** (parsing, --help, the effective-config record).  See options.h.
*/
#include "options.h"
#include "preset.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const journal_names[] = {"delete", "truncate", "persist", "memory", "wal", "off", NULL};
const char *const sync_names[] = {"off", "normal", "full", "extra", NULL};
const char *const key_order_names[] = {"seq", "random", NULL};
static const char *const read_from_names[] = {"all", "chunk", NULL};
static const char *const progress_names[] = {"auto", "always", "never", NULL};
static const char *const on_error_names[] = {"continue", "stop", NULL};

enum opt_type { T_FLAG, T_COUNT, T_BYTES, T_INT, T_ENUM, T_STR, T_DURATION };

#define F_LIST 1   /* a matrix dimension: takes a comma list */
#define F_POW2 2   /* must be a power of two */

#define RUNLIKE (CMD_RUN | CMD_CRASH)
#define LIBS (CMD_RUN | CMD_INFO | CMD_CRASH)

struct option_def {
    const char *name;
    enum opt_type type;
    int flags;
    size_t off;                  /* offsetof(struct config, field) */
    const char *def;             /* default, parsed like user input; NULL: none */
    int64_t min, max;
    const char *const *names;    /* T_ENUM: the accepted words */
    const char *special;         /* a word accepted besides numbers */
    int64_t special_value;       /* what that word stands for */
    unsigned cmds;               /* subcommands that accept it */
    const char *help;
};

#define O(f) offsetof(struct config, f)
#define I64MAX INT64_MAX
static const struct option_def option_table[] = {
    {"preset", T_STR, 0, O(preset), NULL, 0, 0, NULL, NULL, 0, CMD_RUN,
     "fill in options from a named experiment (explicit options override it): see below"},
    {"rows", T_COUNT, 0, O(rows), "100M", 1, (int64_t)1 << 50, NULL, NULL, 0, RUNLIKE,
     "rows to insert per cell (decimal suffixes: 100M = 100,000,000)"},
    {"chunk", T_COUNT, 0, O(chunk), "1M", 1, (int64_t)1 << 50, NULL, NULL, 0, RUNLIKE,
     "rows per chunk: one write phase and one read phase each"},
    {"reads", T_COUNT, 0, O(reads), "chunk", 0, (int64_t)1 << 50, NULL, "chunk", -1, CMD_RUN,
     "point SELECTs per read phase; 'chunk' = as many as the chunk has rows"},
    {"read-from", T_ENUM, 0, O(read_from), "all", 0, 0, read_from_names, NULL, 0, CMD_RUN,
     "keys read: uniformly from all rows so far, or from the chunk just written"},
    {"seed", T_INT, 0, O(seed), "42", 0, I64MAX, NULL, NULL, 0, RUNLIKE,
     "seed of keys, values, reads and --shuffle; one seed, one workload"},
    {"sqlite-lib", T_STR, F_LIST, O(sqlite_lib), "libsqlite3.so.0", 0, 0, NULL, NULL, 0, LIBS,
     "SQLite libraries to load at run time (paths or sonames)"},
    {"page-size", T_BYTES, F_LIST | F_POW2, O(page_size), "4k", 512, 65536, NULL, NULL, 0, RUNLIKE,
     "page sizes in bytes, powers of two (binary suffixes: 4k = 4KiB = 4096)"},
    {"journal", T_ENUM, F_LIST, O(journal), "delete", 0, 0, journal_names, NULL, 0, RUNLIKE,
     "journal modes"},
    {"sync", T_ENUM, F_LIST, O(sync), "full", 0, 0, sync_names, NULL, 0, RUNLIKE,
     "synchronous settings"},
    {"commit-every", T_COUNT, F_LIST, O(commit_every), "chunk", 1, (int64_t)1 << 50, NULL, "chunk", 0,
     RUNLIKE, "rows per transaction inside a chunk (1 = one commit per row); 'chunk' = one per chunk; "
              "larger than --chunk: one transaction spans chunks, and reads run inside it"},
    {"cache-size", T_INT, F_LIST, O(cache_size), "default", -((int64_t)1 << 40), (int64_t)1 << 31,
     NULL, "default", OPT_DEFAULT, CMD_RUN,
     "PRAGMA cache_size: pages, or KiB when negative; 'default' = the library's"},
    {"mmap-size", T_BYTES, F_LIST, O(mmap_size), "default", 0, (int64_t)1 << 46, NULL, "default",
     OPT_DEFAULT, CMD_RUN, "PRAGMA mmap_size in bytes; 'default' = the library's"},
    {"key-order", T_ENUM, F_LIST, O(key_order), "seq", 0, 0, key_order_names, NULL, 0, RUNLIKE,
     "keys in insert order: seq (0..N-1) or random (a permutation, unique by construction)"},
    {"value-size", T_BYTES, F_LIST, O(value_size), "16", 0, 1 << 20, NULL, NULL, 0, RUNLIKE,
     "bytes per value, 0 to 1MiB"},
    {"repeat", T_COUNT, 0, O(repeat), "1", 1, 1000, NULL, NULL, 0, CMD_RUN,
     "run each cell this many times (noise is reported, not hidden)"},
    {"warmup", T_COUNT, 0, O(warmup), "0", 0, 1000, NULL, NULL, 0, CMD_RUN,
     "runs of each cell before the measured ones, recorded with status warmup"},
    {"shuffle", T_FLAG, 0, O(shuffle), NULL, 0, 1, NULL, NULL, 0, CMD_RUN,
     "run the cells in a random order fixed by --seed"},
    {"max-time", T_DURATION, 0, O(max_time_s), "none", 0, I64MAX, NULL, "none", 0, CMD_RUN,
     "stop cleanly after this long (8h, 90m, 1h30m; 0 or none: no limit); cells not run are skipped"},
    {"db-dir", T_STR, 0, O(db_dir), "data/db", 0, 0, NULL, NULL, 0, RUNLIKE,
     "folder for the databases under test: the storage being measured"},
    {"out", T_STR, 0, O(out), NULL, 0, 0, NULL, NULL, 0, RUNLIKE | CMD_COMPARE,
     "results folder, never overwritten (default: data/runs/<date-time>)"},
    {"keep-db", T_FLAG, 0, O(keep_db), NULL, 0, 1, NULL, NULL, 0, CMD_RUN,
     "keep each cell's database instead of deleting it once verified"},
    {"verify", T_FLAG, 0, O(verify), NULL, 0, 1, NULL, NULL, 0, CMD_RUN,
     "after each cell: integrity_check and a checksum of every row (timed apart)"},
    {"min-free", T_BYTES, 0, O(min_free), "256MiB", 0, I64MAX, NULL, NULL, 0, RUNLIKE,
     "stop a cell before the free space under --db-dir falls below this"},
    {"on-error", T_ENUM, 0, O(on_error), "continue", 0, 0, on_error_names, NULL, 0, CMD_RUN,
     "after a failed cell: go on with the next one, or stop the run"},
    {"no-plot", T_FLAG, 0, O(no_plot), NULL, 0, 1, NULL, NULL, 0, CMD_RUN | CMD_COMPARE | CMD_RESUME | CMD_CRASH,
     "do not draw the graphs at the end"},
    {"progress", T_ENUM, 0, O(progress), "auto", 0, 0, progress_names, NULL, 0, RUNLIKE | CMD_RESUME,
     "progress on stderr: auto (one updating line on a TTY), always, never"},
    {"trials", T_COUNT, 0, O(trials), "100", 1, 1000000, NULL, NULL, 0, CMD_CRASH,
     "simulated power cuts per cell"},
    {"sector-size", T_BYTES, F_POW2, O(sector_size), "512", 512, 65536, NULL, NULL, 0, CMD_CRASH,
     "granularity of torn writes"},
    {"replay", T_INT, 0, O(replay), "-1", -1, I64MAX, NULL, NULL, 0, CMD_CRASH,
     "run the one trial with this seed"},
};
#define NOPTIONS (sizeof option_table / sizeof option_table[0])

/* sqlsoak crash's own defaults: many small trials over every journal x sync. */
static const struct {
    const char *name, *value;
} crash_defaults[] = {
    {"rows", "2000"},
    {"chunk", "100"},
    {"journal", "delete,truncate,persist,memory,wal,off"},
    {"sync", "off,normal,full"},
};
#define NCRASH_DEFAULTS (sizeof crash_defaults / sizeof crash_defaults[0])

/* The default of option o under command cmd, as text (NULL: none). */
static const char *default_of(const struct option_def *o, enum command cmd)
{
    if (cmd == CMD_CRASH)
        for (size_t i = 0; i < NCRASH_DEFAULTS; i++)
            if (strcmp(crash_defaults[i].name, o->name) == 0)
                return crash_defaults[i].value;
    return o->def;
}

/* ---- strict number parsing ---- */

/* Parses a whole number with an optional suffix from units[]. */
struct unit { const char *suffix; int64_t mult; };

static int parse_scaled(const char *s, const struct unit *units, int64_t *out)
{
    char *end;
    if (!s || *s < '0' || *s > '9')     /* strtoull would skip white space and signs */
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s)
        return -1;
    int64_t mult = 1;
    if (*end) {
        int i;
        for (i = 0; units[i].suffix; i++)
            if (strcmp(end, units[i].suffix) == 0)
                break;
        if (!units[i].suffix)
            return -1;
        mult = units[i].mult;
    }
    if (v > (unsigned long long)(INT64_MAX / mult))
        return -1;
    *out = (int64_t)v * mult;
    return 0;
}

int options_parse_count(const char *s, int64_t *out)
{
    static const struct unit u[] = {{"k", 1000}, {"K", 1000}, {"M", 1000000},
                                    {"G", 1000000000}, {"T", 1000000000000}, {NULL, 0}};
    return parse_scaled(s, u, out);
}

int options_parse_bytes(const char *s, int64_t *out)
{
    static const struct unit u[] = {
        {"k", 1 << 10}, {"K", 1 << 10}, {"KiB", 1 << 10}, {"m", 1 << 20}, {"M", 1 << 20},
        {"MiB", 1 << 20}, {"g", 1 << 30}, {"G", 1 << 30}, {"GiB", 1 << 30},
        {"T", (int64_t)1 << 40}, {"TiB", (int64_t)1 << 40}, {NULL, 0}};
    return parse_scaled(s, u, out);
}

int options_parse_duration(const char *s, int64_t *out)
{
    int64_t total = 0;
    if (!s || !*s)
        return -1;
    while (*s) {
        char *end;
        if (*s < '0' || *s > '9')
            return -1;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 10);
        if (errno || v > 1000000000ULL)
            return -1;
        int64_t mult;
        switch (*end) {
        case 'd': mult = 86400; end++; break;
        case 'h': mult = 3600; end++; break;
        case 'm': mult = 60; end++; break;
        case 's': mult = 1; end++; break;
        case '\0':
            /* bare seconds only alone: "1h30" is 90 minutes to some, 1h00m30s
            ** to others, so it is refused */
            if (total)
                return -1;
            mult = 1;
            break;
        default: return -1;
        }
        total += (int64_t)v * mult;
        s = end;
    }
    *out = total;
    return 0;
}

static int parse_int(const char *s, int64_t *out)
{
    char *end;
    if (!s || !((*s >= '0' && *s <= '9') || (*s == '-' && s[1] >= '0' && s[1] <= '9')))
        return -1;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

const char *options_bytes_str(int64_t v, char *buf, size_t n)
{
    if (v >= ((int64_t)1 << 40) && v % ((int64_t)1 << 40) == 0)
        snprintf(buf, n, "%" PRId64 "T", v >> 40);
    else if (v >= ((int64_t)1 << 30) && v % ((int64_t)1 << 30) == 0)
        snprintf(buf, n, "%" PRId64 "G", v >> 30);
    else if (v >= 1024 && v % (1 << 20) == 0)
        snprintf(buf, n, "%" PRId64 "M", v >> 20);
    else if (v >= 1024 && v % 1024 == 0)
        snprintf(buf, n, "%" PRId64 "k", v >> 10);
    else
        snprintf(buf, n, "%" PRId64, v);
    return buf;
}

/* ---- one value, then one option ---- */

static int parse_value(const struct option_def *o, const char *s, int64_t *out,
                       char *err, size_t errlen)
{
    int rc = -1;
    const char *kind = "a number";
    if (o->special && strcmp(s, o->special) == 0) {
        *out = o->special_value;
        return 0;
    }
    switch (o->type) {
    case T_COUNT:
        rc = options_parse_count(s, out);
        kind = "a row count (e.g. 500k, 100M)";
        break;
    case T_BYTES:
        rc = options_parse_bytes(s, out);
        kind = "a size in bytes (e.g. 4096, 4k, 1MiB)";
        break;
    case T_INT:
        rc = parse_int(s, out);
        kind = "a whole number";
        break;
    case T_DURATION:
        rc = options_parse_duration(s, out);
        kind = "a duration (e.g. 90s, 30m, 8h, 1h30m)";
        break;
    case T_ENUM:
        for (int i = 0; o->names[i]; i++)
            if (strcmp(s, o->names[i]) == 0) {
                *out = i;
                return 0;
            }
        {
            char words[160] = "";
            for (int i = 0; o->names[i]; i++) {
                strncat(words, i ? ", " : "", sizeof words - strlen(words) - 1);
                strncat(words, o->names[i], sizeof words - strlen(words) - 1);
            }
            snprintf(err, errlen, "--%s: '%s' is not one of %s", o->name, s, words);
        }
        return -1;
    default:
        return -1;
    }
    if (rc != 0) {
        if (o->special)
            snprintf(err, errlen, "--%s: '%s' is not %s or '%s'", o->name, s, kind, o->special);
        else
            snprintf(err, errlen, "--%s: '%s' is not %s", o->name, s, kind);
        return -1;
    }
    if (*out < o->min || *out > o->max) {
        char lo[32], hi[32];
        if (o->type == T_BYTES) {
            options_bytes_str(o->min, lo, sizeof lo);
            options_bytes_str(o->max, hi, sizeof hi);
        } else {
            snprintf(lo, sizeof lo, "%" PRId64, o->min);
            snprintf(hi, sizeof hi, "%" PRId64, o->max);
        }
        snprintf(err, errlen, "--%s: %s is out of range (%s to %s)", o->name, s, lo, hi);
        return -1;
    }
    if ((o->flags & F_POW2) && (*out & (*out - 1))) {
        snprintf(err, errlen, "--%s: %s is not a power of two", o->name, s);
        return -1;
    }
    return 0;
}

static int set_option(struct config *cfg, const struct option_def *o, const char *val,
                      char *err, size_t errlen)
{
    char *field = (char *)cfg + o->off;
    if (o->type == T_FLAG) {
        *(int *)field = 1;
        return 0;
    }
    if (o->type == T_STR && (o->flags & F_LIST)) {
        struct strlist *sl = (struct strlist *)field;
        for (int i = 0; i < sl->n; i++)
            free(sl->v[i]);
        sl->n = 0;
    } else if (o->type == T_STR) {
        if (!*val) {
            snprintf(err, errlen, "--%s: empty value", o->name);
            return -1;
        }
        if (o->off == O(preset)) {
            *(const char **)field = val;
        } else {
            char **sp = (char **)field;
            free(*sp);
            *sp = strdup(val);
        }
        return 0;
    }
    if (!(o->flags & F_LIST)) {
        int64_t v;
        if (parse_value(o, val, &v, err, errlen))
            return -1;
        if (o->type == T_ENUM)
            *(int *)field = (int)v;
        else
            *(int64_t *)field = v;
        return 0;
    }
    /* a comma list: every item must be valid and non-empty */
    struct list tmp = {0};
    struct strlist stmp = {0};
    const char *p = val;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char item[4096];
        if (len == 0) {
            snprintf(err, errlen, "--%s: empty item in list '%s'", o->name, val);
            goto fail;
        }
        if (len >= sizeof item || tmp.n == LIST_MAX || stmp.n == LIST_MAX) {
            snprintf(err, errlen, "--%s: list too long (at most %d items)", o->name, LIST_MAX);
            goto fail;
        }
        memcpy(item, p, len);
        item[len] = 0;
        if (o->type == T_STR) {
            for (int i = 0; i < stmp.n; i++)
                if (strcmp(stmp.v[i], item) == 0) {
                    snprintf(err, errlen, "--%s: '%s' is listed twice", o->name, item);
                    goto fail;
                }
            stmp.v[stmp.n++] = strdup(item);
        } else {
            int64_t v;
            if (parse_value(o, item, &v, err, errlen))
                goto fail;
            for (int i = 0; i < tmp.n; i++)
                if (tmp.v[i] == v) {
                    snprintf(err, errlen, "--%s: '%s' is listed twice", o->name, item);
                    goto fail;
                }
            tmp.v[tmp.n++] = v;
        }
        if (!comma)
            break;
        p = comma + 1;
    }
    if (o->type == T_STR)
        *(struct strlist *)field = stmp;
    else
        *(struct list *)field = tmp;
    return 0;
fail:
    for (int i = 0; i < stmp.n; i++)
        free(stmp.v[i]);
    return -1;
}

static const struct option_def *find_option(const char *name, size_t len)
{
    for (size_t i = 0; i < NOPTIONS; i++)
        if (strlen(option_table[i].name) == len && strncmp(option_table[i].name, name, len) == 0)
            return &option_table[i];
    return NULL;
}

/* Applies argv-style options; positional arguments go to cfg->pos when
** pos_ok, else they are an error. */
static int apply_args(struct config *cfg, enum command cmd, int argc, char **argv, int pos_ok,
                      int *want_help, char *err, size_t errlen)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            if (want_help)
                *want_help = 1;
            continue;
        }
        if (strncmp(a, "--", 2) != 0 || a[2] == 0) {
            if (a[0] == '-' && a[1]) {
                snprintf(err, errlen, "unknown option '%s' (see --help)", a);
                return -1;
            }
            if (!pos_ok) {
                snprintf(err, errlen, "unexpected argument '%s' (see --help)", a);
                return -1;
            }
            cfg->pos[cfg->npos++] = argv[i];
            continue;
        }
        const char *name = a + 2;
        const char *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const struct option_def *o = find_option(name, len);
        if (!o || !(o->cmds & cmd)) {
            snprintf(err, errlen, "unknown option '--%.*s' (see --help)", (int)len, name);
            return -1;
        }
        const char *val;
        if (o->type == T_FLAG) {
            if (eq) {
                snprintf(err, errlen, "--%s takes no value", o->name);
                return -1;
            }
            val = "1";
        } else if (eq) {
            val = eq + 1;
        } else if (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) {
            val = argv[++i];
        } else {
            snprintf(err, errlen, "--%s needs a value", o->name);
            return -1;
        }
        if (set_option(cfg, o, val, err, errlen))
            return -1;
    }
    return 0;
}

int options_parse(struct config *cfg, enum command cmd, int argc, char **argv,
                  int *want_help, char *err, size_t errlen)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->cmd = cmd;
    cfg->pos = calloc((size_t)argc + 1, sizeof *cfg->pos);
    if (!cfg->pos) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (want_help)
        *want_help = 0;
    for (size_t i = 0; i < NOPTIONS; i++) {
        const struct option_def *o = &option_table[i];
        if (o->def && set_option(cfg, o, o->def, err, errlen))
            return -1;   /* a bad default is a bug; the unit tests catch it */
    }
    /* crash trials are many and small: their own defaults, overridable */
    if (cmd == CMD_CRASH) {
        for (size_t i = 0; i < NCRASH_DEFAULTS; i++)
            if (set_option(cfg, find_option(crash_defaults[i].name, strlen(crash_defaults[i].name)),
                           crash_defaults[i].value, err, errlen))
                return -1;
    }
    /* a preset first, so that explicit options override it */
    for (int i = 0; i < argc; i++) {
        const char *name = NULL;
        if (strncmp(argv[i], "--preset=", 9) == 0)
            name = argv[i] + 9;
        else if (strcmp(argv[i], "--preset") == 0 && i + 1 < argc)
            name = argv[i + 1];
        if (!name || cmd != CMD_RUN)
            continue;
        const char *const *pargs = preset_args(name);
        if (!pargs) {
            snprintf(err, errlen, "--preset: unknown preset '%s' (%s)", name, preset_names());
            return -1;
        }
        int n = 0;
        while (pargs[n])
            n++;
        if (apply_args(cfg, cmd, n, (char **)pargs, 0, NULL, err, errlen))
            return -1;
    }
    return apply_args(cfg, cmd, argc, argv, 1, want_help, err, errlen);
}

void config_free(struct config *cfg)
{
    for (int i = 0; i < cfg->sqlite_lib.n; i++)
        free(cfg->sqlite_lib.v[i]);
    free(cfg->db_dir);
    free(cfg->out);
    free(cfg->pos);
    memset(cfg, 0, sizeof *cfg);
}

/* ---- generated help and record ---- */

/* A bound of a range as a person reads it: 2^50, not 1125899906842624. */
static const char *bound_str(const struct option_def *o, int64_t v, char *buf, size_t n)
{
    if (v == INT64_MAX)
        snprintf(buf, n, "2^63-1");
    else if (o->type == T_BYTES)
        options_bytes_str(v, buf, n);
    else if (v > 1000000 && (v & (v - 1)) == 0)
        snprintf(buf, n, "2^%d", 63 - __builtin_clzll((unsigned long long)v));
    else
        snprintf(buf, n, "%" PRId64, v);
    return buf;
}

static const char *type_hint(const struct option_def *o)
{
    switch (o->type) {
    case T_COUNT: return "N";
    case T_BYTES: return "BYTES";
    case T_INT: return "N";
    case T_DURATION: return "TIME";
    case T_ENUM: return "WORD";
    case T_STR: return o->off == O(sqlite_lib) ? "PATH" : "TEXT";
    default: return "";
    }
}

void options_help(enum command cmd)
{
    for (size_t i = 0; i < NOPTIONS; i++) {
        const struct option_def *o = &option_table[i];
        if (!(o->cmds & cmd))
            continue;
        char left[64];
        if (o->type == T_FLAG)
            snprintf(left, sizeof left, "--%s", o->name);
        else
            snprintf(left, sizeof left, "--%s %s%s", o->name, type_hint(o),
                     (o->flags & F_LIST) ? ",..." : "");
        printf("  %-26s %s\n", left, o->help);
        char extra[256] = "";
        size_t len = 0;
        if (o->type == T_ENUM) {
            len += (size_t)snprintf(extra + len, sizeof extra - len, "one of:");
            for (int k = 0; o->names[k] && len < sizeof extra; k++)
                len += (size_t)snprintf(extra + len, sizeof extra - len, " %s", o->names[k]);
            len += (size_t)snprintf(extra + len, sizeof extra - len, "; ");
        } else if (o->type == T_COUNT || o->type == T_BYTES || o->type == T_INT) {
            char lo[32], hi[32];
            len += (size_t)snprintf(extra + len, sizeof extra - len, "range %s..%s; ",
                                    bound_str(o, o->min, lo, sizeof lo),
                                    bound_str(o, o->max, hi, sizeof hi));
        }
        const char *def = default_of(o, cmd);
        if (len < sizeof extra && (def || o->type == T_FLAG))
            snprintf(extra + len, sizeof extra - len, "default: %s", def ? def : "off");
        else if (len >= 2 && len < sizeof extra)
            extra[len - 2] = 0;                   /* no default: drop the "; " */
        if (extra[0])
            printf("  %-26s (%s)\n", "", extra);
    }
}

int options_doc(enum command cmd, int i, struct option_doc *out)
{
    for (size_t k = 0; k < NOPTIONS; k++) {
        const struct option_def *o = &option_table[k];
        if (!(o->cmds & cmd) || i-- > 0)
            continue;
        out->name = o->name;
        out->arg = o->type == T_FLAG ? NULL : type_hint(o);
        out->list = (o->flags & F_LIST) != 0;
        out->words = o->type == T_ENUM ? o->names : NULL;
        out->special = o->special;
        out->def = default_of(o, cmd);
        out->help = o->help;
        return 1;
    }
    return 0;
}

static json_t *list_json(const struct option_def *o, const struct list *l)
{
    json_t *a = json_array();
    for (int i = 0; i < l->n; i++) {
        if (o->special && l->v[i] == o->special_value)
            json_array_append_new(a, json_string(o->special));
        else if (o->type == T_ENUM)
            json_array_append_new(a, json_string(o->names[l->v[i]]));
        else
            json_array_append_new(a, json_integer(l->v[i]));
    }
    return a;
}

void *options_to_json(const struct config *cfg)
{
    json_t *obj = json_object();
    for (size_t i = 0; i < NOPTIONS; i++) {
        const struct option_def *o = &option_table[i];
        const char *field = (const char *)cfg + o->off;
        json_t *v;
        if (!(o->cmds & cfg->cmd))
            continue;
        if (o->type == T_STR && (o->flags & F_LIST)) {
            const struct strlist *sl = (const struct strlist *)field;
            v = json_array();
            for (int k = 0; k < sl->n; k++)
                json_array_append_new(v, json_string(sl->v[k]));
        } else if (o->type == T_STR) {
            const char *s = *(const char *const *)field;
            v = s ? json_string(s) : json_null();
        } else if (o->flags & F_LIST) {
            v = list_json(o, (const struct list *)field);
        } else if (o->type == T_FLAG) {
            v = json_boolean(*(const int *)field);
        } else if (o->type == T_ENUM) {
            v = json_string(o->names[*(const int *)field]);
        } else {
            int64_t x = *(const int64_t *)field;
            v = (o->special && x == o->special_value) ? json_string(o->special) : json_integer(x);
        }
        json_object_set_new(obj, o->name, v);
    }
    return obj;
}
