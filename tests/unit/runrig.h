/*
** runrig: what the unit tests of a session and of the runner share: a
** folder of the test's own (removed at the end), the options parsed as
** `sqlsoak run`'s command line and checked by session_check, a file
** written, a folder's entries counted and a file read whole.
*/
#ifndef SQLSOAK_TEST_RUNRIG_H
#define SQLSOAK_TEST_RUNRIG_H

#include "options.h"
#include "session.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUNRIG_MAX_ARGS 64

/* The test's folder, made by runrig_up, and the paths under it. */
static char runrig_dir[256];

/* The test's own folder (under TMPDIR or /tmp) into runrig_dir: 0, or -1. */
static inline int runrig_up(void **state)
{
    const char *tmp = getenv("TMPDIR");
    (void)state;
    snprintf(runrig_dir, sizeof runrig_dir, "%s/test_runrig.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    return mkdtemp(runrig_dir) ? 0 : -1;
}

/* Removes the test's folder and all it holds. */
static inline int runrig_down(void **state)
{
    char cmd[400];
    (void)state;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", runrig_dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* runrig_dir/name into buf; returns buf. */
static inline const char *runrig_path(const char *name, char *buf, size_t n)
{
    snprintf(buf, n, "%s/%s", runrig_dir, name);
    return buf;
}

/* A command line: "sqlsoak run --out DIR/out --db-dir DIR/db ARGS...". */
struct runrig_argv {
    char out[300], db[300];
    int argc;
    char *argv[RUNRIG_MAX_ARGS];    /* NULL-terminated */
};

/* The command line of args into *a: its argc. */
static inline int runrig_argv(struct runrig_argv *a, const char *const *args)
{
    int argc = 0;
    runrig_path("out", a->out, sizeof a->out);
    runrig_path("db", a->db, sizeof a->db);
    a->argv[argc++] = (char *)"sqlsoak";
    a->argv[argc++] = (char *)"run";
    a->argv[argc++] = (char *)"--out";
    a->argv[argc++] = a->out;
    a->argv[argc++] = (char *)"--db-dir";
    a->argv[argc++] = a->db;
    for (int i = 0; args && args[i] && argc < RUNRIG_MAX_ARGS - 1; i++)
        a->argv[argc++] = (char *)args[i];
    a->argv[argc] = NULL;
    return a->argc = argc;
}

/* args parsed into cfg as `sqlsoak run`'s, after --out DIR/out and
** --db-dir DIR/db; the whole command line into a.  0, or -1 with err. */
static inline int runrig_parse(struct config *cfg, struct runrig_argv *a, const char *const *args,
                        char *err, size_t n)
{
    int help = 0, argc = runrig_argv(a, args);
    return options_parse(cfg, CMD_RUN, argc - 2, a->argv + 2, &help, err, n);
}

/* args parsed into *cfg as runrig_parse does, *r set up for it
** (session_init) and checked (session_check).  0, or -1 with err. */
static inline int runrig_checked(struct runner *r, struct config *cfg, struct runrig_argv *a,
                                 const char *const *args, char *err, size_t n)
{
    if (runrig_parse(cfg, a, args, err, n))
        return -1;
    session_init(r, cfg);
    return session_check(r, a->argc, a->argv, err, n);
}

/* A file at path holding text: 0, or -1. */
static inline int runrig_write(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    int rc = fputs(text, f) < 0;
    return fclose(f) != 0 || rc ? -1 : 0;
}

/* The entries of folder path ("." and ".." aside); -1 when it is none. */
static inline int runrig_entries(const char *path)
{
    DIR *d = opendir(path);
    int k = 0;
    if (!d)
        return -1;
    for (struct dirent *e; (e = readdir(d));)
        k += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return k;
}

/* The whole of file path, malloc'ed and NUL-terminated (the caller frees),
** its length in *len; NULL when it cannot be read. */
static inline char *runrig_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0, cap = 0;
    if (!f)
        return NULL;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            char *b = realloc(buf, cap = (n + 4096 + 1) * 2);
            if (!b)
                break;
            buf = b;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    fclose(f);
    if (buf) {
        buf[n] = '\0';
        *len = n;
    }
    return buf;
}

#endif
