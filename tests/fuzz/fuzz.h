/*
** fuzz: what the fuzz targets share.  Each target (tests/fuzz/fuzz_*.c)
** is one LLVMFuzzerTestOneInput that hands its bytes to one parser of
** outside input, the way sqlsoak's commands reach it, and checks what
** must stay true of the result.  A broken rule is abort(): a finding.
** The same targets, renamed, are the regression test of every input they
** ever found (tests/unit/test_fuzz_regress.c), so these helpers use
** nothing of libFuzzer's.
*/
#ifndef SQLSOAK_FUZZ_H
#define SQLSOAK_FUZZ_H

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A finding: what broke, then FUZZ_FAIL(): abort(), so that libFuzzer
** keeps the input; a test that replays inputs makes it a failed test. */
#ifndef FUZZ_FAIL
#define FUZZ_FAIL() abort()
#endif
#define FUZZ_CHECK(cond)                                                                    \
    do {                                                                                    \
        if (!(cond)) {                                                                      \
            fprintf(stderr, "fuzz: %s:%d: %s does not hold\n", __FILE__, __LINE__, #cond);  \
            FUZZ_FAIL();                                                                    \
        }                                                                                   \
    } while (0)

/* data as a C string, malloc'd (the caller frees it); a NUL in data ends
** the string there, as it would in argv or in a field. */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    FUZZ_CHECK(s != NULL);
    memcpy(s, data, size);
    s[size] = 0;
    return s;
}

/* The scratch folder of this process (made once, removed at exit with the
** files fuzz_file wrote there): where a target puts the file a reader
** opens by path. */
static char fuzz_dir_path[4096];
static char fuzz_names[64][64];        /* the files written, then the folders made */
static int fuzz_nnames;

static inline void fuzz_cleanup(void)
{
    char path[4800];
    for (int i = fuzz_nnames - 1; i >= 0; i--) {
        snprintf(path, sizeof path, "%s/%s", fuzz_dir_path, fuzz_names[i]);
        if (unlink(path) != 0)
            rmdir(path);
    }
    rmdir(fuzz_dir_path);
}

static inline const char *fuzz_dir(void)
{
    if (!fuzz_dir_path[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(fuzz_dir_path, sizeof fuzz_dir_path, "%s/sqlsoak-fuzz.XXXXXX",
                 tmp && *tmp ? tmp : "/tmp");
        FUZZ_CHECK(mkdtemp(fuzz_dir_path) != NULL);
        atexit(fuzz_cleanup);
    }
    return fuzz_dir_path;
}

/* Notes name (under fuzz_dir()) for removal at exit, once; a folder
** before what it holds, which is removed first. */
static inline void fuzz_note(const char *name)
{
    for (int i = 0; i < fuzz_nnames; i++)
        if (strcmp(fuzz_names[i], name) == 0)
            return;
    FUZZ_CHECK(fuzz_nnames < (int)(sizeof fuzz_names / sizeof *fuzz_names) &&
               strlen(name) < sizeof fuzz_names[0]);
    snprintf(fuzz_names[fuzz_nnames++], sizeof fuzz_names[0], "%s", name);
}

/* Writes data (size bytes) as fuzz_dir()/name, whole, the folders of name
** ("sys/block/sda/model") made first; removes it when data is NULL.
** Returns the path (static: the next call reuses it). */
static inline const char *fuzz_file(const char *name, const uint8_t *data, size_t size)
{
    static char path[4800];
    char sub[64];
    int known = 0;       /* written before: its folders are there */
    for (int i = 0; i < fuzz_nnames; i++)
        known |= strcmp(fuzz_names[i], name) == 0;
    for (const char *slash = strchr(name, '/'); !known && slash; slash = strchr(slash + 1, '/')) {
        snprintf(sub, sizeof sub, "%.*s", (int)(slash - name), name);
        snprintf(path, sizeof path, "%s/%s", fuzz_dir(), sub);
        if (mkdir(path, 0700) == 0)
            fuzz_note(sub);
    }
    fuzz_note(name);
    snprintf(path, sizeof path, "%s/%s", fuzz_dir(), name);
    if (!data) {
        unlink(path);
        return path;
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    FUZZ_CHECK(fd >= 0);
    for (size_t done = 0; done < size;) {
        ssize_t w = write(fd, data + done, size - done);
        FUZZ_CHECK(w > 0);
        done += (size_t)w;
    }
    close(fd);
    return path;
}

#endif
