/*
** sha3 and release: SHA3-256 against FIPS 202's known answers (one
** block, several, fed in pieces of any size) and a file's hash and size;
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
#include "sha3.h"

static void hex_of(const void *data, size_t n, size_t piece, char hex[65])
{
    struct sha3 s;
    uint8_t h[SHA3_256_BYTES];
    sha3_init(&s);
    for (size_t off = 0; off < n; off += piece)
        sha3_update(&s, (const char *)data + off, n - off < piece ? n - off : piece);
    sha3_final(&s, h);
    for (int i = 0; i < SHA3_256_BYTES; i++)
        snprintf(hex + 2 * i, 3, "%02x", h[i]);
}

static void test_sha3_known_answers(void **state)
{
    (void)state;
    static const char *const abc448 =
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    char million[1000000], hex[65];
    memset(million, 'a', sizeof million);
    static const size_t pieces[] = {1, 7, 135, 136, 137, 1000000};
    for (size_t p = 0; p < sizeof pieces / sizeof *pieces; p++) {
        hex_of("", 0, pieces[p], hex);
        assert_string_equal(hex, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
        hex_of("abc", 3, pieces[p], hex);
        assert_string_equal(hex, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
        hex_of(abc448, strlen(abc448), pieces[p], hex);
        assert_string_equal(hex, "41c0dba2a9d6240849100376a8235e2c82e1b9998a999e21db32dd97496d3376");
        hex_of(million, sizeof million, pieces[p], hex);   /* 7353 blocks */
        assert_string_equal(hex, "5c8875ae474a3634ba4fd55ec85bffd661f32aca75c6d699d0cdcb6c115891c1");
    }
}

static void test_sha3_file(void **state)
{
    (void)state;
    char path[] = "/tmp/test_release-XXXXXX", hex[65], err[256];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "abc", 3), 3);
    close(fd);
    int64_t size = 0;
    assert_int_equal(sha3_file(path, hex, &size, err, sizeof err), 0);
    assert_string_equal(hex, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532");
    assert_int_equal(size, 3);
    unlink(path);
    assert_int_equal(sha3_file(path, hex, &size, err, sizeof err), -1);
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
    release_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sha3_known_answers),
        cmocka_unit_test(test_sha3_file),
        cmocka_unit_test(test_release_numbers),
        cmocka_unit_test(test_release_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
