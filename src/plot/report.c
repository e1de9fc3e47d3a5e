/*
** report: writes report.html.  Inline CSS, no script, no network, no
** reference to another file: the graphs are inside the page (embed), so
** that it can travel alone.  Every string taken from a file or from the
** user is HTML-escaped (html.h).  The page's frame is reportpage's; its
** sections are reportcells' (the table of cells), reportdevice's (the
** writes and the device's limits), reportcrash's (a crash folder's
** durability) and reportgraphs' (the graphs); this file puts them in
** order, with the run's description and a comparison's ratios.
*/
#include "report.h"

#include "html.h"
#include "reportcells.h"
#include "reportcrash.h"
#include "reportdevice.h"
#include "reportgraphs.h"
#include "reportpage.h"

#include "plottimeline.h"

#include "cmplines.h"
#include "devinfo.h"
#include "graphs.h"
#include "headline.h"
#include "infile.h"
#include "runkey.h"
#include "units.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void describe(FILE *f, const struct plotdata_run *r)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/run.json", r->dir);
    char why[4400];
    json_t *j = infile_json(path, why, sizeof why);
    fputs("<table class=kv>\n", f);
    if (!j) {
        html_row(f, "run.json", "missing or unreadable");
        fputs("</table>\n", f);
        return;
    }
    char cmd[4096] = "";
    size_t len = 0, i;
    json_t *v;
    json_array_foreach(json_object_get(j, RUNKEY_COMMAND_LINE), i, v) {
        if (len < sizeof cmd)
            len += (size_t)snprintf(cmd + len, sizeof cmd - len, "%s%s", i ? " " : "",
                                    json_string_value(v) ? json_string_value(v) : "");
    }
    html_row(f, "command", cmd);
    const struct run_ending *end = &r->final;
    json_t *exit = json_object_get(j, RUNKEY_EXIT_STATUS);
    char code[16] = "";
    if (end->status[0])
        snprintf(code, sizeof code, "%d", end->exit_status);
    else if (json_is_integer(exit))     /* folders of 0.3.0 and before have none */
        snprintf(code, sizeof code, "%lld", (long long)json_integer_value(exit));
    html_row(f, "status",
             end->status[0] ? end->status : json_string_value(json_object_get(j, RUNKEY_STATUS)));
    html_row(f, "started", json_string_value(json_object_get(j, RUNKEY_START_TIME)));
    html_row(f, "ended",
             end->status[0] ? end->end_time : json_string_value(json_object_get(j, RUNKEY_END_TIME)));
    if (code[0])
        html_row(f, "exit status", code);
    json_t *h = json_object_get(j, RUNKEY_HOST);
    char hb[600], ram[24];
    snprintf(hb, sizeof hb, "%s · %s · %lld CPUs · %s GiB RAM · %s",
             json_string_value(json_object_get(h, RUNKEY_HOST_HOSTNAME)) ?: "?",
             json_string_value(json_object_get(h, RUNKEY_HOST_CPU_MODEL)) ?: "?",
             (long long)json_integer_value(json_object_get(h, RUNKEY_HOST_CPUS)),
             units_number((double)json_integer_value(json_object_get(h, RUNKEY_HOST_RAM_BYTES)) /
                              (1 << 30), ram, sizeof ram),
             json_string_value(json_object_get(h, RUNKEY_HOST_KERNEL)) ?: "?");
    html_row(f, "host", hb);
    json_t *s = json_object_get(j, RUNKEY_STORAGE);
    char sb[800];
    /* the kernel's word for the device once: the run's storage (plotdata)
    ** names it already, but for a card */
    const char *rot = devinfo_rotation_from_json(s);
    int said = strstr(r->storage, rot) != NULL;
    snprintf(sb, sizeof sb, "%s · mounted on %s (%s)%s%s",
             r->storage, json_string_value(json_object_get(s, RUNKEY_STORAGE_MOUNT_POINT)) ?: "?",
             json_string_value(json_object_get(s, RUNKEY_STORAGE_MOUNT_OPTIONS)) ?: "?",
             said ? "" : " · ", said ? "" : rot);
    html_row(f, "storage", sb);
    json_array_foreach(json_object_get(j, RUNKEY_LIBRARIES), i, v) {
        char lb[1200];
        snprintf(lb, sizeof lb, "SQLite %s · %s (%s) · %s",
                 json_string_value(json_object_get(v, RUNKEY_LIB_VERSION)) ?: "?",
                 json_string_value(json_object_get(v, RUNKEY_LIB_PATH)) ?: "?",
                 json_string_value(json_object_get(v, RUNKEY_LIB_RESOLVED)) ?: "?",
                 json_string_value(json_object_get(v, RUNKEY_LIB_SOURCE_ID)) ?: "?");
        html_row(f, "library", lb);
    }
    json_decref(j);
    fputs("</table>\n", f);
}

/* The headline: what the run answers, in sentences with figures, first on
** the page, before the figures they come from (headline.h); a comparison
** of runs has none of its own. */
static void headline(FILE *f, const struct plotdata_run *runs, int nr)
{
    struct headline h;
    char err[512], base[32];
    if (nr != 1)
        return;
    snprintf(base, sizeof base, "%lld", (long long)runs[0].baseline);   /* plot's, or the run's */
    if (headline_load(runs[0].dir, runs[0].baseline > 0 ? base : NULL, &h, err, sizeof err) != 0 ||
        h.n == 0)
        return;
    fputs("<ul class=\"headline\">\n", f);
    for (int i = 0; i < h.n; i++) {
        fputs("<li>", f);
        html_esc(f, h.line[i].text);
        fputs("</li>\n", f);
    }
    fputs("</ul>\n", f);
}

int report_write(const struct plotdata_run *r, unsigned have, FILE *msg)
{
    char tmp[4300];
    FILE *f = reportpage_begin(r->dir, "results", r->name, tmp, sizeof tmp, msg);
    if (!f)
        return -1;
    fputs("<p>", f);
    html_esc(f, r->desc);
    fputs("</p>\n", f);
    headline(f, r, 1);
    fputs("<h2>Run</h2>\n", f);
    describe(f, r);
    if (r->crash) {
        reportcrash_write(f, r, have);
        fputs("<p><small>Data: durability.csv, trials.csv, run.json in this folder.</small></p>\n",
              f);
    } else {
        fputs("<h2>Summary</h2>\n<p>One row per run of a cell (a cell and its repeat); rates "
              "are medians over its full chunks, "
              "p99 that of all its reads, in RAM the median share of the database in the OS "
              "cache before its reads. Cells not <em>ok</em> have no figures; their status says "
              "why.</p>\n",
              f);
        reportcells_summary(f, r);
        reportdevice_writes(f, r);
        reportdevice_limits(f, r);
        fputs("<h2>Graphs</h2>\n", f);
        reportgraphs_write(f, r->dir, GRAPHS_RUN, have, plottimeline_span_s(r));
        fputs("<p><small>Data: chunks.csv, summary.csv, timeline.csv, run.json in this "
              "folder.</small></p>\n", f);
    }
    return reportpage_end(f, r->dir, tmp, msg);
}

/* The matched cells against the baseline run: a row per run per cell,
** its figures, then its ratios (cmplines.h). */
static void ratios_table(FILE *f, const struct report_row *rows, int n,
                         const struct plotdata_run *base)
{
    struct cmplines_line *l;
    char common[512], how[400];
    int nl = cmplines_lines(rows, n, base, &l, common, sizeof common, how, sizeof how);
    fputs("<h2>Against the baseline</h2>\n<p>Each run's write rate, read rate and read p99 "
          "over those of <b>", f);
    html_esc(f, base->name);
    fputs("</b>, the baseline, per matched cell (a read p99 below 1.00x is faster). Noise: ",
          f);
    html_esc(f, how);
    fputs(".</p>\n", f);
    if (*common) {
        fputs("<p class=same>Every cell: ", f);
        html_esc(f, common);
        fputs("</p>\n", f);
    }
    fputs("<div class=scroll><table class=sum>\n<tr><th>cell</th><th>run</th>", f);
    for (int k = 0; k < CMPRATIO_COUNT; k++)
        html_head(f, cmpratio_table[k].name);
    for (int k = 0; k < CMPRATIO_COUNT; k++) {
        char h[64];
        snprintf(h, sizeof h, "%s × baseline", cmpratio_table[k].name);
        html_head(f, h);
    }
    fputs("</tr>\n", f);
    for (int i = 0; i < nl; i++) {
        fputs("<tr>", f);
        html_cell(f, "", l[i].cell);
        html_cell(f, "", l[i].run->name);
        for (int k = 0; k < CMPRATIO_COUNT; k++)
            html_cell(f, " class=n", l[i].fig[k]);
        for (int k = 0; k < CMPRATIO_COUNT; k++)
            html_cell(f, " class=nv", l[i].ratio[k]);   /* its verdict's words wrap */
        fputs("</tr>\n", f);
    }
    fputs("</table></div>\n", f);
    free(l);
}

int report_compare(const char *out, const struct plotdata_run *runs, int nr, int base,
                   const struct report_row *rows, int n, const char *const *unmatched,
                   int nunmatched, unsigned have, int no_plot, FILE *msg)
{
    char tmp[4300];
    const char *name = strrchr(out, '/') && strrchr(out, '/')[1] ? strrchr(out, '/') + 1 : out;
    FILE *f = reportpage_begin(out, "comparison", name, tmp, sizeof tmp, msg);
    if (!f)
        return -1;
    headline(f, runs, nr);
    fputs("<h2>Runs</h2>\n<table class=kv>\n", f);
    for (int r = 0; r < nr; r++) {
        char v[1200];
        snprintf(v, sizeof v, "%s · host %s · %s", runs[r].dir, runs[r].host, runs[r].storage);
        html_row(f, runs[r].name, v);
    }
    fputs("</table>\n<h2>Matched cells</h2>\n<p>Cells with the same settings and SQLite "
          "version in more than one run, one row per run; rates and p99 are medians over "
          "chunks.</p>\n", f);
    if (n > 0) {
        reportcells_table(f, rows, n, 1);
        ratios_table(f, rows, n, &runs[base]);
    } else {
        fputs("<p>No cell matched: the cells not compared below name the settings in which "
              "each differs from the nearest cell of another run.</p>\n", f);
    }
    if (nunmatched > 0) {
        fputs("<h2>Not compared</h2>\n<ul>\n", f);
        for (int i = 0; i < nunmatched; i++) {
            html_tagged(f, "li", unmatched[i]);
            fputc('\n', f);
        }
        fputs("</ul>\n", f);
    }
    fputs("<h2>Graphs</h2>\n", f);
    if (no_plot)
        fputs("<p>No graphs were drawn: the comparison was made with --no-plot (compare "
              "again without it to draw them).</p>\n", f);
    else
        reportgraphs_write(f, out, GRAPHS_COMPARE, have, NAN);
    fputs("<p><small>Data: comparison.csv in this folder.</small></p>\n", f);
    return reportpage_end(f, out, tmp, msg);
}
