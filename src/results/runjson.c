/*
** runjson: see runjson.h.
*/
#include "runjson.h"
#include "csvout.h"
#include "devinfo.h"
#include "infile.h"
#include "sqlbuild.h"
#include "telemetry.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef SQLSOAK_VERSION
#error "SQLSOAK_VERSION is set by the Makefile, from the VERSION file"
#endif

struct runjson {
    json_t *root;
    json_t *cells;
    json_t *libraries;
    size_t written_len;         /* run.json's length at its last whole write */
    size_t logged_len;          /* the log's bytes since */
};

static void fold_log(struct runjson *r, const char *dir);

void runjson_now_iso(char *buf, size_t n)
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static json_t *now_iso(void)
{
    char buf[64];
    runjson_now_iso(buf, sizeof buf);
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
    json_t *o = json_pack("{s:s}", RUNKEY_HEX, hex);
    free(hex);
    return o;
}

/* The argument of a command_line element (a string, or {"hex": ...} of
** bytes, none 0), malloc'd; NULL when it is neither. */
static char *arg_text(json_t *v)
{
    if (json_is_string(v))
        return strdup(json_string_value(v));
    const char *hex = json_string_value(json_object_get(v, RUNKEY_HEX));
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

char **runjson_command_line(struct runjson *r, int *argc, char *err, size_t errlen)
{
    json_t *cl = json_object_get(r->root, RUNKEY_COMMAND_LINE);
    size_t k = json_array_size(cl);
    char **argv = calloc(k + 1, sizeof *argv);
    *argc = 0;
    if (!argv) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    for (size_t i = 0; i < k; i++)
        if (!(argv[i] = arg_text(json_array_get(cl, i)))) {
            snprintf(err, errlen, "run.json: command_line[%zu] is neither a string nor {\"hex\": "
                     "bytes}: cannot read the command exactly", i);
            runjson_free_argv(argv);
            return NULL;
        }
    *argc = (int)k;
    return argv;
}

int runjson_cwd(struct runjson *r, char **cwd)
{
    json_t *v = json_object_get(r->root, RUNKEY_CWD);
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
    r->root = json_pack("{s:s, s:s, s:i, s:o, s:o, s:o, s:s, s:O, s:O}", RUNKEY_TOOL, "sqlsoak",
                        RUNKEY_VERSION, SQLSOAK_VERSION, RUNKEY_SCHEMA_VERSION, RUNJSON_SCHEMA_VERSION,
                        RUNKEY_COMMAND_LINE, cmd, RUNKEY_OPTIONS,
                        (json_t *)cfg->codec->to_json(cfg), RUNKEY_START_TIME, now_iso(),
                        RUNKEY_STATUS, "running", RUNKEY_LIBRARIES, r->libraries, RUNKEY_CELLS,
                        r->cells);
    if (!r->root) {
        free(r);
        return NULL;
    }
    json_object_set_new(r->root, RUNKEY_PID, json_integer(getpid()));
    json_object_set_new(r->root, RUNKEY_CELLS_LOG, json_string(".run.cells"));
    char cwd[4096];
    if (getcwd(cwd, sizeof cwd))
        json_object_set_new(r->root, RUNKEY_CWD, arg_json(cwd));    /* as the arguments: whole */
    return r;
}

struct runjson *runjson_load(const char *dir, char *err, size_t errlen)
{
    char path[4200], why[4400];
    snprintf(path, sizeof path, "%s/run.json", dir);
    json_t *root = infile_json(path, why, sizeof why);
    if (!root) {
        snprintf(err, errlen, "%s: not a sqlsoak results folder (%s)", dir, why);
        return NULL;
    }
    json_t *cells = json_object_get(root, RUNKEY_CELLS);
    json_t *libs = json_object_get(root, RUNKEY_LIBRARIES);
    json_t *tool = json_object_get(root, RUNKEY_TOOL);
    json_t *schema = json_object_get(root, RUNKEY_SCHEMA_VERSION);
    if (json_is_integer(schema) && json_integer_value(schema) > RUNJSON_SCHEMA_VERSION) {
        /* a later sqlsoak's: what its keys mean is not this one's to guess */
        snprintf(err, errlen,
                 "%s: run.json has schema_version %" JSON_INTEGER_FORMAT
                 ", newer than this sqlsoak's %d: use the sqlsoak that wrote it",
                 dir, json_integer_value(schema), RUNJSON_SCHEMA_VERSION);
        json_decref(root);
        return NULL;
    }
    struct runjson *r = calloc(1, sizeof *r);
    if (!r || (tool && !(json_is_string(tool) && strcmp(json_string_value(tool), "sqlsoak") == 0)) ||
        !json_is_array(cells) || !json_is_array(libs) ||
        !json_is_string(json_object_get(root, RUNKEY_STATUS)) ||
        !json_is_array(json_object_get(root, RUNKEY_COMMAND_LINE))) {
        snprintf(err, errlen, "%s: run.json is not one sqlsoak wrote", dir);
        free(r);
        json_decref(root);
        return NULL;
    }
    r->root = root;
    r->cells = json_incref(cells);
    r->libraries = json_incref(libs);
    struct stat st;
    r->written_len = stat(path, &st) == 0 ? (size_t)st.st_size : 0;
    fold_log(r, dir);
    return r;
}

void *runjson_root(struct runjson *r)
{
    return r->root;
}

void runjson_add_resume(struct runjson *r, const char *where)
{
    json_t *a = json_object_get(r->root, RUNKEY_RESUMES);
    if (!json_is_array(a)) {
        a = json_array();
        json_object_set_new(r->root, RUNKEY_RESUMES, a);
    }
    json_array_append_new(a, json_pack("{s:o, s:s}", RUNKEY_RESUME_TIME, now_iso(),
                                       RUNKEY_RESUME_FROM, where));
    json_object_set_new(r->root, RUNKEY_STATUS, json_string("running"));
    json_object_set_new(r->root, RUNKEY_CELLS_LOG, json_string(".run.cells"));
    json_object_del(r->root, RUNKEY_STATUS_DETAIL);
    json_object_del(r->root, RUNKEY_END_TIME);
}

void runjson_set_host(struct runjson *r, const struct host_info *h,
                      const struct storage_info *st)
{
    json_object_set_new(r->root, RUNKEY_HOST, sysinfo_host_json(h));
    json_t *storage = sysinfo_storage_json(st);
    struct devinfo d;
    devinfo_read(telemetry_root(), st->block_device, &d);
    if (storage)
        devinfo_to_json(&d, storage);
    json_object_set_new(r->root, RUNKEY_STORAGE, storage);
}

void runjson_add_library(struct runjson *r, const struct sqlapi *api, const struct sqlcaps *caps)
{
    json_t *lib = json_pack(
        "{s:s, s:s, s:s, s:i, s:s, s:i, s:o, s:{s:b, s:i, s:i, s:b, s:I, s:b, s:b, s:b}}",
        RUNKEY_LIB_PATH, api->path, RUNKEY_LIB_RESOLVED, api->resolved, RUNKEY_LIB_VERSION,
        api->version, RUNKEY_LIB_VERSION_NUMBER, api->version_number, RUNKEY_LIB_SOURCE_ID,
        api->source_id, RUNKEY_LIB_THREADSAFE, api->threadsafe(), RUNKEY_LIB_COMPILE_OPTIONS,
        (json_t *)sqlapi_compile_options_json(api), RUNKEY_LIB_CAPABILITIES, RUNKEY_CAP_WAL,
        caps->wal, RUNKEY_CAP_MAX_PAGE_SIZE, caps->max_page_size, RUNKEY_CAP_DEFAULT_PAGE_SIZE,
        caps->default_page_size, RUNKEY_CAP_NEGATIVE_CACHE_SIZE, caps->negative_cache,
        RUNKEY_CAP_DEFAULT_CACHE_SIZE, (json_int_t)caps->default_cache,
        RUNKEY_CAP_MMAP, caps->mmap, RUNKEY_CAP_SYNCHRONOUS_EXTRA, caps->sync_extra,
        RUNKEY_CAP_COMPILE_OPTIONS, caps->compile_options);
    /* a library sqlite get built: how, and from what */
    char command[2048], source[2048];
    if (lib && sqlbuild_value(api->resolved, SQLBUILD_COMMAND, command, sizeof command) == 0 &&
        sqlbuild_value(api->resolved, SQLBUILD_SOURCE, source, sizeof source) == 0)
        json_object_set_new(lib, RUNKEY_LIB_BUILD,
                            json_pack("{s:s, s:s}", RUNKEY_BUILD_COMMAND, command,
                                      RUNKEY_BUILD_SOURCE, source));
    if (lib)
        json_array_append_new(r->libraries, lib);
}

void *runjson_cells(struct runjson *r)
{
    return r->cells;
}

int64_t runjson_repeats(const void *root)
{
    json_t *v = json_object_get(json_object_get(root, RUNKEY_OPTIONS), RUNKEY_OPT_REPEAT);
    const char *text = json_string_value(v);
    if (json_is_integer(v))
        return json_integer_value(v) > 0 ? (int64_t)json_integer_value(v) : 0;
    if (!text || strncmp(text, "auto", 4) != 0)
        return 0;
    if (!text[4])
        return REPEAT_AUTO_MAX;
    long long max = text[4] == ':' ? strtoll(text + 5, NULL, 10) : 0;
    return max > 0 ? (int64_t)max : 0;
}

void runjson_set_skipped(void *root, int64_t runs, const char *why)
{
    if (!runs)
        json_object_del(root, RUNKEY_SKIPPED);
    else
        json_object_set_new(root, RUNKEY_SKIPPED,
                            json_pack("{s:I,s:s}", RUNKEY_SKIPPED_RUNS, (json_int_t)runs,
                                      RUNKEY_SKIPPED_WHY, why));
}

int64_t runjson_skipped(const void *root, char *buf, size_t n)
{
    const json_t *o = json_object_get(root, RUNKEY_SKIPPED);
    const char *text = json_string_value(json_object_get(o, RUNKEY_SKIPPED_WHY));
    json_int_t runs = json_integer_value(json_object_get(o, RUNKEY_SKIPPED_RUNS));
    snprintf(buf, n, "%s", runs > 0 && text ? text : "");
    return runs > 0 && text ? (int64_t)runs : 0;
}

double runjson_run_s(struct runjson *r, double *at_last_cell)
{
    size_t n = json_array_size(r->cells);
    json_t *last = n ? json_array_get(r->cells, n - 1) : NULL;
    *at_last_cell = json_number_value(json_object_get(last, RUNKEY_CELL_RUN_S));
    return json_number_value(json_object_get(r->root, RUNKEY_RUN_S));
}

/* ---- the cells log: DIR/.run.cells, a line per cell recorded since
** run.json was last written: {"index": plan index, "cell": {...}} ---- */

static void log_path(const char *dir, char *buf, size_t n)
{
    snprintf(buf, n, "%s/.run.cells", dir);
}

int runjson_log_last(struct runjson *r, const char *dir)
{
    char path[4200];
    size_t i = json_array_size(r->cells) - 1;
    json_t *line = json_pack("{s:I, s:O}", RUNKEY_LOG_INDEX, (json_int_t)i, RUNKEY_LOG_CELL,
                             json_array_get(r->cells, i));
    char *text = line ? json_dumps(line, JSON_COMPACT | JSON_SORT_KEYS) : NULL;
    json_decref(line);
    if (!text) {
        errno = ENOMEM;
        return -1;
    }
    log_path(dir, path, sizeof path);
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    size_t len = strlen(text);
    text[len] = '\n';      /* json_dumps' terminator: the line is one write */
    int rc = fd < 0 || csvout_append(fd, text, (int)len + 1) != 0 ||
                     (fdatasync(fd) != 0 && errno != EINVAL) ? -1 : 0;
    r->logged_len += rc ? 0 : len + 1;
    int e = errno;
    if (fd >= 0)
        close(fd);
    free(text);
    errno = e;
    return rc;
}

/* Appends the cells of dir's log that follow r's, in order; a line that
** is torn, or whose index is not the next one, is left out, and so is a
** log that is not a regular file (a FIFO would never end). */
static void fold_log(struct runjson *r, const char *dir)
{
    char path[4200];
    struct stat st;
    log_path(dir, path, sizeof path);
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))) {
        close(fd);
        fd = -1;
    }
    FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
    if (fd >= 0 && !f)
        close(fd);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while (f && (len = getline(&line, &cap, f)) > 0) {
        if (line[len - 1] != '\n')
            break;          /* a write cut short */
        json_t *j = json_loadb(line, (size_t)len, 0, NULL);
        json_t *cell = json_object_get(j, RUNKEY_LOG_CELL);
        if (json_is_object(cell) &&
            json_integer_value(json_object_get(j, RUNKEY_LOG_INDEX)) ==
                (json_int_t)json_array_size(r->cells)) {
            json_array_append(r->cells, cell);
            r->logged_len += (size_t)len;
        }
        json_decref(j);
    }
    free(line);
    if (f)
        fclose(f);
}

void runjson_set_out(struct runjson *r, const char *dir)
{
    json_object_set_new(r->root, RUNKEY_OUT_DIR, json_string(dir));
}

void runjson_set_status(struct runjson *r, const char *status, const char *where)
{
    json_object_set_new(r->root, RUNKEY_STATUS, json_string(status));
    if (where)
        json_object_set_new(r->root, RUNKEY_STATUS_DETAIL, json_string(where));
    else    /* a detail of an earlier ending would sit beside this status */
        json_object_del(r->root, RUNKEY_STATUS_DETAIL);
    if (strcmp(status, "running") != 0) {
        json_object_set_new(r->root, RUNKEY_END_TIME, now_iso());
        json_object_del(r->root, RUNKEY_CELLS_LOG);     /* this write holds every cell */
    }
}

void runjson_set_end(struct runjson *r, const char *end_time, int exit_status)
{
    json_object_set_new(r->root, RUNKEY_END_TIME, json_string(end_time));
    json_object_set_new(r->root, RUNKEY_EXIT_STATUS, json_integer(exit_status));
}

int runjson_note_graphs(const char *dir, const char *why)
{
    char err[512];
    struct runjson *r = runjson_load(dir, err, sizeof err);
    if (!r)
        return 0;       /* not a run's folder: nothing to say */
    const char *st = json_string_value(json_object_get(r->root, RUNKEY_STATUS));
    const char *was = json_string_value(json_object_get(r->root, RUNKEY_STATUS_DETAIL));
    int finished = strcmp(st, "ok") == 0 || strcmp(st, "failed") == 0;
    int stale = was && strncmp(was, "graphs not drawn", 16) == 0;
    int rc = 0;
    if (finished && (why ? !was || stale : stale)) {
        if (why)
            json_object_set_new(r->root, RUNKEY_STATUS_DETAIL, json_string(why));
        else
            json_object_del(r->root, RUNKEY_STATUS_DETAIL);
        rc = runjson_write(r, dir);
    }
    runjson_free(r);
    return rc;
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

/* As runjson_write_file; *written: the length written. */
static int write_file(void *json, const char *dir, const char *name, size_t *written)
{
    char tmp[4200], path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(tmp, sizeof tmp, "%s/.%s.tmp", dir, name);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    /* 15 significant digits: a double's that survive its text, so a
    ** figure read as 96.9 is written 96.9, not 96.900000000000006 */
    char *text = json_dumps(json, JSON_INDENT(2) | JSON_SORT_KEYS | JSON_REAL_PRECISION(15));
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
    *written = len + 1;
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

int runjson_write_file(void *json, const char *dir, const char *name)
{
    size_t len;
    return write_file(json, dir, name, &len);
}

int runjson_write(struct runjson *r, const char *dir)
{
    char path[4200];
    if (write_file(r->root, dir, "run.json", &r->written_len) != 0)
        return -1;
    r->logged_len = 0;
    /* run.json now holds every cell: the log's lines are in it */
    log_path(dir, path, sizeof path);
    unlink(path);
    return 0;
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

/* The reserve's size: what run.json will take once it holds every cell
** recorded so far, with room to spare.  A cell takes less in run.json
** (indented) than twice its log line; the spare room covers the status,
** its detail and the cell in hand. */
static off_t reserve_bytes(const struct runjson *r)
{
    off_t need = (off_t)(r->written_len + 2 * r->logged_len) + 64 * 1024;
    return need > RUNJSON_RESERVE_MIN ? need : RUNJSON_RESERVE_MIN;
}

int runjson_reserve(const struct runjson *r, const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/.run.json.reserve", dir);
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    int e = posix_fallocate(fd, 0, reserve_bytes(r));   /* grows it, never shrinks */
    int rc = e == 0 && fdatasync(fd) == 0 ? 0 : -1;
    e = e ? e : errno;
    close(fd);
    errno = e;
    return rc;
}

void runjson_unreserve(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/.run.json.reserve", dir);
    unlink(path);
}
