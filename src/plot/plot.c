/*
** plot: runs gnuplot on the scripts of plots/.  Every path and label
** reaches gnuplot as an argument of `gnuplot -c` (ARG1, ARG2...) or as data
** in a file, never through a shell or spliced into a command, so a folder
** named with quotes or a semicolon can neither break a plot nor run a
** gnuplot command.
*/
#include "plot.h"

#include "datadir.h"
#include "graphs.h"
#include "measured.h"
#include "plotcrash.h"
#include "plotdata.h"
#include "plotheat.h"
#include "plotreaders.h"
#include "plotspread.h"
#include "plottimeline.h"
#include "report.h"
#include "subproc.h"
#include "tsv.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

int plot_scripts_dir(char *dir, size_t n, char *err, size_t errlen)
{
    char places[8192];
    if (datadir_plots(dir, n) == 0)
        return 0;
    snprintf(err, errlen, "no graphs drawn: sqlsoak's gnuplot scripts (*.gp) are in none of %s "
                          "(set SQLSOAK_PLOTS_DIR to their folder)",
             datadir_places(places, sizeof places));
    return -1;
}

/* 1 when an executable named name is on $PATH. */
static int on_path(const char *name)
{
    const char *path = getenv("PATH");
    char buf[4096];
    while (path && *path) {
        const char *colon = strchr(path, ':');
        size_t len = colon ? (size_t)(colon - path) : strlen(path);
        snprintf(buf, sizeof buf, "%.*s/%s", (int)len, path, name);
        if (access(buf, X_OK) == 0)
            return 1;
        path = colon ? colon + 1 : NULL;
    }
    return 0;
}

/* Runs gnuplot -c script args... in folder cwd, its messages to err_fd;
** returns its exit status, SUBPROC_FAILED or SUBPROC_STOPPED (a stop
** signal ended it: subproc.h). */
static int gnuplot(const char *cwd, const char *script, const char *const *args, int nargs,
                   int err_fd)
{
    const char *argv[16];
    int n = 0;
    assert(nargs <= 12);
    argv[n++] = "gnuplot";
    argv[n++] = "-c";
    argv[n++] = script;
    for (int i = 0; i < nargs && n < 15; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    return subproc_run(cwd, argv, err_fd);
}

/* The outputs of g to draw, space-separated, into buf (the script's ARG6);
** those skipped are counted in *skipped.  Returns how many are drawn. */
static int outputs(const struct graphs_graph *g, unsigned have, char *buf, size_t n,
                   int *skipped)
{
    int k, drawn = 0;
    size_t len = 0;
    buf[0] = 0;
    for (k = 0; k < 2 && g->out[k].name; k++) {
        const char *why = graphs_reason(g->out[k].needs, have);
        if (why) {
            (*skipped)++;
        } else if (len < n) {
            len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? " " : "", g->out[k].name);
            drawn++;
        }
    }
    return drawn;
}

/* Each file gnuplot was to draw (NAME.png and NAME.svg for each name of
** the space-separated list draw, in outdir) is there, not empty, and
** synced: gnuplot exits 0 on a full disk, leaving empty files.  0, or -1
** with a line on msg. */
static int outputs_written(const char *outdir, const char *draw, FILE *msg)
{
    static const char *const ext[] = {"png", "svg"};
    char name[256];
    for (const char *p = draw; *p;) {
        size_t len = strcspn(p, " ");
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        p += len + (p[len] == ' ');
        for (int k = 0; k < 2; k++) {
            char path[PATH_MAX + 300];
            struct stat st;
            snprintf(path, sizeof path, "%s/%s.%s", outdir, name, ext[k]);
            int fd = open(path, O_RDONLY | O_CLOEXEC);
            int ok = fd >= 0 && fstat(fd, &st) == 0 && st.st_size > 0 && fsync(fd) == 0;
            int e = errno;
            if (fd >= 0)
                close(fd);
            if (!ok) {
                fprintf(msg, "cannot write %s: %s\n", path,
                        fd >= 0 && st.st_size == 0 ? "gnuplot left it empty (is the disk full?)"
                                                    : strerror(e));
                return -1;
            }
        }
    }
    return 0;
}

int plot_draw(const char *datadir, const char *outdir, const char *desc, const char *mode,
              unsigned have, const char *ref2014, FILE *msg)
{
    char found[PATH_MAX], pdir[PATH_MAX], adata[PATH_MAX], aout[PATH_MAX], nowhere[8400];
    if (plot_scripts_dir(found, sizeof found, nowhere, sizeof nowhere)) {
        fprintf(msg, "%s\n", nowhere);
        return -1;
    }
    if (!realpath(found, pdir) || !realpath(datadir, adata) || !realpath(outdir, aout)) {
        fprintf(msg, "cannot find the plot scripts or folders (%s): %s\n", found,
                strerror(errno));
        return -1;
    }
    /* gnuplot runs in the scripts' folder: the 2014 curve needs an absolute
    ** path too, or a relative results folder loses it */
    char aref[PATH_MAX] = "";
    if (ref2014 && ref2014[0] && !realpath(ref2014, aref))
        aref[0] = 0;
    unsigned m = graphs_mode_of(mode);
    const struct graphs_graph *g;
    int failed = 0, skipped = 0;
    /* gnuplot's warnings (a series with no point in this run) are its
    ** own: they go to a log beside the graphs, not to the user's terminal */
    char log[PATH_MAX + 16];
    snprintf(log, sizeof log, "%s/%s", aout, PLOT_GNUPLOT_LOG);
    int log_fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    for (int i = 0; (g = graphs_at(i)); i++) {
        /* a crash folder has no chunks, a run no trials: the other kind's
        ** graphs are not missing, so they go unmentioned */
        if (!(g->modes & m))
            continue;
        if (graphs_reason(g->needs, have)) {
            for (int k = 0; k < 2 && g->out[k].name; k++)
                skipped++;
            continue;
        }
        char draw[256];
        if (outputs(g, have, draw, sizeof draw, &skipped) == 0)
            continue;
        if (!on_path("gnuplot")) {
            fprintf(msg, "gnuplot not found: no graphs drawn (install gnuplot-nox).\n");
            failed = -1;
            break;
        }
        const char *args[] = {adata, aout, desc, mode, aref, draw};
        int st = gnuplot(pdir, g->script, args, 6, log_fd);
        if (st == SUBPROC_STOPPED) {
            failed = PLOT_STOPPED;  /* not a failed graph: nothing more is drawn */
            break;
        }
        if (st != 0) {
            fprintf(msg, "plot %s failed%s; gnuplot's messages: %s\n", g->script,
                    st < 0 ? " (gnuplot did not exit: killed by a signal?)" : "",
                    log_fd >= 0 ? log : "on standard error");
            failed++;
        } else if (outputs_written(aout, draw, msg) != 0) {
            failed++;
        }
    }
    if (log_fd >= 0)
        close(log_fd);
    if (failed < 0)
        return failed;
    /* one line: the page names each, with why (report.c) */
    if (skipped)
        fprintf(msg, "%d graph%s not drawn, as what %s was not measured here: report.html "
                     "says which and why\n", skipped, skipped == 1 ? "" : "s",
                skipped == 1 ? "it needs" : "they need");
    return failed;
}

/* Makes dir/sub; 0 or -1 with a message. */
static int make_dir(const char *path, FILE *msg)
{
    if (mkdir(path, 0755) != 0 && errno != EEXIST) {
        fprintf(msg, "cannot create %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* The series of one run: every measured cell with chunks, grouped by its
** settings without the library, one variant per library. */
static int run_series(struct plotdata_run *r, struct plotdata_series *s, char vn[][96], int *nv,
                      int *versions)
{
    int n = 0, ngroups = 0;
    char (*gk)[256] = calloc((size_t)r->summary.nrows + 1, sizeof *gk);
    char (*vk)[300] = calloc((size_t)r->summary.nrows + 1, sizeof *vk);
    int *gcount = calloc((size_t)r->summary.nrows + 1, sizeof *gcount);
    *nv = 0;
    *versions = 0;
    for (int i = 0; gk && vk && gcount && i < r->summary.nrows; i++) {
        if (csvin_num(&r->summary, CSV_SUMMARY, i, COL_repeat) < 1 ||
            !(csvin_num(&r->summary, CSV_SUMMARY, i, COL_chunks) > 0))
            continue;
        char key[256], lib[300];
        plotdata_key(r, i, 0, key, sizeof key);
        snprintf(lib, sizeof lib, "%s|%s",
                 csvin_str_named(&r->summary, i, dim_table[DIM_LIB].column),
                 csvin_str(&r->summary, CSV_SUMMARY, i, COL_sqlite_version));
        int g = 0, v = 0;
        while (g < ngroups && strcmp(gk[g], key))
            g++;
        if (g == ngroups)
            snprintf(gk[ngroups++], 256, "%s", key);
        while (v < *nv && strcmp(vk[v], lib))
            v++;
        if (v == *nv) {
            snprintf(vk[v], 300, "%s", lib);
            snprintf(vn[v], 96, "SQLite %s", csvin_str(&r->summary, CSV_SUMMARY, i,
                                                       COL_sqlite_version));
            (*nv)++;
        }
        if (++gcount[g] > 1)
            *versions = 1;
        memset(&s[n], 0, sizeof s[n]);
        s[n].run = r;
        s[n].sumrow = i;
        s[n].group = g + 1;
        s[n].variant = v + 1;
        n++;
    }
    free(gk);
    free(vk);
    free(gcount);
    return n;
}

/* The 2014 test's published curve (data/reference/2014.csv: chunk,
** rows_millions,write_s,read_s after # comments) as ref2014.tsv in
** datadir, for write.gp.  0, or -1 when the reference is missing or
** damaged. */
static int ref_2014(const char *csv, const char *datadir)
{
    FILE *in = fopen(csv, "re");
    if (!in)
        return -1;
    struct tsv out;
    char line[512], err[256];
    int n = 0, header = 0;
    int made = tsv_create(&out, datadir, TSV_REF2014, 0, err, sizeof err) == 0;
    while (made && fgets(line, sizeof line, in)) {
        long chunk;
        double millions, w, rd;
        if (line[0] == '#')
            continue;
        if (!header) {
            header = strncmp(line, "chunk,rows_millions,write_s,read_s", 34) == 0 ? 1 : -1;
            if (header < 0)
                break;
            continue;
        }
        if (sscanf(line, "%ld,%lf,%lf,%lf", &chunk, &millions, &w, &rd) == 4) {
            tsv_int(&out, TCOL_rows, llround(millions * 1e6));
            tsv_exact(&out, TCOL_write_s, w);
            tsv_exact(&out, TCOL_read_s, rd);
            tsv_end_row(&out);
            n++;
        }
    }
    fclose(in);
    if (!made || tsv_close(&out, err, sizeof err) != 0 || header < 0 || n == 0)
        return -1;
    return 0;
}

/* Writes the report, then names the graphs' folder only when some graphs
** were drawn.  0, or -1 when the report could not be written. */
static int report_done(struct plotdata_run *r, unsigned have, const char *outdir, int drawn,
                       FILE *msg)
{
    if (report_write(r, have, msg) != 0)
        return -1;
    if (drawn)
        fprintf(msg, "graphs: %s/  report: %s/report.html\n", outdir, r->dir);
    else
        fprintf(msg, "report (no graphs): %s/report.html\n", r->dir);
    return 0;
}

/* Whether this machine can draw: gnuplot on PATH and sqlsoak's scripts
** found.  When not, says why on msg and how to draw later: a tool missing
** here is no failure of the run's results (return 1 from the callers). */
static int drawing_possible(const char *dir, FILE *msg)
{
    char found[PATH_MAX], nowhere[8400];
    if (!on_path("gnuplot")) {
        fprintf(msg, "gnuplot not found: no graphs drawn.  Install gnuplot-nox, then run: "
                     "sqlsoak plot '%s'\n", dir);
        return 0;
    }
    if (plot_scripts_dir(found, sizeof found, nowhere, sizeof nowhere)) {
        fprintf(msg, "%s\n", nowhere);
        return 0;
    }
    return 1;
}

/* The graphs_need bits of what the chunks of r measured; the telemetry's
** are plottimeline's, which draws them against its clock. */
static unsigned measured(const struct plotdata_run *r)
{
    struct measured m = {0};
    measured_add(&m, &r->chunks, NULL, 0);
    return measured_needs(&m) & ~GRAPHS_TELEMETRY;
}

static int plot_loaded(struct plotdata_run *r, FILE *msg)
{
    char outdir[4200], datadir[4300], err[512], common[512], desc[1200], ref[4400] = "";
    snprintf(outdir, sizeof outdir, "%s/plots", r->dir);
    snprintf(datadir, sizeof datadir, "%s/data", outdir);
    if (make_dir(outdir, msg) || make_dir(datadir, msg))
        return -1;
    struct plotdata_series *s = calloc((size_t)r->summary.nrows + 1, sizeof *s);
    char (*vn)[96] = calloc((size_t)r->summary.nrows + 1, sizeof *vn);
    const char **vp = calloc((size_t)r->summary.nrows + 1, sizeof *vp);
    unsigned have = 0;
    int rc = -1, heat, commit, spread, versions, night, readers, drawn = 0;
    if (!s || !vn || !vp)
        goto out;
    int nv;
    int n = run_series(r, s, vn, &nv, &versions);
    for (int i = 0; i < nv; i++)
        vp[i] = vn[i];
    plotdata_label(s, n, common, sizeof common);
    plotdata_bundle(s, n, 0);      /* a colour per cell, its repeats in it */
    snprintf(desc, sizeof desc, "%s\n%s", common, r->desc);
    if (plotdata_write_series(datadir, s, n, vp, nv, err, sizeof err) ||
        (heat = plotheat_write_heat(datadir, r, err, sizeof err)) < 0 ||
        (commit = plotheat_write_commit(datadir, r, err, sizeof err)) < 0 ||
        (spread = plotspread_write(datadir, r, err, sizeof err)) < 0 ||
        (night = plottimeline_write(datadir, r, err, sizeof err)) < 0 ||
        (readers = plotreaders_write(datadir, s, n, err, sizeof err)) < 0) {
        fprintf(msg, "%s\n", err);
        goto out;
    }
    have = measured(r) | (n > 0 ? GRAPHS_CHUNKS : 0) | (heat ? GRAPHS_HEAT : 0) |
           (commit ? GRAPHS_COMMIT : 0) | (versions ? GRAPHS_VERSIONS : 0) |
           (spread ? GRAPHS_SPREAD : 0) | (readers ? GRAPHS_READERS : 0) | (unsigned)night;
    char refpath[4200];
    snprintf(ref, sizeof ref, "%s/%s.tsv", datadir, tsvschema_file_name(TSV_REF2014));
    if (!plotdata_is_2014_shape(r) || datadir_reference("2014.csv", refpath, sizeof refpath) ||
        ref_2014(refpath, datadir) != 0)
        ref[0] = 0;
    if (!drawing_possible(r->dir, msg)) {
        rc = 1;
    } else {
        int failed = plot_draw(datadir, outdir, desc, "run", have, ref, msg);
        if (failed == PLOT_STOPPED) {
            rc = PLOT_STOPPED;
            goto out;
        }
        drawn = failed >= 0;
        rc = failed ? -1 : 0;
    }
    if (rc < 0 && r->final.status[0])
        r->final.exit_status = 1;   /* runner_execute's answer to a graph not drawn */
    if (report_done(r, have, outdir, drawn, msg) != 0)
        rc = -1;
out:
    free(s);
    free(vn);
    free(vp);
    return rc;
}

/* A crash folder: durability.tsv, its graph and its report. */
static int plot_crash(struct plotdata_run *r, FILE *msg)
{
    char outdir[4200], datadir[4300], err[512], desc[1200];
    struct plotcrash_order o;
    int cells, drawn = 0;
    snprintf(outdir, sizeof outdir, "%s/plots", r->dir);
    snprintf(datadir, sizeof datadir, "%s/data", outdir);
    if (make_dir(outdir, msg) || make_dir(datadir, msg))
        return -1;
    if (plotcrash_order(r, &o)) {
        fprintf(msg, "out of memory\n");
        return -1;
    }
    snprintf(desc, sizeof desc, "%s\n%s", o.common, r->desc);
    cells = plotcrash_write(datadir, r, &o, err, sizeof err);
    plotcrash_order_free(&o);
    int rc;
    if (cells < 0) {
        fprintf(msg, "%s\n", err);
        return -1;
    } else if (cells > 0 && !drawing_possible(r->dir, msg)) {
        rc = 1;
    } else {
        int failed =
            plot_draw(datadir, outdir, desc, "crash", cells > 0 ? GRAPHS_TRIALS : 0, "", msg);
        if (failed == PLOT_STOPPED)
            return PLOT_STOPPED;
        drawn = failed >= 0;
        rc = failed ? -1 : 0;
    }
    if (report_done(r, cells > 0 ? GRAPHS_TRIALS : 0, outdir, drawn, msg) != 0)
        rc = -1;
    return rc;
}

int plot_load(const char *dir, struct plotdata_run *r, char *err, size_t errlen)
{
    if (plotcrash_is_crash_dir(dir))
        return plotcrash_load(dir, r, err, errlen);
    return plotdata_load(dir, r, err, errlen);
}

int plot_draw_loaded(struct plotdata_run *r, FILE *msg)
{
    return r->crash ? plot_crash(r, msg) : plot_loaded(r, msg);
}

int plot_run(const char *dir, FILE *msg, const struct run_ending *final)
{
    struct plotdata_run r;
    char err[600];
    if (plot_load(dir, &r, err, sizeof err)) {
        fprintf(msg, "%s\n", err);
        return 2;
    }
    if (final)
        r.final = *final;
    int rc = plot_draw_loaded(&r, msg);
    plotdata_free(&r);
    return rc;
}
