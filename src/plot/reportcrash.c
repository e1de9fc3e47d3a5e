/*
** reportcrash: a crash folder's durability in report.html.  See
** reportcrash.h.
*/
#include "reportcrash.h"
#include "html.h"
#include "reportgraphs.h"

#include "dims.h"
#include "graphs.h"
#include "plotcrash.h"
#include "units.h"

#include <math.h>
#include <string.h>

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
        html_esc(f, csvin_str(t, CSV_DURABILITY, row, COL_status));
        fputs(": ", f);
        html_esc(f, csvin_str(t, CSV_DURABILITY, row, COL_reason));
        fputs("</td>", f);
        return;
    }
    const char *cls = NUM(corrupt) > 0 ? "corrupt" : NUM(lost_trials) > 0 ? "lost" : "intact";
    char a[24], b[24], c[24], d[24], e[24];
    fprintf(f, "<td class=%s><b>%s</b> intact · <b>%s</b> lost · <b>%s</b> corrupt"
               "<br><small>of %s trials · %s commit%s lost",
            cls, units_form(UNITS_COUNT, NUM(intact), a, sizeof a),
            units_form(UNITS_COUNT, NUM(lost_trials), b, sizeof b),
            units_form(UNITS_COUNT, NUM(corrupt), c, sizeof c),
            units_form(UNITS_COUNT, NUM(trials), d, sizeof d),
            units_form(UNITS_COUNT, NUM(lost_commits), e, sizeof e),
            NUM(lost_commits) == 1 ? "" : "s");
    if (isfinite(NUM(write_rows_per_s)))
        fprintf(f, " · %s rows/s", units_rate(NUM(write_rows_per_s), a, sizeof a));
    /* an outcome never seen: its 95% upper bound */
    if (NUM(lost_trials) == 0 && isfinite(NUM(lost_upper95_pct)))
        fprintf(f, " · lost &lt;%s", units_pct(NUM(lost_upper95_pct), a, sizeof a));
    if (NUM(corrupt) == 0 && isfinite(NUM(corrupt_upper95_pct)))
        fprintf(f, " · corrupt &lt;%s", units_pct(NUM(corrupt_upper95_pct), a, sizeof a));
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
            html_esc(f, o->gtitle[g]);
            fputs("</h3>\n", f);
        }
        fputs("<div class=scroll><table class=dur>\n<tr><th>journal_mode \\ synchronous</th>", f);
        for (int s = 0; s < ns; s++)
            html_head(f, sv[s]);
        fputs("</tr>\n", f);
        for (int j = 0; j < nj; j++) {
            fputs("<tr><th>", f);
            html_esc(f, jv[j]);
            fputs("</th>", f);
            for (int s = 0; s < ns; s++)
                durability_cell(f, r, cell_row(r, o, g, jv[j], sv[s]));
            fputs("</tr>\n", f);
        }
        fputs("</table></div>\n", f);
    }
}

void reportcrash_write(FILE *f, const struct plotdata_run *r, unsigned have)
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
        html_esc(f, o.common);
        fputs(".</p>\n", f);
    }
    if (o.n == 0)
        fputs("<p>durability.csv holds no cell.</p>\n", f);
    durability_tables(f, r, &o);
    plotcrash_order_free(&o);
    reportgraphs_write(f, r->dir, GRAPHS_CRASH, have, NAN);
}
