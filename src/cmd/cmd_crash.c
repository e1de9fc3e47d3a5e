/*
** cmd_crash: see cmd_crash.h.  The cells' trials one after another
** (crash.h), a stop ending the run after the trial in flight; then the
** run's status in run.json and its graphs.
*/
#include "cmd_crash.h"
#include "crash.h"
#include "plot.h"
#include "runjson.h"
#include "runner.h"
#include "session.h"
#include "stop.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int cmd_crash(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    struct crash c;
    memset(&c, 0, sizeof c);
    session_init(&c.r, cfg);
    c.trials_fd = c.durability_fd = -1;
    int status = 2;
    if (session_check(&c.r, argc, argv, err, errlen))
        goto done;
    if (cfg->replay >= 0 && c.r.ncells != 1) {
        snprintf(err, errlen, "--replay runs one trial of one cell: give that cell's options (the "
                         "replay column of trials.csv); these options make %d cells", c.r.ncells);
        goto done;
    }
    c.trial_cfg = *cfg;
    c.trial_cfg.reads = 0;
    c.trial_cfg.verify = 0;
    if (session_create(&c.r, 0, &status, err, errlen))
        goto done;
    session_describe(&c.r);     /* its databases named as run's: two folders never meet */
    if ((c.durability_fd = session_open_csv(c.r.out, "durability.csv", CSV_DURABILITY, err,
                                            errlen)) <
            0 ||
        (c.trials_fd = session_open_csv(c.r.out, "trials.csv", CSV_TRIALS, err, errlen)) < 0 ||
        runjson_write(c.r.rj, c.r.out) != 0)
        goto done;
    printf("sqlsoak crash: %d cell%s x %" PRId64 " simulated power cut%s, %" PRId64
           " rows in chunks of %" PRId64 " rows\n",
           c.r.ncells, c.r.ncells == 1 ? "" : "s", cfg->replay >= 0 ? 1 : cfg->trials,
           cfg->replay >= 0 || cfg->trials == 1 ? "" : "s", cfg->rows, cfg->chunk);
    fflush(stdout);
    /* a signal ends the run after the trial in flight, its database
    ** removed; the cells not reached are not in the results */
    int i = 0;
    for (; i < c.r.ncells && !stop_signal && !c.write_errno; i++)
        crash_cell_trials(&c, i);
    const char *how = stop_signal     ? "interrupted"
                      : c.write_errno ? "io_error"
                      : c.failed      ? "failed"
                                      : "ok";
    char where[128] = "";
    if (stop_signal || c.write_errno)
        snprintf(where, sizeof where, "in cell %d of %d", i, c.r.ncells);
    runjson_set_status(c.r.rj, how, where[0] ? where : NULL);
    if (runjson_write(c.r.rj, c.r.out) != 0 && !c.write_errno)
        c.write_errno = errno;
    printf("\nresults: %s (durability.csv, trials.csv, run.json)\n", c.r.out);
    /* a graph that could not be drawn (a full disk, gnuplot killed) is a
    ** results file not written: exit 1, as run does */
    int graphs_failed = 0;
    if (!cfg->no_plot && !stop_signal && !c.write_errno) {
        int prc = plot_run(c.r.out, stdout, NULL);
        if (prc != 0 && prc != 1 && !stop_signal) {
            graphs_failed = 1;
            runjson_note_graphs(c.r.out, "graphs not drawn: a graph or report.html could not be "
                                         "written (the run's output says which)");
            printf("graphs not drawn; every trial is recorded.\nto draw them: %s plot ", argv[0]);
            runner_shell_quote(stdout, c.r.out);
            printf("\n");
        }
    }
    if (stop_signal)
        printf("interrupted %s; the trials run so far are recorded.\n", where);
    status = stop_signal ? 130 : c.write_errno || c.failed || graphs_failed ? 1 : 0;
    if (c.write_errno)
        snprintf(err, errlen, "cannot write the results in %s: %s", c.r.out,
                 strerror(c.write_errno));
done:
    if (c.trials_fd >= 0)
        close(c.trials_fd);
    if (c.durability_fd >= 0)
        close(c.durability_fd);
    runner_release(&c.r);
    return status;
}
