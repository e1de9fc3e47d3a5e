/*
** compare: `sqlsoak compare DIR DIR... --out DIR`.  Reads every results
** folder first (any bad one: exit 2, nothing created), matches cells by
** their settings and SQLite version (not the library's path), prints and
** writes comparison.csv (one row per matched cell per run, with the run's
** host and storage, then its ratios against the baseline run, --baseline
** or the first: cmpratio.h, in lines cmplines.h; its texts written as
** csvout writes them, guarded against formulas), lists what could not be
** matched with the settings that keep each cell from its nearest, draws
** the overlays with the graph list's scripts in "compare" mode and writes
** report.html.
** A folder given twice is refused: it would match itself cell for cell;
** so is --out inside a folder compared, which would change it.
*/
#include "compare.h"

#include "cellname.h"
#include "chunkplan.h"
#include "cmplines.h"
#include "cmpproj.h"
#include "folder.h"
#include "graphs.h"
#include "measured.h"
#include "plot.h"
#include "plotdata.h"
#include "report.h"
#include "stop.h"
#include "value.h"
#include "units.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* One field, as csvout writes a text (csvout_text: quoted as RFC 4180
** says, guarded against being run as a formula).  0, or -1 out of memory. */
static int csv_field(FILE *f, const char *s, int first)
{
    size_t n = strlen(s) * 2 + 4;
    char *buf = malloc(n);
    if (!first)
        fputc(',', f);
    int rc = buf && csvout_text(s, buf, n) >= 0 && fputs(buf, f) >= 0 ? 0 : -1;
    free(buf);
    return rc;
}

/* How many runs hold key (as a counted summary row), and that row in each. */
static int holders(struct plotdata_run *runs, int nr, const char *key, int *row)
{
    int k = 0;
    for (int r = 0; r < nr; r++) {
        row[r] = -1;
        for (int i = 0; i < runs[r].summary.nrows && row[r] < 0; i++) {
            char kb[512];
            if (csvin_num(&runs[r].summary, CSV_SUMMARY, i, COL_repeat) < 1)
                continue;
            plotdata_key(&runs[r], i, 1, kb, sizeof kb);
            if (strcmp(kb, key) == 0)
                row[r] = i;
        }
        k += row[r] >= 0;
    }
    return k;
}

/* A ratio as comparison.csv holds it: 4 decimals, empty when none. */
static void csv_ratio(FILE *f, double v)
{
    if (isnan(v))
        fputs(",", f);
    else
        fprintf(f, ",%.4f", v);
}

/* comparison.csv's header: the run's columns, summary.csv's, then the
** ratios against the baseline run (cmpratio.h), each figure's for the
** row's repeat and, over the cell's repeats, their median and interval.
** Named _vs_baseline_run: summary.csv's own _vs_baseline columns (against
** the baseline cell) are in the row too, and a header must not name a
** column twice. */
static void csv_header(FILE *f)
{
    fputs("schema_version,match,run,run_dir,host,storage", f);
    for (int c = 1; c < csvout_ncolumns(CSV_SUMMARY); c++)
        fprintf(f, ",%s", csvout_column_name(CSV_SUMMARY, c));
    fputs(",baseline_run", f);
    for (int k = 0; k < CMPRATIO_COUNT; k++)
        fprintf(f, ",%s_vs_baseline_run,%s_vs_baseline_run_median,%s_vs_baseline_run_lo,"
                   "%s_vs_baseline_run_hi",
                cmpratio_table[k].stem, cmpratio_table[k].stem, cmpratio_table[k].stem,
                cmpratio_table[k].stem);
    fputs(",vs_baseline_run_repeats,vs_baseline_run_confidence", f);
    for (int k = 0; k < CMPRATIO_COUNT; k++)
        fprintf(f, ",%s_vs_baseline_run_verdict,%s_vs_baseline_run_method,%s_vs_baseline_run_pairs",
                cmpratio_table[k].stem, cmpratio_table[k].stem, cmpratio_table[k].stem);
    fputc('\n', f);
}

/* Row i of the matched rows in comparison.csv: 0, or -1 when a field
** could not be written. */
static int csv_row(FILE *f, const struct report_row *rows, const struct cmplines_view *v, int n,
                   int i, const struct plotdata_run *base)
{
    const struct plotdata_run *r = rows[i].run;
    char m[32];
    snprintf(m, sizeof m, "%d", rows[i].match);
    fprintf(f, "%d", CSV_SCHEMA_VERSION);
    const char *run[] = {m, r->name, r->dir, r->host, r->storage};
    int rc = 0;
    for (size_t k = 0; k < sizeof run / sizeof *run; k++)   /* in order: one at a time */
        rc |= csv_field(f, run[k], 0);
    for (int c = 1; c < csvout_ncolumns(CSV_SUMMARY); c++)
        rc |= csv_field(
            f, csvin_str_named(&r->summary, rows[i].row, csvout_column_name(CSV_SUMMARY, c)), 0);
    rc |= csv_field(f, base->name, 0);
    struct noise_ratio w = {0};
    struct verdict said[CMPRATIO_COUNT];
    double own[3];
    cmpratio_repeats(v->cells, n, i, v->base, CMPRATIO_WRITE, &w, own);
    for (int k = 0; k < CMPRATIO_COUNT; k++) {
        cmpratio_verdict(v->cells, n, i, v->base, (enum cmpratio_fig)k, &said[k]);
        csv_ratio(f, cmpratio_row(v->cells, n, i, v->base, (enum cmpratio_fig)k));
        csv_ratio(f, said[k].ratio);
        csv_ratio(f, said[k].lo);
        csv_ratio(f, said[k].hi);
    }
    /* the write rate's, as summary.csv's vs_cell1_rounds: every figure's
    ** when all were measured */
    if (w.rounds > 0)
        fprintf(f, ",%d", w.rounds);
    else
        fputc(',', f);
    if (isnan(w.confidence))
        fputc(',', f);
    else
        fprintf(f, ",%.1f", 100 * w.confidence);
    for (int k = 0; k < CMPRATIO_COUNT; k++) {
        int none = rows[i].run == base || isnan(said[k].ratio);
        rc |= csv_field(f, none ? "" : verdict_call_name(said[k].call), 0);
        rc |= csv_field(f, none ? "" : verdict_method_name(said[k].method), 0);
        /* the chunk pairs the sentence says it is decided from; rounds' in
        ** vs_baseline_run_repeats */
        int pairs = said[k].method == VM_SEQUENTIAL || said[k].method == VM_LOCKSTEP;
        if (!none && pairs && said[k].evidence > 0)
            fprintf(f, ",%d", said[k].evidence);
        else
            fputc(',', f);
    }
    fputc('\n', f);
    return rc;
}

/* What matching found: the series to draw, the matched rows for the
** report, the unmatched cells in words. */
struct matches {
    struct plotdata_series *s;
    int ns;
    struct report_row *rows;
    int nrows, groups;
    int cells;                   /* the groups' cells, their repeats counted once */
    char (*unmatched)[1200];
    const char **up;             /* unmatched[i], for the report */
    int nunmatched;
    char why[300];               /* the first unmatched cell's differences from its nearest */
};

/* The run-level sizes of a and b that differ ("chunk 200k vs 500k"),
** appended at buf + *len; returns how many. */
static int size_differences(const struct plotdata_run *a, const struct plotdata_run *b,
                            int k, char *buf, size_t n, size_t *len)
{
    const struct {
        const char *name;
        int64_t va, vb;
    } s[] = {{"rows", a->rows, b->rows}, {"chunk", a->chunk, b->chunk},
             {"reads", a->reads, b->reads}};
    int found = 0;
    for (size_t x = 0; x < sizeof s / sizeof *s; x++) {
        if (s[x].va == s[x].vb || !s[x].va || !s[x].vb)
            continue;               /* the same, or a folder that does not say */
        char ha[24], hb[24];
        if (*len < n)
            *len += (size_t)snprintf(buf + *len, n - *len, "%s%s %s vs %s", k + found ? ", " : "",
                                     s[x].name, units_count(s[x].va, ha, sizeof ha),
                                     units_count(s[x].vb, hb, sizeof hb));
        found++;
    }
    return found;
}

/* The settings in which row i of a and row j of b differ, into buf
** ("commit-every 1000 vs 10000, journal delete vs wal"); returns how many.
** A commit_every that only followed each run's --chunk is named as the
** chunk, the setting that was given. */
static int differences(const struct plotdata_run *a, int i, const struct plotdata_run *b, int j,
                       char *buf, size_t n)
{
    int k = 0;
    size_t len = 0;
    buf[0] = 0;
    for (int d = 0; d < PLOTDATA_NDIMS; d++) {
        const char *va = plotdata_dim_value(&a->summary, CSV_SUMMARY, i, d);
        const char *vb = plotdata_dim_value(&b->summary, CSV_SUMMARY, j, d);
        if (strcmp(va, vb) == 0)
            continue;
        if (d == DIM_COMMIT_EVERY && a->commit_is_chunk && b->commit_is_chunk &&
            a->chunk != b->chunk)
            continue;
        char ha[64], hb[64];
        const char *name = d == DIM_LIB ? "SQLite" : d == PLOTDATA_READ_FROM ? "read-from"
                           : d == PLOTDATA_REPEAT ? colid_name(COL_repeat)
                                                  : dim_table[d].opt.name;
        if (d < DIM_COUNT && d != DIM_LIB) {
            va = dims_human(d, va, ha, sizeof ha);
            vb = dims_human(d, vb, hb, sizeof hb);
        }
        if (len < n)
            len += (size_t)snprintf(buf + len, n - len, "%s%s %s vs %s", k ? ", " : "", name,
                                    va, vb);
        k++;
    }
    return k + size_differences(a, b, k, buf, n, &len);
}

/* The measured row of run q nearest to row i of run r (the fewest settings
** apart), and those settings into buf; -1 when q has none. */
static int nearest(const struct plotdata_run *r, int i, const struct plotdata_run *q, char *buf,
                   size_t n)
{
    int best = -1, fewest = PLOTDATA_NDIMS + 1;
    char t[300];
    for (int j = 0; j < q->summary.nrows; j++) {
        if (csvin_num(&q->summary, CSV_SUMMARY, j, COL_repeat) < 1)
            continue;
        int k = differences(r, i, q, j, t, sizeof t);
        if (k < fewest) {
            fewest = k;
            best = j;
            snprintf(buf, n, "%s", t);
        }
    }
    return best;
}

/* "cell 3 · repeat 2 of A has no match in B: the nearest, B's cell 3 ·
** repeat 1, differs in repeat 2 vs 1" (with more runs, each run's
** nearest; each cell named as its run names it: cellname.h).  The first
** difference also into err, for the line that says none matched. */
static void unmatched_line(const struct plotdata_run *runs, int nr, int r, int i, char *buf,
                           size_t n, char *err, size_t errlen)
{
    char name[CELLNAME_MAX];
    size_t len = (size_t)snprintf(
        buf, n, "%s of %s has no match in ",
        plotdata_cell_name(&runs[r], &runs[r].summary, CSV_SUMMARY, i, name, sizeof name),
        runs[r].name);
    for (int q = 0, k = 0; q < nr && len < n; q++)
        if (q != r)
            len += (size_t)snprintf(buf + len, n - len, "%s%s", k++ ? " or " : "", runs[q].name);
    for (int q = 0, k = 0; q < nr && len < n; q++) {
        char d[300];
        int j = q != r ? nearest(&runs[r], i, &runs[q], d, sizeof d) : -1;
        if (j < 0)
            continue;
        len += (size_t)snprintf(
            buf + len, n - len, "%s the nearest, %s's %s, differs in %s", k++ ? ";" : ":",
            runs[q].name,
            plotdata_cell_name(&runs[q], &runs[q].summary, CSV_SUMMARY, j, name, sizeof name), d);
        if (!*err)
            snprintf(err, errlen, "%s", d);
    }
}

/* Row i's key without its repeat (the key's last field): its cell's. */
static void cell_key(const struct plotdata_run *r, int i, char *buf, size_t n)
{
    plotdata_key(r, i, 1, buf, n);
    char *end = strrchr(buf, '|');
    while (end && end > buf && end[-1] != '|')
        end--;
    if (end)
        *end = 0;
}

/* Whether the cell of row i of run r is that of a group matched before. */
static int cell_seen(const struct matches *m, const struct plotdata_run *r, int i)
{
    char key[512], other[512];
    cell_key(r, i, key, sizeof key);
    for (int k = 0; k < m->nrows; k++) {
        if (k > 0 && m->rows[k].match == m->rows[k - 1].match)
            continue;                 /* a group's first row stands for it */
        cell_key(m->rows[k].run, m->rows[k].row, other, sizeof other);
        if (strcmp(key, other) == 0)
            return 1;
    }
    return 0;
}

/* Matches the runs' cells, filling m. */
static void match_runs(struct plotdata_run *runs, int nr, struct matches *m, int *row)
{
    for (int r = 0; r < nr; r++)
        for (int i = 0; i < runs[r].summary.nrows; i++) {
            char key[512];
            if (csvin_num(&runs[r].summary, CSV_SUMMARY, i, COL_repeat) < 1)
                continue;
            plotdata_key(&runs[r], i, 1, key, sizeof key);
            int k = holders(runs, nr, key, row);
            if (row[r] != i)
                continue;             /* a duplicate of a row already seen */
            if (k < 2) {
                if (!m->nunmatched)
                    printf("cells found in one run only (not compared):\n");
                unmatched_line(runs, nr, r, i, m->unmatched[m->nunmatched],
                               sizeof m->unmatched[0], m->why, sizeof m->why);
                m->up[m->nunmatched] = m->unmatched[m->nunmatched];
                printf("  %s\n", m->unmatched[m->nunmatched++]);
                continue;
            }
            int first = 1;
            for (int q = 0; q < r; q++)
                first &= row[q] < 0;
            if (!first)
                continue;             /* matched when its first holder was seen */
            m->cells += !cell_seen(m, &runs[r], i);
            m->groups++;
            for (int q = 0; q < nr; q++) {
                if (row[q] < 0)
                    continue;
                m->rows[m->nrows++] = (struct report_row){&runs[q], row[q], m->groups};
                if (!(csvin_num(&runs[q].summary, CSV_SUMMARY, row[q], COL_chunks) > 0))
                    continue;
                struct plotdata_series *x = &m->s[m->ns++];
                memset(x, 0, sizeof *x);
                x->run = &runs[q];
                x->sumrow = row[q];
                x->group = m->groups;
                x->variant = q + 1;
                snprintf(x->label, sizeof x->label, "%s", runs[q].name);
            }
        }
    if (m->cells == m->groups)
        printf("%d cell%s matched across %d runs, %d unmatched\n", m->groups,
               m->groups == 1 ? "" : "s", nr, m->nunmatched);
    else    /* "6 cells" of 2 cells × 3 repeats read as 6 settings */
        printf("%d cell%s matched across %d runs (%d with their repeats), %d unmatched\n",
               m->cells, m->cells == 1 ? "" : "s", nr, m->groups, m->nunmatched);
}

/* The graphs_need bits of what the matched series measured: a run without
** reads compared with itself on another disk has no read graph. */
static unsigned measured(const struct matches *m)
{
    struct measured ms = {0};
    for (int i = 0; i < m->ns; i++) {
        const struct plotdata_run *r = m->s[i].run;
        int *rows = malloc(sizeof *rows * (size_t)(r->chunks.nrows + 1));
        int n = rows ? plotdata_series_rows(r, m->s[i].sumrow, rows, r->chunks.nrows) : 0;
        measured_add(&ms, &r->chunks, rows, n);
        free(rows);
    }
    return (m->ns > 0 ? GRAPHS_CHUNKS | GRAPHS_VERSIONS : 0) |
           (measured_needs(&ms) & (GRAPHS_READS | GRAPHS_LATENCY | GRAPHS_IO));
}
/* The overlays of the matched series into out/plots: 0, 1, or PLOT_STOPPED. */
static int draw(struct plotdata_run *runs, int nr, const char *out, struct matches *m,
                unsigned have, char *err, size_t errlen)
{
    char plots[4200], data[4300], common[512], desc[2048];
    const char **vn = calloc((size_t)nr, sizeof *vn);
    if (!vn) {
        snprintf(err, errlen, "out of memory");
        return 1;
    }
    plotdata_label(m->s, m->ns, common, sizeof common);
    plotdata_bundle(m->s, m->ns, 1);   /* a colour per run, a dash per cell */
    size_t len = (size_t)snprintf(desc, sizeof desc, "%s\n", common);
    for (int r = 0; r < nr && len < sizeof desc; r++) {
        vn[r] = runs[r].name;
        len += (size_t)snprintf(desc + len, sizeof desc - len, "%s%s: %s, %s", r ? " · " : "",
                                runs[r].name, runs[r].host, runs[r].storage);
    }
    snprintf(plots, sizeof plots, "%s/plots", out);
    snprintf(data, sizeof data, "%s/data", plots);
    int rc = 0;
    if (folder_mkdirs(data, err, errlen) ||
        plotdata_write_series(data, m->s, m->ns, vn, nr, err, errlen))
        rc = 1;
    else if ((rc = plot_draw(data, plots, desc, "compare", have, "", stdout)) == PLOT_STOPPED)
        printf("interrupted while drawing the graphs (%s): no more are drawn\n",
               stop_signame(stop_signal));
    else if (rc != 0)
        rc = 1;
    else
        printf("graphs: %s/\n", plots);
    free(vn);
    return rc;
}

/* comparison.csv from the matched rows: 0, or -1 with errno. */
static int write_csv(const char *path, const struct matches *m, const struct plotdata_run *base,
                     const struct cmplines_view *v)
{
    FILE *csv = fopen(path, "we");
    int bad = 0;
    if (!csv)
        return -1;
    csv_header(csv);
    for (int i = 0; i < m->nrows; i++)
        bad |= csv_row(csv, m->rows, v, m->nrows, i, base);
    int closed = fclose(csv) == 0;
    if (closed && bad)
        errno = ENOMEM;
    return closed && !bad ? 0 : -1;
}

int compare_write(struct plotdata_run *runs, int nr, int base, const char *out, int no_plot,
                  char *err, size_t errlen)
{
    char path[4200];
    int total = 0, rc = 0;
    for (int r = 0; r < nr; r++)
        total += runs[r].summary.nrows;
    struct matches m = {0};
    struct cmplines_view view = {0};
    m.s = calloc((size_t)total + 1, sizeof *m.s);
    m.rows = calloc((size_t)total + 1, sizeof *m.rows);
    m.unmatched = calloc((size_t)total + 1, sizeof *m.unmatched);
    m.up = calloc((size_t)total + 1, sizeof *m.up);
    int *row = calloc((size_t)nr, sizeof *row);
    snprintf(path, sizeof path, "%s/comparison.csv", out);
    if (!m.s || !m.rows || !m.unmatched || !m.up || !row) {
        snprintf(err, errlen, "out of memory");
        rc = 1;
        goto done;
    }
    match_runs(runs, nr, &m, row);
    if (cmplines_view(m.rows, m.nrows, &runs[base], &view) != 0) {
        snprintf(err, errlen, "out of memory");
        rc = 1;
        goto done;
    }
    cmplines_print(stdout, m.rows, m.nrows, &runs[base]);
    cmpproj_print(stdout, view.cells, m.nrows);
    if (write_csv(path, &m, &runs[base], &view) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        rc = 1;
        goto done;
    }
    printf("comparison: %s\n", path);
    unsigned have = measured(&m);
    if (m.ns > 0 && !no_plot)
        rc = draw(runs, nr, out, &m, have, err, errlen);
    if (rc == PLOT_STOPPED)
        goto done;          /* stopped: no report of graphs not drawn */
    if (report_compare(out, runs, nr, base, m.rows, m.nrows, m.up, m.nunmatched, have,
                       no_plot, stdout) == 0)
        printf("report: %s/report.html\n", out);
    else
        rc = 1;
    if (m.groups == 0) {
        snprintf(err, errlen, "no cell matched: %s%s", *m.why ? "the nearest cells differ in " : "",
                 *m.why ? m.why : "no run has a measured cell");
        rc = 1;
    }
done:
    cmplines_view_free(&view);
    free(m.s);
    free(m.rows);
    free(m.unmatched);
    free(m.up);
    free(row);
    return rc;
}

int compare_same_folder(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

int compare_baseline_of(const struct config *cfg, const struct plotdata_run *runs, int nr,
                        char *err, size_t errlen)
{
    const char *b = cfg->compare_baseline;
    if (!b)
        return 0;
    for (int i = 0; i < nr; i++)
        if (strcmp(b, cfg->pos[i]) == 0 || strcmp(b, runs[i].name) == 0 ||
            compare_same_folder(b, cfg->pos[i]))
            return i;
    int64_t k;
    if (value_parse_int(b, &k) == 0 && k >= 1 && k <= nr)
        return (int)k - 1;
    size_t len = (size_t)snprintf(err, errlen, "--baseline %s: not one of the folders compared (",
                                  b);
    for (int i = 0; i < nr && len < errlen; i++)
        len += (size_t)snprintf(err + len, errlen - len, "%s, ", runs[i].name);
    if (len < errlen)
        snprintf(err + len, errlen - len, "or 1..%d in their order)", nr);
    return -1;
}

int compare_check_chunks(const struct plotdata_run *r, char *err, size_t errlen)
{
    char path[4200], name[CELLNAME_MAX];
    snprintf(path, sizeof path, "%s/chunks.csv", r->dir);
    if (chunkplan_sequence(&r->chunks, path, err, errlen) != 0)
        return -1;
    int *rows = malloc(sizeof *rows * (size_t)(r->chunks.nrows + 1)), rc = rows ? 0 : -1;
    if (!rows)
        snprintf(err, errlen, "out of memory");
    for (int i = 0; rc == 0 && i < r->summary.nrows; i++) {
        int64_t counted = csvin_int(&r->summary, CSV_SUMMARY, i, COL_chunks, -1);
        int n = plotdata_series_rows(r, i, rows, r->chunks.nrows);
        if (counted >= 0 && n != counted) {
            snprintf(err, errlen, "%s: %d chunks of %s, where summary.csv counts %lld", path, n,
                     plotdata_cell_name(r, &r->summary, CSV_SUMMARY, i, name, sizeof name),
                     (long long)counted);
            rc = -1;
        }
    }
    free(rows);
    return rc;
}
