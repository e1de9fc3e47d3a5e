/*
** runjson: see runjson.h.
*/
#include "runjson.h"
#include "devinfo.h"
#include "telemetry.h"

#include <ctype.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef SQLSOAK_VERSION
#error "SQLSOAK_VERSION is set by the Makefile, from the VERSION file"
#endif

struct runjson {
    json_t *root;
    json_t *cells;
    json_t *libraries;
};

static json_t *now_iso(void)
{
    char buf[64];
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return json_string(buf);
}

/* An argument as command_line records it: a string when it is UTF-8,
** else {"hex": its bytes in hex}, so that every byte comes back.  NULL
** when out of memory. */
static json_t *arg_json(const char *a)
{
    json_t *text = json_string(a);
    if (text)
        return text;
    size_t len = strlen(a);
    char *hex = malloc(2 * len + 1);
    if (!hex)
        return NULL;
    for (size_t i = 0; i < len; i++)
        snprintf(hex + 2 * i, 3, "%02x", (unsigned char)a[i]);
    json_t *o = json_pack("{s:s}", "hex", hex);
    free(hex);
    return o;
}

/* The argument of a command_line element (a string, or {"hex": ...} of
** bytes, none 0), malloc'd; NULL when it is neither. */
static char *arg_text(json_t *v)
{
    if (json_is_string(v))
        return strdup(json_string_value(v));
    const char *hex = json_string_value(json_object_get(v, "hex"));
    size_t len = hex ? strlen(hex) : 0;
    if (!json_is_object(v) || json_object_size(v) != 1 || !hex || len % 2)
        return NULL;
    char *a = malloc(len / 2 + 1);
    for (size_t i = 0; a && i < len / 2; i++) {
        unsigned byte;
        if (!isxdigit((unsigned char)hex[2 * i]) || !isxdigit((unsigned char)hex[2 * i + 1]) ||
            sscanf(hex + 2 * i, "%2x", &byte) != 1 || byte == 0) {
            free(a);
            return NULL;
        }
        a[i] = (char)byte;
    }
    if (a)
        a[len / 2] = 0;
    return a;
}

char **runjson_command_line(struct runjson *r, int *argc, char *err, size_t n)
{
    json_t *cl = json_object_get(r->root, "command_line");
    size_t k = json_array_size(cl);
    char **argv = calloc(k + 1, sizeof *argv);
    *argc = 0;
    if (!argv) {
        snprintf(err, n, "out of memory");
        return NULL;
    }
    for (size_t i = 0; i < k; i++)
        if (!(argv[i] = arg_text(json_array_get(cl, i)))) {
            snprintf(err, n, "run.json: command_line[%zu] is neither a string nor {\"hex\": "
                     "bytes}: cannot read the command exactly", i);
            runjson_free_argv(argv);
            return NULL;
        }
    *argc = (int)k;
    return argv;
}

int runjson_cwd(struct runjson *r, char **cwd)
{
    json_t *v = json_object_get(r->root, "cwd");
    *cwd = v ? arg_text(v) : NULL;
    return v && !*cwd ? -1 : 0;
}

void runjson_free_argv(char **argv)
{
    for (size_t i = 0; argv && argv[i]; i++)
        free(argv[i]);
    free(argv);
}

struct runjson *runjson_new(const struct config *cfg, int argc, char **argv)
{
    struct runjson *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    json_t *cmd = json_array();
    int whole = cmd != NULL;
    for (int i = 0; i < argc && whole; i++)
        whole = json_array_append_new(cmd, arg_json(argv[i])) == 0;
    if (!whole) {
        json_decref(cmd);
        free(r);
        return NULL;
    }
    r->cells = json_array();
    r->libraries = json_array();
    r->root = json_pack("{s:s, s:s, s:i, s:o, s:o, s:o, s:s, s:O, s:O}", "tool", "sqlsoak",
                        "version", SQLSOAK_VERSION, "schema_version", 1, "command_line", cmd,
                        "options", (json_t *)options_to_json(cfg), "start_time", now_iso(),
                        "status", "running", "libraries", r->libraries, "cells", r->cells);
    if (!r->root) {
        free(r);
        return NULL;
    }
    json_object_set_new(r->root, "pid", json_integer(getpid()));
    char cwd[4096];
    if (getcwd(cwd, sizeof cwd))
        json_object_set_new(r->root, "cwd", arg_json(cwd));    /* as the arguments: whole */
    return r;
}

struct runjson *runjson_load(const char *dir, char *err, size_t n)
{
    char path[4200];
    json_error_t je;
    snprintf(path, sizeof path, "%s/run.json", dir);
    json_t *root = json_load_file(path, 0, &je);
    if (!root) {
        snprintf(err, n, "%s: not a sqlsoak results folder (%s)", dir, je.text);
        return NULL;
    }
    json_t *cells = json_object_get(root, "cells"), *libs = json_object_get(root, "libraries");
    struct runjson *r = calloc(1, sizeof *r);
    if (!r || !json_is_array(cells) || !json_is_array(libs) ||
        !json_is_string(json_object_get(root, "status")) ||
        !json_is_array(json_object_get(root, "command_line"))) {
        snprintf(err, n, "%s: run.json is not one sqlsoak wrote", dir);
        free(r);
        json_decref(root);
        return NULL;
    }
    r->root = root;
    r->cells = json_incref(cells);
    r->libraries = json_incref(libs);
    return r;
}

void *runjson_root(struct runjson *r)
{
    return r->root;
}

void runjson_add_resume(struct runjson *r, const char *where)
{
    json_t *a = json_object_get(r->root, "resumes");
    if (!json_is_array(a)) {
        a = json_array();
        json_object_set_new(r->root, "resumes", a);
    }
    json_array_append_new(a, json_pack("{s:o, s:s}", "time", now_iso(), "from", where));
    json_object_set_new(r->root, "status", json_string("running"));
    json_object_del(r->root, "status_detail");
    json_object_del(r->root, "end_time");
}

void runjson_set_host(struct runjson *r, const struct host_info *h,
                      const struct storage_info *st)
{
    json_object_set_new(r->root, "host", sysinfo_host_json(h));
    json_t *storage = sysinfo_storage_json(st);
    struct devinfo d;
    devinfo_read(telemetry_root(), st->block_device, &d);
    if (storage)
        devinfo_to_json(&d, storage);
    json_object_set_new(r->root, "storage", storage);
}

void runjson_add_library(struct runjson *r, const struct sqlapi *api, const struct sqlcaps *caps)
{
    json_t *lib = json_pack(
        "{s:s, s:s, s:s, s:i, s:s, s:i, s:o, s:{s:b, s:i, s:i, s:b, s:b, s:b, s:b}}", "path",
        api->path, "resolved", api->resolved, "version", api->version, "version_number",
        api->version_number, "source_id", api->source_id, "threadsafe", api->threadsafe(),
        "compile_options", (json_t *)sqlapi_compile_options_json(api), "capabilities", "wal",
        caps->wal, "max_page_size", caps->max_page_size, "default_page_size",
        caps->default_page_size, "negative_cache_size", caps->negative_cache, "mmap", caps->mmap,
        "synchronous_extra", caps->sync_extra, "compile_options", caps->compile_options);
    if (lib)
        json_array_append_new(r->libraries, lib);
}

static json_t *number_or_null(double d)
{
    return d == d ? json_real(d) : json_null();
}

/* A dimension's value as run.json records it: the library's path, a
** word, "default" (and every value of a dimension that has it) as text,
** other numbers as numbers. */
static json_t *dim_json(const struct cell_id *id, int d)
{
    const struct value_spec *o = &dim_table[d].opt;
    char text[64];
    if (d == DIM_LIB)
        return json_string(id->sqlite_lib);
    if (o->type == V_ENUM || (o->special && o->special_value == VALUE_DEFAULT))
        return json_string(dims_text(d, id->v[d], text, sizeof text));
    return json_integer(id->v[d]);
}

void runjson_add_cell(struct runjson *r, const struct cell *c, const struct cell_result *res)
{
    const struct summary_record *s = &res->sum;
    const struct cell_id *id = &s->id;
    json_t *requested = json_object();
    for (int d = 0; d < DIM_COUNT; d++)
        json_object_set_new(requested, dim_table[d].column, dim_json(id, d));
    json_t *cell = json_pack(
        "{s:I, s:I, s:b, s:s, s:s, s:o, s:I, s:I, s:I, s:o}", "cell", (json_int_t)c->combo,
        "repeat", (json_int_t)c->repeat, "warmup", c->warmup, "status", s->status, "reason",
        s->reason, "requested", requested, "chunks", (json_int_t)s->chunks, "rows",
        (json_int_t)s->rows, "verify_failures", (json_int_t)s->verify_failures, "wall_s",
        number_or_null(s->wall_s));
    if (!cell)
        return;
    json_object_set_new(cell, "sqlite_version", json_string(id->sqlite_version));
    json_object_set_new(cell, "sqlite_source_id", json_string(id->sqlite_source_id));
    if (res->settings_read) {
        /* as the library answered: words as words, numbers as numbers,
        ** null where it has no such pragma */
        json_t *actual = json_object();
        for (int d = 0; d < DIM_COUNT; d++) {
            char text[48];
            const struct dim *dm = &dim_table[d];
            if (!dm->pragma)
                continue;
            json_t *v = !settings_actual_text(&res->actual, d, text, sizeof text)
                            ? json_null()
                        : dm->readback == DR_WORD || dm->opt.type == V_ENUM
                            ? json_string(text)
                            : json_integer(res->actual.num[d]);
            json_object_set_new(actual, dm->column, v);
        }
        json_object_set_new(cell, "actual", actual);
    }
    json_array_append_new(r->cells, cell);
}

void runjson_set_out(struct runjson *r, const char *dir)
{
    json_object_set_new(r->root, "out_dir", json_string(dir));
}

void runjson_set_status(struct runjson *r, const char *status, const char *where)
{
    json_object_set_new(r->root, "status", json_string(status));
    if (where)
        json_object_set_new(r->root, "status_detail", json_string(where));
    if (strcmp(status, "running") != 0)
        json_object_set_new(r->root, "end_time", now_iso());
}

static int fsync_dir(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

int runjson_write_file(void *json, const char *dir, const char *name)
{
    char tmp[4200], path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(tmp, sizeof tmp, "%s/.%s.tmp", dir, name);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    char *text = json_dumps(json, JSON_INDENT(2) | JSON_SORT_KEYS);
    int ok = text != NULL;
    size_t len = ok ? strlen(text) : 0, off = 0;
    while (ok && off < len) {
        ssize_t w = write(fd, text + off, len - off);
        if (w <= 0)
            ok = 0;
        else
            off += (size_t)w;
    }
    ok = ok && write(fd, "\n", 1) == 1 && fsync(fd) == 0;
    free(text);
    if (close(fd) != 0)
        ok = 0;
    if (!ok || rename(tmp, path) != 0) {
        unlink(tmp);
        return -1;
    }
    fsync_dir(dir);
    return 0;
}

int runjson_write(struct runjson *r, const char *dir)
{
    return runjson_write_file(r->root, dir, "run.json");
}

void runjson_free(struct runjson *r)
{
    if (!r)
        return;
    json_decref(r->root);
    json_decref(r->cells);      /* the root holds its own references */
    json_decref(r->libraries);
    free(r);
}

/* Room kept for the last words of run.json on a results disk that fills. */
#define RESERVE_BYTES (256 * 1024)

int runjson_reserve(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/.run.json.reserve", dir);
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    int rc = posix_fallocate(fd, 0, RESERVE_BYTES) == 0 && fdatasync(fd) == 0 ? 0 : -1;
    close(fd);
    if (rc)
        unlink(path);
    return rc;
}

void runjson_unreserve(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/.run.json.reserve", dir);
    unlink(path);
}
