/*
** report: writes report.html.  Inline CSS, no script, no network, no
** reference to another file: the graphs are inside the page (embed), so
** that it can travel alone.  Every string taken from a file or from the
** user is HTML-escaped.
*/
#include "report.h"

#include "cellname.h"
#include "cmpratio.h"
#include "devinfo.h"
#include "digits.h"
#include "headline.h"
#include "dims.h"
#include "efficiency.h"
#include "embed.h"
#include "graphs.h"
#include "infile.h"
#include "noise.h"
#include "plotcrash.h"
#include "wear.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
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
    char why[4400];
    json_t *j = infile_json(path, why, sizeof why);
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
    const struct run_ending *end = &r->final;
    json_t *exit = json_object_get(j, "exit_status");
    char code[16] = "";
    if (end->status[0])
        snprintf(code, sizeof code, "%d", end->exit_status);
    else if (json_is_integer(exit))     /* folders of 0.3.0 and before have none */
        snprintf(code, sizeof code, "%lld", (long long)json_integer_value(exit));
    row(f, "status", end->status[0] ? end->status : json_string_value(json_object_get(j, "status")));
    row(f, "started", json_string_value(json_object_get(j, "start_time")));
    row(f, "ended", end->status[0] ? end->end_time : json_string_value(json_object_get(j, "end_time")));
    if (code[0])
        row(f, "exit status", code);
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
             devinfo_rotation_from_json(s));
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

/* The settings that identify a cell, in the order the summary shows them:
** the dimensions of dims.h (the library by its version), then read_from. */
#define NIDENTITY (DIM_COUNT + 1)

static const char *identity(int c)
{
    if (c == DIM_COUNT)
        return colid_name(COL_read_from);
    return dim_table[c].label_column ? dim_table[c].label_column : dim_table[c].column;
}

/* What a reader came for, after the settings that vary: the column and
** its heading.  Then the details, under their summary.csv names. */
static const struct {
    enum colid col;      /* COL_COUNT: the latency figure lat */
    int lat;
    const char *head;
    enum colid older;    /* COL_COUNT: none */
    int inverse;         /* shown as 1 / the column's figure */
} lead[] = {
    {COL_write_rows_per_s_median, 0, "write rows/s", COL_COUNT, 0},
    /* the scaling figure as the headline states it, a cost: how much more
    ** a row written cost at the last full chunk than at the first (the
    ** column is the rates' ratio, its inverse) */
    {COL_write_last_over_first, 0, "write cost last ÷ first", COL_COUNT, 1},
    {COL_read_ops_per_s_median, 0, "read ops/s", COL_COUNT, 0},
    /* the cell's p99; a folder older than that column has the median of
    ** its chunks' p99s only */
    {COL_COUNT, LAT_P99, "read p99 µs", COL_read_p99_us_median, 0},
    {COL_db_cached_pct_median, 0, "in RAM %", COL_COUNT, 0},
};
static const struct {
    enum colid col;
    const char *head;
} details[] = {
    {COL_rows, "rows in the table"},
    {COL_write_rows_per_s_first, "write rows/s first chunk"},
    {COL_write_rows_per_s_last, "write rows/s last chunk"},
    {COL_io_write_bytes_per_row, "bytes to storage per row"},
    {COL_dev_write_bytes_per_row, "bytes the device wrote per row"},
    {COL_read_io_bytes_per_read, "bytes read per read"},
    {COL_db_bytes, "database bytes"},
    {COL_wall_s, "wall s"},
};
#define NLEAD (int)(sizeof lead / sizeof *lead)
#define NDETAILS (int)(sizeof details / sizeof *details)

/* The column of lead c. */
static const char *lead_col(int c)
{
    return lead[c].col == COL_COUNT ? latency_table[lead[c].lat].column : colid_name(lead[c].col);
}

/* Field col of a row: a name from the schema's tables (colid_name,
** dim_table, latency_table). */
static const char *str_at(const struct report_row *x, const char *col)
{
    return csvin_str_named(&x->run->summary, x->row, col);
}

/* Identity setting c of a row; a file that predates a dimension's column
** holds what that release ran with. */
static const char *id_at(const struct report_row *x, int c)
{
    const char *v = str_at(x, identity(c));
    return c < DIM_COUNT ? dims_field(c, v) : v;
}

/* Identity column c of x as the terminal says it: 1k, not 1024. */
static const char *id_shown(const struct report_row *x, int c, char *buf, size_t n)
{
    if (c < DIM_COUNT && !dim_table[c].label_column)
        return dims_human(c, str_at(x, identity(c)), buf, n);
    return id_at(x, c);
}

/* Whether col has more than one value over the rows. */
static int varies(const struct report_row *x, int n, const char *col)
{
    for (int i = 1; i < n; i++)
        if (strcmp(str_at(&x[i], col), str_at(&x[0], col)) != 0)
            return 1;
    return 0;
}

static int id_varies(const struct report_row *x, int n, int c)
{
    for (int i = 1; i < n; i++)
        if (strcmp(id_at(&x[i], c), id_at(&x[0], c)) != 0)
            return 1;
    return 0;
}

static void cell(FILE *f, const char *cls, const char *v)
{
    fprintf(f, "<td%s>", cls);
    esc(f, v);
    fputs("</td>", f);
}

/* <tag>s</tag>, s escaped. */
static void tagged(FILE *f, const char *tag, const char *s)
{
    fprintf(f, "<%s>", tag);
    esc(f, s);
    fprintf(f, "</%s>", tag);
}

static void head(FILE *f, const char *h)
{
    tagged(f, "th", h);
}

/* A heading in a reader's words, with its summary.csv name as the title
** (shown on hover) and spelt out in the table's key (names_key). */
static void head_named(FILE *f, const char *h, const char *csv)
{
    fputs("<th title=\"", f);
    esc(f, csv);
    fputs("\">", f);
    esc(f, h);
    fputs("</th>", f);
}

/* An identity column in words: "page_size" -> "page size". */
static const char *spaced(const char *csv, char *buf, size_t n)
{
    snprintf(buf, n, "%s", csv);
    for (char *p = buf; *p; p++)
        if (*p == '_')
            *p = ' ';
    return buf;
}

/* A number of the table, grouped by thousands (digits). */
static void num_cell(FILE *f, const char *v)
{
    char b[64];
    cell(f, " class=n", digits_grouped(v, b, sizeof b));
}

/* Below the table: the summary.csv name of each figure's column, where a
** printout (which has no hover titles) still shows it. */
static void names_key(FILE *f)
{
    fputs("<p class=key>Columns in summary.csv: ", f);
    for (int c = 0; c < NLEAD; c++) {
        fputs(c ? " · " : "", f);
        esc(f, lead[c].head);
        fputs(lead[c].inverse ? " <code>1 / " : " <code>", f);
        esc(f, lead_col(c));
        fputs("</code>", f);
    }
    for (int c = 0; c < NDETAILS; c++) {
        fputs(" · ", f);
        esc(f, details[c].head);
        fputs(" <code>", f);
        esc(f, colid_name(details[c].col));
        fputs("</code>", f);
    }
    fputs("; a setting under its own name, with _ for each space.</p>\n", f);
}

/* The rows of r's summary in order of cell, then repeat: the repeats of a
** cell side by side (summary.csv has them in the order they ran,
** interleaved).  The caller frees the array; NULL when out of memory. */
static struct report_row *by_cell(const struct plotdata_run *r)
{
    struct report_row *o = calloc((size_t)r->summary.nrows + 1, sizeof *o);
    for (int i = 0; o && i < r->summary.nrows; i++) {
        struct report_row x = {r, i, 0};
        double c = csvin_num(&r->summary, CSV_SUMMARY, i, COL_cell);
        double k = csvin_num(&r->summary, CSV_SUMMARY, i, COL_repeat);
        int j = i;
        for (; j > 0; j--) {
            double pc = csvin_num(&r->summary, CSV_SUMMARY, o[j - 1].row, COL_cell);
            if (pc < c ||
                (pc == c && csvin_num(&r->summary, CSV_SUMMARY, o[j - 1].row, COL_repeat) <= k))
                break;
            o[j] = o[j - 1];
        }
        o[j] = x;
    }
    return o;
}

/* The table of cells: the settings the same in every row stated once
** above it; in it, (for a comparison, the match and the run,) the cell and
** its repeat (when a cell ran more than once), the settings that vary,
** the rates, p99 and the status (with its reason when not ok), then the
** details.  Rates lead: behind fifteen identity columns they were
** off-screen. */
static void cells_table(FILE *f, const struct report_row *x, int n, int compare)
{
    int vary[NIDENTITY], nconst = 0;
    char sp[64];
    const char *repeat = colid_name(COL_repeat);
    int rep = varies(x, n, repeat) || (n > 0 && strcmp(str_at(x, repeat), "1") != 0);
    int ratios = 0;     /* the comparisons with the baseline, of a run's own cells only */
    for (int i = 0; !compare && i < n; i++)
        ratios |= (*str_at(&x[i], colid_name(COL_write_vs_cell1)) != 0) |
                  (*str_at(&x[i], colid_name(COL_read_vs_cell1)) ? 2 : 0);
    char write_head[48 + CELLNAME_MAX], read_head[48 + CELLNAME_MAX], base[CELLNAME_MAX];
    cellname(base, sizeof base, n ? x[0].run->baseline : 1, 1, 1);
    snprintf(write_head, sizeof write_head, "write × %s", base);
    snprintf(read_head, sizeof read_head, "read × %s", base);
    for (int c = 0; c < NIDENTITY; c++) {
        vary[c] = id_varies(x, n, c);
        if (!vary[c] && n > 0) {
            fputs(nconst++ ? " · " : "<p class=same>Every cell: ", f);
            fprintf(f, "%s <b>", identity(c));
            esc(f, id_shown(x, c, sp, sizeof sp));
            fputs("</b>", f);
        }
    }
    if (nconst)
        fputs("</p>\n", f);
    fputs("<div class=scroll><table class=sum>\n<tr>", f);
    if (compare) {
        head(f, "match");
        head(f, "run");
    }
    head(f, colid_name(COL_cell));
    if (rep)
        head(f, colid_name(COL_repeat));
    for (int c = 0; c < NIDENTITY; c++)
        if (vary[c])
            head_named(f, spaced(identity(c), sp, sizeof sp), identity(c));
    for (int c = 0; c < NLEAD; c++)
        head_named(f, lead[c].head, lead_col(c));
    for (int m = 0; m < 2; m++)
        if (ratios & (1 << m))
            head(f, m ? read_head : write_head);
    head(f, colid_name(COL_status));
    for (int c = 0; c < NDETAILS; c++)
        head_named(f, details[c].head, colid_name(details[c].col));
    fputs("</tr>\n", f);
    for (int i = 0; i < n; i++) {
        const char *st = str_at(&x[i], colid_name(COL_status));
        int ok = strcmp(st, "ok") == 0;
        fprintf(f, "<tr class=\"%s\">", ok ? "ok" : "bad");
        if (compare) {
            fprintf(f, "<td>%d</td>", x[i].match);
            cell(f, "", x[i].run->name);
        }
        cell(f, "", str_at(&x[i], colid_name(COL_cell)));
        if (rep)
            cell(f, "", str_at(&x[i], colid_name(COL_repeat)));
        for (int c = 0; c < NIDENTITY; c++)
            if (vary[c])
                cell(f, "", id_shown(&x[i], c, sp, sizeof sp));
        for (int c = 0; c < NLEAD; c++) {
            const char *v = *str_at(&x[i], lead_col(c)) || lead[c].older == COL_COUNT
                                ? str_at(&x[i], lead_col(c))
                                : str_at(&x[i], colid_name(lead[c].older));
            char inv[32];
            double d = strtod(v, NULL);
            if (lead[c].inverse && *v && d > 0)
                snprintf(inv, sizeof inv, "%.2f", 1 / d), v = inv;
            num_cell(f, v);
        }
        char t[160];
        for (int m = 0; m < 2; m++)
            if (ratios & (1 << m))
                cell(f, " class=nv", noise_text_against(&x[i].run->summary, x[i].row,
                                                       m ? PHASE_READ : PHASE_WRITE,
                                                       x[i].run->baseline, t, sizeof t));
        fputs("<td class=st>", f);
        esc(f, st);
        if (!ok && *str_at(&x[i], colid_name(COL_reason))) {
            fputs(": ", f);
            esc(f, str_at(&x[i], colid_name(COL_reason)));
        }
        fputs("</td>", f);
        for (int c = 0; c < NDETAILS; c++)
            num_cell(f, str_at(&x[i], colid_name(details[c].col)));
        fputs("</tr>\n", f);
    }
    fputs("</table></div>\n", f);
    names_key(f);
}

static void summary(FILE *f, const struct plotdata_run *r)
{
    struct report_row *x = by_cell(r);
    char how[300];
    if (*noise_statement(&r->summary, r->baseline, how, sizeof how)) {
        fputs("<p class=same>Noise: ", f);
        esc(f, how);
        fputs("</p>\n", f);
    }
    if (x)
        cells_table(f, x, r->summary.nrows, 0);
    else
        fputs("<p>Out of memory: no table.</p>\n", f);
    free(x);
}

/* The figures of the graph list drawn for mode with have, in dir/plots,
** each PNG inside the page as a data: URI: a report mailed alone shows
** every graph.  The caption names the files, which stay in plots/ (the
** SVG for zooming), as text: a link would lead nowhere from an email. */
static void graphs(FILE *f, const char *dir, unsigned mode, unsigned have)
{
    const struct graphs_graph *g;
    int any = 0;
    for (int i = 0; (g = graphs_at(i)); i++)
        for (int k = 0; k < 2; k++) {
            char path[4300];
            if (!graphs_drawn(g, k, mode, have))
                continue;
            snprintf(path, sizeof path, "%s/plots/%s.png", dir, g->out[k].name);
            if (access(path, R_OK) != 0)
                continue;
            fputs("<figure><img src=\"", f);
            if (embed_data_uri(f, path, "image/png") != 0) {
                /* gone or unreadable since access(): an empty image, said so */
                fputs("data:,\" alt=\"\"><figcaption>plots/", f);
                esc(f, g->out[k].name);
                fputs(".png could not be read.</figcaption></figure>\n", f);
                continue;
            }
            any = 1;
            fputs("\" alt=\"", f);
            esc(f, g->out[k].name);
            fputs("\"><figcaption>", f);
            esc(f, g->out[k].caption);
            fputs(" <small>plots/", f);
            esc(f, g->out[k].name);
            snprintf(path, sizeof path, "%s/plots/%s.svg", dir, g->out[k].name);
            fputs(access(path, R_OK) == 0 ? ".png, .svg" : ".png", f);
            fputs("</small></figcaption></figure>\n", f);
        }
    if (!any)
        fputs("<p>No graphs were drawn (is gnuplot installed? then run <code>sqlsoak plot "
              "RESULTS_DIR</code>).</p>\n",
              f);
    /* what the terminal counts in one line: each graph not drawn, and why */
    int said = 0;
    for (int i = 0; (g = graphs_at(i)); i++)
        for (int k = 0; (g->modes & mode) && k < 2 && g->out[k].name; k++) {
            const char *why = graphs_reason(g->needs | g->out[k].needs, have);
            if (!why)
                continue;
            fputs(said++ ? "" : "<h3>Graphs not drawn</h3>\n<ul class=notdrawn>\n", f);
            fputs("<li>", f);
            esc(f, g->out[k].name);
            fputs(": ", f);
            esc(f, why);
            fputs("</li>\n", f);
        }
    if (said)
        fputs("</ul>\n", f);
}

/* ---- a crash folder ---- */

/* The model, in the words of src/crash/crash.c's header comment. */
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

/* The distinct values of dimension d over the cells of group g, in order. */
static int values(const struct plotdata_run *r, const struct plotcrash_order *o, int g, int d,
                  const char **v, int max)
{
    int n = 0;
    for (int i = 0; i < o->n; i++) {
        const char *x = csvin_str_named(&r->durability, o->row[i], dim_table[d].column);
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
            !strcmp(csvin_str_named(&r->durability, o->row[i], dim_table[DIM_JOURNAL].column),
                    journal) &&
            !strcmp(csvin_str_named(&r->durability, o->row[i], dim_table[DIM_SYNC].column), sync))
            return o->row[i];
    return -1;
}

static void durability_cell(FILE *f, const struct plotdata_run *r, int row)
{
    const struct csvin *t = &r->durability;
#define NUM(col) csvin_num(t, CSV_DURABILITY, row, COL_##col)
    if (row < 0) {
        fputs("<td class=none>not run</td>", f);
        return;
    }
    if (strcmp(csvin_str(t, CSV_DURABILITY, row, COL_status), "ok") != 0 || !(NUM(trials) > 0)) {
        fputs("<td class=none>", f);
        esc(f, csvin_str(t, CSV_DURABILITY, row, COL_status));
        fputs(": ", f);
        esc(f, csvin_str(t, CSV_DURABILITY, row, COL_reason));
        fputs("</td>", f);
        return;
    }
    const char *cls = NUM(corrupt) > 0 ? "corrupt" : NUM(lost_trials) > 0 ? "lost" : "intact";
    fprintf(f, "<td class=%s><b>%.0f</b> intact · <b>%.0f</b> lost · <b>%.0f</b> corrupt"
               "<br><small>of %.0f trials · %.0f commit%s lost",
            cls, NUM(intact), NUM(lost_trials), NUM(corrupt), NUM(trials),
            NUM(lost_commits), NUM(lost_commits) == 1 ? "" : "s");
    if (isfinite(NUM(write_rows_per_s)))
        fprintf(f, " · %.0f rows/s", NUM(write_rows_per_s));
    /* an outcome never seen: its 95% upper bound */
    if (NUM(lost_trials) == 0 && isfinite(NUM(lost_upper95_pct)))
        fprintf(f, " · lost &lt;%.2g%%", NUM(lost_upper95_pct));
    if (NUM(corrupt) == 0 && isfinite(NUM(corrupt_upper95_pct)))
        fprintf(f, " · corrupt &lt;%.2g%%", NUM(corrupt_upper95_pct));
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
        int nj = values(r, o, g, DIM_JOURNAL, jv, MAXV);
        int ns = values(r, o, g, DIM_SYNC, sv, MAXV);
        if (o->gtitle[g][0]) {
            fputs("<h3>", f);
            esc(f, o->gtitle[g]);
            fputs("</h3>\n", f);
        }
        fputs("<div class=scroll><table class=dur>\n<tr><th>journal_mode \\ synchronous</th>", f);
        for (int s = 0; s < ns; s++)
            head(f, sv[s]);
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

static void durability(FILE *f, const struct plotdata_run *r, unsigned have)
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
    graphs(f, r->dir, GRAPHS_CRASH, have);
}

/* Opens dir's report.html for writing, as a temporary file (tmp) that
** page_end renames, and writes the page's head and its heading.  NULL on
** error (message on msg). */
static FILE *page_begin(const char *dir, const char *kind, const char *name, char *tmp,
                        size_t tn, FILE *msg)
{
    snprintf(tmp, tn, "%s/.report.html.tmp", dir);
    FILE *f = fopen(tmp, "we");
    if (!f) {
        fprintf(msg, "cannot write %s: %s\n", tmp, strerror(errno));
        return NULL;
    }
    fputs("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8>\n<title>sqlsoak: ", f);
    esc(f, name);
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
          /* headings wrap to a few words a line: the table fits 1280 px */
          ".sum td.n{text-align:right}.sum td.st{white-space:normal;max-width:18em}\n"
          /* a ratio with its interval and verdict wraps too */
          ".sum td.nv{text-align:right;white-space:normal;max-width:11em}\n"
          ".sum th{white-space:normal;vertical-align:bottom;max-width:6.5em;font-weight:600}\n"
          /* narrow padding and headings a little smaller: a matrix of three
          ** settings and the ratios (the readers preset) fits 1280 px too */
          ".sum td,.sum th{padding:.25em .4em}.sum th{font-size:.92em}\n"
          ".key{font-size:12px;color:#555}.key code{font-size:11px}\n"
          "figure{margin:1.5em 0}img{max-width:100%;height:auto;border:1px solid #ddd}\n"
          "figcaption{color:#444;margin-top:.3em}figcaption small{color:#777}\n"
          ".dur td,.dur th{border:1px solid #ddd;padding:.4em .7em}.dur th{background:#eee}\n"
          ".dur td.intact{background:#e3f1df}.dur td.lost{background:#fde8d3}\n"
          ".dur td.corrupt{background:#f9dcdc}.dur td.none{background:#f0f0f0;color:#666}\n"
          "dt{font-weight:600}dd{margin:0 0 .4em 1.5em}\n"
          /* on paper: the page's width, no scrolling box (a table cut at
          ** its right edge), a graph never split across two sheets */
          "@page{margin:12mm}\n"
          "@media print{body{margin:0;max-width:none;padding:0;font-size:11px}"
          ".scroll{overflow:visible}.sum{font-size:9px}.sum th{position:static}"
          ".sum td,.sum th{padding:.15em .3em}h2{break-after:avoid}"
          "figure{break-inside:avoid;margin:1em 0}img{border:0}}\n"
          "</style></head><body>\n<h1>sqlsoak ",
          f);
    fputs(kind, f);
    fputs(": ", f);
    esc(f, name);
    fputs("</h1>\n", f);
    return f;
}

/* Ends the page and puts it in place of dir/report.html: 0, or -1. */
static int page_end(FILE *f, const char *dir, const char *tmp, FILE *msg)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/report.html", dir);
    fputs("</body></html>\n", f);
    int synced = fflush(f) == 0 && fsync(fileno(f)) == 0;
    if (fclose(f) != 0 || !synced || rename(tmp, path) != 0) {
        fprintf(msg, "cannot write %s: %s\n", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
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
        esc(f, h.line[i].text);
        fputs("</li>\n", f);
    }
    fputs("</ul>\n", f);
}

/* The device's writes apart from the cells (run.json's device_idle,
** devwear.h), against its rate during them (bytes over seconds), and an
** eMMC's own wear estimate at the run's start and end (device_life). */
static void device_apart(FILE *f, const json_t *rj, double bytes, double wall)
{
    const json_t *idle = json_object_get(rj, "device_idle");
    double s = json_number_value(json_object_get(idle, "seconds"));
    double w = json_number_value(json_object_get(idle, "write_bytes_per_s"));
    char a[40], b[40];
    fputs("<p>The device's count holds every writer of the device, not the database's "
          "alone: the filesystem's journal and metadata, and any other program writing to it. ",
          f);
    if (s > 0 && w >= 0) {
        fprintf(f, "While sqlsoak idled (%.1f s before the first cell, after a sync of the "
                   "filesystem), the device wrote %s a second", s,
                wear_bytes_text(w, a, sizeof a));
        double share = wear_idle_share_pct(w, bytes, wall);
        if (!isnan(share))
            fprintf(f, ": %.*f%% of its %s a second during the cells", share < 10 ? 1 : 0,
                    share, wear_bytes_text(bytes / wall, b, sizeof b));
        fputs(".</p>\n", f);
    } else {
        fputs("Its writes while sqlsoak idled were not measured here.</p>\n", f);
    }
    const json_t *life = json_object_get(rj, "device_life");
    if (!json_is_object(life))
        return;
    fputs("<p>Its own wear estimate (eMMC <code>life_time</code>, <code>pre_eol_info</code>):", f);
    static const char *const when[] = {"start", "end"};
    for (int i = 0; i < 2; i++) {
        const json_t *o = json_object_get(life, when[i]);
        if (!json_is_object(o))
            continue;
        fprintf(f, " at the run's %s,", when[i]);
        if (json_is_integer(json_object_get(o, "life_time_est_a")))
            fprintf(f, " type A %s, type B %s,",
                    devinfo_life_text((int)json_integer_value(json_object_get(o,
                                      "life_time_est_a")), a, sizeof a),
                    devinfo_life_text((int)json_integer_value(json_object_get(o,
                                      "life_time_est_b")), b, sizeof b));
        if (json_is_integer(json_object_get(o, "pre_eol_info")))
            fprintf(f, " pre-EOL %s,", devinfo_pre_eol_text((int)json_integer_value(
                                                   json_object_get(o, "pre_eol_info"))));
    }
    fputs(" as the device says it.</p>\n", f);
}

/* What SQLite wrote, by file (the counting VFS's summary columns), and
** its writes' two counts downstream: per cell its bytes per row to each
** file and its syncs per COMMIT, beside what the process wrote to the
** storage (the kernel's io_write_bytes, after the page cache merged
** rewrites of the same pages) and what reached the device (its own
** sectors written, others' writes included), and what the matrix writes
** to the device in an 8-hour night at that rate: wear is what reaches
** it. */
static void writes_by_file(FILE *f, const struct plotdata_run *r)
{
    static const enum colid per_row[] = {COL_vfs_db_bytes_per_row, COL_vfs_journal_bytes_per_row,
                                         COL_vfs_wal_bytes_per_row, COL_vfs_other_bytes_per_row};
    static const char *const file[] = {"database", "journal", "WAL", "other"};
    double bytes = 0, dbytes = 0, wall = 0;  /* the process's (else SQLite's), the device's */
    int said = 0, kernel = 1, dev = 1;       /* every cell has the kernel's, the device's count */
    for (int i = 0; i < r->summary.nrows; i++) {
        const struct csvin *t = &r->summary;
        double rows = csvin_num(t, CSV_SUMMARY, i, COL_rows);
        double syncs = csvin_num(t, CSV_SUMMARY, i, COL_vfs_syncs_per_commit);
        if (strcmp(csvin_str(t, CSV_SUMMARY, i, COL_status), "ok") != 0 ||
            isnan(csvin_num(t, CSV_SUMMARY, i, per_row[0])))
            continue;
        if (!said++)
            fputs("<h2>Writes by file</h2>\n<p>A row's writes by three counts, each further "
                  "down: what SQLite wrote into its files (a counting VFS), per row inserted; "
                  "what the process wrote to the storage (the kernel's count of the pages it "
                  "dirtied, <code>io_write_bytes</code>): the page cache merges rewrites of the "
                  "same pages before they leave it, so this can be far smaller; and what "
                  "reached the device (its own count of the sectors it wrote, "
                  "<code>dev_write_bytes</code>): the pages, and the filesystem's journal and "
                  "metadata with them.</p>\n<ul>\n", f);
        char name[CELLNAME_MAX];
        fprintf(f, "<li>%s: ", plotdata_cell_name(r, t, CSV_SUMMARY, i, name, sizeof name));
        double all = 0;
        for (int k = 0; k < 4; k++) {
            double b = csvin_num(t, CSV_SUMMARY, i, per_row[k]);
            all += isnan(b) ? 0 : b;
        }
        fprintf(f, "SQLite wrote %.1f bytes a row into its files (", all);
        for (int k = 0, n = 0; k < 4; k++) {
            double b = csvin_num(t, CSV_SUMMARY, i, per_row[k]);
            if (b > 0)
                fprintf(f, "%s%s %.1f", n++ ? ", " : "", file[k], b);
        }
        fputs(")", f);
        double kb = csvin_num(t, CSV_SUMMARY, i, COL_io_write_bytes_per_row);
        if (isnan(kb))
            kernel = 0;
        else
            fprintf(f, "; the process wrote %.1f to the storage%s", kb,
                    kb * 1.25 < all ? " (the page cache merged rewrites)" : "");
        double db = csvin_num(t, CSV_SUMMARY, i, COL_dev_write_bytes_per_row);
        if (isnan(db))
            dev = 0;
        else
            fprintf(f, "; %.1f reached the device", db);
        if (!isnan(syncs))
            fprintf(f, "; %.2f syncs per COMMIT", syncs);
        fputs("</li>\n", f);
        bytes += (isnan(kb) ? all : kb) * rows;
        dbytes += isnan(db) ? 0 : db * rows;
        wall += csvin_num(t, CSV_SUMMARY, i, COL_wall_s);
    }
    if (!said)
        return;
    fputs("</ul>\n", f);
    char path[4200], err[512];
    snprintf(path, sizeof path, "%s/run.json", r->dir);
    json_t *rj = infile_absent(path) ? NULL : infile_json(path, err, sizeof err);
    if (dev)
        device_apart(f, rj, dbytes, wall);
    json_decref(rj);
    /* the night's bytes: the process's own (SQLite's where the kernel
    ** counts none), and the device's, which hold its other writers' too */
    if (!(wall > 0))
        return;
    fprintf(f, "<p>At the rate these cells wrote to the storage (%.1f MB over %.1f s, %s), "
               "this matrix writes about %.1f GB to it in an 8-hour night",
            bytes / 1e6, wall,
            kernel ? "the kernel's count" : "SQLite's count: the kernel's is missing here",
            bytes / wall * 8 * 3600 / 1e9);
    if (dev)
        fprintf(f, "; by the device's count, its other writers' included, about %.1f GB",
                dbytes / wall * 8 * 3600 / 1e9);
    fputs(".</p>\n", f);
}

/* The device's own limits (run.json's device_limits, run --probe) and
** each measured cell against them (efficiency.h); nothing without them. */
static void device(FILE *f, const struct plotdata_run *r)
{
    char path[4200], err[512], said[1024];
    snprintf(path, sizeof path, "%s/run.json", r->dir);
    json_t *rj = infile_absent(path) ? NULL : infile_json(path, err, sizeof err);
    json_t *lim = json_object_get(rj, "device_limits");
    if (!json_is_object(lim)) {
        json_decref(rj);
        return;
    }
    fputs("<h2>How close to the device</h2>\n<p>The storage alone (<code>sqlsoak probe</code>", f);
    fprintf(f, ", %.1f s): write + fdatasync %.0f/s, write + fsync %.0f/s, 4 KiB random reads "
               "%.0f/s (",
            json_number_value(json_object_get(lim, "seconds")),
            json_number_value(json_object_get(json_object_get(lim, "write_fdatasync"),
                                              "ops_per_s")),
            json_number_value(json_object_get(json_object_get(lim, "write_fsync"), "ops_per_s")),
            json_number_value(json_object_get(json_object_get(lim, "random_read_4k"),
                                              "ops_per_s")));
    esc(f, json_string_value(json_object_get(lim, "read_method")));
    fprintf(f, "), sequential write %.1f MB/s.",
            json_number_value(json_object_get(lim, "seq_write_mb_per_s")));
    /* the SD card class, where the probe judged it (older run.json files
    ** have no sd_class) */
    const char *cls = json_string_value(json_object_get(json_object_get(lim, "sd_class"), "said"));
    if (cls) {
        fputs(" SD card class, by 4 KiB random writes and reads at queue depth 4: ", f);
        esc(f, cls);
        fputs(" (", f);
        esc(f, json_string_value(json_object_get(json_object_get(lim, "sd_class"), "source")));
        fputs(").", f);
    }
    fputs("</p>\n<ul>\n", f);
    for (int i = 0; i < r->summary.nrows; i++) {
        struct efficiency e;
        if (strcmp(csvin_str(&r->summary, CSV_SUMMARY, i, COL_status), "ok") != 0 ||
            efficiency_of(lim, &r->summary, i, &e) != 0 || !efficiency_say(&e, said, sizeof said))
            continue;
        char name[CELLNAME_MAX];
        fprintf(f, "<li>%s: ",
                plotdata_cell_name(r, &r->summary, CSV_SUMMARY, i, name, sizeof name));
        esc(f, said);
        fputs("</li>\n", f);
    }
    fputs("</ul>\n", f);
    json_decref(rj);
}

int report_write(const struct plotdata_run *r, unsigned have, FILE *msg)
{
    char tmp[4300];
    FILE *f = page_begin(r->dir, "results", r->name, tmp, sizeof tmp, msg);
    if (!f)
        return -1;
    fputs("<p>", f);
    esc(f, r->desc);
    fputs("</p>\n", f);
    headline(f, r, 1);
    fputs("<h2>Run</h2>\n", f);
    describe(f, r);
    if (r->crash) {
        durability(f, r, have);
        fputs("<p><small>Data: durability.csv, trials.csv, run.json in this folder.</small></p>\n",
              f);
    } else {
        fputs("<h2>Summary</h2>\n<p>One row per run of a cell (a cell and its repeat); rates "
              "are medians over its full chunks, "
              "p99 that of all its reads, in RAM the median share of the database in the OS "
              "cache before its reads. Cells not <em>ok</em> have no figures; their status says "
              "why.</p>\n",
              f);
        summary(f, r);
        writes_by_file(f, r);
        device(f, r);
        fputs("<h2>Graphs</h2>\n", f);
        graphs(f, r->dir, GRAPHS_RUN, have);
        fputs("<p><small>Data: chunks.csv, summary.csv, timeline.csv, run.json in this "
              "folder.</small></p>\n", f);
    }
    return page_end(f, r->dir, tmp, msg);
}

/* The matched cells against the baseline run: a row per run per cell,
** its figures, then its ratios (cmpratio.h). */
static void ratios_table(FILE *f, const struct report_row *rows, int n,
                         const struct plotdata_run *base)
{
    struct cmpratio_line *l;
    char common[512], how[400];
    int nl = cmpratio_lines(rows, n, base, &l, common, sizeof common);
    fputs("<h2>Against the baseline</h2>\n<p>Each run's write rate, read rate and read p99 "
          "over those of <b>", f);
    esc(f, base->name);
    fputs("</b>, the baseline, per matched cell (a read p99 below 1.00x is faster). Noise: ",
          f);
    esc(f, cmpratio_noise(rows, n, how, sizeof how));
    fputs(".</p>\n", f);
    if (*common) {
        fputs("<p class=same>Every cell: ", f);
        esc(f, common);
        fputs("</p>\n", f);
    }
    fputs("<div class=scroll><table class=sum>\n<tr><th>cell</th><th>run</th>", f);
    for (int k = 0; k < CMPRATIO_COUNT; k++)
        head(f, cmpratio_table[k].name);
    for (int k = 0; k < CMPRATIO_COUNT; k++) {
        char h[64];
        snprintf(h, sizeof h, "%s × baseline", cmpratio_table[k].name);
        head(f, h);
    }
    fputs("</tr>\n", f);
    for (int i = 0; i < nl; i++) {
        fputs("<tr>", f);
        cell(f, "", l[i].cell);
        cell(f, "", l[i].run->name);
        for (int k = 0; k < CMPRATIO_COUNT; k++)
            cell(f, " class=n", l[i].fig[k]);
        for (int k = 0; k < CMPRATIO_COUNT; k++)
            cell(f, " class=nv", l[i].ratio[k]);   /* its verdict's words wrap */
        fputs("</tr>\n", f);
    }
    fputs("</table></div>\n", f);
    free(l);
}

int report_compare(const char *out, const struct plotdata_run *runs, int nr, int base,
                   const struct report_row *rows, int n, const char *const *unmatched,
                   int nunmatched, unsigned have, FILE *msg)
{
    char tmp[4300];
    const char *name = strrchr(out, '/') && strrchr(out, '/')[1] ? strrchr(out, '/') + 1 : out;
    FILE *f = page_begin(out, "comparison", name, tmp, sizeof tmp, msg);
    if (!f)
        return -1;
    headline(f, runs, nr);
    fputs("<h2>Runs</h2>\n<table class=kv>\n", f);
    for (int r = 0; r < nr; r++) {
        char v[1200];
        snprintf(v, sizeof v, "%s · host %s · %s", runs[r].dir, runs[r].host, runs[r].storage);
        row(f, runs[r].name, v);
    }
    fputs("</table>\n<h2>Matched cells</h2>\n<p>Cells with the same settings and SQLite "
          "version in more than one run, one row per run; rates and p99 are medians over "
          "chunks.</p>\n", f);
    if (n > 0) {
        cells_table(f, rows, n, 1);
        ratios_table(f, rows, n, &runs[base]);
    } else {
        fputs("<p>No cell matched: the cells not compared below name the settings in which "
              "each differs from the nearest cell of another run.</p>\n", f);
    }
    if (nunmatched > 0) {
        fputs("<h2>Not compared</h2>\n<ul>\n", f);
        for (int i = 0; i < nunmatched; i++) {
            tagged(f, "li", unmatched[i]);
            fputc('\n', f);
        }
        fputs("</ul>\n", f);
    }
    fputs("<h2>Graphs</h2>\n", f);
    graphs(f, out, GRAPHS_COMPARE, have);
    fputs("<p><small>Data: comparison.csv in this folder.</small></p>\n", f);
    return page_end(f, out, tmp, msg);
}
