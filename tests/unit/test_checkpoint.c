/*
** checkpoint_refusal: when a cell cannot have its explicit --checkpoint
** mode, in the words summary.csv's reason gives (outside WAL, a library
** before 3.7.6 without sqlite3_wal_checkpoint_v2, a --wal-autocheckpoint
** other than 0); auto and the cells that can have one are not refused.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "checkpoint.h"
#include "modes.h"

static int fake_checkpoint(sqlite3 *db, const char *name, int mode, int *log, int *ckpt)
{
    (void)db, (void)name, (void)mode, (void)log, (void)ckpt;
    return SQLITE_OK;
}

static void test_refusal(void **state)
{
    (void)state;
    static const struct {
        int mode, journal, has_v2;
        int64_t autock;
        const char *why;     /* NULL: it can */
    } cases[] = {
        {CK_AUTO, JM_DELETE, 0, 1000, NULL},
        {CK_PASSIVE, JM_WAL, 1, VALUE_DEFAULT, NULL},
        {CK_TRUNCATE, JM_WAL, 1, 0, NULL},
        {CK_FULL, JM_DELETE, 1, VALUE_DEFAULT, "checkpoint_mode full: needs journal_mode wal"},
        {CK_RESTART, JM_MEMORY, 1, 0, "checkpoint_mode restart: needs journal_mode wal"},
        {CK_PASSIVE, JM_WAL, 0, VALUE_DEFAULT,
         "checkpoint_mode passive: SQLite 3.7.5 has no sqlite3_wal_checkpoint_v2 (3.7.6)"},
        {CK_TRUNCATE, JM_WAL, 1, 100,
         "checkpoint_mode truncate runs with wal_autocheckpoint 0, not 100"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        struct cell c;
        struct sqlapi api;
        char why[256] = "";
        memset(&c, 0, sizeof c);
        memset(&api, 0, sizeof api);
        snprintf(api.version, sizeof api.version, "3.7.5");
        api.wal_checkpoint_v2 = cases[i].has_v2 ? fake_checkpoint : NULL;
        c.v[DIM_CHECKPOINT] = cases[i].mode;
        c.v[DIM_JOURNAL] = cases[i].journal;
        c.v[DIM_WAL_AUTOCHECKPOINT] = cases[i].autock;
        const char *got = checkpoint_refusal(&c, &api, why, sizeof why);
        if (!cases[i].why) {
            assert_null(got);
        } else {
            assert_ptr_equal(got, why);
            assert_string_equal(why, cases[i].why);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refusal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
