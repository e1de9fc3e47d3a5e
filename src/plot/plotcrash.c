/*
** plotcrash: crash folders → the data file of plots/durability.gp.  See
** plotcrash.h.
**
** durability.tsv (tab-separated, first line the column names, "NaN"
** where nothing was measured), one row per cell, top row first:
**   row label group status trials intact lost corrupt lost_commits
**   p_intact p_lost p_corrupt      shares of the trials, in %
**   intact_txt lost_txt corrupt_txt  counts printed inside the bar, "" when
**                                  the segment is too narrow to hold one
**   note                           what the bar cannot show: lost commits,
**                                  counts of narrow segments, the 95% upper
**                                  bound of an outcome never seen
**   notrun                         "status: reason" of a cell not measured
**   write write_txt                write rows/s of the uncrashed run
** Every string reaches gnuplot as data, never as a command.
*/
#include "plotcrash.h"
#include "tsv.h"

#include "config.h"
#include "units.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DUR CSV_DURABILITY

/* A segment narrower than this share of the bar (%) cannot hold its
** count in the graph's font: the count goes into the note instead. */
#define NARROW_PCT 6.0
/* The characters of "status: reason" that fit inside a bar. */
#define NOTRUN_MAX 90

int plotcrash_is_crash_dir(const char *dir)
{
    char a[4200], b[4200];
    snprintf(a, sizeof a, "%s/chunks.csv", dir);
    snprintf(b, sizeof b, "%s/durability.csv", dir);
    return access(a, F_OK) != 0 && access(b, F_OK) == 0;
}

int plotcrash_load(const char *dir, struct plotdata_run *r, char *err, size_t errlen)
{
    char path[4200];
    memset(r, 0, sizeof *r);
    r->dir = dir;
    r->crash = 1;
    snprintf(path, sizeof path, "%s/durability.csv", dir);
    if (csvin_read(path, DUR, &r->durability, err, errlen))
        return -1;
    if (plotdata_describe(r, err, errlen)) {
        plotdata_free(r);
        return -1;
    }
    return 0;
}

/* The settings that group cells, in title order: every dimension of
** dims.h but the journal mode and synchronous setting, the table's axes.
** The library path tells two builds of one version apart; its version
** names it. */
static int groups_by(int d)
{
    return d != DIM_JOURNAL && d != DIM_SYNC && (dim_table[d].opt.cmds & CMD_CRASH);
}

static const char *gdim_col(const struct csvin *t, int row, int d)
{
    return dims_field(d, csvin_str_named(t, row, dim_table[d].column));
}

/* A workload phase left at its default (no updates, no deletes) goes
** unnamed in the common title: the durability graph of appends alone
** reads as it did before crash ran those phases. */
static int quiet_default(int d, const char *text)
{
    return (d == DIM_UPDATES || d == DIM_DELETES) && dims_is_option_default(d, text);
}

static void gdim_text(const struct plotdata_run *r, int row, int d, char *buf, size_t n)
{
    const char *col = dim_table[d].label_column ? dim_table[d].label_column : dim_table[d].column;
    dims_label(d, csvin_str_named(&r->durability, row, col), buf, n);
}

/* Appends " · text" (or text, first) to buf of size n holding len bytes. */
static size_t add(char *buf, size_t n, size_t len, const char *text)
{
    if (len < n)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? " · " : "", text);
    return len < n ? len : n - 1;
}

/* The common settings past COMMON_LINE_CHARS characters (a 1280-pixel
** title line's worth) break onto a second line at the separator nearest
** the middle: a workload with updates and deletes names them too. */
#define COMMON_LINE_CHARS 165
static void wrap_common(char *s)
{
    size_t chars = 0, half, seen = 0;
    char *best = NULL;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        chars += (*p & 0xC0) != 0x80;
    if (chars <= COMMON_LINE_CHARS)
        return;
    half = chars / 2;
    for (char *p = s; *p; p++) {
        seen += ((unsigned char)*p & 0xC0) != 0x80;
        if (strncmp(p, " \xc2\xb7 ", 4) == 0 && (!best || seen <= half + 1))
            best = p;
    }
    if (best)
        memmove(best + 1, best + 4, strlen(best + 4) + 1), best[0] = '\n';
}

int plotcrash_order(const struct plotdata_run *r, struct plotcrash_order *o)
{
    const struct csvin *t = &r->durability;
    int nr = t->nrows, vary[DIM_COUNT];
    memset(o, 0, sizeof *o);
    o->row = calloc((size_t)nr + 1, sizeof *o->row);
    o->group = calloc((size_t)nr + 1, sizeof *o->group);
    o->gtitle = calloc((size_t)nr + 1, sizeof *o->gtitle);
    int *first = calloc((size_t)nr + 1, sizeof *first);   /* a group's first row */
    int *gof = calloc((size_t)nr + 1, sizeof *gof);       /* each row's group */
    if (!o->row || !o->group || !o->gtitle || !first || !gof) {
        free(first);
        free(gof);
        plotcrash_order_free(o);
        return -1;
    }
    size_t clen = 0;
    for (int d = 0; d < DIM_COUNT; d++) {
        vary[d] = 0;
        if (!groups_by(d))
            continue;
        for (int i = 1; i < nr; i++)
            vary[d] |= strcmp(gdim_col(t, i, d), gdim_col(t, 0, d)) != 0;
        if (!vary[d] && nr > 0 && !quiet_default(d, gdim_col(t, 0, d))) {
            char v[96];
            gdim_text(r, 0, d, v, sizeof v);
            clen = add(o->common, sizeof o->common, clen, v);
        }
    }
    wrap_common(o->common);
    /* groups in order of first appearance: a row joins the first earlier
    ** row that agrees on every grouping setting */
    for (int i = 0; i < nr; i++) {
        int g = 0;
        for (; g < o->ngroups; g++) {
            int same = 1;
            for (int d = 0; d < DIM_COUNT && same; d++)
                same = !groups_by(d) || strcmp(gdim_col(t, i, d), gdim_col(t, first[g], d)) == 0;
            if (same)
                break;
        }
        if (g == o->ngroups) {
            size_t len = 0;
            first[o->ngroups++] = i;
            for (int d = 0; d < DIM_COUNT; d++)
                if (vary[d]) {
                    char v[96];
                    gdim_text(r, i, d, v, sizeof v);
                    len = add(o->gtitle[g], sizeof o->gtitle[g], len, v);
                }
        }
        gof[i] = g;
    }
    for (int g = 0; g < o->ngroups; g++)
        for (int i = 0; i < nr; i++)
            if (gof[i] == g) {
                o->row[o->n] = i;
                o->group[o->n++] = g;
            }
    free(first);
    free(gof);
    return 0;
}

void plotcrash_order_free(struct plotcrash_order *o)
{
    free(o->row);
    free(o->group);
    free(o->gtitle);
    memset(o, 0, sizeof *o);
}


/* A segment's share, the count it prints (or "" when narrow), and the
** note part for a narrow one. */
static double segment(double count, double trials, char *txt, size_t n)
{
    double p = trials > 0 ? 100.0 * count / trials : NAN;
    if (count > 0 && p >= NARROW_PCT)
        units_form(UNITS_COUNT, count, txt, n);
    else
        txt[0] = 0;
    return p;
}

static void write_cell(struct tsv *f, const struct plotdata_run *r,
                       const struct plotcrash_order *o, int i)
{
    const struct csvin *t = &r->durability;
    int row = o->row[i];
    const char *status = csvin_str(t, DUR, row, COL_status);
    int ok = strcmp(status, "ok") == 0;
    double trials = csvin_num(t, DUR, row, COL_trials), intact = csvin_num(t, DUR, row, COL_intact);
    double lost = csvin_num(t, DUR, row, COL_lost_trials);
    double corrupt = csvin_num(t, DUR, row, COL_corrupt);
    double commits = csvin_num(t, DUR, row, COL_lost_commits);
    double write = csvin_num(t, DUR, row, COL_write_rows_per_s);
    char label[320], ti[24], tl[24], tc[24], note[160] = "", notrun[320] = "", wt[32];
    size_t len = 0, nlen = 0;
    if (o->gtitle[o->group[i]][0])
        len = add(label, sizeof label, len, o->gtitle[o->group[i]]);
    else
        label[0] = 0;
    len = add(label, sizeof label, len, csvin_str_named(t, row, dim_table[DIM_JOURNAL].column));
    add(label, sizeof label, len, csvin_str_named(t, row, dim_table[DIM_SYNC].column));
    if (!ok || !(trials > 0)) {
        snprintf(notrun, sizeof notrun, "%s%s%s", ok || !*status ? "no trials" : status,
                 *csvin_str(t, DUR, row, COL_reason) ? ": " : "",
                 csvin_str(t, DUR, row, COL_reason));
        if (strlen(notrun) > NOTRUN_MAX)   /* it must fit inside the bar */
            snprintf(notrun + NOTRUN_MAX - 4, sizeof notrun - NOTRUN_MAX + 4, "...");
        intact = lost = corrupt = commits = NAN;
        ok = 0;
    }
    double pi = segment(intact, trials, ti, sizeof ti);
    double pl = segment(lost, trials, tl, sizeof tl);
    double pc = segment(corrupt, trials, tc, sizeof tc);
    char nc[24], nx[24];
    units_form(UNITS_COUNT, commits, nc, sizeof nc);
    if (ok && lost > 0) {
        char part[80];
        if (tl[0])
            snprintf(part, sizeof part, "%s commit%s lost", nc, commits == 1 ? "" : "s");
        else
            snprintf(part, sizeof part, "%s lost (%s commit%s)",
                     units_form(UNITS_COUNT, lost, nx, sizeof nx), nc, commits == 1 ? "" : "s");
        nlen = add(note, sizeof note, nlen, part);
    }
    if (ok && corrupt > 0 && !tc[0]) {
        char part[40];
        snprintf(part, sizeof part, "%s corrupt", units_form(UNITS_COUNT, corrupt, nx, sizeof nx));
        nlen = add(note, sizeof note, nlen, part);
    }
    if (ok && intact > 0 && !ti[0]) {
        char part[40];
        snprintf(part, sizeof part, "%s intact", units_form(UNITS_COUNT, intact, nx, sizeof nx));
        nlen = add(note, sizeof note, nlen, part);
    }
    if (ok && (lost == 0 || corrupt == 0)) {
        /* what seeing none bounds: the rate's 95% upper bound */
        char part[64];
        double ub =
            csvin_num(t, DUR, row, lost == 0 ? COL_lost_upper95_pct : COL_corrupt_upper95_pct);
        snprintf(part, sizeof part, "%s <%s",
                 lost == 0 && corrupt == 0 ? "lost, corrupt each"
                 : lost == 0              ? "lost"
                                          : "corrupt",
                 units_pct(ub, nx, sizeof nx));
        if (isfinite(ub))
            add(note, sizeof note, nlen, part);
    }
    units_rate(write, wt, sizeof wt);
    tsv_int(f, TCOL_row, i);
    tsv_text(f, TCOL_label, label);
    tsv_int(f, TCOL_group, o->group[i] + 1);
    tsv_text(f, TCOL_status, ok ? "ok" : status);
    tsv_num(f, TCOL_trials, trials);
    tsv_num(f, TCOL_intact, intact);
    tsv_num(f, TCOL_lost, lost);
    tsv_num(f, TCOL_corrupt, corrupt);
    tsv_num(f, TCOL_lost_commits, commits);
    tsv_num(f, TCOL_p_intact, pi);
    tsv_num(f, TCOL_p_lost, pl);
    tsv_num(f, TCOL_p_corrupt, pc);
    tsv_text(f, TCOL_intact_txt, ti);
    tsv_text(f, TCOL_lost_txt, tl);
    tsv_text(f, TCOL_corrupt_txt, tc);
    tsv_text(f, TCOL_note, note);
    tsv_text(f, TCOL_notrun, notrun);
    tsv_num(f, TCOL_write, write);
    tsv_text(f, TCOL_write_txt, isfinite(write) ? wt : "");
    tsv_end_row(f);
}

int plotcrash_write(const char *datadir, const struct plotdata_run *r,
                    const struct plotcrash_order *o, char *err, size_t errlen)
{
    struct tsv f;
    if (tsv_create(&f, datadir, TSV_DURABILITY, 0, err, errlen))
        return -1;
    for (int i = 0; i < o->n; i++)
        write_cell(&f, r, o, i);
    return tsv_close(&f, err, errlen) ? -1 : o->n;
}
