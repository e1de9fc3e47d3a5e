/*
** summary: ranked tables of a run's cells.  See summary.h.
*/
#include "summary.h"
#include "soak.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One combination: the median over its measured repeats. */
struct combo {
    const struct summary_record *first;
    double write, read;
    int repeats;
};

static int by_write(const void *a, const void *b)
{
    const struct combo *x = a, *y = b;
    return (y->write > x->write) - (y->write < x->write);
}

static int by_read(const void *a, const void *b)
{
    const struct combo *x = a, *y = b;
    double xr = isnan(x->read) ? -1 : x->read, yr = isnan(y->read) ? -1 : y->read;
    return (yr > xr) - (yr < xr);
}

static int by_cell(const void *a, const void *b)
{
    const struct combo *x = a, *y = b;
    return (x->first->id.cell > y->first->id.cell) - (x->first->id.cell < y->first->id.cell);
}

static int fold(const struct summary_record *recs, int n, struct combo *out)
{
    int nc = 0;
    double *w = malloc(sizeof(double) * (size_t)(n ? n : 1));
    double *r = malloc(sizeof(double) * (size_t)(n ? n : 1));
    for (int i = 0; w && r && i < n; i++) {
        if (strcmp(recs[i].status, "ok") != 0)
            continue;
        int seen = 0;
        for (int k = 0; k < nc; k++)
            seen |= out[k].first->id.cell == recs[i].id.cell;
        if (seen)
            continue;
        int m = 0;
        for (int j = i; j < n; j++)
            if (recs[j].id.cell == recs[i].id.cell && strcmp(recs[j].status, "ok") == 0) {
                w[m] = recs[j].write_rows_per_s_median;
                r[m] = recs[j].read_ops_per_s_median;
                m++;
            }
        out[nc].first = &recs[i];
        out[nc].repeats = m;
        out[nc].write = cellstats_median(w, m);
        out[nc].read = cellstats_median(r, m);
        nc++;
    }
    free(w);
    free(r);
    return nc;
}

/* A dimension's value of a cell as the tables print it ("4096", "wal");
** the library's is its version. */
static const char *value_of(const struct cell_id *id, int d, char *buf, size_t n)
{
    if (d == DIM_LIB)
        snprintf(buf, n, "%s", id->sqlite_version);
    else
        dims_text(d, id->v[d], buf, n);
    return buf;
}

/* The best value of one dimension: the one whose cells have the highest
** median write rate. */
static void best_of(FILE *f, int d, const struct combo *c, int nc)
{
    char names[LIST_MAX][48];
    double med[LIST_MAX];
    int nv = 0;
    double *tmp = malloc(sizeof(double) * (size_t)nc);
    if (!tmp)
        return;
    for (int i = 0; i < nc && nv < LIST_MAX; i++) {
        char v[48];
        value_of(&c[i].first->id, d, v, sizeof v);
        int k;
        for (k = 0; k < nv; k++)
            if (strcmp(names[k], v) == 0)
                break;
        if (k < nv)
            continue;
        snprintf(names[nv], sizeof names[nv], "%s", v);
        int m = 0;
        for (int j = 0; j < nc; j++) {
            char v2[48];
            if (strcmp(value_of(&c[j].first->id, d, v2, sizeof v2), v) == 0)
                tmp[m++] = c[j].write;
        }
        med[nv++] = cellstats_median(tmp, m);
    }
    free(tmp);
    if (nv < 2)
        return;
    int best = 0;
    for (int k = 1; k < nv; k++)
        if (med[k] > med[best])
            best = k;
    fprintf(f, "  %-13s best %s (%.0f rows/s);", d == DIM_LIB ? "sqlite" : dim_table[d].column,
            names[best], med[best]);
    for (int k = 0; k < nv; k++)
        fprintf(f, " %s %.0f (%.2fx)", names[k], med[k], med[k] / med[0]);
    fprintf(f, "\n");
}

void summary_print(FILE *f, const struct config *cfg, const struct summary_record *recs, int n)
{
    struct combo *c = calloc((size_t)(n ? n : 1), sizeof *c);
    char lb[256];
    if (!c)
        return;
    int nc = fold(recs, n, c);
    int counts[16] = {0};
    for (int i = 0; i < n; i++)
        for (int s = 0; status_names[s]; s++)
            if (strcmp(recs[i].status, status_names[s]) == 0)
                counts[s]++;
    fprintf(f, "\ncells:");
    for (int s = 0; status_names[s]; s++)
        if (counts[s])
            fprintf(f, " %d %s", counts[s], status_names[s]);
    fprintf(f, "%s\n", n ? "" : " none recorded");
    for (int i = 0; i < n; i++)
        if (strcmp(recs[i].status, "ok") != 0 && strcmp(recs[i].status, "warmup") != 0 &&
            strcmp(recs[i].status, "skipped") != 0) {
            plan_cell_label(cfg, &recs[i].id, lb, sizeof lb);
            fprintf(f, "  cell %" PRId64 " %s: %s: %s\n", recs[i].id.cell, lb, recs[i].status,
                    recs[i].reason);
        }
    if (nc == 0) {
        free(c);
        return;
    }
    qsort(c, (size_t)nc, sizeof *c, by_write);
    fprintf(f, "\nby write rate (median of chunks%s):\n", cfg->repeat > 1 ? " and repeats" : "");
    for (int i = 0; i < nc; i++) {
        plan_cell_label(cfg, &c[i].first->id, lb, sizeof lb);
        fprintf(f, "  %2d. %12.0f rows/s  %s\n", i + 1, c[i].write, lb);
    }
    qsort(c, (size_t)nc, sizeof *c, by_read);
    if (!isnan(c[0].read)) {
        fprintf(f, "\nby read rate:\n");
        for (int i = 0; i < nc && !isnan(c[i].read); i++) {
            plan_cell_label(cfg, &c[i].first->id, lb, sizeof lb);
            fprintf(f, "  %2d. %12.0f reads/s  %s\n", i + 1, c[i].read, lb);
        }
    }
    if (nc > 1) {
        qsort(c, (size_t)nc, sizeof *c, by_cell);   /* values in the order listed */
        fprintf(f, "\nper dimension: median write rows/s of its cells, and x against the first "
                   "value:\n");
        for (int d = 0; d < DIM_COUNT; d++)
            best_of(f, d, c, nc);
    }
    free(c);
}
