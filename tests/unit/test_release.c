/*
** release: a file's SHA3-256 against FIPS 202's known answers (none, one
** block, several, past one read) and its size;
** release numbers recognised and put in release order (3.9.3 before
** 3.10.0, 3.14 as 3.14.0), and the shipped release list in that order.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "release.h"

/* The hash of n bytes of data written to a file, and its size checked. */
static void hex_of(const void *data, size_t n, char hex[RELEASE_SHA3_HEX])
{
    char path[] = "/tmp/test_release-XXXXXX", err[256];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, data, n), (ssize_t)n);
    close(fd);
    int64_t size = -1;
    assert_int_equal(release_hash_file(path, hex, &size, err, sizeof err), 0);
    assert_int_equal(size, (int64_t)n);
    unlink(path);
}

static void test_hash_known_answers(void **state)
{
    (void)state;
    static const char *const abc448 =
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    static char million[1000000];
    char hex[RELEASE_SHA3_HEX];
    memset(million, 'a', sizeof million);
    hex_of("", 0, hex);
    assert_string_equal(hex, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
    hex_of("abc", 3, hex);
    assert_string_equal(hex, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
    hex_of(abc448, strlen(abc448), hex);
    assert_string_equal(hex, "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376");
    hex_of(million, sizeof million, hex);   /* past one read's 64 KiB */
    assert_string_equal(hex, "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1");
}

static void test_hash_missing_file(void **state)
{
    (void)state;
    char hex[RELEASE_SHA3_HEX], err[256];
    int64_t size;
    assert_int_equal(release_hash_file("/nonexistent/test_release", hex, &size, err, sizeof err),
                     -1);
    assert_non_null(strstr(err, "No such file"));
}

static void test_release_numbers(void **state)
{
    (void)state;
    static const char *const yes[] = {"3.7.8", "3.8.11.1", "3.14", "3.50.4", "3.6.0"};
    static const char *const no[] = {"", "3", "2.8.17", "3.7.", "3..7", "3.7.8.1.2", "v3.7.8",
                                     "3.7.8a", "latest", "3.7.0..3.8.0", "-3.7", "/usr/lib/x.so"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
        assert_true(release_is_number(yes[i]));
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        assert_false(release_is_number(no[i]));
    static const char *const ordered[] = {"3.6.23.1", "3.7.0", "3.7.0.1", "3.7.8", "3.8.11.1",
                                          "3.9.3", "3.10.0", "3.14", "3.14.1", "3.44.2"};
    for (size_t i = 0; i + 1 < sizeof ordered / sizeof *ordered; i++) {
        assert_true(release_compare(ordered[i], ordered[i + 1]) < 0);
        assert_true(release_compare(ordered[i + 1], ordered[i]) > 0);
    }
    assert_int_equal(release_compare("3.14", "3.14.0"), 0);
    assert_int_equal(release_compare("3.7.8", "3.7.8.0"), 0);
}

/* The list sqlsoak ships: loads, in release order (release_load refuses
** it otherwise), from 3.6.0, with 3.44.2's published size and hash. */
static void test_release_list(void **state)
{
    (void)state;
    char err[4200];
    struct releases r;
    setenv("SQLSOAK_PLOTS_DIR", SQLSOAK_SOURCE_DIR "/plots", 1);
    assert_int_equal(release_load(&r, err, sizeof err), 0);
    assert_string_equal(r.v[0].version, "3.6.0");
    int i = release_find(&r, "3.44.2");
    assert_true(i > 0);
    assert_string_equal(r.v[i].file, "2023/sqlite-autoconf-3440200.tar.gz");
    assert_int_equal(r.v[i].size, 3204841);
    assert_string_equal(r.v[i].sha3,
                        "6c427f0547e2f7babe636b748dd5d5a1f2f31601adadef7e2805e7d1f7171861");
    i = release_find(&r, "3.7.8");
    assert_string_equal(r.v[i].file, "sqlite-autoconf-3070800.tar.gz");
    assert_int_equal(r.v[i].size, -1);
    assert_string_equal(r.v[i].sha3, "");
    assert_string_equal(r.v[release_find(&r, "3.7.3")].file, "sqlite-amalgamation-3.7.3.tar.gz");
    assert_string_equal(r.v[release_find(&r, "3.8.11.1")].file,
                        "2015/sqlite-autoconf-3081101.tar.gz");
    assert_int_equal(release_find(&r, "3.7.99"), -1);
    /* dates and sqlite3.c's hashes as sqlite.org's release log gives them */
    i = release_find(&r, "3.44.2");
    assert_string_equal(r.v[i].date, "2023-11-24");
    assert_string_equal(r.v[i].c_sha3,
                        "bd70b012e2d1b3efa132d905224cd0ab476a69b892f8c6b21135756ec7ffbb13");
    assert_string_equal(r.v[release_find(&r, "3.42.0")].date, "2023-05-16");
    assert_string_equal(r.v[release_find(&r, "3.7.8")].c_sha3, "");
    assert_int_equal(release_find(&r, "3.52.0"), -1);     /* withdrawn */
    assert_string_equal(r.v[r.n - 1].version, "3.53.4");
    assert_string_equal(r.v[r.n - 1].file, "2026/sqlite-autoconf-3530400.tar.gz");
    release_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hash_known_answers),
        cmocka_unit_test(test_hash_missing_file),
        cmocka_unit_test(test_release_numbers),
        cmocka_unit_test(test_release_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
