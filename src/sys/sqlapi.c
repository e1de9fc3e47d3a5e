/*
** sqlapi: dlopen an SQLite library, fill the function table, probe what
** the library can do.  See sqlapi.h.
*/
#include "sqlapi.h"
#include "stop.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

struct symbol {
    const char *name;   /* without the sqlite3_ prefix */
    size_t off;         /* offsetof(struct sqlapi, slot) */
    int required;
};

#define SQLAPI_REQ_ROW(ret, name, args) {#name, offsetof(struct sqlapi, name), 1},
#define SQLAPI_OPT_ROW(ret, name, args) {#name, offsetof(struct sqlapi, name), 0},
static const struct symbol symbols[] = {
    SQLAPI_REQUIRED(SQLAPI_REQ_ROW)
    SQLAPI_OPTIONAL(SQLAPI_OPT_ROW)
};
#define NSYMBOLS (sizeof symbols / sizeof symbols[0])

#define MIN_VERSION 3006000

static void copy_str(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src ? src : "");
}

/* Loads path into this process: sqlapi_open without the trial. */
static int load(struct sqlapi *api, const char *path, char *err, size_t errlen)
{
    memset(api, 0, sizeof *api);
    copy_str(api->path, sizeof api->path, path);
    if (strchr(path, '/') && access(path, F_OK) != 0) {
        snprintf(err, errlen, "--sqlite-lib %s: no such file", path);
        return -1;
    }
    dlerror();
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        snprintf(err, errlen, "--sqlite-lib %s: cannot load: %s", path, why ? why : "unknown");
        return -1;
    }
    for (size_t i = 0; i < NSYMBOLS; i++) {
        char name[64];
        snprintf(name, sizeof name, "sqlite3_%s", symbols[i].name);
        dlerror();
        void *sym = dlsym(h, name);
        if (!sym && symbols[i].required) {
            snprintf(err, errlen, "--sqlite-lib %s: not an SQLite library: no symbol %s", path,
                     name);
            dlclose(h);
            memset(api, 0, sizeof *api);
            return -1;
        }
        /* POSIX guarantees object and function pointers convert via dlsym */
        memcpy((char *)api + symbols[i].off, &sym, sizeof sym);
    }
    api->handle = h;
    api->version_number = api->libversion_number();
    copy_str(api->version, sizeof api->version, api->libversion());
    if (api->sourceid)
        copy_str(api->source_id, sizeof api->source_id, api->sourceid());
    Dl_info info;
    if (dladdr((void *)api->libversion, &info) && info.dli_fname)
        copy_str(api->resolved, sizeof api->resolved, info.dli_fname);
    if (api->version_number < MIN_VERSION) {
        snprintf(err, errlen, "--sqlite-lib %s: SQLite %s is older than 3.6.0", path, api->version);
        sqlapi_close(api);
        return -1;
    }
    return 0;
}

/* In a child process: load path and open and close an in-memory
** database.  The child's message comes back through a pipe.  0 when the
** child came through, or -1 with err: its message, or the signal that
** killed it (a constructor that aborts, a library that crashes on open). */
static int trial(const char *path, char *err, size_t errlen)
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        snprintf(err, errlen, "--sqlite-lib %s: pipe: %s", path, strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "--sqlite-lib %s: fork: %s", path, strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        struct sqlapi api;
        char msg[512] = "";
        sqlite3 *db = NULL;
        struct rlimit none = {0, 0};
        close(fds[0]);
        setrlimit(RLIMIT_CORE, &none);      /* a library that aborts leaves no core file */
        int rc = load(&api, path, msg, sizeof msg);
        if (rc == 0 && api.open_v2(":memory:", &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
            snprintf(msg, sizeof msg, "--sqlite-lib %s: cannot open a database in memory", path);
            rc = -1;
        }
        if (db)
            api.close(db);
        if (rc && write(fds[1], msg, strlen(msg)) < 0)
            _exit(2);
        _exit(rc ? 1 : 0);
    }
    close(fds[1]);
    char msg[512];
    size_t len = 0;
    ssize_t got;
    while ((got = read(fds[0], msg + len, sizeof msg - 1 - len)) != 0 && len < sizeof msg - 1)
        if (got > 0)
            len += (size_t)got;
        else if (errno != EINTR)
            break;
    msg[len] = 0;
    close(fds[0]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (WIFSIGNALED(st)) {
        snprintf(err, errlen, "--sqlite-lib %s: loading it killed the process (signal %d, %s)",
                 path, WTERMSIG(st), stop_signame(WTERMSIG(st)));
        return -1;
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        snprintf(err, errlen, "%s", len ? msg : "--sqlite-lib: the trial load failed");
        return -1;
    }
    return 0;
}

int sqlapi_open(struct sqlapi *api, const char *path, char *err, size_t errlen)
{
    memset(api, 0, sizeof *api);
    if (trial(path, err, errlen) != 0)
        return -1;
    return load(api, path, err, errlen);
}

void sqlapi_close(struct sqlapi *api)
{
    if (api->handle)
        dlclose(api->handle);
    memset(api, 0, sizeof *api);
}

const char *sqlapi_errstr(const struct sqlapi *api, int rc)
{
    if (api->errstr)
        return api->errstr(rc);
    switch (rc & 0xff) {
    case SQLITE_FULL: return "database or disk is full";
    case SQLITE_IOERR: return "disk I/O error";
    case SQLITE_BUSY: return "database is locked";
    case SQLITE_CORRUPT: return "database disk image is malformed";
    default: return "SQLite error";
    }
}

int sqlapi_query_text(const struct sqlapi *api, sqlite3 *db, const char *sql, char *out,
                      size_t outlen)
{
    sqlite3_stmt *st = NULL;
    out[0] = 0;
    int rc = api->prepare_v2(db, sql, -1, &st, NULL);
    if (rc != SQLITE_OK) {
        copy_str(out, outlen, api->errmsg(db));
        return rc;
    }
    rc = api->step(st);
    if (rc == SQLITE_ROW) {
        copy_str(out, outlen, (const char *)api->column_text(st, 0));
        rc = SQLITE_OK;
    } else if (rc == SQLITE_DONE) {
        rc = SQLITE_OK;
    } else {
        copy_str(out, outlen, api->errmsg(db));
    }
    api->finalize(st);
    return rc;
}

void *sqlapi_compile_options_json(const struct sqlapi *api)
{
    json_t *a = json_array();
    if (!api->compileoption_get)
        return a;
    for (int i = 0; i < 1000; i++) {
        const char *o = api->compileoption_get(i);
        if (!o)
            break;
        json_array_append_new(a, json_string(o));
    }
    return a;
}

/* ---- the capability probe ---- */

/* A throw-away database file of our own making in dir. */
struct scratch {
    char path[4096];
    sqlite3 *db;
};

static int scratch_open(const struct sqlapi *api, const char *dir, struct scratch *s)
{
    s->db = NULL;
    snprintf(s->path, sizeof s->path, "%s/.sqlsoak-probe-XXXXXX", dir);
    int fd = mkstemp(s->path);
    if (fd < 0)
        return -1;
    close(fd);
    if (api->open_v2(s->path, &s->db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        if (s->db)
            api->close(s->db);
        s->db = NULL;
        unlink(s->path);
        return -1;
    }
    return 0;
}

static void scratch_close(const struct sqlapi *api, struct scratch *s)
{
    static const char *const suffix[] = {"-wal", "-shm", "-journal"};
    char side[4200];
    if (s->db)
        api->close(s->db);
    s->db = NULL;
    for (size_t i = 0; i < sizeof suffix / sizeof *suffix; i++) {
        snprintf(side, sizeof side, "%s%s", s->path, suffix[i]);
        unlink(side);
    }
    unlink(s->path);
}

/* The page size a fresh database keeps after asking for want. */
static int probe_page_size(const struct sqlapi *api, const char *dir, int want)
{
    struct scratch s;
    char buf[64], sql[64];
    int got = -1;
    if (scratch_open(api, dir, &s))
        return -1;
    if (want > 0) {
        snprintf(sql, sizeof sql, "PRAGMA page_size=%d", want);
        api->exec(s.db, sql, NULL, NULL, NULL);
    }
    if (api->exec(s.db, "CREATE TABLE t(x)", NULL, NULL, NULL) == SQLITE_OK &&
        sqlapi_query_text(api, s.db, "PRAGMA page_size", buf, sizeof buf) == SQLITE_OK)
        got = atoi(buf);
    scratch_close(api, &s);
    return got;
}

/* 1 when "PRAGMA name=value" reads back as expect. */
static int probe_pragma(const struct sqlapi *api, sqlite3 *db, const char *name, const char *value,
                        const char *expect)
{
    char sql[128], buf[128];
    snprintf(sql, sizeof sql, "PRAGMA %s=%s", name, value);
    if (sqlapi_query_text(api, db, sql, buf, sizeof buf) != SQLITE_OK)
        return 0;
    snprintf(sql, sizeof sql, "PRAGMA %s", name);
    if (sqlapi_query_text(api, db, sql, buf, sizeof buf) != SQLITE_OK)
        return 0;
    return strcmp(buf, expect) == 0;
}

int sqlapi_probe(const struct sqlapi *api, const char *dir, struct sqlcaps *caps, char *err,
                 size_t errlen)
{
    struct scratch s;
    memset(caps, 0, sizeof *caps);
    if (scratch_open(api, dir, &s)) {
        snprintf(err, errlen, "%s: cannot create a probe database in %s", api->path, dir);
        return -1;
    }
    char cache[64];
    if (sqlapi_query_text(api, s.db, "PRAGMA cache_size", cache, sizeof cache) == SQLITE_OK)
        caps->default_cache = strtol(cache, NULL, 10);
    caps->wal = probe_pragma(api, s.db, "journal_mode", "WAL", "wal");
    caps->negative_cache = probe_pragma(api, s.db, "cache_size", "-1000", "-1000");
    caps->mmap = probe_pragma(api, s.db, "mmap_size", "1048576", "1048576");
    caps->sync_extra = probe_pragma(api, s.db, "synchronous", "EXTRA", "3");
    scratch_close(api, &s);
    caps->compile_options = api->compileoption_get != NULL;
    caps->default_page_size = probe_page_size(api, dir, 0);
    caps->max_page_size = 0;
    for (int want = 65536; want >= 512 && !caps->max_page_size; want /= 2)
        if (probe_page_size(api, dir, want) == want)
            caps->max_page_size = want;
    return 0;
}
