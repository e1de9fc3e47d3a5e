/*
** Unit tests of fdio's whole reads, on a real pipe: a message that
** arrives in parts is read whole, and the wait of fdio_read_when is asked
** before each part, the first and the later ones alike (a writer starved
** between two parts is waited for as before the first); a wait that
** gives up ends the read with its own value; a message cut short by the
** writer's end is an error, not a short success.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "fdio.h"

#include <string.h>
#include <unistd.h>

/* The writer's side, played by the wait itself: before each part it is
** asked for, it writes the next one (or closes the pipe, or gives up). */
struct writer {
    int fd;             /* the pipe's write end, -1 once closed */
    int asked;          /* the waits asked for so far */
    int parts;          /* the parts it writes before ... */
    int then;           /* ... returning this (0: closing the pipe) */
};

static int next_part(void *arg)
{
    struct writer *w = arg;
    w->asked++;
    if (w->asked > w->parts) {
        if (w->then != 0)
            return w->then;
        close(w->fd);
        w->fd = -1;
        return 0;
    }
    char part[4];
    memset(part, 'a' + w->asked - 1, sizeof part);
    assert_int_equal(fdio_write_full(w->fd, part, sizeof part), 0);
    return 0;
}

static void pipe_writer(int p[2], struct writer *w, int parts, int then)
{
    assert_int_equal(pipe(p), 0);
    *w = (struct writer){.fd = p[1], .parts = parts, .then = then};
}

static void a_wait_before_every_part(void **state)
{
    (void)state;
    int p[2];
    struct writer w;
    pipe_writer(p, &w, 3, 0);
    char got[12];
    assert_int_equal(fdio_read_when(p[0], got, sizeof got, next_part, &w), 0);
    assert_int_equal(w.asked, 3);
    assert_memory_equal(got, "aaaabbbbcccc", sizeof got);
    close(p[0]);
    close(w.fd);
}

static void a_wait_that_gives_up_ends_the_read(void **state)
{
    (void)state;
    int p[2];
    struct writer w;
    pipe_writer(p, &w, 1, 7);
    char got[12];
    assert_int_equal(fdio_read_when(p[0], got, sizeof got, next_part, &w), 7);
    assert_int_equal(w.asked, 2);
    close(p[0]);
    close(w.fd);
}

static void a_message_cut_short_is_an_error(void **state)
{
    (void)state;
    int p[2];
    struct writer w;
    pipe_writer(p, &w, 2, 0);
    char got[12];
    assert_int_equal(fdio_read_when(p[0], got, sizeof got, next_part, &w), -1);
    assert_int_equal(w.asked, 3);
    assert_int_equal(w.fd, -1);
    close(p[0]);
}

static void no_wait_reads_what_is_there(void **state)
{
    (void)state;
    int p[2];
    assert_int_equal(pipe(p), 0);
    assert_int_equal(fdio_write_full(p[1], "whole", 5), 0);
    char got[5];
    assert_int_equal(fdio_read_when(p[0], got, sizeof got, NULL, NULL), 0);
    assert_memory_equal(got, "whole", 5);
    close(p[1]);
    assert_int_equal(fdio_read_full(p[0], got, 1), -1);     /* its end */
    close(p[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_wait_before_every_part),
        cmocka_unit_test(a_wait_that_gives_up_ends_the_read),
        cmocka_unit_test(a_message_cut_short_is_an_error),
        cmocka_unit_test(no_wait_reads_what_is_there),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
