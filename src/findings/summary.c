/*
** summary: ranked tables of a run's cells.  See summary.h.
*/
#include "summary.h"
#include "baseline.h"
#include "cellname.h"
#include "csvout.h"
#include "heldrate.h"
#include "noise.h"
#include "pairseries.h"
#include "cellstatus.h"
#include "median.h"
#include "units.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One combination: the median over its measured repeats, and their range. */
struct combo {
    const struct summary_record *first;
    double rate[PHASE_COUNT], lo[PHASE_COUNT], hi[PHASE_COUNT];   /* by phase.h's ids */
    int repeats;
};

static int by_write(const void *a, const void *b)
{
    const struct combo *x = a, *y = b;
    double xw = x->rate[PHASE_WRITE], yw = y->rate[PHASE_WRITE];
    return (yw > xw) - (yw < xw);
}

static int by_read(const void *a, const void *b)
{
    const struct combo *x = a, *y = b;
    double xr = isnan(x->rate[PHASE_READ]) ? -1 : x->rate[PHASE_READ];
    double yr = isnan(y->rate[PHASE_READ]) ? -1 : y->rate[PHASE_READ];
    return (yr > xr) - (yr < xr);
}

static int by_cell(const void *a, const void *b)
{
    const struct combo *x = a, *y = b;
    return (x->first->id.cell > y->first->id.cell) - (x->first->id.cell < y->first->id.cell);
}

/* The rates of phase p of cell's ok records from recs[from] on, into v
** (room for n - from); their count. */
static int cell_rates(const struct summary_record *recs, int n, int from, int64_t cell,
                      enum phase_id p, double *v)
{
    int m = 0;
    for (int j = from; j < n; j++)
        if (recs[j].id.cell == cell && strcmp(recs[j].status, "ok") == 0)
            v[m++] = heldrate_of(&recs[j].ph[p]);
    return m;
}

double summary_cell_rate(const struct summary_record *recs, int n, int64_t cell, enum phase_id p)
{
    double *v = malloc(sizeof(double) * (size_t)(n ? n : 1));
    if (!v)
        return NAN;
    double r = median_of(v, cell_rates(recs, n, 0, cell, p, v));
    free(v);
    return r;
}

static int fold(const struct summary_record *recs, int n, struct combo *out)
{
    int nc = 0;
    double *v = malloc(sizeof(double) * (size_t)(n ? n : 1));
    for (int i = 0; v && i < n; i++) {
        if (strcmp(recs[i].status, "ok") != 0)
            continue;
        int seen = 0;
        for (int k = 0; k < nc; k++)
            seen |= out[k].first->id.cell == recs[i].id.cell;
        if (seen)
            continue;
        out[nc].first = &recs[i];
        for (int p = 0; p < PHASE_COUNT; p++) {
            int m = cell_rates(recs, n, i, recs[i].id.cell, (enum phase_id)p, v);
            out[nc].repeats = m;
            out[nc].rate[p] = median_of(v, m);   /* sorted, NaN last */
            out[nc].lo[p] = v[0];
            out[nc].hi[p] = v[m - 1];
        }
        nc++;
    }
    free(v);
    return nc;
}

/* A dimension's value of a cell in the user's words ("16k", "wal"); the
** library's is its version, and its path too when paths says two
** libraries share a version. */
static const char *value_of(const struct cell_id *id, int d, int paths, char *buf, size_t n)
{
    if (d == DIM_LIB && paths)
        snprintf(buf, n, "%s (%.120s)", id->sqlite_version, id->sqlite_lib);
    else
        baseline_value(id, d, buf, n);
    return buf;
}

/* Whether two of the cells ran libraries of one version from two files. */
static int shared_versions(const struct combo *c, int nc)
{
    for (int i = 0; i < nc; i++)
        for (int j = 0; j < i; j++)
            if (!strcmp(c[i].first->id.sqlite_version, c[j].first->id.sqlite_version) &&
                strcmp(c[i].first->id.sqlite_lib, c[j].first->id.sqlite_lib))
                return 1;
    return 0;
}

int summary_dim(const struct summary_record *recs, int n, int d, int64_t base, enum phase_id m,
                struct summary_dim *out)
{
    memset(out, 0, sizeof *out);
    const struct cell_id *bid = baseline_id(base, recs, n);
    struct combo *c = calloc((size_t)(n ? n : 1), sizeof *c);
    int nc = c ? fold(recs, n, c) : 0;
    out->ncombos = nc;
    out->cells = malloc(sizeof(int64_t) * (size_t)(nc ? nc : 1) * LIST_MAX);
    if (!c || !out->cells || !bid) {
        free(c);
        summary_dim_free(out);
        return -1;
    }
    qsort(c, (size_t)nc, sizeof *c, by_cell);   /* values in the order listed */
    int paths = d == DIM_LIB && shared_versions(c, nc);
    char bv[160];
    value_of(bid, d, paths, bv, sizeof bv);
    out->base = -1;
    for (int i = 0; i < nc && out->nv < LIST_MAX; i++) {
        char v[160];
        value_of(&c[i].first->id, d, paths, v, sizeof v);
        int k;
        for (k = 0; k < out->nv && strcmp(out->names[k], v) != 0; k++)
            ;
        if (k < out->nv)
            continue;
        snprintf(out->names[k], sizeof out->names[k], "%s", v);
        for (int j = 0; j < nc; j++) {
            char v2[160];
            if (strcmp(value_of(&c[j].first->id, d, paths, v2, sizeof v2), v) == 0)
                out->cells[(size_t)k * (size_t)nc + (size_t)out->ncells[k]++] =
                    c[j].first->id.cell;
        }
        if (strcmp(v, bv) == 0)
            out->base = k;
        out->nv++;
    }
    free(c);
    if (out->base < 0) {   /* the baseline's value has no measured cell: no ratio */
        summary_dim_free(out);
        return -1;
    }
    out->best = out->base;
    for (int k = 0; k < out->nv; k++) {
        noise_compare(recs, n, &out->cells[(size_t)k * (size_t)nc], out->ncells[k],
                      &out->cells[(size_t)out->base * (size_t)nc], out->ncells[out->base], m,
                      &out->vs_base[k]);
        if (out->vs_base[k].ratio > out->vs_base[out->best].ratio)
            out->best = k;
    }
    return 0;
}

void summary_dim_free(struct summary_dim *d)
{
    free(d->cells);
    d->cells = NULL;
}

/* The best value of one dimension against the baseline's value
** (summary_dim), with the write rate each value's cells sustained
** together (median.h's pooled_rate). */
/* The records a comparison is read from: a run's summary records and
** its chunks (NULL: none read), in lockstep or not. */
struct evidence {
    const struct summary_record *recs;
    int n;
    const struct chunk_record *chunks;
    int nchunks, lockstep;
};

/* Cells a against cells b on the write rate, as the headline states it
** (pairseries_verdict), in words into t when not NULL: the rounds', or
** with one round the chunk pairs'.  Returns its call in noise.h's words. */
static enum noise_verdict compared(const struct evidence *e, const int64_t *a, int na,
                                   const int64_t *b, int nb, char *t, size_t tn)
{
    struct verdict v, other;
    pairseries_verdict(e->chunks, e->nchunks, e->lockstep, e->recs, e->n, a, na, b, nb,
                       PHASE_WRITE, &v, &other);
    if (t)
        verdict_text(&v, e->lockstep, t, tn);
    return v.call == VC_DIFFERENCE      ? NV_DIFFERENT
           : v.call == VC_NO_DIFFERENCE ? NV_WITHIN
                                        : NV_NOT_ESTABLISHED;
}

static void best_of(FILE *f, int d, const struct combo *c, int nc, int64_t base,
                    const struct evidence *e)
{
    const struct summary_record *recs = e->recs;
    int n = e->n;
    int one_round = e->chunks && noise_rounds(recs, n) < 2;
    struct summary_dim dv;
    double *tmp = malloc(sizeof(double) * (size_t)(nc ? nc : 1));
    if (!tmp || summary_dim(recs, n, d, base, PHASE_WRITE, &dv) != 0) {
        free(tmp);
        return;
    }
#define CELLS(k) &dv.cells[(size_t)(k) * (size_t)dv.ncombos], dv.ncells[k]
    if (dv.nv >= 2) {
        double med[LIST_MAX];
        for (int k = 0; k < dv.nv; k++) {
            int m = 0;
            for (int j = 0; j < nc; j++)
                for (int x = 0; x < dv.ncells[k]; x++)
                    if (c[j].first->id.cell == dv.cells[(size_t)k * (size_t)dv.ncombos + (size_t)x])
                        tmp[m++] = c[j].rate[PHASE_WRITE];
            med[k] = pooled_rate(tmp, NULL, m);
        }
        int best = dv.best;
        fprintf(f, "  %-13s best %s", d == DIM_LIB ? "sqlite" : dim_table[d].column,
                dv.names[best]);
        /* is it the best?  the values it is not decided faster than */
        const char *says[] = {[NV_WITHIN] = "no difference beyond 5% from",
                              [NV_NOT_ESTABLISHED] = "not decided against"};
        int open = 0;
        for (int v = NV_NOT_ESTABLISHED; v <= NV_WITHIN; v++)
            for (int k = 0, any = 0; k < dv.nv; k++) {
                struct noise_ratio b;
                noise_compare(recs, n, CELLS(best), CELLS(k), PHASE_WRITE, &b);
                enum noise_verdict got = noise_verdict(&b);
                if (one_round && k != best)     /* its chunk pairs', as the headline's */
                    got = compared(e, CELLS(best), CELLS(k), NULL, 0);
                if (got == NV_NO_ESTIMATE)
                    got = NV_NOT_ESTABLISHED;
                if (k != best && (int)got == v) {
                    fprintf(f, "%s%s%s%s", any ? ", " : open ? "; " : " (", any ? "" : says[v],
                            any ? "" : " ", dv.names[k]);
                    any++, open++;
                }
            }
        if (open)
            fputc(')', f);
        for (int k = 0; k < dv.nv; k++) {
            char t[256] = "1.00x (the baseline)", r[24];
            if (k != dv.base && one_round)
                compared(e, CELLS(k), CELLS(dv.base), t, sizeof t);
            else if (k != dv.base)
                noise_text(&dv.vs_base[k], t, sizeof t);
            fprintf(f, "; %s %s %s", dv.names[k], units_rate(med[k], r, sizeof r), t);
        }
        fprintf(f, "\n");
    }
#undef CELLS
    free(tmp);
    summary_dim_free(&dv);
}

/* One ranked table: each cell's median over repeats (with their range when
** it ran more than once) and its ratio against the baseline cell, paired
** by round. */
static void ranked(FILE *f, const struct config *cfg, const struct combo *c, int nc,
                   const struct summary_record *recs, int n, enum phase_id m, int64_t base)
{
    char lb[256], range[64], name[CELLNAME_MAX], r[24], rlo[24], rhi[24];
    char (*t)[160] = calloc((size_t)nc, sizeof *t);
    int rounds = noise_rounds(recs, n), w = 8;
    for (int i = 0; t && i < nc; i++) {   /* the ratios first: their column's width */
        struct noise_ratio q;
        const struct phase_summary *ps = &c[i].first->ph[m];
        struct verdict pairs = {ps->vs_base, ps->vs_base_lo, ps->vs_base_hi, VC_NONE,
                                verdict_method_of(ps->method), 0, 0, 0};
        noise_compare(recs, n, &c[i].first->id.cell, 1, &base, 1, m, &q);
        noise_text(&q, t[i], sizeof t[i]);
        if (rounds < 2 && pairs.method != VM_NONE && pairs.method != VM_ROUNDS) {
            /* one round: its chunk pairs' verdict, as summary.csv holds it */
            verdict_settle_typed(&pairs, ps->verdict);
            verdict_text(&pairs, pairs.method == VM_LOCKSTEP, t[i], sizeof t[i]);
        }
        if (c[i].first->id.cell == base)
            snprintf(t[i], sizeof t[i], "baseline");
        if (!isnan(c[i].rate[m]) && (int)strlen(t[i]) > w)
            w = (int)strlen(t[i]);
    }
    for (int i = 0; t && i < nc; i++) {
        double v = c[i].rate[m], lo = c[i].lo[m], hi = c[i].hi[m];
        if (isnan(v))
            break;
        range[0] = 0;
        if (rounds > 1)
            snprintf(range, sizeof range, "(%s..%s)", units_rate(lo, rlo, sizeof rlo),
                     units_rate(hi, rhi, sizeof rhi));
        plan_cell_label(cfg, &c[i].first->id, lb, sizeof lb);
        fprintf(f, "  %2d. %12s %-7s %-19s %-*s  %-8s %s\n", i + 1, units_rate(v, r, sizeof r),
                phase_table[m].unit,
                range, w, t[i], cellname(name, sizeof name, c[i].first->id.cell, 1, 1), lb);
    }
    free(t);
}

/* The cells that did not measure, each once however many repeats it had
** (the run by its repeat when one alone). */
static void unmeasured(FILE *f, const struct config *cfg, const struct summary_record *recs,
                       int n)
{
    char lb[256], name[CELLNAME_MAX];
    for (int i = 0; i < n; i++) {
        const struct summary_record *r = &recs[i];
        if (!strcmp(r->status, "ok") || !strcmp(r->status, "warmup") ||
            !strcmp(r->status, "skipped"))
            continue;
        int seen = 0, times = 0;
        for (int j = 0; j < n; j++)
            if (recs[j].id.cell == r->id.cell && !strcmp(recs[j].status, r->status) &&
                !strcmp(recs[j].reason, r->reason))
                seen |= j < i, times++;
        if (seen)
            continue;
        plan_cell_label(cfg, &r->id, lb, sizeof lb);
        if (times > 1)
            cellname(name, sizeof name, r->id.cell, 1, 1);
        else
            cellname(name, sizeof name, r->id.cell, r->id.repeat, cfg->repeat);
        fprintf(f, "  %s %s: %s: %s", name, lb, r->status, r->reason);
        fprintf(f, times > 1 ? " (%d repeats)\n" : "\n", times);
    }
}

void summary_print(FILE *f, const struct config *cfg, const struct summary_record *recs, int n,
                   const struct chunk_record *chunks, int nchunks, int lockstep, int64_t base)
{
    const struct evidence e = {recs, n, chunks, nchunks, lockstep};
    struct combo *c = calloc((size_t)(n ? n : 1), sizeof *c);
    char lb[256], cname[CELLNAME_MAX], r[24];
    if (!c)
        return;
    int nc = fold(recs, n, c);
    int counts[16] = {0};
    for (int i = 0; i < n; i++)
        if (cellstatus_of(recs[i].status) >= 0)
            counts[cellstatus_of(recs[i].status)]++;
    fprintf(f, "\nruns:");
    for (int s = 0; status_names[s]; s++)
        if (counts[s])
            fprintf(f, " %d %s", counts[s], status_names[s]);
    fprintf(f, "%s\n", n ? "" : " none finished");
    unmeasured(f, cfg, recs, n);
    if (nc == 1) {   /* nothing to rank: the cell's figures */
        plan_cell_label(cfg, &c[0].first->id, lb, sizeof lb);
        fprintf(f, "\n%s %s: %s %s written",
                cellname(cname, sizeof cname, c[0].first->id.cell, 1, 1), lb,
                units_rate(c[0].rate[PHASE_WRITE], r, sizeof r), phase_table[PHASE_WRITE].unit);
        if (!isnan(c[0].rate[PHASE_READ]))
            fprintf(f, ", %s %s read", units_rate(c[0].rate[PHASE_READ], r, sizeof r),
                    phase_table[PHASE_READ].unit);
        fprintf(f, " (sustained over its full chunks%s)\n",
                c[0].repeats > 1 ? ", the median of repeats" : "");
    }
    if (nc < 2) {
        free(c);
        return;
    }
    char how[160], name[256];
    int rounds = noise_rounds(recs, n), paired = noise_paired_rounds(recs, n, base), by_pairs = 0;
    for (int i = 0; i < n; i++)
        by_pairs |= *recs[i].ph[PHASE_WRITE].method && strcmp(recs[i].ph[PHASE_WRITE].method,
                                                               verdict_method_name(VM_ROUNDS));
    const struct cell_id *bid = baseline_id(base, recs, n);
    struct cell_id *ids = malloc(sizeof *ids * (size_t)n);   /* every cell, measured or not */
    for (int i = 0; ids && i < n; i++)
        ids[i] = recs[i].id;
    baseline_name(base, ids, ids ? n : 0, name, sizeof name);
    free(ids);
    fprintf(f, "\nnoise: %s; a difference is called when its 95%% interval excludes 1, no "
               "difference beyond %lld%% when it lies within that%s\n",
            noise_method_paired(paired, rounds, how, sizeof how),
            (long long)llround(100 * VERDICT_MARGIN),
            paired >= 2  ? ""
            : by_pairs   ? ": with one round, a ratio its chunk pairs decide says so"
                         : ": with one round every one here is not decided");
    int measured = 0;
    for (int i = 0; i < nc; i++)
        measured |= c[i].first->id.cell == base;
    fprintf(f, "baseline: %s, %s (%s)\n", cellname(cname, sizeof cname, base, 1, 1), name,
            measured ? "--baseline names another" : "it measured nothing: no ratios");
    qsort(c, (size_t)nc, sizeof *c, by_write);
    fprintf(f, "\nby write rate (sustained over full chunks%s; x against %s):\n",
            rounds > 1 ? ", then of repeats with their range" : "", name);
    ranked(f, cfg, c, nc, recs, n, PHASE_WRITE, base);
    qsort(c, (size_t)nc, sizeof *c, by_read);
    if (!isnan(c[0].rate[PHASE_READ])) {
        fprintf(f, "\nby read rate (x against %s):\n", name);
        ranked(f, cfg, c, nc, recs, n, PHASE_READ, base);
    }
    if (bid) {
        qsort(c, (size_t)nc, sizeof *c, by_cell);   /* values in the order listed */
        fprintf(f, "\nper dimension: write rows/s its cells sustained together, and x against the "
                   "baseline's value, paired by round:\n");
        for (int d = 0; d < DIM_COUNT; d++)
            best_of(f, d, c, nc, base, &e);
    }
    free(c);
}

int summary_rewrite(const char *dir, const struct summary_record *recs, int n, char *err,
                    size_t errlen)
{
    char path[4200], tmp[4300], line[8192];
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    snprintf(tmp, sizeof tmp, "%s/summary.csv.tmp", dir);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    int len = csvout_header(CSV_SUMMARY, line, sizeof line);
    int bad = fd < 0 || len < 0 || csvout_append(fd, line, len);
    for (int i = 0; !bad && i < n; i++) {
        len = csvout_row(CSV_SUMMARY, &recs[i], line, sizeof line);
        bad = len < 0 || csvout_append(fd, line, len);
    }
    if (fd >= 0 && (fsync(fd) != 0 || close(fd) != 0))
        bad = 1;
    if (bad || rename(tmp, path) != 0) {
        int e = errno;
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(e));
        unlink(tmp);
        errno = e;
        return -1;
    }
    return 0;
}
