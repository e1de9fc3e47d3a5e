/*
** Unit tests of the runner's database names: run's and crash's come from
** one function, DB_DIR/sqlsoak-NAME-HASH-cellN-ROLE.db, NAME the results
** folder's name made safe and HASH the FNV-1a of its absolute path, so
** that two folders of one name sharing a --db-dir never meet.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "runner.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void names(void **state)
{
    (void)state;
    char base[64], abs[PATH_MAX], want[PATH_MAX + 200], got[PATH_MAX + 200];
    snprintf(base, sizeof base, "/tmp/test_run.XXXXXX");
    assert_non_null(mkdtemp(base));
    static struct runner r;     /* large: not on the stack */
    memset(&r, 0, sizeof r);
    snprintf(r.out, sizeof r.out, "%s/my out", base);
    snprintf(r.db_dir, sizeof r.db_dir, "D");
    assert_non_null(realpath(base, abs));
    strncat(abs, "/my out", sizeof abs - strlen(abs) - 1);
    uint32_t h = 2166136261u;
    for (const char *p = abs; *p; p++)
        h = (h ^ (unsigned char)*p) * 16777619u;
    runner_name_databases(&r);
    snprintf(want, sizeof want, "my_out-%08" PRIx32, h);
    assert_string_equal(r.run_name, want);

    static const struct {
        struct cell c;
        const char *role;       /* NULL: the run's own name for c */
        const char *suffix;
    } rows[] = {
        {{3, 2, 0, {0}}, NULL, "cell3-rep2.db"},
        {{3, 0, 1, {0}}, NULL, "cell3-warmup1.db"},
        {{3, 0, 0, {0}}, "calibration", "cell3-calibration.db"},
        {{12, 0, 0, {0}}, "trial7", "cell12-trial7.db"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        if (rows[i].role)
            runner_db_file(&r, rows[i].c.combo, rows[i].role, got, sizeof got);
        else
            runner_db_path(&r, &rows[i].c, got, sizeof got);
        snprintf(want, sizeof want, "D/sqlsoak-my_out-%08" PRIx32 "-%s", h, rows[i].suffix);
        assert_string_equal(got, want);
    }
    rmdir(base);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
