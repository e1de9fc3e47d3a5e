/*
** cmd_run: the `sqlsoak run` subcommand: the session set up (session.h),
** then the runner over every cell of the plan (runner.h).
*/
#include "cmd_run.h"
#include "estimate.h"
#include "devlimits.h"
#include "devwear.h"
#include "jobfile.h"
#include "metrics.h"
#include "runner.h"
#include "session.h"
#include "plot.h"
#include "runkey.h"
#include "stop.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

int cmd_run(const struct config *given, int argc, char **argv, char *err, size_t errlen)
{
    struct runner r;
    /* the options as given, but --metrics absolute: run.json records it
    ** so, for a resume from another working folder */
    struct config opts = *given;
    char metrics[PATH_MAX];
    int status = 2;
    session_init(&r, &opts);
    r.draw = plot_run;
    if (opts.save_job) {
        if (opts.codec->save_job_file(&opts, opts.save_job, err, errlen))
            goto done;
        printf("wrote %s: run it with sqlsoak run --job %s\n", opts.save_job, opts.save_job);
        status = 0;
        goto done;
    }
    if (opts.metrics && (strlen(opts.metrics) < 6 ||
                         strcmp(opts.metrics + strlen(opts.metrics) - 5, ".prom") != 0)) {
        snprintf(err, errlen, "--metrics %s: the file's name must end in .prom", opts.metrics);
        goto refused;
    }
    if (opts.metrics && metrics_check(opts.metrics, metrics, sizeof metrics, err, errlen))
        goto refused;
    if (opts.metrics)
        opts.metrics = metrics;
    void *limits = NULL;
    if (estimate_check(&opts, err, errlen) || session_check(&r, argc, argv, err, errlen) ||
        devlimits_check(&opts, r.db_dir, &limits, err, errlen)) {
        json_decref(limits);
        goto refused;
    }
    if (opts.dry_run) {         /* the plan alone: nothing is left behind */
        runner_print_plan(&r);
        estimate_print(&r, stdout);
        status = stop_signal ? 130 : 0;
        json_decref(limits);
        goto done;
    }
    if (session_create(&r, opts.detach, &status, err, errlen)) {
        json_decref(limits);
        goto done;
    }
    if (opts.job && jobfile_copy(opts.job, r.out, err, errlen))
        goto done;
    if (opts.job)
        json_object_set_new(runjson_root(r.rj), RUNKEY_JOB,
                            json_pack("{s:s, s:s}", RUNKEY_JOB_GIVEN, opts.job, RUNKEY_JOB_COPY,
                                      "job.conf"));
    session_describe(&r);
    /* the default, --probe long, probes for a plan long enough to matter */
    int probe_long = opts.probe && strcmp(opts.probe, "long") == 0;
    devlimits_record(&opts, r.db_dir, r.out, runjson_root(r.rj), limits,
                     probe_long ? estimate_total(&r) : -1);
    /* the device apart from the cells: its wear as it says it, and its
    ** own writes while sqlsoak idles, once the probe is done */
    devwear_life(r.db_dir, runjson_root(r.rj), RUNKEY_LIFE_START);
    devwear_idle(r.db_dir, runjson_root(r.rj), DEVWEAR_IDLE_S);
    if (session_open_marks(&r, 1, err, errlen) != 0 ||
        (r.chunks_fd = session_open_csv(r.out, "chunks.csv", CSV_CHUNKS, err, errlen)) < 0 ||
        (r.summary_fd = session_open_csv(r.out, "summary.csv", CSV_SUMMARY, err, errlen)) < 0 ||
        (r.histograms_fd =
             session_open_csv(r.out, "histograms.csv", CSV_HISTOGRAMS, err, errlen)) < 0 ||
        (r.timeline_fd = session_open_csv(r.out, "timeline.csv", CSV_TIMELINE, err, errlen)) < 0 ||
        runjson_write(r.rj, r.out) != 0) {
        if (!err[0])
            snprintf(err, errlen, "cannot write %s/run.json: %s", r.out, strerror(errno));
        goto done;
    }
    runner_print_plan(&r);
    estimate_print(&r, stdout);
    status = runner_execute(&r, 0, NULL, 0);
    goto done;
refused:                        /* a check failed: a job file's value names its line */
    given->codec->job_where(given, argc, argv, err, errlen);
done:
    runner_release(&r);
    return status;
}
