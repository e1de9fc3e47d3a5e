/*
** A check of the sources: every fopen() in src/ opens close-on-exec ("e"
** in its mode, a string literal), as every open() passes O_CLOEXEC, so
** that no results file or database side file stays open in gnuplot or in
** any other program sqlsoak starts.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "srcfiles.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* The mode of the fopen( call whose arguments begin at p: its last string
** literal before the closing parenthesis, into mode (n bytes).  0, or -1
** when the call has no literal mode. */
static int call_mode(const char *p, char *mode, size_t n)
{
    int depth = 1, found = -1;
    for (; *p && depth > 0; p++) {
        if (*p == '(')
            depth++;
        else if (*p == ')')
            depth--;
        else if (*p == '"') {
            const char *end = strchr(p + 1, '"');
            if (!end)
                return -1;
            snprintf(mode, n, "%.*s", (int)(end - p - 1), p + 1);
            found = 0;
            p = end;
        }
    }
    return found;
}

/* The number of fopen( calls of the file at path without "e". */
static int unclosed(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%.2047s/%.63s", dir, name);
    FILE *f = fopen(path, "re");
    assert_non_null(f);
    char *text = calloc(1, 1 << 20);
    assert_non_null(text);
    size_t len = fread(text, 1, (1 << 20) - 1, f);
    fclose(f);
    text[len] = 0;
    int bad = 0, line = 1;
    for (const char *p = text; *p; p++) {
        if (*p == '\n')
            line++;
        if (strncmp(p, "fopen(", 6) != 0 || (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_')))
            continue;
        char mode[16] = "";
        if (call_mode(p + 6, mode, sizeof mode) != 0 || !strchr(mode, 'e')) {
            print_error("src/%s:%d: fopen without \"e\" (close-on-exec) in its mode \"%s\"\n",
                        name, line, mode);
            bad++;
        }
    }
    free(text);
    return bad;
}

static void test_every_fopen_is_cloexec(void **state)
{
    (void)state;
    static char names[512][64];
    char dir[2048];
    int files = src_files(names, 512, 0), bad = 0;
    for (int i = 0; i < files; i++) {
        assert_int_equal(src_path(names[i], dir, sizeof dir), 0);
        *strrchr(dir, '/') = 0;     /* the file's folder */
        bad += unclosed(dir, names[i]);
    }
    assert_true(files >= 40);
    assert_int_equal(bad, 0);
}

/* The check itself finds what it is for. */
static void test_call_mode(void **state)
{
    (void)state;
    char mode[16];
    assert_int_equal(call_mode("path, \"re\");", mode, sizeof mode), 0);
    assert_string_equal(mode, "re");
    assert_int_equal(call_mode("f(\"x\"), \"w\") : NULL;", mode, sizeof mode), 0);
    assert_string_equal(mode, "w");
    assert_int_equal(call_mode("path, m);", mode, sizeof mode), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_call_mode),
        cmocka_unit_test(test_every_fopen_is_cloexec),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
