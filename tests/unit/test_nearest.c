/*
** nearest: the word a typo most likely meant, and no word when none is
** near: one edit or an adjacent swap away, two edits for a longer word,
** a prefix of two letters or more; never a word as far as the typo is
** long.
*/
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "nearest.h"

static const char *nearest_of(const char *typed, const char *const *words)
{
    struct nearest n;
    nearest_init(&n, typed, strlen(typed));
    nearest_offer_all(&n, words);
    return nearest_word(&n);
}

static void test_meant(void **state)
{
    (void)state;
    static const char *const journal[] = {"delete", "truncate", "persist", "memory", "wal",
                                          "off", NULL};
    static const char *const options[] = {"rows", "chunk", "reads", "read-from", "journal",
                                          "sqlite-lib", NULL};
    static const struct {
        const char *typed;
        const char *const *words;
        const char *meant;        /* NULL: none */
    } t[] = {
        {"wall", journal, "wal"},           /* one letter too many */
        {"dlete", journal, "delete"},       /* one too few */
        {"trunacte", journal, "truncate"},  /* two swapped: one edit */
        {"memroy", journal, "memory"},
        {"persits", journal, "persist"},
        {"truncat", journal, "truncate"},
        {"WAL", journal, NULL},             /* case is not guessed: three edits */
        {"cold", journal, NULL},
        {"x", journal, NULL},               /* one letter is as far as "off" */
        {"of", journal, "off"},
        {"rwos", options, "rows"},
        {"chnuk", options, "chunk"},
        {"jour", options, "journal"},       /* a prefix */
        {"sqlite", options, "sqlite-lib"},
        {"read", options, "reads"},         /* the nearer before the prefix of read-from */
        {"bogus", options, NULL},
        {"", options, NULL},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        const char *got = nearest_of(t[i].typed, t[i].words);
        if (!t[i].meant)
            assert_null(got);
        else
            assert_string_equal(got, t[i].meant);
    }
}

/* Only typed's first len bytes count: an option's name before its "=". */
static void test_length_bounds_the_typo(void **state)
{
    (void)state;
    struct nearest n;
    nearest_init(&n, "rwos=5", 4);
    nearest_offer(&n, "rows");
    assert_string_equal(nearest_word(&n), "rows");
    /* a word longer than any table's is never near */
    char longword[100];
    memset(longword, 'a', sizeof longword - 1);
    longword[sizeof longword - 1] = 0;
    nearest_init(&n, longword, strlen(longword));
    nearest_offer(&n, longword);
    assert_null(nearest_word(&n));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_meant),
        cmocka_unit_test(test_length_bounds_the_typo),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
