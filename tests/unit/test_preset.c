/*
** Unit tests of the shipped presets: each data/presets/NAME.conf parses,
** through jobfile_read as --job reads a file, to exactly the options of
** preset.c's row, in order; its header says what the row says; every file
** in the folder has a row; and datadir finds the checkout's file.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datadir.h"
#include "jobfile.h"
#include "preset.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PRESETS_DIR SQLSOAK_SOURCE_DIR "/data/presets"   /* the checkout's, from the Makefile */

/* The comment lines opening path, "# " stripped, joined by single spaces,
** up to the first blank "#" line, into out. */
static void header_of(const char *path, char *out, size_t n)
{
    FILE *f = fopen(path, "r");
    char line[512];
    size_t len = 0;
    assert_non_null(f);
    out[0] = 0;
    while (fgets(line, sizeof line, f) && strncmp(line, "# ", 2) == 0) {
        line[strcspn(line, "\n")] = 0;
        len += (size_t)snprintf(out + len, n - len, "%s%s", len ? " " : "", line + 2);
        assert_true(len < n);
    }
    fclose(f);
}

/* Each row's file: the row's options exactly, and its description. */
static void test_every_file_is_its_row(void **state)
{
    (void)state;
    const char *name, *what;
    int i;
    for (i = 0; preset_doc(i, &name, &what); i++) {
        char path[4096], err[4400], head[2048], want[2048];
        struct job job = {0};
        const char *const *args = preset_args(name);
        snprintf(path, sizeof path, "%s/%s.conf", PRESETS_DIR, name);
        if (jobfile_read(path, &job, err, sizeof err) != 0) {
            print_error("preset %s: %s\n", name, err);
            fail();
        }
        int k = 0;
        for (; args[k] && k < job.n; k++)
            if (strcmp(args[k], job.v[k].arg) != 0) {
                print_error("%s:%d: %s, preset.c's row has %s\n", path, job.v[k].line,
                            job.v[k].arg, args[k]);
                fail();
            }
        if (args[k] || k != job.n) {
            print_error("%s: %d options, preset.c's row %d\n", path, job.n, k + (args[k] != NULL));
            fail();
        }
        jobfile_free(&job);
        header_of(path, head, sizeof head);
        snprintf(want, sizeof want, "sqlsoak preset '%s': %s", name, what);
        if (strcmp(head, want) != 0) {
            print_error("%s: header '%s', expected '%s'\n", path, head, want);
            fail();
        }
    }
    assert_true(i >= 11);
}

/* No file without a row: --help and the completions would not list it. */
static void test_every_file_has_a_row(void **state)
{
    (void)state;
    DIR *d = opendir(PRESETS_DIR);
    struct dirent *e;
    int files = 0;
    assert_non_null(d);
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.')
            continue;
        assert_true(len > 5 && strcmp(e->d_name + len - 5, ".conf") == 0);
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(len - 5), e->d_name);
        if (!preset_args(name)) {
            print_error("%s/%s: no row in preset.c\n", PRESETS_DIR, e->d_name);
            fail();
        }
        files++;
    }
    closedir(d);
    const char *name, *what;
    int rows = 0;
    while (preset_doc(rows, &name, &what))
        rows++;
    assert_int_equal(files, rows);
}

/* From build/tests/, datadir finds the checkout's presets beside its plots. */
/* Through SQLSOAK_PLOTS_DIR, as main sets it: a cross build's test binary
** (build/ARCH/tests/) is where no executable-relative place reaches. */
static void test_datadir_finds_the_checkouts(void **state)
{
    (void)state;
    char path[8400], want[4096];
    assert_int_equal(datadir_preset("quick", path, sizeof path), 0);
    snprintf(want, sizeof want, "%s/quick.conf", PRESETS_DIR);
    char *real_path = realpath(path, NULL), *real_want = realpath(want, NULL);
    assert_non_null(real_path);
    assert_non_null(real_want);
    assert_string_equal(real_path, real_want);
    free(real_path);
    free(real_want);
    assert_int_equal(datadir_preset("no-such-preset", path, sizeof path), -1);
    assert_non_null(strstr(path, "/data/presets or "));
}

int main(void)
{
    setenv("SQLSOAK_PLOTS_DIR", SQLSOAK_SOURCE_DIR "/plots", 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_file_is_its_row),
        cmocka_unit_test(test_every_file_has_a_row),
        cmocka_unit_test(test_datadir_finds_the_checkouts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
