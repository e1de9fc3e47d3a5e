/*
** resumefolder: what the unit tests of `sqlsoak resume` share: a folder
** of the test's own (T, its results folder OUT and --db-dir DBDIR, made
** and removed by each test), a snapshot of a folder's files (their bytes
** and mtimes: equal snapshots, nothing changed), and the command line of
** the run they resume.  Included after cmocka.h, whose assertions it
** makes.
*/
#ifndef SQLSOAK_TEST_RESUMEFOLDER_H
#define SQLSOAK_TEST_RESUMEFOLDER_H

#include <dirent.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The test's folder: T, the results folder T/out and --db-dir T/db. */
static char T[1024], OUT[1100], DBDIR[1100];

static inline void folder_up(void)
{
    const char *tmp = getenv("TMPDIR");
    char base[PATH_MAX], abs[PATH_MAX];
    snprintf(base, sizeof base, "%s/test_resume.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    assert_non_null(mkdtemp(base));
    assert_non_null(realpath(base, abs));       /* resume works on absolute paths */
    assert_true(strlen(abs) < sizeof T);
    snprintf(T, sizeof T, "%s", abs);
    snprintf(OUT, sizeof OUT, "%s/out", T);
    snprintf(DBDIR, sizeof DBDIR, "%s/db", T);
    assert_int_equal(mkdir(OUT, 0755), 0);
    assert_int_equal(mkdir(DBDIR, 0755), 0);
}

static inline void folder_down(void)
{
    char cmd[PATH_MAX + 32];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", T);
    assert_int_equal(system(cmd), 0);
}

static inline void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static inline off_t file_size(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return st.st_size;
}

/* Every entry of dir, with its size, mtime and a hash of its bytes, into
** buf: two snapshots are equal when nothing in dir changed. */
static inline void snapshot(const char *dir, char *buf, size_t n)
{
    struct dirent **names;
    int k = scandir(dir, &names, NULL, alphasort);
    size_t len = 0;
    assert_true(k >= 0);
    buf[0] = 0;
    for (int i = 0; i < k; i++) {
        char path[PATH_MAX * 2];
        struct stat st;
        uint64_t h = 1469598103934665603ull;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        assert_int_equal(lstat(path, &st), 0);
        FILE *f = S_ISREG(st.st_mode) ? fopen(path, "rb") : NULL;
        for (int c; f && (c = getc(f)) != EOF;)
            h = (h ^ (unsigned char)c) * 1099511628211ull;
        if (f)
            fclose(f);
        len += (size_t)snprintf(buf + len, n - len, "%s %lld %lld.%09ld %016llx\n",
                                names[i]->d_name, (long long)st.st_size,
                                (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
                                (unsigned long long)h);
        assert_true(len < n);
        free(names[i]);
    }
    free(names);
}

#define RUN_ARGS_MAX 24

/* The run's arguments after "sqlsoak run": a cell of 300 rows in chunks
** of 100 into OUT, its databases in DBDIR, then extra (NULL-ended). */
static inline int run_args(char **argv, const char *const *extra)
{
    const char *base[] = {"sqlsoak", "run", "--rows", "300", "--chunk", "100", "--reads", "10",
                          "--db-dir", DBDIR, "--out", OUT};
    int argc = 0;
    for (size_t i = 0; i < sizeof base / sizeof *base; i++)
        argv[argc++] = (char *)base[i];
    for (int i = 0; extra && extra[i]; i++)
        argv[argc++] = (char *)extra[i];
    assert_true(argc < RUN_ARGS_MAX);
    argv[argc] = NULL;
    return argc;
}

#endif
