/*
** cmd_plot: see cmd_plot.h.  A folder no process owns any more gets its
** run.json's word on the graphs; a running run's is its runner's to write.
*/
#include "cmd_plot.h"
#include "headline.h"
#include "notice.h"
#include "owner.h"
#include "plot.h"
#include "runjson.h"
#include "stop.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The folder's headline (headline.h) on stdout, as a run ends with it. */
static void print_headline(const char *dir, const char *baseline)
{
    struct headline *h = malloc(sizeof *h);
    char err[600];
    if (h && headline_load(dir, baseline, h, err, sizeof err) == 0)
        headline_print(stdout, h);
    free(h);
}

int cmd_plot(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    struct stat st;
    if (cfg->npos != 1) {
        snprintf(err, errlen, "usage: sqlsoak plot RESULTS_DIR");
        return 2;
    }
    const char *dir = cfg->pos[0];
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: not a results folder (%s)", dir,
                 errno && stat(dir, &st) != 0 ? strerror(errno) : "not a folder");
        return 2;
    }
    struct plotdata_run r;
    stop_catch_runner();        /* a stop ends gnuplot too, and draws nothing more */
    if (plot_load(dir, &r, err, errlen))
        return 2;
    if (!r.crash && cfg->baseline && plotdata_set_baseline(&r, cfg->baseline, err, errlen) != 0) {
        plotdata_free(&r);
        return 2;
    }
    char scripts[PATH_MAX];
    if (plot_scripts_dir(scripts, sizeof scripts, err, errlen)) {
        plotdata_free(&r);
        return 1;
    }
    int rc = plot_draw_loaded(&r, stdout);
    if (!r.crash && rc != PLOT_STOPPED)
        print_headline(dir, cfg->baseline);
    plotdata_free(&r);
    if (rc == PLOT_STOPPED)
        printf("interrupted while drawing the graphs (%s): no more are drawn\n",
               stop_signame(stop_signal));
    /* a run no process owns any more: its run.json's word on the graphs */
    if (owner_holder(dir) <= 0 && rc != 1 &&
        runjson_note_graphs(dir, rc == 0 ? NULL
                                 : rc == PLOT_STOPPED
                                     ? "graphs not drawn: interrupted while drawing them"
                                     : "graphs not drawn: a graph or report.html could not be "
                                       "written (sqlsoak plot)") != 0) {
        notice_line("sqlsoak: cannot write %s/run.json: %s", dir, strerror(errno));
        rc = -1;
    }
    return rc == PLOT_STOPPED ? 130 : rc == 0 ? 0 : 1;
}
