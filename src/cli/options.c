/*
** options: the command line parsed into struct config (defaults, a job
** file, a preset, the arguments), and what is generated from the option
** table (--help, the effective-config record, a job file).  See options.h.
*/
#include "options.h"

#include "datadir.h"
#include "jobfile.h"
#include "optionargs.h"
#include "optiontable.h"
#include "preset.h"
#include "sqlitecache.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --name on the command line? */
static int given(int argc, char **argv, const char *name)
{
    size_t len = strlen(name);
    for (int i = 0; i < argc; i++)
        if (strncmp(argv[i], "--", 2) == 0 && strncmp(argv[i] + 2, name, len) == 0 &&
            (argv[i][2 + len] == '=' || argv[i][2 + len] == 0))
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
        else if (optionargs_apply(cfg, CMD_RUN, 1, &a, 0, NULL, why, sizeof why) == 0)
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

/* Appends to cfg->followed that the default of option (--name) yielded: it
** is value, because why. */
static void note_followed(struct config *cfg, const char *name, int64_t value, const char *why)
{
    size_t len = strlen(cfg->followed);
    snprintf(cfg->followed + len, sizeof cfg->followed - len, "%s%s %" PRId64 " (%s)",
             len ? "; " : "", name, value, why);
}

/* Defaults that follow what was given (a preset's or a job file's value
** counts as given): --rows and --chunk, 0 until given, take their
** defaults unless an option given contradicts them, and then yield to
** it, so that no error names an option the user never gave. */
static void follow_given(struct config *cfg, int64_t rows_default, int64_t chunk_default)
{
    if (!cfg->rows) {
        cfg->rows = rows_default;
        if (cfg->chunk > cfg->rows) {
            cfg->rows = cfg->chunk;
            note_followed(cfg, "--rows", cfg->rows, "--chunk is above its default");
        } else if (cfg->target_rows && cfg->target_rows < cfg->rows &&
                   cfg->target_rows >= cfg->chunk) {
            cfg->rows = cfg->target_rows;
            note_followed(cfg, "--rows", cfg->rows, "--target-rows is below its default");
        }
    }
    if (!cfg->chunk) {
        cfg->chunk = chunk_default < cfg->rows ? chunk_default : cfg->rows;
        if (cfg->chunk < chunk_default)
            note_followed(cfg, "--chunk", cfg->chunk, "--rows is below its default");
    }
}

static int parse_run(struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    return options_parse(cfg, CMD_RUN, argc, argv, NULL, err, errlen);
}

static const struct config_codec codec = {options_to_json, parse_run, config_free,
                                          options_save_job_file, options_job_where};

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
    for (size_t i = 0; i < optiontable_count(); i++) {
        struct option_def buf;
        const struct option_def *o = optiontable_at(i, &buf);
        if (o->v.def && optionargs_set(cfg, o, o->v.def, err, errlen))
            return -1;   /* a bad default is a bug; the unit tests catch it */
    }
    /* crash trials are many and small: their own defaults, overridable */
    if (cmd == CMD_CRASH) {
        const char *name, *value;
        for (size_t i = 0; (name = optiontable_crash_default(i, &value)); i++) {
            struct option_def buf;
            if (optionargs_set(cfg, optiontable_find(name, strlen(name), cmd, &buf), value, err,
                               errlen))
                return -1;
        }
    }
    /* 0: not given (neither can be), until follow_given */
    int64_t rows_default = cfg->rows, chunk_default = cfg->chunk;
    cfg->rows = cfg->chunk = 0;
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
        if (!name || cmd != CMD_RUN || (i >= argc && given(argc, argv, "preset")))
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
    if (optionargs_apply(cfg, cmd, argc, argv, 1, want_help, err, errlen))
        return -1;
    follow_given(cfg, rows_default, chunk_default);
    /* release numbers, ranges and "latest" as the libraries they name */
    if (!(want_help && *want_help) && sqlitecache_resolve(cfg, err, errlen))
        return -1;
    /* the library dimension's values are its paths' indexes */
    cfg->dim[DIM_LIB].n = cfg->sqlite_lib.n;
    for (int i = 0; i < cfg->sqlite_lib.n; i++)
        cfg->dim[DIM_LIB].v[i] = i;
    return 0;
}

void options_job_where(const struct config *cfg, int argc, char **argv, char *err,
                       size_t errlen)
{
    const struct job *job = cfg->job_lines;
    static const char name_chars[] = "abcdefghijklmnopqrstuvwxyz0123456789-";
    char name[64];
    size_t len = strncmp(err, "--", 2) == 0 ? strspn(err + 2, name_chars) : 0;
    if (!job || !len || len >= sizeof name || (err[2 + len] != ' ' && err[2 + len] != ':'))
        return;
    snprintf(name, sizeof name, "%.*s", (int)len, err + 2);
    if (given(argc, argv, name))
        return;                           /* the command line's value, not the file's */
    int line = 0;
    for (int i = 0; i < job->n; i++)      /* the last line applied is the value */
        if (strncmp(job->v[i].arg + 2, name, len) == 0 &&
            (job->v[i].arg[2 + len] == '=' || !job->v[i].arg[2 + len]))
            line = job->v[i].line;
    if (!line)
        return;
    char why[1024];
    snprintf(why, sizeof why, "%s", err);
    snprintf(err, errlen, "--job %s:%d: %s", cfg->job, line, why);
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
    free(cfg->results_db);
    free(cfg->metrics);
    free(cfg->baseline);
    free(cfg->probe);
    free(cfg->sqlite_mirror);
    free(cfg->sqlite_cache);
    free(cfg->job);
    free(cfg->save_job);
    free(cfg->shard);
    if (cfg->job_lines) {
        jobfile_free(cfg->job_lines);
        free(cfg->job_lines);
    }
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
    case V_KEYS: return "KEYS";
    case V_STR: return o->off == offsetof(struct config, sqlite_lib) ? "PATH" : "TEXT";
    default: return "";
    }
}

void options_help(enum command cmd)
{
    for (size_t i = 0; i < optiontable_count(); i++) {
        struct option_def buf;
        const struct option_def *o = optiontable_at(i, &buf);
        if (!(o->v.cmds & cmd))
            continue;
        char left[64];
        if (o->v.type == V_FLAG)
            snprintf(left, sizeof left, "--%s", o->v.name);
        else
            snprintf(left, sizeof left, "--%s %s%s", o->v.name, type_hint(o),
                     (o->v.flags & VF_LIST) ? ",..." : "");
        printf("  %-26s %s\n", left, optiontable_help(o, cmd));
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
        const char *def = optiontable_default(o, cmd);
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
    for (size_t k = 0; k < optiontable_count(); k++) {
        struct option_def buf;
        const struct option_def *o = optiontable_at(k, &buf);
        if (!(o->v.cmds & cmd) || i-- > 0)
            continue;
        out->name = o->v.name;
        out->arg = o->v.type == V_FLAG ? NULL : type_hint(o);
        out->list = (o->v.flags & VF_LIST) != 0;
        out->words = o->v.type == V_ENUM ? o->v.words : NULL;
        out->special = o->v.special;
        out->def = optiontable_default(o, cmd);
        out->help = optiontable_help(o, cmd);
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
    for (size_t i = 0; i < optiontable_count(); i++) {
        struct option_def buf;
        const struct option_def *o = optiontable_at(i, &buf);
        const char *field = (const char *)cfg + o->off;
        char text[32];
        json_t *v;
        if (!(o->v.cmds & cfg->cmd) || o->off == offsetof(struct config, job) ||
            o->off == offsetof(struct config, save_job))
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
        } else if (o->v.type == V_KEYS) {
            v = json_string(value_text(&o->v, *(const int64_t *)field, text, sizeof text));
        } else if (o->off == offsetof(struct config, repeat) &&
                   repeat_auto_text(cfg, text, sizeof text)) {
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
    if (o->off == offsetof(struct config, repeat) && repeat_auto_text(cfg, buf, n))
        return 0;
    snprintf(buf, n, "%s", value_human(&o->v, v, item, sizeof item));
    return 0;
}

int options_save_job(const struct config *cfg, FILE *f)
{
    fprintf(f, "# sqlsoak job file: the options of a run, one a line; run it with\n"
               "# sqlsoak run --job FILE (options given there override these)\n");
    for (size_t i = 0; i < optiontable_count(); i++) {
        struct option_def buf;
        const struct option_def *o = optiontable_at(i, &buf);
        char val[8192];
        if (!(o->v.cmds & CMD_RUN) || o->off == offsetof(struct config, job) ||
            o->off == offsetof(struct config, save_job) ||
            o->off == offsetof(struct config, preset) || job_value(cfg, o, val, sizeof val))
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

int options_save_job_file(const struct config *cfg, const char *path, char *err, size_t errlen)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    int rc = f ? options_save_job(cfg, f) : -1;
    if (f && fclose(f) != 0)
        rc = -1;
    if (rc)
        snprintf(err, errlen, "out of memory");
    else
        rc = jobfile_write(path, text, len, err, errlen);
    free(text);
    return rc;
}
