/*
** The fuzz targets' regression test: every input kept in
** tests/fuzz/regress/TARGET/ (each once broke TARGET: a crash, a
** sanitizer's report, or a rule of the target that did not hold) and
** every seed of tests/fuzz/seed/TARGET/ is fed to the target's own
** LLVMFuzzerTestOneInput, built here without clang or libFuzzer.  A rule
** of the target broken again fails this test; under `make asan` the
** sanitizers watch too.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a rule broken fails the test that fed the input, not the whole binary */
#define FUZZ_FAIL() fail_msg("a rule of the fuzz target does not hold (above)")

int fuzz_csvin(const uint8_t *data, size_t size);
int fuzz_devinfo(const uint8_t *data, size_t size);
int fuzz_hist(const uint8_t *data, size_t size);
int fuzz_runjson(const uint8_t *data, size_t size);
int fuzz_value(const uint8_t *data, size_t size);

#define LLVMFuzzerTestOneInput fuzz_csvin
#include "../fuzz/fuzz_csvin.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_devinfo
#include "../fuzz/fuzz_devinfo.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_hist
#include "../fuzz/fuzz_hist.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_runjson
#include "../fuzz/fuzz_runjson.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_value
#include "../fuzz/fuzz_value.c"
#undef LLVMFuzzerTestOneInput

/* Feeds every file of tests/fuzz/KIND/TARGET to one; the number fed. */
static int feed(const char *kind, const char *target, int (*one)(const uint8_t *, size_t))
{
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/tests/fuzz/%s/%s", SQLSOAK_SOURCE_DIR, kind, target);
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int fed = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[4500];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        FILE *f = fopen(path, "rbe");
        assert_non_null(f);
        static uint8_t buf[1 << 20];
        size_t len = fread(buf, 1, sizeof buf, f);
        assert_int_equal(ferror(f), 0);
        fclose(f);
        print_message("%s/%s/%s (%zu bytes)\n", kind, target, e->d_name, len);
        assert_int_equal(one(buf, len), 0);
        fed++;
    }
    closedir(d);
    return fed;
}

static void replay(const char *target, int (*one)(const uint8_t *, size_t))
{
    int seeds = feed("seed", target, one);
    assert_true(seeds > 0);         /* the seeds are there: the target ran */
    feed("regress", target, one);
}

static void test_csvin(void **state)
{
    (void)state;
    replay("csvin", fuzz_csvin);
}

static void test_devinfo(void **state)
{
    (void)state;
    replay("devinfo", fuzz_devinfo);
}

static void test_hist(void **state)
{
    (void)state;
    replay("hist", fuzz_hist);
}

static void test_runjson(void **state)
{
    (void)state;
    replay("runjson", fuzz_runjson);
}

static void test_value(void **state)
{
    (void)state;
    replay("value", fuzz_value);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csvin),
        cmocka_unit_test(test_devinfo),
        cmocka_unit_test(test_hist),
        cmocka_unit_test(test_runjson),
        cmocka_unit_test(test_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
