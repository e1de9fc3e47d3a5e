/*
** report: writes report.html.  Inline CSS, no script, no network; images
** by relative path, and only those that exist.  Every string taken from a
** file or from the user is HTML-escaped.
*/
#include "report.h"

#include "plot.h"
#include "plotcrash.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

static void esc(FILE *f, const char *s)
{
    for (; s && *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&#39;", f); break;
        default: fputc(*s, f);
        }
}

/* A relative URL path: file names made by sqlsoak, percent-encoded anyway. */
static void url(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            strchr("/._-", c))
            fputc(c, f);
        else
            fprintf(f, "%%%02X", c);
    }
}

static void row(FILE *f, const char *k, const char *v)
{
    fputs("<tr><th>", f);
    esc(f, k);
    fputs("</th><td>", f);
    esc(f, v);
    fputs("</td></tr>\n", f);
}

static void describe(FILE *f, const struct plotdata_run *r)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/run.json", r->dir);
    json_t *j = json_load_file(path, 0, NULL);
    fputs("<table class=kv>\n", f);
    if (!j) {
        row(f, "run.json", "missing or unreadable");
        fputs("</table>\n", f);
        return;
    }
    char cmd[4096] = "";
    size_t len = 0, i;
    json_t *v;
    json_array_foreach(json_object_get(j, "command_line"), i, v) {
        if (len < sizeof cmd)
            len += (size_t)snprintf(cmd + len, sizeof cmd - len, "%s%s", i ? " " : "",
                                    json_string_value(v) ? json_string_value(v) : "");
    }
    row(f, "command", cmd);
    row(f, "status", json_string_value(json_object_get(j, "status")));
    row(f, "started", json_string_value(json_object_get(j, "start_time")));
    row(f, "ended", json_string_value(json_object_get(j, "end_time")));
    json_t *h = json_object_get(j, "host");
    char hb[600];
    snprintf(hb, sizeof hb, "%s · %s · %lld CPUs · %.1f GiB RAM · %s",
             json_string_value(json_object_get(h, "hostname")) ?: "?",
             json_string_value(json_object_get(h, "cpu_model")) ?: "?",
             (long long)json_integer_value(json_object_get(h, "cpus")),
             (double)json_integer_value(json_object_get(h, "ram_bytes")) / (1 << 30),
             json_string_value(json_object_get(h, "kernel")) ?: "?");
    row(f, "host", hb);
    json_t *s = json_object_get(j, "storage");
    char sb[800];
    snprintf(sb, sizeof sb, "%s · mounted on %s (%s) · %s",
             r->storage, json_string_value(json_object_get(s, "mount_point")) ?: "?",
             json_string_value(json_object_get(s, "mount_options")) ?: "?",
             json_integer_value(json_object_get(s, "rotational")) ? "rotational" : "not rotational");
    row(f, "storage", sb);
    json_array_foreach(json_object_get(j, "libraries"), i, v) {
        char lb[1200];
        snprintf(lb, sizeof lb, "SQLite %s · %s (%s) · %s",
                 json_string_value(json_object_get(v, "version")) ?: "?",
                 json_string_value(json_object_get(v, "path")) ?: "?",
                 json_string_value(json_object_get(v, "resolved")) ?: "?",
                 json_string_value(json_object_get(v, "source_id")) ?: "?");
        row(f, "library", lb);
    }
    json_decref(j);
    fputs("</table>\n", f);
}

static const char *const shown[] = {
    "cell", "repeat", "sqlite_version", "page_size", "journal_mode", "synchronous",
    "commit_every", "cache_size", "mmap_size", "key_order", "value_size", "read_from", "status",
    "reason", "rows", "write_rows_per_s_median", "write_rows_per_s_first",
    "write_rows_per_s_last", "read_ops_per_s_median", "read_p99_us_median",
    "io_write_bytes_per_row", "db_bytes", "wall_s", NULL};

static void summary(FILE *f, const struct plotdata_run *r)
{
    fputs("<div class=scroll><table class=sum>\n<tr>", f);
    for (int c = 0; shown[c]; c++) {
        fputs("<th>", f);
        esc(f, shown[c]);
        fputs("</th>", f);
    }
    fputs("</tr>\n", f);
    for (int i = 0; i < r->summary.nrows; i++) {
        const char *st = csvin_str(&r->summary, CSV_SUMMARY, i, "status");
        fprintf(f, "<tr class=\"%s\">", strcmp(st, "ok") == 0 ? "ok" : "bad");
        for (int c = 0; shown[c]; c++) {
            fputs("<td>", f);
            esc(f, csvin_str(&r->summary, CSV_SUMMARY, i, shown[c]));
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</table></div>\n", f);
}

static void graphs(FILE *f, const struct plotdata_run *r)
{
    const struct plot_graph *g;
    int any = 0;
    for (int i = 0; (g = plot_graph_at(i)); i++)
        for (int k = 0; k < 2 && g->files[k]; k++) {
            char path[4300], rel[200];
            snprintf(rel, sizeof rel, "plots/%s.png", g->files[k]);
            snprintf(path, sizeof path, "%s/%s", r->dir, rel);
            if (access(path, R_OK) != 0)
                continue;
            any = 1;
            fputs("<figure><a href=\"", f);
            url(f, rel);
            fputs("\"><img src=\"", f);
            url(f, rel);
            fputs("\" alt=\"", f);
            esc(f, g->files[k]);
            fputs("\"></a><figcaption>", f);
            esc(f, g->caption);
            snprintf(rel, sizeof rel, "plots/%s.svg", g->files[k]);
            snprintf(path, sizeof path, "%s/%s", r->dir, rel);
            if (access(path, R_OK) == 0) {
                fputs(" <a href=\"", f);
                url(f, rel);
                fputs("\">SVG</a>", f);
            }
            fputs("</figcaption></figure>\n", f);
        }
    if (!any)
        fputs("<p>No graphs were drawn (is gnuplot installed? then run <code>sqlsoak plot "
              "RESULTS_DIR</code>).</p>\n",
              f);
}

/* ---- a crash folder ---- */

/* The model, in the words of src/crash.c's header comment. */
static const char model_html[] =
    "<p>Each cell runs the same workload as its uncrashed run, once per trial, in its own "
    "process, through a VFS shim that keeps every write since the file's last sync in memory. "
    "The power is cut at a write or sync chosen by the trial's seed: a random subset of the "
    "pending writes reaches the file, some torn at sector granularity; writes already synced "
    "are never touched. The child reports every acknowledged COMMIT before going on. The "
    "database is then reopened with the library's normal VFS (hot journal rollback, WAL "
    "recovery: what an application would do after the power came back) and judged:</p>\n"
    "<dl>\n<dt>corrupt</dt><dd>integrity_check fails, a value differs from the generator's, "
    "the keys are not exactly a prefix of the rows written, or the rows found end between two "
    "commits;</dd>\n<dt>lost</dt><dd>otherwise, fewer rows than the last acknowledged COMMIT "
    "(<em>lost commits</em>: how many acknowledged commits are missing, summed over the "
    "cell's trials);</dd>\n<dt>intact</dt><dd>otherwise.</dd>\n</dl>\n"
    "<p>Every trial is a row of trials.csv with its seed: <code>sqlsoak crash --replay "
    "SEED</code> runs it again, printing each choice the power cut made. Write rows/s is the "
    "median over chunks of the cell's run without a cut.</p>\n";

/* The distinct values of col over the cells of group g, in order. */
static int values(const struct plotdata_run *r, const struct plotcrash_order *o, int g,
                  const char *col, const char **v, int max)
{
    int n = 0;
    for (int i = 0; i < o->n; i++) {
        const char *x = csvin_str(&r->durability, CSV_DURABILITY, o->row[i], col);
        int k = 0;
        while (o->group[i] == g && k < n && strcmp(v[k], x))
            k++;
        if (o->group[i] == g && k == n && n < max)
            v[n++] = x;
    }
    return n;
}

/* The durability.csv row of (group, journal, sync), or -1. */
static int cell_row(const struct plotdata_run *r, const struct plotcrash_order *o, int g,
                    const char *journal, const char *sync)
{
    for (int i = 0; i < o->n; i++)
        if (o->group[i] == g &&
            !strcmp(csvin_str(&r->durability, CSV_DURABILITY, o->row[i], "journal_mode"),
                    journal) &&
            !strcmp(csvin_str(&r->durability, CSV_DURABILITY, o->row[i], "synchronous"), sync))
            return o->row[i];
    return -1;
}

static void durability_cell(FILE *f, const struct plotdata_run *r, int row)
{
    const struct csvin *t = &r->durability;
#define NUM(col) csvin_num(t, CSV_DURABILITY, row, col)
    if (row < 0) {
        fputs("<td class=none>not run</td>", f);
        return;
    }
    if (strcmp(csvin_str(t, CSV_DURABILITY, row, "status"), "ok") != 0 || !(NUM("trials") > 0)) {
        fputs("<td class=none>", f);
        esc(f, csvin_str(t, CSV_DURABILITY, row, "status"));
        fputs(": ", f);
        esc(f, csvin_str(t, CSV_DURABILITY, row, "reason"));
        fputs("</td>", f);
        return;
    }
    const char *cls = NUM("corrupt") > 0 ? "corrupt" : NUM("lost_trials") > 0 ? "lost" : "intact";
    fprintf(f, "<td class=%s><b>%.0f</b> intact · <b>%.0f</b> lost · <b>%.0f</b> corrupt"
               "<br><small>of %.0f trials · %.0f commit%s lost",
            cls, NUM("intact"), NUM("lost_trials"), NUM("corrupt"), NUM("trials"),
            NUM("lost_commits"), NUM("lost_commits") == 1 ? "" : "s");
    if (isfinite(NUM("write_rows_per_s")))
        fprintf(f, " · %.0f rows/s", NUM("write_rows_per_s"));
    /* an outcome never seen: its 95% upper bound */
    if (NUM("lost_trials") == 0 && isfinite(NUM("lost_upper95_pct")))
        fprintf(f, " · lost &lt;%.2g%%", NUM("lost_upper95_pct"));
    if (NUM("corrupt") == 0 && isfinite(NUM("corrupt_upper95_pct")))
        fprintf(f, " · corrupt &lt;%.2g%%", NUM("corrupt_upper95_pct"));
    fputs("</small></td>", f);
#undef NUM
}

/* One table per group: journal modes down, synchronous settings across. */
static void durability_tables(FILE *f, const struct plotdata_run *r,
                              const struct plotcrash_order *o)
{
    enum { MAXV = 32 };
    for (int g = 0; g < o->ngroups; g++) {
        const char *jv[MAXV], *sv[MAXV];
        int nj = values(r, o, g, "journal_mode", jv, MAXV);
        int ns = values(r, o, g, "synchronous", sv, MAXV);
        if (o->gtitle[g][0]) {
            fputs("<h3>", f);
            esc(f, o->gtitle[g]);
            fputs("</h3>\n", f);
        }
        fputs("<div class=scroll><table class=dur>\n<tr><th>journal_mode \\ synchronous</th>", f);
        for (int s = 0; s < ns; s++) {
            fputs("<th>", f);
            esc(f, sv[s]);
            fputs("</th>", f);
        }
        fputs("</tr>\n", f);
        for (int j = 0; j < nj; j++) {
            fputs("<tr><th>", f);
            esc(f, jv[j]);
            fputs("</th>", f);
            for (int s = 0; s < ns; s++)
                durability_cell(f, r, cell_row(r, o, g, jv[j], sv[s]));
            fputs("</tr>\n", f);
        }
        fputs("</table></div>\n", f);
    }
}

static void durability(FILE *f, const struct plotdata_run *r)
{
    struct plotcrash_order o;
    fputs("<h2>Durability</h2>\n", f);
    fputs(model_html, f);
    if (plotcrash_order(r, &o)) {
        fputs("<p>Out of memory: no table.</p>\n", f);
        return;
    }
    if (o.common[0]) {
        fputs("<p>Every cell: ", f);
        esc(f, o.common);
        fputs(".</p>\n", f);
    }
    if (o.n == 0)
        fputs("<p>durability.csv holds no cell.</p>\n", f);
    durability_tables(f, r, &o);
    plotcrash_order_free(&o);
    graphs(f, r);
}

int report_write(const struct plotdata_run *r, FILE *msg)
{
    char path[4200], tmp[4300];
    snprintf(path, sizeof path, "%s/report.html", r->dir);
    snprintf(tmp, sizeof tmp, "%s/.report.html.tmp", r->dir);
    FILE *f = fopen(tmp, "w");
    if (!f) {
        fprintf(msg, "cannot write %s: %s\n", tmp, strerror(errno));
        return -1;
    }
    fputs("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n<title>sqlsoak: ", f);
    esc(f, r->name);
    fputs("</title>\n<style>\n"
          "body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1300px;"
          "padding:0 1em;color:#222}\n"
          "h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ccc}\n"
          "table{border-collapse:collapse}td,th{padding:.25em .6em;text-align:left;"
          "vertical-align:top}\n"
          ".kv th{color:#555;font-weight:600;white-space:nowrap}\n"
          ".kv td{font-family:ui-monospace,monospace;word-break:break-all}\n"
          ".scroll{overflow-x:auto}.sum{font-size:13px}.sum th{background:#eee;position:sticky;top:0}\n"
          ".sum td{border-top:1px solid #ddd;white-space:nowrap}.sum tr.bad td{color:#a40}\n"
          "figure{margin:1.5em 0}img{max-width:100%;height:auto;border:1px solid #ddd}\n"
          "figcaption{color:#444;margin-top:.3em}\n"
          ".dur td,.dur th{border:1px solid #ddd;padding:.4em .7em}.dur th{background:#eee}\n"
          ".dur td.intact{background:#e3f1df}.dur td.lost{background:#fde8d3}\n"
          ".dur td.corrupt{background:#f9dcdc}.dur td.none{background:#f0f0f0;color:#666}\n"
          "dt{font-weight:600}dd{margin:0 0 .4em 1.5em}\n"
          "</style></head><body>\n<h1>sqlsoak results: ",
          f);
    esc(f, r->name);
    fputs("</h1>\n<p>", f);
    esc(f, r->desc);
    fputs("</p>\n<h2>Run</h2>\n", f);
    describe(f, r);
    if (r->crash) {
        durability(f, r);
        fputs("<p><small>Data: durability.csv, trials.csv, run.json in this folder.</small></p>\n",
              f);
    } else {
        fputs("<h2>Summary</h2>\n<p>One row per cell; rates are medians over chunks. Cells not "
              "<em>ok</em> have no figures; their reason says why.</p>\n",
              f);
        summary(f, r);
        fputs("<h2>Graphs</h2>\n", f);
        graphs(f, r);
        fputs("<p><small>Data: chunks.csv, summary.csv, run.json in this folder.</small></p>\n",
              f);
    }
    fputs("</body></html>\n", f);
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        fprintf(msg, "cannot write %s: %s\n", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}
