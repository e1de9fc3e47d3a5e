/*
** faultstate: what a simulated power cut leaves on disk, on real files.
** Each cut runs in a child process (it ends the process, as a power cut
** ends the program); the parent looks at the files it left.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "emulated.h"
#include "faultstate.h"
#include "sqlapi.h"

static char dir[64], path[128];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/sqlsoak-faultstate-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/db-journal", dir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    unlink(path);
    return rmdir(dir);
}

static void init(struct faultstate *fv, uint64_t seed, int powersafe, int lying)
{
    memset(fv, 0, sizeof *fv);
    fv->sector_size = 512;
    fv->powersafe = powersafe;
    fv->lying = lying;
    fv->rng = seed;
}

/* path holds n bytes of c. */
static void fill(char c, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    for (size_t i = 0; i < n; i++)
        fputc(c, f);
    fclose(f);
}

/* The file's content into buf (at most n bytes): its length, -1 if none. */
static long slurp(char *buf, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    long len = (long)fread(buf, 1, n, f);
    fclose(f);
    return len;
}

static void cut(struct faultstate *fv)
{
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0)
        fstate_crash(fv);
    int st = 0;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFEXITED(st));
    assert_int_equal(WEXITSTATUS(st), FAULTVFS_CRASH_EXIT);
    fstate_free_all(fv);
}

/* A deletion is undone by a cut before its directory is synced, and not
** after. */
static void test_deletion(void **state)
{
    (void)state;
    struct faultstate fv;
    char buf[64];
    for (int synced = 0; synced < 2; synced++) {
        init(&fv, 1, 1, 0);
        fill('J', 40);
        struct faultvfs_file_state *s = fstate_of(&fv, path, 1);
        fstate_opened(&fv, s, 1);
        fstate_deleting(&fv, s);
        assert_int_equal(unlink(path), 0);
        if (synced)
            assert_int_equal(fstate_sync(&fv, NULL, 1, path), SQLITE_OK);
        cut(&fv);
        if (synced) {
            assert_int_equal(slurp(buf, sizeof buf), -1);
        } else {
            assert_int_equal(slurp(buf, sizeof buf), 40);
            assert_memory_equal(buf, "JJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJJ", 40);
        }
    }
}

/* A file created since the last directory sync is gone after a cut; the
** first sync of a journal, which syncs the directory, keeps it. */
static void test_creation(void **state)
{
    (void)state;
    struct faultstate fv;
    char buf[64];
    for (int synced = 0; synced < 2; synced++) {
        init(&fv, 1, 1, 0);
        fill('x', 0);
        struct faultvfs_file_state *s = fstate_of(&fv, path, 1);
        fstate_opened(&fv, s, 0);
        assert_int_equal(fstate_write(&fv, s, "header", 6, 0), SQLITE_OK);
        if (synced)
            assert_int_equal(fstate_sync(&fv, s, 1, NULL), SQLITE_OK);
        cut(&fv);
        if (synced) {
            assert_int_equal(slurp(buf, sizeof buf), 6);
            assert_memory_equal(buf, "header", 6);
        } else {
            assert_int_equal(slurp(buf, sizeof buf), -1);
        }
    }
}

/* A truncation is undone by a cut before the file is synced, and the
** writes past its new end with it. */
static void test_truncation(void **state)
{
    (void)state;
    struct faultstate fv;
    static char buf[4096];
    for (int synced = 0; synced < 2; synced++) {
        init(&fv, 1, 1, 0);
        fill('T', 2048);
        struct faultvfs_file_state *s = fstate_of(&fv, path, 1);
        fstate_opened(&fv, s, 1);
        fstate_truncating(&fv, s, 100);
        assert_int_equal(truncate(path, 100), 0);
        fstate_truncating(&fv, s, 0);
        assert_int_equal(truncate(path, 0), 0);
        if (synced)
            assert_int_equal(fstate_sync(&fv, s, 0, NULL), SQLITE_OK);
        else
            assert_int_equal(fstate_write(&fv, s, "NNNN", 4, 0), SQLITE_OK);
        cut(&fv);
        long len = slurp(buf, sizeof buf);
        assert_int_equal(len, synced ? 0 : 2048);
        for (long i = 0; i < len; i++)
            assert_int_equal(buf[i], 'T');
    }
}

/* Torn garbage stays inside the bytes written under powersafe overwrite;
** without it, it reaches other bytes of the sectors the write touched. */
static void test_powersafe(void **state)
{
    (void)state;
    struct faultstate fv;
    static char buf[2048];
    int spilled[2] = {0, 0};
    for (int psow = 0; psow < 2; psow++)
        for (uint64_t seed = 0; seed < trials_here(300, 40); seed++) {
            init(&fv, seed, psow, 0);
            fill('A', 1024);
            struct faultvfs_file_state *s = fstate_of(&fv, path, 1);
            fstate_opened(&fv, s, 1);
            assert_int_equal(fstate_write(&fv, s, "BBBBBBBBBB", 10, 100), SQLITE_OK);
            cut(&fv);
            assert_int_equal(slurp(buf, sizeof buf), 1024);
            for (int i = 0; i < 1024; i++)
                if ((i < 100 || i >= 110) && buf[i] != 'A') {
                    assert_true(i < 512);       /* the write's sector only */
                    spilled[psow] = 1;
                }
        }
    assert_int_equal(spilled[1], 0);
    assert_int_equal(spilled[0], 1);
}

/* Garbage in a torn sector never makes the file longer than its bytes
** and the write's. */
static void test_garbage_keeps_the_size(void **state)
{
    (void)state;
    struct faultstate fv;
    static char buf[4096];
    for (uint64_t seed = 0; seed < trials_here(200, 25); seed++) {
        init(&fv, seed, 0, 0);
        fill('A', 1000);
        struct faultvfs_file_state *s = fstate_of(&fv, path, 1);
        fstate_opened(&fv, s, 1);
        assert_int_equal(fstate_write(&fv, s, "BBBBBBBBBB", 10, 1000), SQLITE_OK);
        cut(&fv);
        long len = slurp(buf, sizeof buf);
        assert_true(len == 1000 || len == 1010);
    }
}

/* An honest device carries out every sync; a lying one some, not all. */
static void test_lying_device(void **state)
{
    (void)state;
    struct faultstate fv;
    char buf[600];
    int done[2] = {0, 0}, skipped[2] = {0, 0};
    for (int lying = 0; lying < 2; lying++)
        for (uint64_t seed = 0; seed < trials_here(64, 16); seed++) {
            init(&fv, seed, 1, lying);
            fill('A', 512);
            struct faultvfs_file_state *s = fstate_of(&fv, path, 1);
            fstate_opened(&fv, s, 1);
            memset(buf, 'B', 512);
            assert_int_equal(fstate_write(&fv, s, buf, 512, 0), SQLITE_OK);
            assert_int_equal(fstate_sync(&fv, s, 0, NULL), SQLITE_OK);
            assert_int_equal(slurp(buf, sizeof buf), 512);
            if (buf[0] == 'B')
                done[lying]++;
            else
                skipped[lying]++;
            fstate_free_all(&fv);
        }
    assert_int_equal(skipped[0], 0);
    assert_true(done[1] > 0 && skipped[1] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deletion),
        cmocka_unit_test(test_creation),
        cmocka_unit_test(test_truncation),
        cmocka_unit_test(test_powersafe),
        cmocka_unit_test(test_garbage_keeps_the_size),
        cmocka_unit_test(test_lying_device),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
