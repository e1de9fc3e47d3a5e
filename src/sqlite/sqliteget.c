/*
** sqliteget: the `sqlite` command; see sqliteget.h.  Each step of a get
** is a program run to its end (subproc.h): curl downloads, gzip tests,
** tar unpacks, the compiler builds.
*/
#include "sqliteget.h"

#include "release.h"
#include "sqlbuild.h"
#include "sqlitecache.h"
#include "stop.h"
#include "subproc.h"
#include "testhook.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#define LIBRARY "libsqlite3.so"
/* a path in the cache, and one in a release's work folder beneath it */
#define CACHE_PATH (PATH_MAX + 64)
#define WORK_PATH (CACHE_PATH + 128)

/* Every release is built with these flags, in this order, between the
** compiler and the source (threadsafe as the distributions build it; old
** sources predate many warnings, so none are enabled); the optimisation
** comes first and the libraries after the source. */
static const char *const build_flags[] = {"-fPIC", "-shared", "-w", "-DSQLITE_THREADSAFE=1",
                                          "-DSQLITE_ENABLE_COLUMN_METADATA"};
static const char *const build_libs[] = {"-lpthread", "-ldl", "-lm"};
#define NFLAGS (sizeof build_flags / sizeof *build_flags)
#define NLIBS (sizeof build_libs / sizeof *build_libs)

/* The file that marks a work folder as a get's, made first in it: a folder
** a get killed outright leaves is then known for sqlsoak's to remove. */
#define WORK_MARK ".sqlsoak-get"
#define WORK_PREFIX ".get-"

/* One get's folders and files. */
struct job {
    const struct release *rel;
    char url[2048];
    char work[CACHE_PATH];      /* CACHE/.get-VERSION-PID, removed at the end */
    char archive[WORK_PATH];
    char errfile[WORK_PATH];    /* the programs' standard error */
    char sha3[RELEASE_SHA3_HEX];
    char c_sha3[RELEASE_SHA3_HEX];  /* the unpacked sqlite3.c's */
    int64_t size;
};

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    return remove(path);
}

/* The last line a program wrote to the job's error file, into out. */
static void last_line(const struct job *j, char *out, size_t n)
{
    char buf[4096];
    out[0] = 0;
    int fd = open(j->errfile, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return;
    ssize_t got = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (got <= 0)
        return;
    buf[got] = 0;
    while (got > 0 && (buf[got - 1] == '\n' || buf[got - 1] == '\r'))
        buf[--got] = 0;
    char *line = strrchr(buf, '\n');
    snprintf(out, n, "%.*s", (int)n - 1, line ? line + 1 : buf);
}

/* Runs argv to its end, its standard error into the job's file; 0, or -1
** with one line in err saying what failed and the program's last words. */
static int run(const struct job *j, const char *what, const char *const *argv, char *err,
               size_t errlen)
{
    int fd = open(j->errfile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    int rc = subproc_run(j->work, argv, fd);
    if (fd >= 0)
        close(fd);
    if (rc == 0)
        return 0;
    char why[512];
    last_line(j, why, sizeof why);
    if (rc == SUBPROC_STOPPED)
        snprintf(err, errlen, "%s: %s stopped by a signal", j->rel->version, what);
    else if (rc == 127)
        snprintf(err, errlen, "%s: %s: cannot run %s (is it installed?)", j->rel->version, what,
                 argv[0]);
    else
        snprintf(err, errlen, "%s: %s failed%s%s", j->rel->version, what, why[0] ? ": " : "",
                 why);
    return -1;
}

static int download(struct job *j, char *err, size_t errlen)
{
    const char *argv[] = {"curl", "--fail", "--silent", "--show-error", "--location",
                          "--connect-timeout", "30", "--output", j->archive, j->url, NULL};
    printf("%s: downloading %s\n", j->rel->version, j->url);
    fflush(stdout);
    char why[1024];
    if (run(j, "download", argv, why, sizeof why)) {
        snprintf(err, errlen, "%s (%s)", why, j->url);
        return -1;
    }
    return 0;
}

/* 0 when hash got is want, else -1 with a line in err saying that what
** is not the release's. */
static int held_to(const struct job *j, const char *what, const char *got, const char *want,
                   const char *whose, char *err, size_t errlen)
{
    if (strcmp(got, want) == 0)
        return 0;
    snprintf(err, errlen, "%s: %s has SHA3-256 %.16s..., not the %.16s... %s: damaged or not "
             "the release's", j->rel->version, what, got, want, whose);
    return -1;
}

/* The unpacked sqlite3.c hashed into j->c_sha3, and held to the hash the
** release log gives where the list records one: a check of the source
** itself, beyond gzip's CRC. */
static int check_source(struct job *j, const char *source, char *err, size_t errlen)
{
    int64_t size;
    char what[sizeof j->url + 32];
    snprintf(what, sizeof what, "sqlite3.c of %s", j->url);
    if (release_hash_file(source, j->c_sha3, &size, err, errlen))
        return -1;
    return j->rel->c_sha3[0] ? held_to(j, what, j->c_sha3, j->rel->c_sha3,
                                       "sqlite.org's release log gives", err, errlen)
                             : 0;
}

/* The archive against the size and hash published, else its own check. */
static int check(struct job *j, char *err, size_t errlen)
{
    if (release_hash_file(j->archive, j->sha3, &j->size, err, errlen))
        return -1;
    const struct release *r = j->rel;
    if (r->size >= 0 && j->size != r->size) {
        snprintf(err, errlen, "%s: %s is %lld bytes, not the %lld sqlite.org published: "
                 "damaged or not the release's", r->version, j->url, (long long)j->size,
                 (long long)r->size);
        return -1;
    }
    if (r->sha3[0] && held_to(j, j->url, j->sha3, r->sha3, "sqlite.org published", err, errlen))
        return -1;
    if (r->sha3[0])
        return 0;
    const char *argv[] = {"gzip", "--test", j->archive, NULL};
    return run(j, "the archive's gzip check", argv, err, errlen);
}

/* The folder of the unpacked source holding sqlite3.c, into out. */
static int find_source(const struct job *j, const char *top, char *out, size_t n, char *err,
                       size_t errlen)
{
    DIR *d = opendir(top);
    struct dirent *e;
    struct stat st;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(out, n, "%s/%s/sqlite3.c", top, e->d_name);
        if (stat(out, &st) == 0 && S_ISREG(st.st_mode)) {
            snprintf(out, n, "%s/%s", top, e->d_name);
            closedir(d);
            return 0;
        }
    }
    if (d)
        closedir(d);
    snprintf(err, errlen, "%s: %s holds no sqlite3.c (not an amalgamation)", j->rel->version,
             j->url);
    return -1;
}

/* The command line that builds src's sqlite3.c into lib, into argv
** (NULL-terminated; its strings live in opt, src and lib). */
static void build_argv(const char *argv[], const char *cc, const char *opt, const char *lib,
                       const char *source)
{
    size_t k = 0;
    argv[k++] = cc;
    argv[k++] = opt;
    for (size_t i = 0; i < NFLAGS; i++)
        argv[k++] = build_flags[i];
    argv[k++] = "-o";
    argv[k++] = lib;
    argv[k++] = source;
    for (size_t i = 0; i < NLIBS; i++)
        argv[k++] = build_libs[i];
    argv[k] = NULL;
}

#define BUILD_ARGC (NFLAGS + NLIBS + 6)

static int build(struct job *j, char *err, size_t errlen)
{
    char top[WORK_PATH], src[WORK_PATH + 300], source[WORK_PATH + 320], lib[WORK_PATH];
    snprintf(top, sizeof top, "%s/src", j->work);
    if (mkdir(top, 0700) != 0) {
        snprintf(err, errlen, "%s: %s", top, strerror(errno));
        return -1;
    }
    const char *untar[] = {"tar", "-xzf", j->archive, "-C", top, NULL};
    if (run(j, "unpacking", untar, err, errlen) ||
        find_source(j, top, src, sizeof src, err, errlen))
        return -1;
    snprintf(source, sizeof source, "%s/sqlite3.c", src);
    if (check_source(j, source, err, errlen))
        return -1;
    snprintf(lib, sizeof lib, "%s/%s", j->work, LIBRARY);
    const char *cc = getenv("CC") && *getenv("CC") ? getenv("CC") : "cc";
    const char *argv[BUILD_ARGC];
    build_argv(argv, cc, testhook_sqlite_opt("-O2"), lib, source);
    printf("%s: building with", j->rel->version);
    for (size_t i = 0; argv[i]; i++)
        printf(" %s", argv[i] == source ? "sqlite3.c" : argv[i] == lib ? LIBRARY : argv[i]);
    printf("\n");
    fflush(stdout);
    if (run(j, "build", argv, err, errlen))
        return -1;
    /* build.txt: how, from what; the command as printed */
    char file[WORK_PATH];
    snprintf(file, sizeof file, "%s/%s", j->work, SQLBUILD_FILE);
    FILE *f = fopen(file, "we");
    if (!f) {
        snprintf(err, errlen, "%s: %s", file, strerror(errno));
        return -1;
    }
    fprintf(f, "%s\t%s\n%s\t%s\n%s\t%lld\n%s\t%s\n%s\t%s\n%s\t", SQLBUILD_VERSION,
            j->rel->version, SQLBUILD_SOURCE, j->url, SQLBUILD_SIZE, (long long)j->size,
            SQLBUILD_SHA3, j->sha3, SQLBUILD_C_SHA3, j->c_sha3, SQLBUILD_COMMAND);
    for (size_t i = 0; argv[i]; i++)
        fprintf(f, "%s%s", i ? " " : "",
                argv[i] == source ? "sqlite3.c" : argv[i] == lib ? LIBRARY : argv[i]);
    fprintf(f, "\n");
    if (fclose(f) != 0) {
        snprintf(err, errlen, "%s: cannot write", file);
        return -1;
    }
    return 0;
}

/* The built library and build.txt into CACHE/VERSION, whole: moved into
** a folder of their own that is then renamed into place. */
static int install(struct job *j, const char *cache, char *err, size_t errlen)
{
    char dir[WORK_PATH], final[CACHE_PATH], from[WORK_PATH], to[WORK_PATH + 64];
    snprintf(dir, sizeof dir, "%s/done", j->work);
    snprintf(final, sizeof final, "%s/%s", cache, j->rel->version);
    if (mkdir(dir, 0755) != 0) {
        snprintf(err, errlen, "%s: %s", dir, strerror(errno));
        return -1;
    }
    static const char *const files[] = {LIBRARY, SQLBUILD_FILE};
    for (size_t i = 0; i < 2; i++) {
        snprintf(from, sizeof from, "%s/%s", j->work, files[i]);
        snprintf(to, sizeof to, "%s/%s", dir, files[i]);
        if (rename(from, to) != 0) {
            snprintf(err, errlen, "%s: %s", to, strerror(errno));
            return -1;
        }
    }
    if (rename(dir, final) != 0) {
        snprintf(err, errlen, "%s: %s", final, strerror(errno));
        return -1;
    }
    printf("%s: %s/%s\n", j->rel->version, final, LIBRARY);
    return 0;
}

static int get_one(const struct release *rel, const char *mirror, const char *cache, char *err,
                   size_t errlen)
{
    char have[PATH_MAX], dir[PATH_MAX + 16];
    snprintf(dir, sizeof dir, "%s/%s", cache, rel->version);
    if (sqlitecache_owned(dir)) {
        if (sqlitecache_lib(cache, rel->version, have, sizeof have) == 0)
            printf("%s: already in the cache: %s\n", rel->version, have);
        else
            printf("%s: already in the cache: %s\n", rel->version, dir);
        return 0;
    }
    struct job *j = calloc(1, sizeof *j);
    if (!j) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    j->rel = rel;
    size_t ml = strlen(mirror);
    while (ml > 1 && mirror[ml - 1] == '/')
        ml--;
    snprintf(j->url, sizeof j->url, "%.*s/%s", (int)ml, mirror, rel->file);
    snprintf(j->work, sizeof j->work, "%s/" WORK_PREFIX "%s-%ld", cache, rel->version,
             (long)getpid());
    snprintf(j->archive, sizeof j->archive, "%s/archive.tar.gz", j->work);
    snprintf(j->errfile, sizeof j->errfile, "%s/stderr", j->work);
    int rc = -1;
    char mark[WORK_PATH];
    snprintf(mark, sizeof mark, "%s/%s", j->work, WORK_MARK);
    int fd = -1;
    if (mkdir(j->work, 0700) != 0 ||
        (fd = open(mark, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600)) < 0) {
        snprintf(err, errlen, "%s: %s", j->work, strerror(errno));
        rmdir(j->work);
        free(j);
        return -1;
    }
    close(fd);
    if (download(j, err, errlen) == 0 && check(j, err, errlen) == 0 &&
        build(j, err, errlen) == 0 && install(j, cache, err, errlen) == 0)
        rc = 0;
    nftw(j->work, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(j);
    return rc;
}

/* Whether process pid is gone: no such process (one of another user's
** lives). */
static int gone(long pid)
{
    return pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* Removes the work folders CACHE/.get-VERSION-PID that a get killed
** outright (SIGKILL, a power cut) left: those whose process is gone and
** that hold sqlsoak's mark.  Any other folder is left as it is. */
static void sweep_killed(const char *cache)
{
    DIR *d = opendir(cache);
    struct dirent *e;
    char dir[CACHE_PATH], mark[CACHE_PATH + 32];
    struct stat st;
    while (d && (e = readdir(d))) {
        const char *dash = strrchr(e->d_name, '-');
        char *end = NULL;
        if (strncmp(e->d_name, WORK_PREFIX, strlen(WORK_PREFIX)) != 0 || !dash)
            continue;
        long pid = strtol(dash + 1, &end, 10);
        snprintf(dir, sizeof dir, "%s/%s", cache, e->d_name);
        snprintf(mark, sizeof mark, "%s/%s", dir, WORK_MARK);
        if (*end || !gone(pid) || lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) ||
            lstat(mark, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) == 0)
            printf("removed %s, left by a get that was killed\n", dir);
    }
    if (d)
        closedir(d);
}

/* mkdir -p of the cache folder; 0, or -1 with err. */
static int make_cache(const char *cache, char *err, size_t errlen)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s", cache);
    for (char *p = path + 1;; p++) {
        if (*p == '/' || !*p) {
            char c = *p;
            *p = 0;
            if (mkdir(path, 0755) != 0 && errno != EEXIST) {
                snprintf(err, errlen, "cannot create the cache folder %s: %s", path,
                         strerror(errno));
                return -1;
            }
            if (!(*p = c))
                return 0;
        }
    }
}

int sqliteget_get(const struct config *cfg, const char *cache, char *err, size_t errlen)
{
    if (cfg->npos < 2) {
        snprintf(err, errlen, "get: which releases? `sqlsoak sqlite get 3.7.3 3.8.11.1`");
        return 2;
    }
    struct releases list;
    if (release_load(&list, err, errlen))
        return 2;
    int status = 0;
    /* every name checked before anything is fetched */
    for (int i = 1; i < cfg->npos && !status; i++)
        if (release_find(&list, cfg->pos[i]) < 0) {
            snprintf(err, errlen, "get %s: not a release sqlsoak knows (data/sqlite/"
                     "releases.tsv lists %s to %s)", cfg->pos[i], list.v[0].version,
                     list.v[list.n - 1].version);
            status = 2;
        }
    const char *mirror = cfg->sqlite_mirror;    /* the option's default: sqlite.org */
    if (!status && make_cache(cache, err, errlen))
        status = 2;
    if (!status)
        sweep_killed(cache);
    stop_catch_runner();        /* a stop ends the program running, then the get */
    for (int i = 1; i < cfg->npos && !status; i++)
        if (get_one(&list.v[release_find(&list, cfg->pos[i])], mirror, cache, err, errlen))
            status = 2;
    release_free(&list);
    return status;
}

int sqliteget_built(const char *lib_path, char *out, size_t n)
{
    char command[2048], source[2048];
    if (sqlbuild_value(lib_path, SQLBUILD_COMMAND, command, sizeof command) ||
        sqlbuild_value(lib_path, SQLBUILD_SOURCE, source, sizeof source))
        return -1;
    snprintf(out, n, "%s, from %s", command, source);
    return 0;
}

static int by_release(const void *a, const void *b)
{
    return release_compare(*(const char *const *)a, *(const char *const *)b);
}

/* The releases in the cache (folders sqlsoak made), in release order, into
** names (owned); their count, or -1 with err. */
static int cached(const char *cache, char *names[LIST_MAX * 8], char *err, size_t errlen)
{
    DIR *d = opendir(cache);
    if (!d) {
        if (errno == ENOENT)
            return 0;
        snprintf(err, errlen, "%s: %s", cache, strerror(errno));
        return -1;
    }
    int n = 0;
    char dir[PATH_MAX + 300];
    struct dirent *e;
    while (n < LIST_MAX * 8 && (e = readdir(d))) {
        snprintf(dir, sizeof dir, "%s/%s", cache, e->d_name);
        if (release_is_number(e->d_name) && sqlitecache_owned(dir) &&
            (names[n] = strdup(e->d_name)))
            n++;
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_release);
    return n;
}

int sqliteget_list(const char *cache, char *err, size_t errlen)
{
    char *names[LIST_MAX * 8], lib[CACHE_PATH + 64], how[4096];
    int n = cached(cache, names, err, errlen);
    if (n < 0)
        return 2;
    struct releases rels;
    if (release_load(&rels, err, errlen))
        rels.n = 0;
    err[0] = 0;
    printf("%s: %d release%s\n", cache, n, n == 1 ? "" : "s");
    for (int i = 0; i < n; i++) {
        int k = rels.n ? release_find(&rels, names[i]) : -1;
        struct stat st;
        snprintf(lib, sizeof lib, "%s/%s/%s", cache, names[i], LIBRARY);
        if (stat(lib, &st) != 0 || !S_ISREG(st.st_mode) ||
            sqliteget_built(lib, how, sizeof how) != 0)
            snprintf(how, sizeof how, "(damaged: `sqlsoak sqlite clear %s` removes it)",
                     names[i]);
        printf("  %-10s %s  %s\n", names[i], k >= 0 ? rels.v[k].date : "          ", lib);
        printf("             built: %s\n", how);
        free(names[i]);
    }
    release_free(&rels);
    return 0;
}

/* Removes release version's folder, what sqlsoak put there and no more. */
static int clear_one(const char *cache, const char *version, char *err, size_t errlen)
{
    char dir[PATH_MAX + 16], file[PATH_MAX + 64];
    snprintf(dir, sizeof dir, "%s/%s", cache, version);
    if (!release_is_number(version) || !sqlitecache_owned(dir)) {
        snprintf(err, errlen, "clear %s: not in the cache %s", version, cache);
        return -1;
    }
    /* a file of anyone else's keeps the folder whole */
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
            strcmp(e->d_name, LIBRARY) && strcmp(e->d_name, SQLBUILD_FILE)) {
            snprintf(err, errlen, "clear %s: %s holds %s, which sqlsoak did not make: kept "
                     "whole", version, dir, e->d_name);
            closedir(d);
            return -1;
        }
    if (d)
        closedir(d);
    static const char *const files[] = {LIBRARY, SQLBUILD_FILE};
    for (size_t i = 0; i < 2; i++) {
        snprintf(file, sizeof file, "%s/%s", dir, files[i]);
        if (unlink(file) != 0 && errno != ENOENT) {
            snprintf(err, errlen, "clear %s: %s: %s", version, file, strerror(errno));
            return -1;
        }
    }
    if (rmdir(dir) != 0) {
        snprintf(err, errlen, "clear %s: %s: %s", version, dir, strerror(errno));
        return -1;
    }
    printf("%s: removed %s\n", version, dir);
    return 0;
}

int sqliteget_clear(const struct config *cfg, const char *cache, char *err, size_t errlen)
{
    for (int i = 1; i < cfg->npos; i++) {
        char dir[PATH_MAX + 16];
        snprintf(dir, sizeof dir, "%s/%s", cache, cfg->pos[i]);
        if (!release_is_number(cfg->pos[i]) || !sqlitecache_owned(dir)) {
            snprintf(err, errlen, "clear %s: not in the cache %s", cfg->pos[i], cache);
            return 2;
        }
    }
    sweep_killed(cache);
    if (cfg->npos > 1) {
        for (int i = 1; i < cfg->npos; i++)
            if (clear_one(cache, cfg->pos[i], err, errlen))
                return 2;
        return 0;
    }
    char *names[LIST_MAX * 8];
    int n = cached(cache, names, err, errlen), status = n < 0 ? 2 : 0;
    for (int i = 0; i < n; i++) {
        if (!status && clear_one(cache, names[i], err, errlen))
            status = 2;
        free(names[i]);
    }
    if (!status && !n)
        printf("%s: nothing to clear\n", cache);
    return status;
}
