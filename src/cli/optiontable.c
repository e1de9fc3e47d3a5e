/*
** optiontable: the one table of every option, in --help order, and the
** lookups every use of it goes through.  See optiontable.h.
*/
#include "optiontable.h"

#include "dims.h"
#include "modes.h"
#include "nearest.h"

#include <stdint.h>
#include <string.h>

static const char *const progress_names[] = {"auto", "always", "never", NULL};
static const char *const on_error_names[] = {"continue", "stop", NULL};

#define RUNLIKE (CMD_RUN | CMD_CRASH)

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
      "rows to insert per cell (decimal suffixes: 100M = 100,000,000); not given: the "
      "default, or --chunk if that is more, or --target-rows if that is less"}, O(rows)},
    {{"chunk", V_COUNT, 0, "1M", 1, (int64_t)1 << 50, NULL, NULL, 0, RUNLIKE,
      "rows per chunk: one write phase and one read phase each; not given: the default, "
      "or --rows if that is less"}, O(chunk)},
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
    {{"update-keys", V_KEYS, 0, "uniform", 0, INT64_MAX, NULL, NULL, 0, RUNLIKE,
      "rows --updates rewrites: uniform (a block of all rows so far, from the seed) or "
      "hot:K (the first K rows, again and again, in turn)"}, O(update_hot)},
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
    {{"bisect", V_FLAG, 0, NULL, 0, 1, NULL, NULL, 0, CMD_RUN,
      "of a ladder of libraries, run the two ends, then the middle of each interval whose "
      "ends differ, down to neighbours; the rest are skipped"}, O(bisect)},
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
    {{"out", V_STR, 0, NULL, 0, 0, NULL, NULL, 0,
      RUNLIKE | CMD_COMPARE | CMD_MERGE | CMD_HISTORY,
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
    {{"interleave", V_ENUM, 0, "auto", 0, 0, interleave_names, NULL, 0, CMD_RUN,
      "the cells of a round in lockstep chunk by chunk in alternating order (chunk), so that "
      "a one-round matrix is decided from its chunk pairs, or one after another (off); auto: "
      "in lockstep when a round's databases fit the free disk together"},
     O(interleave)},
    {{"watchdog", V_DURATION, 0, "auto", 1, 366 * 86400, NULL, "auto", 0, CMD_RUN,
      "kill a cell whose process shows no progress for this long, recorded hung (auto: 10x "
      "its slowest chunk, at least 1m, times the chunks --verify reads; 1h before its first "
      "chunk)"}, O(watchdog_s)},
    {{"no-plot", V_FLAG, 0, NULL, 0, 1, NULL, NULL, 0,
      CMD_RUN | CMD_COMPARE | CMD_RESUME | CMD_CRASH | CMD_MERGE,
      "do not draw the graphs at the end"},
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
    {{"db", V_STR, 0, NULL, 0, 0, NULL, NULL, 0, CMD_DB | CMD_HISTORY,
      "the results database (default: $XDG_DATA_HOME/sqlsoak/results.db, else "
      "~/.local/share/sqlsoak/results.db)"}, O(results_db)},
    {{"format", V_ENUM, 0, "markdown", 0, 0, report_format_names, NULL, 0, CMD_REPORT | CMD_HISTORY,
      "markdown: GitHub-flavoured, for pasting into an issue; json: one object, for a program"}, O(report_format)},
    {{"mirror", V_STR, 0, "https://sqlite.org", 0, 0, NULL, NULL, 0, CMD_SQLITE,
      "the address sqlite get downloads from: sqlite.org or a mirror of its files"},
     O(sqlite_mirror)},
    {{"cache", V_STR, 0, NULL, 0, 0, NULL, NULL, 0, CMD_SQLITE,
      "the folder of the built releases (default: $SQLSOAK_CACHE, else "
      "$XDG_CACHE_HOME/sqlsoak/sqlite, else ~/.cache/sqlsoak/sqlite)"}, O(sqlite_cache)},
};
#define NHEAD (sizeof head_table / sizeof head_table[0])
#define NTAIL (sizeof tail_table / sizeof tail_table[0])
#define NOPTIONS (NHEAD + DIM_COUNT + NTAIL)

size_t optiontable_count(void)
{
    return NOPTIONS;
}

const struct option_def *optiontable_at(size_t i, struct option_def *buf)
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

const char *optiontable_crash_default(size_t i, const char **value)
{
    if (i >= NCRASH_DEFAULTS)
        return NULL;
    *value = crash_defaults[i].value;
    return crash_defaults[i].name;
}

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
    {CMD_HISTORY, "out", "a folder for the history as a page (report.html) with a graph per "
                         "series' cell, and the data drawn; never overwritten"},
};

const char *optiontable_help(const struct option_def *o, enum command cmd)
{
    for (size_t i = 0; i < sizeof help_overrides / sizeof *help_overrides; i++)
        if ((help_overrides[i].cmd & cmd) && strcmp(help_overrides[i].name, o->v.name) == 0)
            return help_overrides[i].help;
    return o->v.help;
}

const char *optiontable_default(const struct option_def *o, enum command cmd)
{
    if (cmd == CMD_CRASH)
        for (size_t i = 0; i < NCRASH_DEFAULTS; i++)
            if (strcmp(crash_defaults[i].name, o->v.name) == 0)
                return crash_defaults[i].value;
    return o->v.def;
}

const struct option_def *optiontable_find(const char *name, size_t len, enum command cmd,
                                          struct option_def *buf)
{
    for (size_t i = 0; i < NOPTIONS; i++) {
        const struct option_def *o = optiontable_at(i, buf);
        if (strlen(o->v.name) == len && strncmp(o->v.name, name, len) == 0 && (o->v.cmds & cmd))
            return o;
    }
    return NULL;
}

const char *optiontable_nearest(const char *name, size_t len, enum command cmd)
{
    struct nearest near;
    nearest_init(&near, name, len);
    for (size_t i = 0; i < NOPTIONS; i++) {
        struct option_def buf;
        const struct option_def *o = optiontable_at(i, &buf);
        if (o->v.cmds & cmd)
            nearest_offer(&near, o->v.name);   /* a name of the tables, not of buf */
    }
    return nearest_word(&near);
}
