/*
** sqlitecache: the built releases and --sqlite-lib's names for them;
** see sqlitecache.h.
*/
#include "sqlitecache.h"

#include "notice.h"
#include "release.h"
#include "sqlapi.h"
#include "sqlbuild.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int sqlitecache_dir(const char *given, char *out, size_t n, char *err, size_t errlen)
{
    const char *env = getenv("SQLSOAK_CACHE"), *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    int len;
    if (given && *given)
        len = snprintf(out, n, "%s", given);
    else if (env && *env)
        len = snprintf(out, n, "%s", env);
    else if (xdg && *xdg == '/')
        len = snprintf(out, n, "%s/sqlsoak/sqlite", xdg);
    else if (home && *home)
        len = snprintf(out, n, "%s/.cache/sqlsoak/sqlite", home);
    else {
        snprintf(err, errlen, "no cache folder: set SQLSOAK_CACHE, XDG_CACHE_HOME or HOME");
        return -1;
    }
    if (len < 0 || (size_t)len >= n) {
        snprintf(err, errlen, "the cache folder's path is too long");
        return -1;
    }
    return 0;
}

int sqlitecache_owned(const char *dir)
{
    char file[PATH_MAX];
    struct stat st;
    return snprintf(file, sizeof file, "%s/%s", dir, SQLBUILD_FILE) < (int)sizeof file &&
           stat(file, &st) == 0 && S_ISREG(st.st_mode);
}

/* Whether file is a regular file, and its real path into out. */
static int library_at(const char *file, char *out, size_t n)
{
    struct stat st;
    char real[PATH_MAX];
    if (stat(file, &st) != 0 || !S_ISREG(st.st_mode) || !realpath(file, real) ||
        strlen(real) >= n)
        return 0;
    memcpy(out, real, strlen(real) + 1);
    return 1;
}

int sqlitecache_lib(const char *cache, const char *version, char *out, size_t n)
{
    char file[PATH_MAX + 64], exe[PATH_MAX];
    snprintf(file, sizeof file, "%s/%s", cache, version);
    if (sqlitecache_owned(file)) {
        snprintf(file, sizeof file, "%s/%s/libsqlite3.so", cache, version);
        if (library_at(file, out, n))
            return 0;
    }
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0)
        return -1;
    exe[len] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return -1;
    *slash = 0;
    snprintf(file, sizeof file, "%s/sqlite/%s/libsqlite3.so", exe, version);
    return library_at(file, out, n) ? 0 : -1;
}

/* Whether text is a range of releases or "latest" (a path's ".." is not). */
static int names_range(const char *text)
{
    return (strstr(text, "..") && !strchr(text, '/')) || strcmp(text, "latest") == 0;
}

/* What a range or "latest" names: releases first..last of the list. */
struct named {
    int first, last;
};

static int classify(const char *text, const struct releases *list, struct named *nm,
                    char *err, size_t errlen)
{
    const char *dots = strstr(text, "..");
    nm->first = nm->last = -1;
    if (strcmp(text, "latest") == 0) {
        nm->first = nm->last = list->n - 1;
        return 0;
    }
    char a[32];
    snprintf(a, sizeof a, "%.*s", (int)(dots - text), text);
    const char *b = dots + 2;
    if (!release_is_number(a) || !release_is_number(b) || release_compare(a, b) > 0) {
        snprintf(err, errlen, "--sqlite-lib %s: a range is two release numbers, the older "
                 "first (3.7.0..3.8.11.1)", text);
        return -1;
    }
    for (int i = 0; i < list->n; i++) {
        if (nm->first < 0 && release_compare(list->v[i].version, a) >= 0)
            nm->first = i;
        if (release_compare(list->v[i].version, b) <= 0)
            nm->last = i;
    }
    if (nm->first < 0 || nm->last < nm->first) {
        snprintf(err, errlen, "--sqlite-lib %s: no release in that range (data/sqlite/"
                 "releases.tsv lists %s to %s)", text, list->v[0].version,
                 list->v[list->n - 1].version);
        return -1;
    }
    return 0;
}

/* The libraries picked so far, each with the release it is ("" for a
** path or soname), for the order. */
struct picked {
    struct strlist libs;        /* owned copies */
    char release[LIST_MAX][16];
};

/* Appends path, release version's (or ""), once; 0, or -1 with err. */
static int pick(struct picked *p, const char *text, const char *path, const char *version,
                char *err, size_t errlen)
{
    for (int i = 0; i < p->libs.n; i++)
        if (strcmp(p->libs.v[i], path) == 0)
            return 0;
    if (p->libs.n == LIST_MAX) {
        snprintf(err, errlen, "--sqlite-lib %s: more than %d libraries", text, LIST_MAX);
        return -1;
    }
    if (!(p->libs.v[p->libs.n] = strdup(path))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    snprintf(p->release[p->libs.n++], sizeof p->release[0], "%s", version);
    return 0;
}

/* The libraries of list's releases first..last: those built; the rest
** named in err (none built) or in a notice (some built). */
static int pick_range(struct picked *p, const char *text, const char *cache,
                      const struct releases *list, int first, int last, char *err,
                      size_t errlen)
{
    char missing[2048] = "", path[PATH_MAX];
    int nmissing = 0, nbuilt = 0;
    size_t off = 0;
    for (int i = first; i <= last; i++) {
        if (sqlitecache_lib(cache, list->v[i].version, path, sizeof path) == 0) {
            if (pick(p, text, path, list->v[i].version, err, errlen))
                return -1;
            nbuilt++;
        } else if (off < sizeof missing) {
            off += (size_t)snprintf(missing + off, sizeof missing - off, " %s",
                                    list->v[i].version);
            nmissing++;
        }
    }
    const char *them = nmissing == 1 ? "it" : "them";
    if (!nbuilt) {
        snprintf(err, errlen, "--sqlite-lib %s: not built: `sqlsoak sqlite get%s` fetches %s",
                 text, missing, them);
        return -1;
    }
    if (nmissing)
        notice_line("--sqlite-lib %s: %d of its %d releases built, taken; not built: "
                    "`sqlsoak sqlite get%s` fetches %s", text, nbuilt, nbuilt + nmissing,
                    missing, them);
    return 0;
}

/* One --sqlite-lib value's libraries into p; 0, or -1 with err. */
static int pick_value(struct picked *p, const char *text, const char *cache,
                      struct releases *list, char *err, size_t errlen)
{
    char path[PATH_MAX];
    if (names_range(text)) {
        struct named nm;
        if ((!list->n && release_load(list, err, errlen)) ||
            classify(text, list, &nm, err, errlen))
            return -1;
        return pick_range(p, text, cache, list, nm.first, nm.last, err, errlen);
    }
    if (!release_is_number(text)) {
        /* a path among releases: its place is the release it reports
        ** (one that does not load is refused where every library is) */
        struct sqlapi api;
        char why[512];
        int loaded = sqlapi_open(&api, text, why, sizeof why) == 0;
        int rc = pick(p, text, text, loaded ? api.version : "", err, errlen);
        if (loaded)
            sqlapi_close(&api);
        return rc;
    }
    if (sqlitecache_lib(cache, text, path, sizeof path) != 0) {
        snprintf(err, errlen, "--sqlite-lib %s: not built: `sqlsoak sqlite get %s` fetches it",
                 text, text);
        return -1;
    }
    return pick(p, text, path, text, err, errlen);
}

static int names_release(const char *text)
{
    return release_is_number(text) || names_range(text);
}

int sqlitecache_resolve(struct config *cfg, char *err, size_t errlen)
{
    int any = 0;
    for (int i = 0; i < cfg->sqlite_lib.n; i++)
        any |= names_release(cfg->sqlite_lib.v[i]);
    if (!any)
        return 0;
    char cache[PATH_MAX];
    if (sqlitecache_dir(NULL, cache, sizeof cache, err, errlen))
        return -1;
    struct releases list = {0};
    struct picked *p = calloc(1, sizeof *p);
    int rc = p ? 0 : -1;
    if (!p)
        snprintf(err, errlen, "out of memory");
    for (int i = 0; rc == 0 && i < cfg->sqlite_lib.n; i++)
        rc = pick_value(p, cfg->sqlite_lib.v[i], cache, &list, err, errlen);
    release_free(&list);
    if (rc) {
        for (int i = 0; p && i < p->libs.n; i++)
            free(p->libs.v[i]);
        free(p);
        return -1;
    }
    /* the libraries in release order (an insertion sort of at most
    ** LIST_MAX, which keeps ties as given) */
    for (int i = 1; i < p->libs.n; i++)
        for (int k = i; k > 0 && release_compare(p->release[k - 1], p->release[k]) > 0; k--) {
            char *lib = p->libs.v[k], t[sizeof p->release[0]];
            p->libs.v[k] = p->libs.v[k - 1];
            p->libs.v[k - 1] = lib;
            memcpy(t, p->release[k], sizeof t);
            memcpy(p->release[k], p->release[k - 1], sizeof t);
            memcpy(p->release[k - 1], t, sizeof t);
        }
    for (int i = 0; i < cfg->sqlite_lib.n; i++)
        free(cfg->sqlite_lib.v[i]);
    cfg->sqlite_lib = p->libs;
    cfg->sqlite_lib_by_release = p->libs.n > 1;
    free(p);
    return 0;
}
