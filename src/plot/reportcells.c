/*
** reportcells: the table of cells in report.html.  See reportcells.h.
*/
#include "reportcells.h"
#include "html.h"

#include "cellname.h"
#include "dims.h"
#include "heldrate.h"
#include "noise.h"
#include "units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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
** its heading.  Then the details, under their summary.csv names.  The
** rates are those the answer ranks by (heldrate.h): what each cell
** sustained, or an older folder's median chunk's, headed by the column
** they are read from. */
static const struct {
    enum colid col;      /* COL_COUNT: the latency figure lat, or the rate held */
    int lat;
    const char *head;
    enum colid older;    /* COL_COUNT: none */
    int inverse;         /* shown as 1 / the column's figure */
    enum units_form form;
    int held;            /* 1 + the phase whose rate heldrate.h holds; 0 none */
} lead[] = {
    {COL_COUNT, 0, "write rows/s", COL_COUNT, 0, UNITS_RATE, 1 + PHASE_WRITE},
    /* the scaling figure as the headline states it, a cost: how much more
    ** a row written cost at the last full chunk than at the first (the
    ** column is the rates' ratio, its inverse) */
    {COL_write_last_over_first, 0, "write cost last ÷ first", COL_COUNT, 1, UNITS_NUMBER, 0},
    {COL_COUNT, 0, "read ops/s", COL_COUNT, 0, UNITS_RATE, 1 + PHASE_READ},
    /* the cell's p99; a folder older than that column has the median of
    ** its chunks' p99s only */
    {COL_COUNT, LAT_P99, "read p99 µs", COL_read_p99_us_median, 0, UNITS_NUMBER, 0},
    {COL_db_cached_pct_median, 0, "in RAM %", COL_COUNT, 0, UNITS_NUMBER, 0},
};
/* Each in the form of units.h its heading leaves the unit to: a size
** with its own, a figure whose unit the heading names without. */
static const struct {
    enum colid col;
    const char *head;
    enum units_form form;
} details[] = {
    {COL_rows, "rows in the table", UNITS_COUNT},
    {COL_write_rows_per_s_first, "write rows/s first chunk", UNITS_RATE},
    {COL_write_rows_per_s_last, "write rows/s last chunk", UNITS_RATE},
    {COL_io_write_bytes_per_row, "bytes to storage per row", UNITS_NUMBER},
    {COL_dev_write_bytes_per_row, "bytes the device wrote per row", UNITS_NUMBER},
    {COL_read_io_bytes_per_read, "bytes read per read", UNITS_NUMBER},
    {COL_db_bytes, "database size", UNITS_BYTES},
    {COL_wall_s, "wall time", UNITS_SECS},
};
#define NLEAD (int)(sizeof lead / sizeof *lead)
#define NDETAILS (int)(sizeof details / sizeof *details)

/* The column of lead c in the rows x[0..n): a rate's is the one
** heldrate.h reads it from, and where rows read different ones (a run
** compared with one older than the sustained rates), both. */
static const char *lead_col(int c, const struct report_row *x, int n, char *buf, size_t len)
{
    if (lead[c].held) {
        enum phase_id p = (enum phase_id)(lead[c].held - 1);
        enum colid first = n ? heldrate_column(&x[0].run->summary, x[0].row, p) : COL_COUNT;
        for (int i = 1; i < n; i++) {
            enum colid own = heldrate_column(&x[i].run->summary, x[i].row, p);
            if (own != first) {
                snprintf(buf, len, "%s, else %s", colid_name(heldrate_sustained_column(p)),
                         colid_name(heldrate_median_column(p)));
                return buf;
            }
        }
        return first == COL_COUNT ? "" : colid_name(first);
    }
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

/* An identity column in words: "page_size" -> "page size". */
static const char *spaced(const char *csv, char *buf, size_t n)
{
    snprintf(buf, n, "%s", csv);
    for (char *p = buf; *p; p++)
        if (*p == '_')
            *p = ' ';
    return buf;
}

/* A number of the table in form, as units.h gives every figure. */
static void num_cell(FILE *f, enum units_form form, const char *v)
{
    char b[64];
    html_cell(f, " class=n", units_csv(form, v, b, sizeof b));
}

/* Below the table: the summary.csv name of each figure's column, where a
** printout (which has no hover titles) still shows it. */
static void names_key(FILE *f, const struct report_row *x, int n)
{
    char col[128];
    fputs("<p class=key>Columns in summary.csv: ", f);
    for (int c = 0; c < NLEAD; c++) {
        fputs(c ? " · " : "", f);
        html_esc(f, lead[c].head);
        fputs(lead[c].inverse ? " <code>1 / " : " <code>", f);
        html_esc(f, lead_col(c, x, n, col, sizeof col));
        fputs("</code>", f);
    }
    for (int c = 0; c < NDETAILS; c++) {
        fputs(" · ", f);
        html_esc(f, details[c].head);
        fputs(" <code>", f);
        html_esc(f, colid_name(details[c].col));
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
void reportcells_table(FILE *f, const struct report_row *x, int n, int compare)
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
            html_esc(f, id_shown(x, c, sp, sizeof sp));
            fputs("</b>", f);
        }
    }
    if (nconst)
        fputs("</p>\n", f);
    fputs("<div class=scroll><table class=sum>\n<tr>", f);
    if (compare) {
        html_head(f, "match");
        html_head(f, "run");
    }
    html_head(f, colid_name(COL_cell));
    if (rep)
        html_head(f, colid_name(COL_repeat));
    for (int c = 0; c < NIDENTITY; c++)
        if (vary[c])
            html_head_named(f, spaced(identity(c), sp, sizeof sp), identity(c));
    for (int c = 0; c < NLEAD; c++) {
        /* the title says what the figure is of its column, as the key below does */
        char title[160], col[128];
        snprintf(title, sizeof title, "%s%s", lead[c].inverse ? "1 / " : "",
                 lead_col(c, x, n, col, sizeof col));
        html_head_named(f, lead[c].head, title);
    }
    for (int m = 0; m < 2; m++)
        if (ratios & (1 << m))
            html_head(f, m ? read_head : write_head);
    html_head(f, colid_name(COL_status));
    for (int c = 0; c < NDETAILS; c++)
        html_head_named(f, details[c].head, colid_name(details[c].col));
    fputs("</tr>\n", f);
    for (int i = 0; i < n; i++) {
        const char *st = str_at(&x[i], colid_name(COL_status));
        int ok = strcmp(st, "ok") == 0;
        fprintf(f, "<tr class=\"%s\">", ok ? "ok" : "bad");
        if (compare) {
            fprintf(f, "<td>%d</td>", x[i].match);
            html_cell(f, "", x[i].run->name);
        }
        html_cell(f, "", str_at(&x[i], colid_name(COL_cell)));
        if (rep)
            html_cell(f, "", str_at(&x[i], colid_name(COL_repeat)));
        for (int c = 0; c < NIDENTITY; c++)
            if (vary[c])
                html_cell(f, "", id_shown(&x[i], c, sp, sizeof sp));
        for (int c = 0; c < NLEAD; c++) {
            char col[128], held[32];
            if (lead[c].held) {     /* the rate the rankings hold, as they read it */
                double r = heldrate_at(&x[i].run->summary, x[i].row,
                                       (enum phase_id)(lead[c].held - 1));
                html_cell(f, " class=n", isnan(r) ? "" : units_form(lead[c].form, r, held,
                                                                    sizeof held));
                continue;
            }
            const char *own = lead_col(c, &x[i], 1, col, sizeof col);
            const char *v = *str_at(&x[i], own) || lead[c].older == COL_COUNT
                                ? str_at(&x[i], own)
                                : str_at(&x[i], colid_name(lead[c].older));
            char inv[32];
            double d = strtod(v, NULL);
            if (lead[c].inverse && *v && d > 0)
                v = units_number(1 / d, inv, sizeof inv);
            num_cell(f, lead[c].form, v);
        }
        char t[160];
        for (int m = 0; m < 2; m++)
            if (ratios & (1 << m))
                html_cell(f, " class=nv", noise_text_against(&x[i].run->summary, x[i].row,
                                                            m ? PHASE_READ : PHASE_WRITE,
                                                            x[i].run->baseline, t, sizeof t));
        fputs("<td class=st>", f);
        html_esc(f, st);
        if (!ok && *str_at(&x[i], colid_name(COL_reason))) {
            fputs(": ", f);
            html_esc(f, str_at(&x[i], colid_name(COL_reason)));
        }
        fputs("</td>", f);
        for (int c = 0; c < NDETAILS; c++)
            num_cell(f, details[c].form, str_at(&x[i], colid_name(details[c].col)));
        fputs("</tr>\n", f);
    }
    fputs("</table></div>\n", f);
    names_key(f, x, n);
}

void reportcells_summary(FILE *f, const struct plotdata_run *r)
{
    struct report_row *x = by_cell(r);
    char how[300];
    if (*noise_statement(&r->summary, r->baseline, how, sizeof how)) {
        fputs("<p class=same>Noise: ", f);
        html_esc(f, how);
        fputs("</p>\n", f);
    }
    int n = 0;
    for (int i = 0; x && i < r->summary.nrows; i++)
        if (!plotdata_row_skipped(r, x[i].row))
            x[n++] = x[i];          /* the skipped are a line for each reason, below */
    if (x)
        reportcells_table(f, x, n, 0);
    else
        fputs("<p>Out of memory: no table.</p>\n", f);
    free(x);
    char line[400];
    for (int k = 0; plotdata_skipped_line(r, k, line, sizeof line); k++) {
        fputs("<p class=same>", f);
        html_esc(f, line);
        fputs(".</p>\n", f);
    }
}
