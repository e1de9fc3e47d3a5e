/*
** cmpproj: a run held against another's projection.  See cmpproj.h.
*/
#include "cmpproj.h"

#include "absolute.h"
#include "cellname.h"
#include "csvin.h"
#include "units.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A run's files as records, as absolute.h reads them. */
struct recs {
    const struct cmpratio_run *run;
    struct summary_record *sum;
    struct chunk_record *ch;
    int nsum, nch;
};

/* The records of run r, read once: the slot of r in rs[0..*n). */
static struct recs *recs_of(struct recs *rs, int *n, const struct cmpratio_run *r)
{
    for (int i = 0; i < *n; i++)
        if (rs[i].run == r)
            return &rs[i];
    struct recs *x = &rs[(*n)++];
    x->run = r;
    x->sum = csvin_records(r->summary, CSV_SUMMARY, sizeof *x->sum, &x->nsum);
    x->ch = csvin_records(r->chunks, CSV_CHUNKS, sizeof *x->ch, &x->nch);
    return x;
}

/* "inside", "above it", "below it": where v falls against [lo, hi]. */
static const char *where(double v, double lo, double hi)
{
    return v > hi ? "above it" : v < lo ? "below it" : "inside";
}

/* The figures of q's cell (at its largest full chunk, qa) against p's
** projection to that size (pa), as one line to f; the figures checked
** and those inside, added to *checked and *inside. */
static void against(FILE *f, const struct cmpratio_run *p, int64_t pcell, int64_t prows,
                    const struct absolute *pa, const struct cmpratio_run *q, int64_t qcell,
                    const struct absolute *qa, int *checked, int *inside)
{
    const struct absolute_figure *pw = &pa->write_s_per_m, *p99 = &pa->read_p99_us;
    char rows[24], from[24], a[24], lo[24], hi[24], line[1024];
    size_t len = 0;
    if (!isnan(qa->write_s_per_m.at) && !isnan(pw->lo) && !isnan(pw->hi)) {
        double v = qa->write_s_per_m.at;
        len += (size_t)snprintf(line + len, sizeof line - len,
                                "%s measured %s s per million rows written, %s %s's projection "
                                "(%s..%s, 95%%)",
                                q->name, units_number(v, a, sizeof a),
                                where(v, pw->lo, pw->hi), p->name,
                                units_number(pw->lo, lo, sizeof lo),
                                units_number(pw->hi, hi, sizeof hi));
        ++*checked;
        *inside += v >= pw->lo && v <= pw->hi;
    }
    if (!isnan(qa->read_p99_us.at) && !isnan(p99->lo) && !isnan(p99->hi) && len < sizeof line) {
        double v = qa->read_p99_us.at;
        len += (size_t)snprintf(line + len, sizeof line - len,
                                "%sa read's p99 %s, %s (%s..%s)", len ? "; " : "",
                                units_secs(v / 1e6, a, sizeof a), where(v, p99->lo, p99->hi),
                                units_secs(p99->lo / 1e6, lo, sizeof lo),
                                units_secs(p99->hi / 1e6, hi, sizeof hi));
        ++*checked;
        *inside += v >= p99->lo && v <= p99->hi;
    }
    char qn[CELLNAME_MAX], pn[CELLNAME_MAX];
    if (len)                /* a cell as a whole, over its repeats */
        fprintf(f, "  at %s rows, %s of %s against %s of %s projected from %s rows: %s.\n",
                units_count(qa->last_rows, rows, sizeof rows),
                cellname(qn, sizeof qn, qcell, 1, 1), q->name, cellname(pn, sizeof pn, pcell, 1, 1),
                p->name, units_count(prows, from, sizeof from), line);
}

/* A cell of one run set against a cell of another, once. */
struct pair {
    const struct cmpratio_run *p, *q;
    int64_t pcell, qcell;
};

int cmpproj_print(FILE *f, const struct cmpratio_cell *rows, int n)
{
    /* each projecting cell against each other run at most: n x the runs */
    int nruns = 0;
    for (int i = 0; i < n; i++) {
        int k = 0;
        while (k < i && rows[k].run != rows[i].run)
            k++;
        nruns += k == i;
    }
    struct recs *rs = calloc((size_t)n + 1, sizeof *rs);
    struct pair *seen = (size_t)n < SIZE_MAX / sizeof *seen / ((size_t)nruns + 1)
                            ? calloc((size_t)n * ((size_t)nruns + 1) + 1, sizeof *seen)
                            : NULL;
    int nrs = 0, nseen = 0, checked = 0, inside = 0, said = 0;
    for (int i = 0; rs && seen && i < n; i++) {
        const struct cmpratio_run *p = rows[i].run;
        if (p->target_rows <= 0)
            continue;           /* projected nothing: its records are not read */
        struct recs *pr = recs_of(rs, &nrs, p);
        int64_t pcell = (int64_t)csvin_num(p->summary, CSV_SUMMARY, rows[i].row, COL_cell);
        struct absolute pa, qa;
        if (!pr->sum || !pr->ch ||
            absolute_of(pr->sum, pr->nsum, pr->ch, pr->nch, pcell, 0, &pa) != 0 ||
            p->target_rows <= pa.last_rows)
            continue;           /* p projected nothing */
        for (int j = 0; j < n; j++) {
            const struct cmpratio_run *q = rows[j].run;
            if (rows[j].match != rows[i].match || q == p)
                continue;
            struct recs *qr = recs_of(rs, &nrs, q);
            int64_t qcell = (int64_t)csvin_num(q->summary, CSV_SUMMARY, rows[j].row, COL_cell);
            struct absolute proj;
            if (!qr->sum || !qr->ch ||
                absolute_of(qr->sum, qr->nsum, qr->ch, qr->nch, qcell, 0, &qa) != 0 ||
                qa.last_rows <= pa.last_rows ||
                absolute_of(pr->sum, pr->nsum, pr->ch, pr->nch, pcell, qa.last_rows, &proj) != 0)
                continue;
            int dup = 0;        /* a cell's repeats are a group each */
            for (int k = 0; k < nseen; k++)
                dup |= seen[k].p == p && seen[k].q == q && seen[k].pcell == pcell &&
                       seen[k].qcell == qcell;
            if (dup)
                continue;
            seen[nseen++] = (struct pair){p, q, pcell, qcell};
            if (!said++)
                fprintf(f, "\nagainst the projections: a run's cell projected past its rows "
                           "(--target-rows), set against another run's largest full chunk\n");
            against(f, p, pcell, pa.last_rows, &proj, q, qcell, &qa, &checked, &inside);
        }
    }
    if (checked)
        fprintf(f, "  %d of %d projected figures held the measured one inside their 95%% "
                   "prediction interval\n", inside, checked);
    for (int i = 0; i < nrs; i++) {
        free(rs[i].sum);
        free(rs[i].ch);
    }
    free(rs);
    free(seen);
    return checked;
}
