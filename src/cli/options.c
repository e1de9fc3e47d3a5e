/*
** options: the one table of every option, and everything generated from it
** (parsing, --help, the effective-config record).  See options.h.
*/
#include "options.h"

#include "datadir.h"
#include "jobfile.h"
#include "preset.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const progress_names[] = {"auto", "always", "never", NULL};
static const char *const on_error_names[] = {"continue", "stop", NULL};
static const char *const interleave_names[] = {"off", "chunk", NULL};

#define RUNLIKE (CMD_RUN | CMD_CRASH)

/* An option: its name and values, and where it lands in struct config. */
struct option_def {
    struct value_spec v;
    size_t off;                  /* offsetof(struct config, field) */
};

#define O(f) offsetof(struct config, f)
#define I64MAX INT64_MAX
/* The options --help lists before the matrix dimensions ... */
static const struct option_def head_table[] = {
    {{"preset", V_STR, 0, NULL, 0, 0, NULL, NULL, 0, CMD_RUN,
      "fill in options from a named experiment (explicit options override it): see below"},
     O(preset)},
    {{"job", V_STR, 0, NULL, 0, 0, NULL, NULL, 0, CMD_RUN,
      "read options from a job file, one 'name = value' a line (options given here "
      "override it)"}, O(job)},
    {{"save-job", V_STR, 0, NULL, 0, 0, NULL, NULL, 0, CMD_RUN,
      "write the run's effective options to this new job file, and stop"}, O(save_job)},
    {{"rows", V_COUNT, 0, "100M", 1, (int64_t)1 << 50, NULL, NULL, 0, RUNLIKE,
      "rows to insert per cell (decimal suffixes: 100M = 100,000,000)"}, O(rows)},
    {{"chunk", V_COUNT, 0, "1M", 1, (int64_t)1 << 50, NULL, NULL, 0, RUNLIKE,
      "rows per chunk: one write phase and one read phase each"}, O(chunk)},
    {{"reads", V_COUNT, 0, "chunk", 0, (int64_t)1 << 50, NULL, "chunk", -1, CMD_RUN,
      "point SELECTs per read phase; 'chunk' = as many as the chunk has rows"}, O(reads)},
    {{"need", V_STR, 0, NULL, 0, 0, NULL, NULL, 0, CMD_RUN,
      "the application's load, e.g. writes=200/s,reads=2000/s,read-p99=20ms,wal=256M: the "
      "answer says which cells meet it at --target-rows, with what headroom, or from what "
      "size they fall short"}, O(need)},
    {{"target-rows", V_COUNT, 0, "rows", 1, (int64_t)1 << 50, NULL, "rows", 0, CMD_RUN,
      "the table size the answer is for: past --rows, each cell's figures are projected "
      "there from its scaling fit, with a 95% prediction interval"}, O(target_rows)},
    {{"read-from", V_ENUM, 0, "all", 0, 0, read_from_names, NULL, 0, CMD_RUN,
      "keys read: uniformly from all rows so far, or from the chunk just written"},
     O(read_from)},
    {{"seed", V_INT, 0, "42", 0, I64MAX, NULL, NULL, 0, RUNLIKE,
      "seed of keys, values, reads and --shuffle; one seed, one workload"}, O(seed)},
    {{"update-keys", V_STR, 0, "uniform", 0, 0, NULL, NULL, 0, RUNLIKE,
      "rows --updates rewrites: uniform (a block of all rows so far, from the seed) or "
      "hot:K (the first K rows, again and again, in turn)"}, O(update_keys)},
    {{"delete-keys", V_ENUM, 0, "oldest", 0, 0, delete_keys_names, NULL, 0, RUNLIKE,
      "rows --deletes removes: oldest (a retention window: the first rows still there) or "
      "uniform (a block of all rows so far, from the seed)"}, O(delete_keys)},
};
/* ... and after them. */
static const struct option_def tail_table[] = {
    {{"repeat", V_COUNT, 0, "1", 1, 1000, NULL, NULL, 0, CMD_RUN,
      "run each cell this many times (noise is reported, not hidden); auto[:MAX]: rounds "
      "until every cell's write and read rates against the baseline are decided at 95%, "
      "at most MAX (default 20)"}, O(repeat)},
    {{"warmup", V_COUNT, 0, "0", 0, 1000, NULL, NULL, 0, CMD_RUN,
      "runs of each cell before the measured ones, recorded with status warmup"}, O(warmup)},
    {{"baseline", V_STR, 0, NULL, 0, 0, NULL, NULL, 0, CMD_RUN | CMD_PLOT,
      "the cell every ratio is stated against: DIM=VALUE,... (page-size=16k) or a cell "
      "number (default: the run's, else cell 1: the first value of each dimension)"},
     O(baseline)},
    {{"shard", V_STR, 0, NULL, 0, 0, NULL, NULL, 0, CMD_RUN,
      "run share K of N of the matrix's combinations (1/3, 2/3, 3/3 on three boards), to "
      "join with sqlsoak merge"}, O(shard)},
    {{"shuffle", V_FLAG, 0, NULL, 0, 1, NULL, NULL, 0, CMD_RUN,
      "run the cells in a random order fixed by --seed"}, O(shuffle)},
    {{"max-time", V_DURATION, 0, "none", 0, I64MAX, NULL, "none", 0, CMD_RUN,
      "stop cleanly after this long (8h, 90m, 1h30m; 0 or none: no limit); cells not run "
      "are skipped"}, O(max_time_s)},
    {{"dry-run", V_FLAG, 0, NULL, 0, 1, NULL, NULL, 0, CMD_RUN,
      "print the plan, the room it needs and its estimated time, then exit: create nothing"},
     O(dry_run)},
    {{"estimate-from", V_STR, VF_LIST, NULL, 0, 0, NULL, NULL, 0, CMD_RUN,
      "earlier results folders the time estimate may use, besides those beside --out"},
     O(estimate_from)},
    {{"db-dir", V_STR, 0, "data/db", 0, 0, NULL, NULL, 0, RUNLIKE | CMD_PROBE,
      "folder for the databases under test: the storage being measured"}, O(db_dir)},
    {{"out", V_STR, 0, NULL, 0, 0, NULL, NULL, 0, RUNLIKE | CMD_COMPARE | CMD_MERGE,
      "results folder, never overwritten (default: data/runs/<date-time>)"}, O(out)},
    {{"probe", V_STR, 0, "long", 0, 0, NULL, NULL, 0, CMD_RUN,
      "the device's own limits for the report: auto = probe --db-dir before the first cell "
      "(--probe-time), or reuse a probe of the same storage less than a day old beside --out; "
      "new = always probe; long = auto for a plan estimated at over 10 minutes by earlier "
      "runs on the storage, else off; or an earlier results folder on the same storage; or off"},
     O(probe)},
    {{"probe-time", V_DURATION, 0, "30s", 1, 3600, NULL, NULL, 0, CMD_PROBE | CMD_RUN,
      "how long the device probe runs, split between its six measurements"}, O(probe_time_s)},
    {{"json", V_FLAG, 0, NULL, 0, 1, NULL, NULL, 0, CMD_PROBE,
      "print the probe's figures as JSON (run.json's device_limits)"}, O(json)},
    {{"keep-db", V_FLAG, 0, NULL, 0, 1, NULL, NULL, 0, CMD_RUN,
      "keep each cell's database instead of deleting it once verified"}, O(keep_db)},
    {{"detach", V_FLAG, 0, NULL, 0, 1, NULL, NULL, 0, CMD_RUN,
      "after the checks, go on in the background (its output in OUT/run.log; see status)"},
     O(detach)},
    {{"verify", V_FLAG, 0, NULL, 0, 1, NULL, NULL, 0, CMD_RUN,
      "after each cell: integrity_check and a checksum of every row (timed apart)"},
     O(verify)},
    {{"min-free", V_BYTES, 0, "256MiB", 0, I64MAX, NULL, NULL, 0, RUNLIKE,
      "stop a cell before the free space under --db-dir falls below this"}, O(min_free)},
    {{"on-error", V_ENUM, 0, "continue", 0, 0, on_error_names, NULL, 0, CMD_RUN,
      "after a failed cell: go on with the next one, or stop the run"}, O(on_error)},
    {{"interleave", V_ENUM, 0, "off", 0, 0, interleave_names, NULL, 0, CMD_RUN,
      "the cells of a round one after another (off), or in lockstep chunk by chunk in "
      "alternating order (chunk), so that a one-round matrix is decided from its chunk pairs"},
     O(interleave)},
    {{"watchdog", V_DURATION, 0, "auto", 1, 366 * 86400, NULL, "auto", 0, CMD_RUN,
      "kill a cell whose process shows no progress for this long, recorded hung (auto: 10x "
      "its slowest chunk, at least 1m, times the chunks --verify reads; 1h before its first "
      "chunk)"}, O(watchdog_s)},
    {{"no-plot", V_FLAG, 0, NULL, 0, 1, NULL, NULL, 0,
      CMD_RUN | CMD_COMPARE | CMD_RESUME | CMD_CRASH, "do not draw the graphs at the end"},
     O(no_plot)},
    {{"progress", V_ENUM, 0, "auto", 0, 0, progress_names, NULL, 0, RUNLIKE | CMD_RESUME,
      "progress on stderr: auto (one updating line on a TTY), always, never"}, O(progress)},
    {{"timeline-interval", V_INT, 0, "1000", 10, 3600000, NULL, NULL, 0, CMD_RUN,
      "milliseconds per row of timeline.csv: what every phase did in each interval"},
     O(timeline_ms)},
    {{"vfs-counts", V_ENUM, 0, "on", 0, 0, on_off_names, NULL, 0, RUNLIKE,
      "open each database through the counting VFS, for the vfs_* columns: on, or off "
      "(the columns empty; bench/ measures without it)"}, O(vfs_counts)},
    {{"metrics", V_STR, 0, NULL, 0, 0, NULL, NULL, 0, CMD_RUN,
      "after every chunk, write the run's state to this .prom file (Prometheus text "
      "format, for node_exporter's textfile collector)"}, O(metrics)},
    {{"reader-rate", V_INT, 0, "0", 0, 10000000, NULL, NULL, 0, CMD_RUN,
      "reads per second of each reader (--readers), open-loop: a read's latency counts "
      "from its scheduled start; 0 = as fast as it can"}, O(reader_rate)},
    {{"backlog-limit", V_DURATION, 0, "1m", 1, 86400, NULL, NULL, 0, RUNLIKE,
      "a paced writer (--write-rate) this far behind its schedule in a chunk's write phase "
      "stops its cell, recorded overloaded: the storage cannot take the rate offered (with a "
      "--latency-limit below it, the late are skipped instead)"}, O(backlog_limit_s)},
    {{"trials", V_COUNT, 0, "1000", 1, 1000000, NULL, NULL, 0, CMD_CRASH,
      "simulated power cuts per cell (0 in 1000 bounds a rate below 0.3%)"}, O(trials)},
    {{"sector-size", V_BYTES, VF_POW2, "512", 512, 65536, NULL, NULL, 0, CMD_CRASH,
      "the simulated sector size: SQLite is told it (xSectorSize), writes tear at it"},
     O(sector_size)},
    {{"replay", V_INT, 0, "none", 0, I64MAX, NULL, "none", -1, CMD_CRASH,
      "run the one trial with this seed (trials.csv's seed column); none: every trial"},
     O(replay)},
    {{"baseline", V_STR, 0, NULL, 0, 0, NULL, NULL, 0, CMD_COMPARE,
      "the run the others are divided by: one of the folders given, as given, by its name or "
      "by its place (1 = the first, the default)"}, O(compare_baseline)},
    {{"format", V_ENUM, 0, "markdown", 0, 0, report_format_names, NULL, 0, CMD_REPORT,
      "markdown: GitHub-flavoured, for pasting into an issue; json: one object, for a program"}, O(report_format)},
};
#define NHEAD (sizeof head_table / sizeof head_table[0])
#define NTAIL (sizeof tail_table / sizeof tail_table[0])
#define NOPTIONS (NHEAD + DIM_COUNT + NTAIL)

/* Option i of every option, in --help order: the head rows, the
** dimensions of dims.c, the tail rows.  NULL past the end. */
static const struct option_def *option_at(size_t i, struct option_def *buf)
{
    if (i < NHEAD)
        return &head_table[i];
    if (i >= NHEAD + DIM_COUNT)
        return i < NOPTIONS ? &tail_table[i - NHEAD - DIM_COUNT] : NULL;
    int d = (int)(i - NHEAD);
    buf->v = dim_table[d].opt;
    buf->off = d == DIM_LIB ? O(sqlite_lib) : O(dim) + (size_t)d * sizeof(struct list);
    return buf;
}

/* sqlsoak crash's own defaults: many small trials over every journal x sync. */
static const struct {
    const char *name, *value;
} crash_defaults[] = {
    {"rows", "2000"},
    {"chunk", "100"},
    {"journal", "delete,truncate,persist,memory,wal,off"},
    {"sync", "off,normal,full,extra"},
};
#define NCRASH_DEFAULTS (sizeof crash_defaults / sizeof crash_defaults[0])

/* An option's help where one command's differs from the table's: crash
** runs no reads and no shuffle, and compare's --out is required. */
static const struct {
    unsigned cmd;
    const char *name, *help;
} help_overrides[] = {
    {CMD_CRASH, "chunk", "rows per chunk: one write phase each, ending with a COMMIT"},
    {CMD_CRASH, "seed", "seed of keys, values and each trial's power cut; one seed, one workload"},
    {CMD_CRASH, "commit-every",
     "rows per transaction inside a chunk (1 = one commit per row); 'chunk' = one per chunk"},
    {CMD_CRASH, "locking-mode",
     "PRAGMA locking_mode: normal, or exclusive (the connection keeps its file lock)"},
    {CMD_COMPARE, "out", "the comparison's folder (required), never overwritten"},
};

/* The help of option o under command cmd. */
static const char *help_of(const struct option_def *o, enum command cmd)
{
    for (size_t i = 0; i < sizeof help_overrides / sizeof *help_overrides; i++)
        if ((help_overrides[i].cmd & cmd) && strcmp(help_overrides[i].name, o->v.name) == 0)
            return help_overrides[i].help;
    return o->v.help;
}

/* The default of option o under command cmd, as text (NULL: none). */
static const char *default_of(const struct option_def *o, enum command cmd)
{
    if (cmd == CMD_CRASH)
        for (size_t i = 0; i < NCRASH_DEFAULTS; i++)
            if (strcmp(crash_defaults[i].name, o->v.name) == 0)
                return crash_defaults[i].value;
    return o->v.def;
}

/* --repeat auto[:MAX]: at most MAX rounds (20 by default), each one only
** while some comparison is not yet decided (noise_decided). */
static int set_repeat_auto(struct config *cfg, const struct option_def *o, const char *val,
                           char *err, size_t errlen)
{
    int64_t max = REPEAT_AUTO_MAX;
    if (val[4] && (val[4] != ':' || value_parse(&o->v, val + 5, &max, err, errlen) != 0)) {
        if (val[4] != ':')
            snprintf(err, errlen, "--repeat: '%s' is not a count, auto or auto:MAX", val);
        return -1;
    }
    cfg->repeat = max;
    cfg->repeat_auto = 1;
    return 0;
}

static int set_option(struct config *cfg, const struct option_def *o, const char *val,
                      char *err, size_t errlen)
{
    char *field = (char *)cfg + o->off;
    if (o->v.type == V_FLAG) {
        *(int *)field = 1;
        return 0;
    }
    if (o->v.type == V_STR && (o->v.flags & VF_LIST)) {
        struct strlist *sl = (struct strlist *)field;
        for (int i = 0; i < sl->n; i++)
            free(sl->v[i]);
        sl->n = 0;
    } else if (o->v.type == V_STR) {
        if (!*val) {
            snprintf(err, errlen, "--%s: empty value", o->v.name);
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
    if (o->off == O(repeat))
        cfg->repeat_auto = 0;
    if (o->off == O(repeat) && strncmp(val, "auto", 4) == 0)
        return set_repeat_auto(cfg, o, val, err, errlen);
    if (!(o->v.flags & VF_LIST)) {
        int64_t v;
        if (value_parse(&o->v, val, &v, err, errlen))
            return -1;
        if (o->v.type == V_ENUM)
            *(int *)field = (int)v;
        else
            *(int64_t *)field = v;
        return 0;
    }
    /* a comma list: every item must be valid and non-empty */
    struct list tmp = {0};
    struct strlist stmp = {0};
    const char *p = val;
    char *item = NULL;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0) {
            snprintf(err, errlen, "--%s: empty item in list '%s'", o->v.name, val);
            goto fail;
        }
        if (tmp.n == LIST_MAX || stmp.n == LIST_MAX) {
            snprintf(err, errlen, "--%s: list too long (at most %d items)", o->v.name, LIST_MAX);
            goto fail;
        }
        if (!(item = strndup(p, len))) {
            snprintf(err, errlen, "out of memory");
            goto fail;
        }
        if (o->v.type == V_STR) {
            for (int i = 0; i < stmp.n; i++)
                if (strcmp(stmp.v[i], item) == 0) {
                    snprintf(err, errlen, "--%s: '%s' is listed twice", o->v.name, item);
                    goto fail;
                }
            stmp.v[stmp.n++] = item;
        } else {
            int64_t v;
            if (value_parse(&o->v, item, &v, err, errlen))
                goto fail;
            for (int i = 0; i < tmp.n; i++)
                if (tmp.v[i] == v) {
                    snprintf(err, errlen, "--%s: '%s' is listed twice", o->v.name, item);
                    goto fail;
                }
            tmp.v[tmp.n++] = v;
            free(item);
        }
        item = NULL;
        if (!comma)
            break;
        p = comma + 1;
    }
    if (o->v.type == V_STR)
        *(struct strlist *)field = stmp;
    else
        *(struct list *)field = tmp;
    return 0;
fail:
    free(item);
    for (int i = 0; i < stmp.n; i++)
        free(stmp.v[i]);
    return -1;
}

/* The option of that name that cmd takes: two commands may each have a
** row of the same name.  NULL when cmd takes none. */
static const struct option_def *find_option(const char *name, size_t len, enum command cmd,
                                           struct option_def *buf)
{
    for (size_t i = 0; i < NOPTIONS; i++) {
        const struct option_def *o = option_at(i, buf);
        if (strlen(o->v.name) == len && strncmp(o->v.name, name, len) == 0 && (o->v.cmds & cmd))
            return o;
    }
    return NULL;
}

/* Applies argv-style options; positional arguments go to cfg->pos when
** pos_ok, else they are an error. */
static int apply_args(struct config *cfg, enum command cmd, int argc, char **argv, int pos_ok,
                      int *want_help, char *err, size_t errlen);

/* --preset on the command line? */
static int preset_given(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strncmp(argv[i], "--preset=", 9) == 0 || strcmp(argv[i], "--preset") == 0)
            return 1;
    return 0;
}

/* The job file --job names (the last given), read into *job (owned by
** cfg).  0, or -1 with err. */
static int read_job(struct config *cfg, int argc, char **argv, struct job **job, char *err,
                    size_t errlen)
{
    const char *path = NULL;
    for (int i = 0; i < argc; i++)
        if (strncmp(argv[i], "--job=", 6) == 0)
            path = argv[i] + 6;
        else if (strcmp(argv[i], "--job") == 0 && i + 1 < argc)
            path = argv[++i];
    if (!path)
        return 0;
    char why[4400];
    *job = calloc(1, sizeof **job);
    if (!*job || jobfile_read(path, *job, why, sizeof why)) {
        snprintf(err, errlen, "--job %s", *job ? why : "out of memory");
        free(*job);
        *job = NULL;
        return -1;
    }
    cfg->job_lines = *job;
    cfg->job = strdup(path);   /* for apply_job's messages; the command line sets it again */
    return cfg->job ? 0 : -1;
}

/* A job file's lines, each checked as on the command line, an error
** prefixed by who ("--job night.conf") and the line.  A job file's preset
** line is skipped (options_parse applied it first); a preset's own file
** may name none. */
static int apply_job(struct config *cfg, const struct job *job, const char *who, int is_preset,
                     char *err, size_t errlen)
{
    for (int i = 0; i < job->n; i++) {
        char *a = job->v[i].arg, why[1024];
        size_t len = strcspn(a, "=");
        if (strncmp(a, "--preset=", 9) == 0 && !is_preset)
            continue;
        if ((len == 5 && strncmp(a, "--job", 5) == 0) ||
            (len == 6 && strncmp(a, "--help", 6) == 0) ||
            (len == 10 && strncmp(a, "--save-job", 10) == 0))
            snprintf(why, sizeof why, "%.*s belongs on the command line, not in a job file",
                     (int)len, a);
        else if (is_preset && len == 8 && strncmp(a, "--preset", 8) == 0)
            snprintf(why, sizeof why, "a preset's file cannot start from another preset");
        else if (apply_args(cfg, CMD_RUN, 1, &a, 0, NULL, why, sizeof why) == 0)
            continue;
        snprintf(err, errlen, "%s:%d: %s", who, job->v[i].line, why);
        return -1;
    }
    return 0;
}

/* Preset name's options, read from its job file (datadir.h: a checkout's
** data/presets/NAME.conf, an installation's share/sqlsoak/presets/), so a
** preset and a job file are one format; where prefixes an error ("--job
** night.conf:3: " when a job file named it, else ""). */
static int apply_preset(struct config *cfg, const char *name, const char *where, char *err,
                        size_t errlen)
{
    char path[8400], why[8600];
    struct job pj = {0};
    if (!preset_args(name)) {
        snprintf(err, errlen, "%s--preset: unknown preset '%s' (%s)", where, name, preset_names());
        return -1;
    }
    if (datadir_preset(name, path, sizeof path) != 0) {
        snprintf(err, errlen, "%s--preset %s: no preset file %s.conf in %s", where, name, name,
                 path);
        return -1;
    }
    if (jobfile_read(path, &pj, why, sizeof why) != 0) {
        snprintf(err, errlen, "%s--preset %s: %s", where, name, why);
        return -1;
    }
    snprintf(why, sizeof why, "%s--preset %s: %s", where, name, path);
    int rc = apply_job(cfg, &pj, why, 1, err, errlen);
    jobfile_free(&pj);
    return rc;
}

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
        struct option_def buf;
        const struct option_def *o = find_option(name, len, cmd, &buf);
        if (!o) {
            snprintf(err, errlen, "unknown option '--%.*s' (see --help)", (int)len, name);
            return -1;
        }
        const char *val;
        if (o->v.type == V_FLAG) {
            if (eq) {
                snprintf(err, errlen, "--%s takes no value", o->v.name);
                return -1;
            }
            val = "1";
        } else if (eq) {
            val = eq + 1;
        } else if (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) {
            val = argv[++i];
        } else {
            snprintf(err, errlen, "--%s needs a value", o->v.name);
            return -1;
        }
        if (set_option(cfg, o, val, err, errlen))
            return -1;
    }
    return 0;
}

static int parse_run(struct config *cfg, int argc, char **argv, char *err, size_t n)
{
    return options_parse(cfg, CMD_RUN, argc, argv, NULL, err, n);
}

static const struct config_codec codec = {options_to_json, parse_run, config_free};

int options_parse(struct config *cfg, enum command cmd, int argc, char **argv,
                  int *want_help, char *err, size_t errlen)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->cmd = cmd;
    cfg->codec = &codec;
    cfg->pos = calloc((size_t)argc + 1, sizeof *cfg->pos);
    if (!cfg->pos) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (want_help)
        *want_help = 0;
    for (size_t i = 0; i < NOPTIONS; i++) {
        struct option_def buf;
        const struct option_def *o = option_at(i, &buf);
        if (o->v.def && set_option(cfg, o, o->v.def, err, errlen))
            return -1;   /* a bad default is a bug; the unit tests catch it */
    }
    /* crash trials are many and small: their own defaults, overridable */
    if (cmd == CMD_CRASH) {
        for (size_t i = 0; i < NCRASH_DEFAULTS; i++) {
            struct option_def buf;
            const char *name = crash_defaults[i].name;
            if (set_option(cfg, find_option(name, strlen(name), cmd, &buf), crash_defaults[i].value,
                           err, errlen))
                return -1;
        }
    }
    /* a job file's lines, and the preset they or the command line name */
    struct job *job = NULL;
    if (cmd == CMD_RUN && read_job(cfg, argc, argv, &job, err, errlen))
        return -1;
    /* a preset first, so that explicit options override it */
    for (int i = 0; i < argc + (job ? job->n : 0); i++) {
        const char *name = NULL, *a = i < argc ? argv[i] : job->v[i - argc].arg;
        if (strncmp(a, "--preset=", 9) == 0)
            name = a + 9;
        else if (i < argc && strcmp(a, "--preset") == 0 && i + 1 < argc)
            name = argv[i + 1];
        if (!name || cmd != CMD_RUN || (i >= argc && preset_given(argc, argv)))
            continue;
        char where[4300] = "";
        if (i >= argc)
            snprintf(where, sizeof where, "--job %s:%d: ", cfg->job, job->v[i - argc].line);
        if (apply_preset(cfg, name, where, err, errlen))
            return -1;
        if (i >= argc)
            cfg->preset = name;
    }
    char who[4200];
    snprintf(who, sizeof who, "--job %s", cfg->job ? cfg->job : "");
    if (job && apply_job(cfg, job, who, 0, err, errlen))
        return -1;
    if (apply_args(cfg, cmd, argc, argv, 1, want_help, err, errlen))
        return -1;
    /* the library dimension's values are its paths' indexes */
    cfg->dim[DIM_LIB].n = cfg->sqlite_lib.n;
    for (int i = 0; i < cfg->sqlite_lib.n; i++)
        cfg->dim[DIM_LIB].v[i] = i;
    return 0;
}

void config_free(struct config *cfg)
{
    for (int i = 0; i < cfg->sqlite_lib.n; i++)
        free(cfg->sqlite_lib.v[i]);
    for (int i = 0; i < cfg->estimate_from.n; i++)
        free(cfg->estimate_from.v[i]);
    free(cfg->db_dir);
    free(cfg->out);
    free(cfg->compare_baseline);
    free(cfg->metrics);
    free(cfg->baseline);
    free(cfg->probe);
    free(cfg->job);
    free(cfg->save_job);
    free(cfg->shard);
    if (cfg->job_lines) {
        jobfile_free(cfg->job_lines);
        free(cfg->job_lines);
    }
    free(cfg->update_keys);
    free(cfg->need);
    free(cfg->pos);
    memset(cfg, 0, sizeof *cfg);
}

/* ---- generated help and record ---- */

/* A bound of a range as a person reads it: 2^50, not 1125899906842624. */
static const char *bound_str(const struct option_def *o, int64_t v, char *buf, size_t n)
{
    if (v == INT64_MAX)
        snprintf(buf, n, "2^63-1");
    else if (o->v.type == V_BYTES)
        value_bytes_str(v, buf, n);
    else if (v > 1000000 && (v & (v - 1)) == 0)
        snprintf(buf, n, "2^%d", 63 - __builtin_clzll((unsigned long long)v));
    else
        snprintf(buf, n, "%" PRId64, v);
    return buf;
}

static const char *type_hint(const struct option_def *o)
{
    switch (o->v.type) {
    case V_COUNT: return "N";
    case V_BYTES: return "BYTES";
    case V_INT: return "N";
    case V_DURATION: return "TIME";
    case V_ENUM: return "WORD";
    case V_DIST: return "DIST";
    case V_STR: return o->off == O(sqlite_lib) ? "PATH" : "TEXT";
    default: return "";
    }
}

void options_help(enum command cmd)
{
    for (size_t i = 0; i < NOPTIONS; i++) {
        struct option_def buf;
        const struct option_def *o = option_at(i, &buf);
        if (!(o->v.cmds & cmd))
            continue;
        char left[64];
        if (o->v.type == V_FLAG)
            snprintf(left, sizeof left, "--%s", o->v.name);
        else
            snprintf(left, sizeof left, "--%s %s%s", o->v.name, type_hint(o),
                     (o->v.flags & VF_LIST) ? ",..." : "");
        printf("  %-26s %s\n", left, help_of(o, cmd));
        char extra[256] = "";
        size_t len = 0;
        if (o->v.type == V_ENUM) {
            len += (size_t)snprintf(extra + len, sizeof extra - len, "one of:");
            for (int k = 0; o->v.words[k] && len < sizeof extra; k++)
                len += (size_t)snprintf(extra + len, sizeof extra - len, " %s", o->v.words[k]);
            len += (size_t)snprintf(extra + len, sizeof extra - len, "; ");
        } else if (o->v.type == V_COUNT || o->v.type == V_BYTES || o->v.type == V_INT) {
            char lo[32], hi[32];
            len += (size_t)snprintf(extra + len, sizeof extra - len, "range %s..%s; ",
                                    bound_str(o, o->v.min, lo, sizeof lo),
                                    bound_str(o, o->v.max, hi, sizeof hi));
        }
        const char *def = default_of(o, cmd);
        if (len < sizeof extra && (def || o->v.type == V_FLAG))
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
        struct option_def buf;
        const struct option_def *o = option_at(k, &buf);
        if (!(o->v.cmds & cmd) || i-- > 0)
            continue;
        out->name = o->v.name;
        out->arg = o->v.type == V_FLAG ? NULL : type_hint(o);
        out->list = (o->v.flags & VF_LIST) != 0;
        out->words = o->v.type == V_ENUM ? o->v.words : NULL;
        out->special = o->v.special;
        out->def = default_of(o, cmd);
        out->help = help_of(o, cmd);
        return 1;
    }
    return 0;
}

/* --repeat auto[:MAX] as given ("auto" is "auto:20"), into buf; NULL
** when --repeat is a count. */
static const char *repeat_auto_text(const struct config *cfg, char *buf, size_t n)
{
    if (!cfg->repeat_auto)
        return NULL;
    if (cfg->repeat == REPEAT_AUTO_MAX)
        snprintf(buf, n, "auto");
    else
        snprintf(buf, n, "auto:%" PRId64, cfg->repeat);
    return buf;
}

static json_t *list_json(const struct option_def *o, const struct list *l)
{
    json_t *a = json_array();
    char text[64];
    for (int i = 0; i < l->n; i++) {
        if (o->v.special && l->v[i] == o->v.special_value)
            json_array_append_new(a, json_string(o->v.special));
        else if (o->v.type == V_ENUM || o->v.type == V_DIST)
            json_array_append_new(a, json_string(value_text(&o->v, l->v[i], text, sizeof text)));
        else
            json_array_append_new(a, json_integer(l->v[i]));
    }
    return a;
}

void *options_to_json(const struct config *cfg)
{
    json_t *obj = json_object();
    for (size_t i = 0; i < NOPTIONS; i++) {
        struct option_def buf;
        const struct option_def *o = option_at(i, &buf);
        const char *field = (const char *)cfg + o->off;
        char text[32];
        json_t *v;
        if (!(o->v.cmds & cfg->cmd) || o->off == O(job) || o->off == O(save_job))
            continue;
        if (o->v.type == V_STR && (o->v.flags & VF_LIST)) {
            const struct strlist *sl = (const struct strlist *)field;
            v = json_array();
            for (int k = 0; k < sl->n; k++)
                json_array_append_new(v, json_string(sl->v[k]));
        } else if (o->v.type == V_STR) {
            const char *s = *(const char *const *)field;
            v = s ? json_string(s) : json_null();
        } else if (o->v.flags & VF_LIST) {
            v = list_json(o, (const struct list *)field);
        } else if (o->v.type == V_FLAG) {
            v = json_boolean(*(const int *)field);
        } else if (o->v.type == V_ENUM) {
            v = json_string(o->v.words[*(const int *)field]);
        } else if (o->off == O(repeat) && repeat_auto_text(cfg, text, sizeof text)) {
            v = json_string(text);
        } else {
            int64_t x = *(const int64_t *)field;
            v = (o->v.special && x == o->v.special_value) ? json_string(o->v.special)
                                                           : json_integer(x);
        }
        json_object_set_new(obj, o->v.name, v);
    }
    return obj;
}

/* The option's value in cfg as a job file writes it (value_human's words
** and numbers, lists joined by commas) into buf; 0, or 1 to leave the
** option out (a flag off, a text not set). */
static int job_value(const struct config *cfg, const struct option_def *o, char *buf, size_t n)
{
    const char *field = (const char *)cfg + o->off;
    size_t len = 0;
    buf[0] = 0;
    if (o->v.type == V_FLAG)
        return *(const int *)field ? 0 : 1;
    if (o->v.type == V_STR && (o->v.flags & VF_LIST)) {
        const struct strlist *sl = (const struct strlist *)field;
        for (int k = 0; k < sl->n && len < n; k++)
            len += (size_t)snprintf(buf + len, n - len, "%s%s", k ? "," : "", sl->v[k]);
        return sl->n ? 0 : 1;
    }
    if (o->v.type == V_STR) {
        const char *s = *(const char *const *)field;
        if (s)
            snprintf(buf, n, "%s", s);
        return s ? 0 : 1;
    }
    char item[64];
    if (o->v.flags & VF_LIST) {
        const struct list *l = (const struct list *)field;
        for (int k = 0; k < l->n && len < n; k++)
            len += (size_t)snprintf(buf + len, n - len, "%s%s", k ? "," : "",
                                    value_human(&o->v, l->v[k], item, sizeof item));
        return l->n ? 0 : 1;
    }
    int64_t v = o->v.type == V_ENUM ? *(const int *)field : *(const int64_t *)field;
    if (o->off == O(repeat) && repeat_auto_text(cfg, buf, n))
        return 0;
    snprintf(buf, n, "%s", value_human(&o->v, v, item, sizeof item));
    return 0;
}

int options_save_job(const struct config *cfg, FILE *f)
{
    fprintf(f, "# sqlsoak job file: the options of a run, one a line; run it with\n"
               "# sqlsoak run --job FILE (options given there override these)\n");
    for (size_t i = 0; i < NOPTIONS; i++) {
        struct option_def buf;
        const struct option_def *o = option_at(i, &buf);
        char val[8192];
        if (!(o->v.cmds & CMD_RUN) || o->off == O(job) || o->off == O(save_job) ||
            o->off == O(preset) || job_value(cfg, o, val, sizeof val))
            continue;
        if (o->v.type == V_FLAG)
            fprintf(f, "%s\n", o->v.name);
        else if (strpbrk(val, "#;\"") || val[0] == ' ' || (val[0] && val[strlen(val) - 1] == ' '))
            fprintf(f, "%s = \"%s\"\n", o->v.name, val);
        else
            fprintf(f, "%s = %s\n", o->v.name, val);
    }
    return fflush(f) == 0 && !ferror(f) ? 0 : -1;
}

int options_save_job_file(const struct config *cfg, const char *path, char *err, size_t n)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    int rc = f ? options_save_job(cfg, f) : -1;
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc)
        snprintf(err, n, "out of memory");
    else
        rc = jobfile_write(path, text, len, err, n);
    free(text);
    return rc;
}
