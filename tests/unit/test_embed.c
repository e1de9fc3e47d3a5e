/*
** embed: a graph travels inside report.html as base64 that decodes to its
** bytes.
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

#include "embed.h"

static void test_data_uri(void **state)
{
    (void)state;
    char path[] = "/tmp/test_embed_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "\x89PNG\x00\xff", 6), 6);
    close(fd);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    assert_int_equal(embed_data_uri(f, path, "image/png"), 0);
    fclose(f);
    /* 0x89 'P' 'N' 'G' 0x00 0xff in base64 */
    assert_string_equal(out, "data:image/png;base64,iVBORwD/");
    free(out);
    unlink(path);
    f = open_memstream(&out, &len);
    assert_int_equal(embed_data_uri(f, path, "image/png"), -1);
    fclose(f);
    assert_int_equal(len, 0);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_data_uri),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
