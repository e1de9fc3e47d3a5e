/*
** Unit tests of graphs: the list and the folder of scripts agree (every
** script of plots/ but the _ pieces has a row, every row's script exists);
** every need bit has a reason, and a bit without one aborts; an output is
** drawn only with its needs; the timeline's caption tells the run's length
** in the unit of its axis, and no caption calls a run a night.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "graphs.h"

#define SQLSOAK_PLOTS_DIR SQLSOAK_SOURCE_DIR "/plots"   /* the checkout's, from the Makefile */

#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void test_every_script_has_a_row(void **state)
{
    (void)state;
    DIR *d = opendir(SQLSOAK_PLOTS_DIR);
    assert_non_null(d);
    struct dirent *e;
    int scripts = 0;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 3 || strcmp(e->d_name + l - 3, ".gp") != 0 || e->d_name[0] == '_')
            continue;
        scripts++;
        if (!graphs_find(e->d_name)) {
            print_error("plots/%s has no row in the graph list\n", e->d_name);
            fail();
        }
    }
    closedir(d);
    assert_true(scripts >= 8);
}

static void test_every_row_has_a_script(void **state)
{
    (void)state;
    const struct graphs_graph *g;
    int rows = 0;
    for (int i = 0; (g = graphs_at(i)); i++, rows++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", SQLSOAK_PLOTS_DIR, g->script);
        if (access(path, R_OK) != 0) {
            print_error("graph list row %s: no such script\n", g->script);
            fail();
        }
        assert_non_null(g->out[0].name);
        assert_non_null(g->out[0].caption);
        assert_true(g->modes != 0);
        assert_ptr_equal(graphs_find(g->script), g);
    }
    assert_true(rows >= 8);
    assert_null(graphs_at(rows));
    assert_null(graphs_at(-1));
}

static void test_reasons(void **state)
{
    (void)state;
    for (unsigned b = 0; (1u << b) <= GRAPHS_CLOCK_MOVED; b++) {
        const char *why = graphs_reason(1u << b, 0);
        assert_non_null(why);
        assert_true(strlen(why) > 5);
        assert_null(graphs_reason(1u << b, 1u << b));
    }
    assert_string_equal(graphs_reason(GRAPHS_CHUNKS | GRAPHS_READS, GRAPHS_CHUNKS),
                        "no reads were measured");
}

/* A need bit without a reason aborts (assert() is live in every build:
** no build defines NDEBUG), where it returned NULL and the graph was
** drawn as if the bit were there. */
static void test_bit_without_reason_aborts(void **state)
{
    (void)state;
    unsigned unknown = GRAPHS_TXN << 1;   /* the last bit's next */
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);     /* assert's message */
        if (null >= 0)
            dup2(null, 2);
        graphs_reason(unknown | GRAPHS_CHUNKS, GRAPHS_CHUNKS);
        _exit(0);
    }
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFSIGNALED(st));
    assert_int_equal(WTERMSIG(st), SIGABRT);
}

/* The read heatmap is not drawn without reads; the write heatmap is. */
static void test_output_needs(void **state)
{
    (void)state;
    const struct graphs_graph *h = graphs_find("heatmap.gp");
    assert_non_null(h);
    unsigned have = GRAPHS_CHUNKS | GRAPHS_HEAT;
    assert_true(graphs_drawn(h, 0, GRAPHS_RUN, have));
    assert_false(graphs_drawn(h, 1, GRAPHS_RUN, have));
    assert_true(graphs_drawn(h, 1, GRAPHS_RUN, have | GRAPHS_READS));
    assert_false(graphs_drawn(h, 0, GRAPHS_CRASH, have | GRAPHS_READS));
    assert_false(graphs_drawn(h, 0, GRAPHS_COMPARE, have | GRAPHS_READS));
    /* a telemetry figure recorded but flat draws no graph, saying so */
    const struct graphs_graph *t = graphs_find("telemetry.gp");
    assert_non_null(t);
    assert_false(graphs_drawn(t, 0, GRAPHS_RUN, GRAPHS_CHUNKS | GRAPHS_TEMP));
    assert_true(graphs_drawn(t, 0, GRAPHS_RUN, GRAPHS_CHUNKS | GRAPHS_TEMP | GRAPHS_TEMP_MOVED));
    assert_false(graphs_drawn(t, 1, GRAPHS_RUN, GRAPHS_CHUNKS | GRAPHS_CLOCK));
    assert_true(graphs_drawn(t, 1, GRAPHS_RUN, GRAPHS_CHUNKS | GRAPHS_CLOCK | GRAPHS_CLOCK_MOVED));
    assert_int_equal(graphs_mode_of("compare"), GRAPHS_COMPARE);
    /* the history's graph is drawn for a series' cell alone, never in a run's report */
    assert_int_equal(graphs_mode_of("history"), GRAPHS_HISTORY);
    const struct graphs_graph *hist = graphs_find("history.gp");
    assert_non_null(hist);
    assert_true(graphs_drawn(hist, 0, GRAPHS_HISTORY, 0));
    assert_false(graphs_drawn(hist, 0, GRAPHS_RUN, ~0u));
    /* so is boards side by side's, in a folder of its own, apart from the series' */
    assert_int_equal(graphs_mode_of("boards"), GRAPHS_BOARDS);
    const struct graphs_graph *boards = graphs_find("boards.gp");
    assert_non_null(boards);
    assert_true(graphs_drawn(boards, 0, GRAPHS_BOARDS, 0));
    assert_false(graphs_drawn(boards, 0, GRAPHS_HISTORY | GRAPHS_RUN, ~0u));
    assert_false(graphs_drawn(hist, 0, GRAPHS_BOARDS, ~0u));
    assert_int_equal(graphs_mode_of("nonsense"), 0);
}

/* The timeline's caption opens with the run's length in its axis' unit:
** an 11-second run is not "the night". */
static void test_timed_caption(void **state)
{
    (void)state;
    const struct graphs_graph *t = graphs_find("timeline.gp");
    char buf[1024];
    assert_non_null(t);
    const char *c = graphs_caption(t, 0, 11.2, buf, sizeof buf);
    assert_ptr_equal(c, buf);
    assert_int_equal(strncmp(c, "The run's 11.2 seconds as they went: rows inserted", 50), 0);
    assert_int_equal(strncmp(graphs_caption(t, 0, 4.5, buf, sizeof buf),
                             "The run's 4.50 seconds as", 25), 0);
    assert_int_equal(strncmp(graphs_caption(t, 0, 1500, buf, sizeof buf),
                             "The run's 25.0 minutes as", 25), 0);
    assert_int_equal(strncmp(graphs_caption(t, 0, 8 * 3600 + 360, buf, sizeof buf),
                             "The run's 8.10 hours as", 23), 0);
    /* a folder without a clock: no length, no night */
    assert_int_equal(strncmp(graphs_caption(t, 0, NAN, buf, sizeof buf),
                             "The run as it went: rows", 24), 0);
    double div;
    assert_string_equal(graphs_time_unit(180, &div), "seconds");
    assert_true(div == 1);
    assert_string_equal(graphs_time_unit(181, &div), "minutes");
    assert_true(div == 60);
    assert_string_equal(graphs_time_unit(3 * 3600 + 1, &div), "hours");
    assert_true(div == 3600);
    /* a caption not against time is the list's own, and none says night */
    const struct graphs_graph *g;
    for (int i = 0; (g = graphs_at(i)); i++)
        for (int k = 0; k < 2 && g->out[k].name; k++) {
            const char *cap = graphs_caption(g, k, 11, buf, sizeof buf);
            if (!g->out[k].timed)
                assert_ptr_equal(cap, g->out[k].caption);
            assert_null(strstr(cap, "night"));
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_script_has_a_row),
        cmocka_unit_test(test_every_row_has_a_script),
        cmocka_unit_test(test_reasons),
        cmocka_unit_test(test_bit_without_reason_aborts),
        cmocka_unit_test(test_output_needs),
        cmocka_unit_test(test_timed_caption),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
