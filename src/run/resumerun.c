/*
** resumerun: the run `sqlsoak resume` carries on, as its run.json
** recorded it: whether it is unfinished (or failed with a verify the
** watchdog cut short), and its command line read back, every byte
** (runjson.h), into options that must be those run.json recorded, so that
** an edited command_line that would change the plan is refused, not run.
** Checks only: no file of the folder is changed here, but for its lock
** (owner.h), taken once the run is known unfinished.
*/
#include "resumerun.h"
#include "csvin.h"
#include "folder.h"
#include "metrics.h"
#include "owner.h"
#include "runkey.h"
#include "session.h"

#include <assert.h>
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The original command line, as argv (free with runjson_free_argv). */
static int original_argv(struct runjson *rj, char ***argv, int *argc, char *err, size_t errlen)
{
    if (!(*argv = runjson_command_line(rj, argc, err, errlen)))
        return -1;
    if (*argc < 2 || strcmp((*argv)[1], "run") != 0) {
        snprintf(err, errlen, "run.json: the command line is not a sqlsoak run");
        return -1;
    }
    return 0;
}

/* A run that read a job file reads again the copy its folder keeps
** (jobfile_copy), wherever the file it was given has gone.  0, or -1 with
** err. */
static int use_job_copy(const char *out, char **argv, int argc, char *err, size_t errlen)
{
    char copy[4200], *arg = NULL;
    assert(argc >= 2);          /* original_argv: "sqlsoak run ..." */
    snprintf(copy, sizeof copy, "%s/job.conf", out);
    for (int i = 2; i < argc; i++) {
        int joined = strncmp(argv[i], "--job=", 6) == 0;
        if (!joined && (strcmp(argv[i], "--job") != 0 || i + 1 >= argc))
            continue;
        if (!joined)
            i++;
        if (!(arg = malloc(strlen(copy) + 7))) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
        sprintf(arg, "%s%s", joined ? "--job=" : "", copy);
        free(argv[i]);
        argv[i] = arg;
    }
    if (arg && access(copy, R_OK) != 0) {
        snprintf(err, errlen, "%s: %s: the run read a job file, whose copy is gone: cannot resume",
                 copy, strerror(errno));
        return -1;
    }
    return 0;
}

/* Whether an option's value now is the one recorded, rec: an older
** sqlsoak recorded --repeat auto:MAX ("auto:5" now) as MAX alone (5). */
static int same_value(json_t *now, json_t *rec, const struct config *cfg)
{
    const char *text = json_string_value(now);
    return json_equal(now, rec) || (cfg->repeat_auto && text && strncmp(text, "auto", 4) == 0 &&
                                    json_is_integer(rec) && json_integer_value(rec) == cfg->repeat);
}

static int is_absent(const char *key, json_t *now);

/* The options the command line gives against those run.json recorded:
** every option as recorded, and one an older sqlsoak did not record at
** its default (a dimension's: or at what its files are read as).  So an option edited into command_line that changes the
** plan (--page-size 8k,4k) is refused, not run.  0, or -1 with err. */
static int same_options(const struct config *cfg, json_t *root, char *err, size_t errlen)
{
    struct config defaults;
    json_t *rec = json_object_get(root, RUNKEY_OPTIONS);
    json_t *now = cfg->codec->to_json(cfg), *def = NULL, *v;
    const char *key, *bad = NULL;
    if (cfg->codec->parse_run(&defaults, 0, NULL, err, errlen) == 0)
        def = cfg->codec->to_json(&defaults);
    cfg->codec->release(&defaults);
    if (!json_is_object(rec) || !now || !def) {
        snprintf(err, errlen, "run.json: no options recorded to check command_line against");
        bad = "";
    }
    json_object_foreach(now, key, v) {
        json_t *want = json_object_get(rec, key);
        if (!bad && !same_value(v, want ? want : json_object_get(def, key), cfg) &&
            !(!want && is_absent(key, v)))
            bad = key;
    }
    json_object_foreach(rec, key, v)
        if (!bad && !json_object_get(now, key))
            bad = key;
    if (bad && bad[0])
        snprintf(err, errlen, "run.json: command_line gives other options than the run recorded "
                 "(--%s): cannot resume", bad);
    json_decref(now);
    json_decref(def);
    return bad ? -1 : 0;
}

/* An option's recorded value as a command line gives it: a list's items
** joined by commas, a word or a number; NULL for any other value. */
static char *option_text(json_t *v)
{
    char text[4096] = "";
    size_t len = 0, i;
    json_t *item;
    if (!json_is_array(v))
        v = json_pack("[O]", v);
    else
        json_incref(v);
    json_array_foreach(v, i, item) {
        if (len >= sizeof text || !(json_is_string(item) || json_is_integer(item)))
            break;
        len += json_is_string(item)
                   ? (size_t)snprintf(text + len, sizeof text - len, "%s%s", i ? "," : "",
                                      json_string_value(item))
                   : (size_t)snprintf(text + len, sizeof text - len, "%s%" JSON_INTEGER_FORMAT,
                                      i ? "," : "", json_integer_value(item));
    }
    int whole = v && i == json_array_size(v) && i > 0 && len < sizeof text;
    json_decref(v);
    return whole ? strdup(text) : NULL;
}

/* The dimension whose option is key, or -1. */
static int dim_of_option(const char *key)
{
    for (int d = 0; d < DIM_COUNT; d++)
        if (strcmp(dim_table[d].opt.name, key) == 0)
            return d;
    return -1;
}

/* The value option key had before an older sqlsoak had it (dims.h's
** absent, for a dimension): a run without --interleave ran its cells
** one after another; NULL when none differs from its default. */
static const char *absent_value(const char *key)
{
    int d = dim_of_option(key);
    if (d >= 0)
        return dim_table[d].absent;
    return strcmp(key, RUNKEY_OPT_INTERLEAVE) == 0 ? "off" : NULL;
}

/* 1 when now, the value of option key, is what files of an older sqlsoak
** without it are read as. */
static int is_absent(const char *key, json_t *now)
{
    const char *absent = absent_value(key);
    char *text = absent ? option_text(now) : NULL;
    int same = text && strcmp(text, absent) == 0;
    free(text);
    return same;
}

/* An option an older sqlsoak did not have, key, at value now: the value
** its files are read as (as secure_delete's "default", the library's
** own; --interleave's off) where that is another; else NULL. */
static char *absent_text(const char *key, json_t *now)
{
    const char *absent = absent_value(key);
    return absent && !is_absent(key, now) ? strdup(absent) : NULL;
}

/* Options the command line left at a default that has changed since the
** run was recorded (a cache_size it left to the library, now -2000): each
** given after the command line with its recorded value, so that the run
** resumes as it began; and a dimension it did not have, at the value its
** files are read as.  Returns how many were added to *argv (*argc grown),
** or -1 out of memory. */
static int recorded_defaults(const struct config *cfg, json_t *root, char ***argv, int *argc)
{
    struct config defaults;
    char err[256];
    json_t *rec = json_object_get(root, RUNKEY_OPTIONS), *now = cfg->codec->to_json(cfg), *v;
    json_t *def = NULL;
    const char *key;
    int added = 0;
    if (cfg->codec->parse_run(&defaults, 0, NULL, err, sizeof err) == 0)
        def = cfg->codec->to_json(&defaults);
    cfg->codec->release(&defaults);
    json_object_foreach(now, key, v) {
        json_t *was = json_object_get(rec, key);
        /* only where the command line left the default: an option it
        ** gives otherwise than recorded, or than its files are read as,
        ** is refused (same_options) */
        char *text = was && !json_equal(was, v) && json_equal(v, json_object_get(def, key))
                         ? option_text(was)
                         : NULL;
        if (!was && json_equal(v, json_object_get(def, key)))
            text = absent_text(key, v);
        char **grown = text ? realloc(*argv, sizeof **argv * (size_t)(*argc + 2)) : NULL;
        char *arg = grown ? malloc(strlen(key) + strlen(text) + 4) : NULL;
        if (grown)
            *argv = grown;
        if (text && !arg) {
            free(text);
            added = -1;
            break;
        }
        if (!arg)
            continue;
        sprintf(arg, "--%s=%s", key, text);
        free(text);
        (*argv)[(*argc)++] = arg;
        (*argv)[*argc] = NULL;
        added++;
    }
    json_decref(now);
    json_decref(def);
    return added;
}

/* A cell recorded hung with every chunk recorded, in a run with --verify:
** the watchdog killed it after its chunks, in its verify (or as it
** closed), so no verdict on its table was reached and the verify can run
** again on its kept database.  A verify that ended (verify_failed: values
** found wrong) is a verdict, and is never run again. */
int resumerun_verify_unfinished(const char *status, int64_t chunks, int64_t rows,
                                int64_t chunk, int verify)
{
    assert(status);
    return verify && chunk > 0 && strcmp(status, "hung") == 0 &&
           chunks == (rows + chunk - 1) / chunk;
}

/* The failed run of rj has a cell verify_unfinished in out/summary.csv?
** (Read before the folder is taken, from run.json's options.) */
static int failed_in_verify(struct runjson *rj, const char *out)
{
    json_t *opts = json_object_get(runjson_root(rj), RUNKEY_OPTIONS);
    int64_t rows = json_integer_value(json_object_get(opts, RUNKEY_OPT_ROWS));
    int64_t chunk = json_integer_value(json_object_get(opts, RUNKEY_OPT_CHUNK));
    int verify = json_is_true(json_object_get(opts, RUNKEY_OPT_VERIFY));
    char path[4200], err[256];
    struct csvin t;
    int found = 0;
    snprintf(path, sizeof path, "%s/summary.csv", out);
    if (!verify || csvin_read(path, CSV_SUMMARY, &t, err, sizeof err) != 0)
        return 0;
    for (int i = 0; i < t.nrows && !found; i++) {
        const char *st = csvin_str(&t, CSV_SUMMARY, i, COL_status);
        found = st && resumerun_verify_unfinished(st, csvin_int(&t, CSV_SUMMARY, i, COL_chunks, -1),
                                                rows, chunk, verify);
    }
    csvin_free(&t);
    return found;
}

/* 0 when the run of rj did not finish, or failed with a verify left
** unfinished by the watchdog: resumable; else -1 with err. */
static int unfinished(struct runjson *rj, const char *out, char *err, size_t errlen)
{
    static const char *const resumable[] = {"running", "interrupted", "disk_full", "io_error"};
    const char *was = json_string_value(json_object_get(runjson_root(rj), RUNKEY_STATUS));
    for (size_t i = 0; i < sizeof resumable / sizeof *resumable; i++)
        if (strcmp(was, resumable[i]) == 0)
            return 0;
    if (strcmp(was, "failed") == 0 && failed_in_verify(rj, out))
        return 0;
    snprintf(err, errlen, "%s: the run has finished (status %s): nothing to resume", out, was);
    return -1;
}

/* Every path of the run's options absolute (a library named without a
** slash is found by the loader, not in the working folder)? */
static int paths_absolute(const struct config *cfg)
{
    for (int i = 0; i < cfg->sqlite_lib.n; i++)
        if (strchr(cfg->sqlite_lib.v[i], '/') && cfg->sqlite_lib.v[i][0] != '/')
            return 0;
    return cfg->db_dir[0] == '/' && (!cfg->metrics || cfg->metrics[0] == '/');
}

/* A relative --metrics of the command line as run recorded it in run.json's
** options: absolute, for the working folder may be gone.  (Folders of
** 0.2.0 recorded it as given.)  0, or -1 out of memory. */
static int recorded_metrics(struct config *cfg, json_t *root)
{
    json_t *opts = json_object_get(root, RUNKEY_OPTIONS);
    const char *rec = json_string_value(json_object_get(opts, RUNKEY_OPT_METRICS));
    if (!cfg->metrics || cfg->metrics[0] == '/' || !rec || rec[0] != '/' ||
        strcmp(folder_basename(rec), folder_basename(cfg->metrics)) != 0)
        return 0;
    free(cfg->metrics);
    return (cfg->metrics = strdup(rec)) ? 0 : -1;
}

/* --metrics checked as run checks it (metrics.h), and made absolute. */
static int check_metrics(struct config *cfg, char *err, size_t errlen)
{
    char abs[PATH_MAX];
    if (!cfg->metrics)
        return 0;
    if (metrics_check(cfg->metrics, abs, sizeof abs, err, errlen))
        return -1;
    free(cfg->metrics);
    if (!(cfg->metrics = strdup(abs))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

/* The folder's run: unfinished, owned by this process from here on, its
** command line read back into options that are those run.json recorded,
** its libraries loaded and its plan built.  0, or -1 with err. */
int resumerun_read(struct runner *r, struct config *cfg, const char *out,
                   const struct config *args, struct resumerun *run, char *err, size_t errlen)
{
    assert(args->npos == 1 && out[0] == '/');   /* resume_open's checks and realpath */
    /* an unfinished run (checked before its lock file is made, so that a
    ** finished folder of an older sqlsoak stays untouched), then its owner
    ** for good: a second resume stops here, having changed nothing; run.json
    ** is read again under the lock, as its last owner left it */
    if (!(r->rj = runjson_load(out, err, errlen)) || unfinished(r->rj, out, err, errlen) ||
        (r->owner_fd = owner_take(out, 0, err, errlen)) < 0)
        return -1;
    runjson_free(r->rj);
    if (!(r->rj = runjson_load(out, err, errlen)) || unfinished(r->rj, out, err, errlen))
        return -1;
    json_t *root = runjson_root(r->rj);
    if (runjson_cwd(r->rj, &run->cwd) != 0) {
        snprintf(err, errlen,
                 "run.json: cwd is neither a string nor {\"hex\": bytes}: cannot resume");
        return -1;
    }
    const char *db_name = json_string_value(json_object_get(root, RUNKEY_DB_NAME));
    if (original_argv(r->rj, &run->argv, &run->argc, err, errlen) ||
        use_job_copy(out, run->argv, run->argc, err, errlen))
        return -1;
    int cwd_gone = run->cwd && chdir(run->cwd) != 0, cwd_errno = errno;
    if (args->codec->parse_run(cfg, run->argc - 2, run->argv + 2, err, errlen))
        return -1;
    int added = recorded_defaults(cfg, root, &run->argv, &run->argc);
    if (added < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (added > 0) {
        args->codec->release(cfg);
        if (args->codec->parse_run(cfg, run->argc - 2, run->argv + 2, err, errlen))
            return -1;
    }
    if (recorded_metrics(cfg, root) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (same_options(cfg, root, err, errlen))
        return -1;
    if (cwd_gone && !paths_absolute(cfg)) {
        snprintf(err, errlen, "the run's working folder %s is gone (%s), and its --db-dir, "
                 "--sqlite-lib or --metrics was given relative to it: cannot resume", run->cwd,
                 strerror(cwd_errno));
        return -1;
    }
    if (check_metrics(cfg, err, errlen))
        return -1;
    free(cfg->out);
    cfg->out = strdup(out);
    cfg->progress = args->progress;
    cfg->no_plot |= args->no_plot;      /* resume's own --no-plot: the graphs left for later */
    r->cfg = cfg;
    r->prog = args->prog;
    snprintf(r->out, sizeof r->out, "%s", out);
    snprintf(r->db_dir, sizeof r->db_dir, "%s", cfg->db_dir);
    if (db_name)
        snprintf(r->run_name, sizeof r->run_name, "%s", db_name);
    else    /* a folder of an older sqlsoak: its databases named by the folder */
        folder_safe_name(folder_basename(out), r->run_name, sizeof r->run_name);
    /* as the run began: its options record what ran (chunk or off) */
    r->lockstep = cfg->interleave == IL_CHUNK;
    const char *why = json_string_value(json_object_get(root, RUNKEY_INTERLEAVE_WHY));
    snprintf(r->lockstep_why, sizeof r->lockstep_why, "%s", why ? why : "as the run began");
    return session_plan(r, err, errlen);
}
