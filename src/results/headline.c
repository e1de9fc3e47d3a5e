/*
** headline: a run's answer in sentences.  See headline.h.
*/
#include "headline.h"
#include "efficiency.h"
#include "needcheck.h"
#include "absolute.h"
#include "churn.h"
#include "readwait.h"
#include "paced.h"
#include "walsize.h"
#include "wear.h"

#include "baseline.h"
#include "cellname.h"
#include "median.h"
#include "csvin.h"
#include "infile.h"
#include "modes.h"
#include "noise.h"
#include "pairseries.h"
#include "runjson.h"
#include "summary.h"

#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- the published claims of the presets: one row each ---- */

enum claim_kind {
    CL_FLAT,     /* write cost per row stays within 5% per doubling of the table */
    CL_FASTER,   /* value a of dim writes faster than value b */
    CL_BEST      /* value a of dim writes fastest of all */
};

static const struct claim {
    const char *preset;
    const char *claim;          /* as published, with its figures */
    enum claim_kind kind;
    int dim;
    const char *a, *b;          /* values in the user's words (baseline_value's) */
} claims[] = {
    {"2014", "writes stay flat as the table grows (2.52 s per million rows at the start, "
             "2.74 s at 99M rows)", CL_FLAT, DIM_COUNT, NULL, NULL},
    {"txn", "one transaction per batch writes far faster than a commit per row (9.844 ms "
            "against 2,138.751 ms for 1,024 rows)", CL_FASTER, DIM_COMMIT_EVERY, "1024", "1"},
    {"journal", "wal writes faster than delete", CL_FASTER, DIM_JOURNAL, "wal", "delete"},
    {"pages", "4k pages are fastest", CL_BEST, DIM_PAGE_SIZE, "4k", NULL},
};
#define NCLAIMS (int)(sizeof claims / sizeof *claims)

/* A factor per doubling within this of 1 is "flat". */
#define FLAT_PER_DOUBLING 0.05

static void add(struct headline *h, enum headline_kind kind, const char *fmt, ...)
{
    if (h->n >= HEADLINE_MAX)
        return;
    va_list ap;
    va_start(ap, fmt);
    h->line[h->n].kind = kind;
    h->line[h->n].cell = 0;
    h->line[h->n].nfig = 0;
    vsnprintf(h->line[h->n].text, sizeof h->line[h->n].text, fmt, ap);
    va_end(ap);
    h->n++;
}

/* Figure name of of, value v in unit, to the sentence last added; none
** when v was not measured or the sentence was not added. */
static void figure(struct headline *h, enum headline_kind kind, const char *name,
                   const char *of, double v, const char *unit)
{
    struct headline_line *l = h->n ? &h->line[h->n - 1] : NULL;
    if (!l || l->kind != kind || l->nfig >= HEADLINE_FIGS || isnan(v))
        return;
    struct headline_figure *f = &l->fig[l->nfig++];
    char digits[40];
    snprintf(f->name, sizeof f->name, "%s", name);
    snprintf(f->of, sizeof f->of, "%s", of);
    /* to 12 significant digits, as `report --format json` prints a real:
    ** summary.json's findings and the report's are then the same numbers */
    snprintf(digits, sizeof digits, "%.12g", v);
    f->value = strtod(digits, NULL);
    f->unit = unit;
}

static const char *const kind_names[HL_KINDS] = {
    [HL_SCALING] = "scaling", [HL_CACHE] = "cache", [HL_DIM] = "dimension",
    [HL_CLAIM] = "claim", [HL_DEVICE] = "against_device", [HL_ABSOLUTE] = "absolute",
    [HL_NEED] = "need", [HL_UPDATES] = "update_cost", [HL_DELETES] = "delete_cost",
    [HL_FREELIST] = "freelist", [HL_READERS] = "reader_wait", [HL_WRITES] = "write_counts",
    [HL_WEAR] = "wear", [HL_WAL] = "wal_size", [HL_PACED] = "paced",
};

const char *headline_kind_name(enum headline_kind k)
{
    return k >= 0 && k < HL_KINDS && kind_names[k] ? kind_names[k] : "";
}

static int measured(const struct summary_record *r)
{
    return strcmp(r->status, "ok") == 0 && r->id.repeat >= 1;
}

/* "6 rounds", of a comparison's rounds. */
static const char *rounds_text(int k, char *buf, size_t n)
{
    snprintf(buf, n, "%d round%s", k, k == 1 ? "" : "s");
    return buf;
}

/* ---- scaling: a log-log fit of cost per op against the table's rows ---- */

/* A fit of log2(cost) on log2(rows): the slope b, so that cost grows 2^b
** per doubling, with its 95% interval (NaN below 3 points), and the
** median over repeats of last over first cost. */
struct fit {
    int k, repeats;          /* the chunks fitted, and the repeats they came from */
    double b, b_lo, b_hi;
    double last_over_first;  /* the median over nratio repeats of each one's */
    int nratio;
    int64_t first_rows, last_rows;
};

/* The cost per op of phase m in chunk c; NaN when not measured. */
static double cost(const struct chunk_record *c, enum phase_id m)
{
    return c->ph[m].rate > 0 ? 1 / c->ph[m].rate : NAN;
}

/* Whether chunk c is a full chunk of a measured repeat of cell. */
static int full_chunk(const struct headline_input *in, const struct chunk_record *c,
                      int64_t cell, int64_t full)
{
    if (c->id.cell != cell || c->id.repeat < 1 || c->ph[PHASE_WRITE].ops != full)
        return 0;
    for (int i = 0; i < in->nrecs; i++)
        if (in->recs[i].id.cell == cell && in->recs[i].id.repeat == c->id.repeat)
            return measured(&in->recs[i]);
    return 0;
}

static void fit_cost(const struct headline_input *in, int64_t cell, enum phase_id m,
                     struct fit *f)
{
    memset(f, 0, sizeof *f);
    f->b = f->b_lo = f->b_hi = f->last_over_first = NAN;
    int64_t full = 0;
    for (int i = 0; i < in->nchunks; i++)
        if (in->chunks[i].id.cell == cell && in->chunks[i].ph[PHASE_WRITE].ops > full)
            full = in->chunks[i].ph[PHASE_WRITE].ops;
    double sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
    double *ratio = malloc(sizeof(double) * (size_t)(in->nrecs + 1));
    int nratio = 0;
    int64_t seen = 0;       /* the repeats fitted, as bits (a repeat past 63 counts once) */
    for (int i = 0; ratio && i < in->nchunks; i++) {
        const struct chunk_record *c = &in->chunks[i];
        double y = log2(cost(c, m)), x = log2((double)c->rows);
        if (!full_chunk(in, c, cell, full) || isnan(y))
            continue;
        int64_t bit = (int64_t)1 << (c->id.repeat < 63 ? c->id.repeat : 63);
        f->repeats += !(seen & bit);
        seen |= bit;
        f->k++;
        sx += x, sy += y, sxx += x * x, sxy += x * y, syy += y * y;
        if (!f->first_rows || c->rows < f->first_rows)
            f->first_rows = c->rows;
        if (c->rows > f->last_rows)
            f->last_rows = c->rows;
    }
    /* last over first, per repeat: its first and last full chunks */
    for (int r = 0; ratio && r < in->nrecs; r++) {
        const struct summary_record *s = &in->recs[r];
        const struct chunk_record *lo = NULL, *hi = NULL;
        if (s->id.cell != cell || !measured(s))
            continue;
        for (int i = 0; i < in->nchunks; i++) {
            const struct chunk_record *c = &in->chunks[i];
            if (c->id.repeat != s->id.repeat || !full_chunk(in, c, cell, full) ||
                isnan(cost(c, m)))
                continue;
            lo = !lo || c->rows < lo->rows ? c : lo;
            hi = !hi || c->rows > hi->rows ? c : hi;
        }
        if (lo && hi && lo != hi)
            ratio[nratio++] = cost(hi, m) / cost(lo, m);
    }
    if (nratio)
        f->last_over_first = median_of(ratio, nratio);
    f->nratio = nratio;
    free(ratio);
    double den = f->k * sxx - sx * sx;
    if (f->k < 2 || den <= 0)
        return;
    f->b = (f->k * sxy - sx * sy) / den;
    if (f->k < 3)
        return;
    double a = (sy - f->b * sx) / f->k;
    double sse = syy - a * sy - f->b * sxy;
    double se = sqrt(fmax(sse, 0) / (f->k - 2) / (sxx - sx * sx / f->k));
    f->b_lo = f->b - absolute_t975(f->k - 2) * se;
    f->b_hi = f->b + absolute_t975(f->k - 2) * se;
}

/* "1.09x per doubling of the table (1.05..1.12, 95%, a log-log fit over
** 30 chunks of 3 repeats)". */
static const char *per_doubling(const struct fit *f, char *buf, size_t n)
{
    char of[40] = "";
    if (f->repeats > 1)
        snprintf(of, sizeof of, " of %d repeats", f->repeats);
    if (isnan(f->b_lo))
        snprintf(buf, n, "%.2fx per doubling of the table (no interval from %d chunks%s)",
                 exp2(f->b), f->k, of);
    else
        snprintf(buf, n, "%.2fx per doubling of the table (%.2f..%.2f, 95%%, a log-log fit "
                         "over %d chunks%s)", exp2(f->b), exp2(f->b_lo), exp2(f->b_hi), f->k, of);
    return buf;
}

/* "; from the first full chunk to the last, 1.10x as much (the median of
** 3 repeats)": the two-point figure, after the fit it is noisier than. */
static const char *two_point(const struct fit *f, char *buf, size_t n)
{
    char of[40] = "";
    if (f->nratio > 1)
        snprintf(of, sizeof of, " (the median of %d repeats)", f->nratio);
    snprintf(buf, n, "%.2fx as much from the first full chunk to the last%s",
             f->last_over_first, of);
    return buf;
}

static void scaling(const struct headline_input *in, const char *base, struct headline *h)
{
    struct fit w, r;
    char a[160], b[160], c[160], rd[160], x[24], y[24], z[24];
    fit_cost(in, in->baseline, PHASE_WRITE, &w);
    fit_cost(in, in->baseline, PHASE_READ, &r);
    if (w.k < 2 || isnan(w.last_over_first))
        return;
    char reads[400] = "";
    if (r.k >= 2 && !isnan(r.last_over_first))
        snprintf(reads, sizeof reads, "; a read cost %s, %s", per_doubling(&r, b, sizeof b),
                 two_point(&r, rd, sizeof rd));
    /* the fit over every full chunk of every repeat leads: a two-point
    ** ratio is the noisier figure */
    add(h, HL_SCALING,
        "Scaling (%s): over full chunks of %s to %s rows, a row written cost %s, %s%s.", base,
        absolute_rows_short_text(w.first_rows, y, sizeof y),
        absolute_rows_short_text(w.last_rows, x, sizeof x), per_doubling(&w, a, sizeof a),
        two_point(&w, c, sizeof c), reads);
    if (in->planned_rows > w.last_rows && !isnan(w.b)) {
        double d = log2((double)in->planned_rows / (double)w.first_rows);
        if (isnan(w.b_lo))
            snprintf(a, sizeof a, "about %.1fx", exp2(w.b * d));
        else
            snprintf(a, sizeof a, "about %.1fx (%.1f..%.1f)", exp2(w.b * d), exp2(w.b_lo * d),
                     exp2(w.b_hi * d));
        add(h, HL_SCALING,
            "It stopped at %s of the planned %s rows: at that slope a row written would cost "
            "%s the first chunk's at %s rows, an extrapolation, not a measurement.",
            absolute_rows_short_text(w.last_rows, x, sizeof x),
            absolute_rows_short_text(in->planned_rows, y, sizeof y), a,
            absolute_rows_short_text(in->planned_rows, z, sizeof z));
    }
}

/* ---- where the reads came from ---- */

static void cache(const struct headline_input *in, struct headline *h)
{
    double *pct = malloc(sizeof(double) * (size_t)(in->nrecs + 1));
    double *io = malloc(sizeof(double) * (size_t)(in->nrecs + 1));
    int np = 0, nio = 0, drop = 0, cells = 0, distinct = 0;
    for (int i = 0; pct && io && i < in->nrecs; i++) {
        const struct summary_record *s = &in->recs[i];
        if (!measured(s) || !(s->ph[PHASE_READ].median > 0))
            continue;
        cells++;
        drop += s->id.v[DIM_OS_CACHE] == OC_DROP;
        if (!isnan(s->db_cached_pct_median))
            pct[np++] = s->db_cached_pct_median;
        if (!isnan(s->read_io_bytes_per_read)) {
            io[nio++] = s->read_io_bytes_per_read;
            int seen = 0;       /* the cells they are runs of */
            for (int j = 0; j < i && !seen; j++)
                seen = in->recs[j].id.cell == s->id.cell && measured(&in->recs[j]) &&
                       in->recs[j].ph[PHASE_READ].median > 0 &&
                       !isnan(in->recs[j].read_io_bytes_per_read);
            distinct += !seen;
        }
    }
    double p = np ? median_of(pct, np) : NAN;
    double b = nio ? median_of(io, nio) : NAN;
    char bytes[80] = "";
    /* a median of several cells says so: the device's finding is one cell's */
    char scope[64] = "";
    if (nio > distinct)
        snprintf(scope, sizeof scope, ", the median of %d runs of %d cell%s", nio, distinct,
                 distinct == 1 ? "" : "s");
    else if (nio > 1)
        snprintf(scope, sizeof scope, ", the median of %d cells", nio);
    if (!isnan(b))
        /* a tenth under 10, as the table's figure: "0.2", not "0" */
        snprintf(bytes, sizeof bytes, ", %.*f bytes read from storage per read%s",
                 b > 0 && b < 10 ? 1 : 0, b, scope);
    enum reads_from from = absolute_reads_from(p, b / EFFICIENCY_READ_BYTES);
    if (from == RF_UNKNOWN) {
        /* an older folder: no figure of the cache */
    } else if (from == RF_RAM && drop < cells) {
        add(h, HL_CACHE,
            "Reads came from RAM (%.0f%% cached%s): this is not the disk's read speed; use "
            "--os-cache drop.", p, bytes);
    } else if (from == RF_WARMED) {
        /* cold before them, yet most were served by pages earlier reads
        ** brought in: "from the storage" would be half the truth */
        add(h, HL_CACHE, "Reads began with the database out of RAM (%.0f%% cached before "
                         "them%s), yet sent %.2f device reads per read (%.*f bytes read from "
                         "storage per read%s): most were served by pages earlier reads had "
                         "brought into RAM.", p, drop == cells ? ", --os-cache drop" : "",
            b / EFFICIENCY_READ_BYTES, b > 0 && b < 10 ? 1 : 0, b, scope);
    } else if (from == RF_STORAGE) {
        add(h, HL_CACHE, "Reads came from the storage (%.0f%% of the database cached before "
                         "them%s%s).", p, bytes, drop == cells ? ", --os-cache drop" : "");
    } else {
        add(h, HL_CACHE, "Reads came partly from RAM (%.0f%% of the database cached before "
                         "them%s): between the disk's read speed and RAM's.", p, bytes);
    }
    free(pct);
    free(io);
}

/* ---- each dimension's best value, hyperfine's way ---- */

/* "1.99 times faster than delete (1.96..2.02, 95%, 6 rounds)", or why it
** is not established, of q (a over b).  The interval's ends, never a ±:
** a ratio's interval is not symmetric, and a ± of its far end reads as an
** interval that holds 1 when this one does not. */
static const char *faster_text(const struct noise_ratio *q, const char *b, char *buf, size_t n)
{
    char k[32], why[80];
    switch (noise_verdict(q)) {
    case NV_DIFFERENT:
        snprintf(buf, n, "%.2f times %s %s (%.2f..%.2f, 95%%, %s)", q->ratio,
                 q->ratio > 1 ? "faster than" : "as fast as, slower than", b, q->lo, q->hi,
                 rounds_text(q->rounds, k, sizeof k));
        break;
    case NV_WITHIN:
        snprintf(buf, n, "%.2f times as fast as %s: within noise (%.2f..%.2f, 95%%, %s)",
                 q->ratio, b, q->lo, q->hi, rounds_text(q->rounds, k, sizeof k));
        break;
    case NV_NOT_ESTABLISHED:
        snprintf(buf, n, "%.2f times as fast as %s in the median round: %s; its %.0f%% "
                         "interval is %.2f..%.2f", q->ratio, b,
                 noise_unsettled_text(q->rounds, why, sizeof why), 100 * q->confidence, q->lo,
                 q->hi);
        break;
    default:
        snprintf(buf, n, "%.2f times as fast as %s: %s", q->ratio, b,
                 noise_unsettled_text(q->rounds ? q->rounds : 1, why, sizeof why));
    }
    return buf;
}

/* After what the rounds say of cells a against cells b (q), what the
** chunk pairs of a run in lockstep say (pairseries.h), and whether the
** two disagree: rounds stay the stronger evidence.  Into buf; "" when the
** run did not interleave. */
static const char *pairs_text(const struct headline_input *in, const int64_t *a, int na,
                              const int64_t *b, int nb, enum phase_id m,
                              const struct noise_ratio *q, char *buf, size_t n)
{
    struct chunkpair c;
    char t[200];
    buf[0] = 0;
    if (!in->interleaved)
        return buf;
    pairseries_compare(in->chunks, in->nchunks, in->recs, in->nrecs, a, na, b, nb, m, &c);
    enum noise_verdict pv = chunkpair_verdict(&c), rv = noise_verdict(q);
    int called = (pv == NV_DIFFERENT || pv == NV_WITHIN) && (rv == NV_DIFFERENT || rv == NV_WITHIN);
    int disagree = called && (pv != rv || (pv == NV_DIFFERENT && (c.q.ratio > 1) != (q->ratio > 1)));
    /* a over b is the way the sentence puts it: a pair's call the other
    ** way says so */
    snprintf(buf, n, "; its chunk pairs, run in lockstep%s: %s%s",
             pv != NV_DIFFERENT ? ""
             : c.q.ratio > 1    ? ", call it a difference"
                                : ", call it a difference the other way",
             chunkpair_text(&c, t, sizeof t),
             disagree ? " (the rounds and the chunk pairs disagree: the rounds are the stronger "
                        "evidence)" : "");
    return buf;
}

/* The best value of dimension d for phase m against the baseline's:
** "wal writes 1.99 times faster than delete (...)"; the baseline
** best, against the runner-up.  Into buf; "" with fewer than 2 values. */
static const char *best_text(const struct headline_input *in, int d, enum phase_id m,
                             char *buf, size_t n)
{
    struct summary_dim v;
    char t[300], p[400];
    char verb[16];      /* "writes", "reads" */
    snprintf(verb, sizeof verb, "%ss", phase_table[m].name);
    buf[0] = 0;
    if (summary_dim(in->recs, in->nrecs, d, in->baseline, m, &v) != 0)
        return buf;
    int best = v.best, nc = v.ncombos;
    if (v.nv >= 2 && !isnan(v.vs_base[best].ratio)) {
        if (best != v.base) {
            snprintf(buf, n, "%s %s %s%s", v.names[best], verb,
                     faster_text(&v.vs_base[best], v.names[v.base], t, sizeof t),
                     pairs_text(in, &v.cells[(size_t)best * (size_t)nc], v.ncells[best],
                                &v.cells[(size_t)v.base * (size_t)nc], v.ncells[v.base], m,
                                &v.vs_base[best], p, sizeof p));
        } else {
            int next = -1;
            for (int k = 0; k < v.nv; k++)
                if (k != v.base && (next < 0 || v.vs_base[k].ratio > v.vs_base[next].ratio))
                    next = k;
            struct noise_ratio q;
            noise_compare(in->recs, in->nrecs, &v.cells[(size_t)v.base * (size_t)nc],
                          v.ncells[v.base], &v.cells[(size_t)next * (size_t)nc], v.ncells[next],
                          m, &q);
            snprintf(buf, n, "%s (the baseline) %s fastest, %s%s", v.names[v.base], verb,
                     faster_text(&q, v.names[next], t, sizeof t),
                     pairs_text(in, &v.cells[(size_t)v.base * (size_t)nc], v.ncells[v.base],
                                &v.cells[(size_t)next * (size_t)nc], v.ncells[next], m, &q, p,
                                sizeof p));
        }
    }
    summary_dim_free(&v);
    return buf;
}

/* When a cell's processes (the writer and its readers) outnumber the
** machine's cores, what that does to the readers' figures (what, "ratios"
** or "waits"); "" when not. */
static int64_t most_readers(const struct headline_input *in)
{
    int64_t most = 0;
    for (int i = 0; i < in->nrecs; i++)
        if (measured(&in->recs[i]) && in->recs[i].id.v[DIM_READERS] > most)
            most = in->recs[i].id.v[DIM_READERS];
    return most;
}

static const char *oversubscribed(const struct headline_input *in, const char *what)
{
    static char buf[300];
    int64_t most = most_readers(in);
    if (in->cpus <= 0 || most + 1 <= in->cpus)
        return "";
    snprintf(buf, sizeof buf, " A writer and %" PRId64 " readers are %" PRId64 " processes on "
             "this machine's %d cores: they compete for the CPU, so these %s measure that "
             "too, not only the database's locks.", most, most + 1, in->cpus, what);
    return buf;
}

static void dimensions(const struct headline_input *in, struct headline *h)
{
    for (int d = 0; d < DIM_COUNT; d++) {
        char w[700], r[700];
        /* a paced cell's write rate is the storage's service, and its
        ** reads the same as unpaced: the pacing's answer is each cell's
        ** latencies (HL_PACED), not a ratio of rates */
        if (d == DIM_WRITE_RATE || d == DIM_ARRIVAL || d == DIM_LATENCY_LIMIT)
            continue;
        best_text(in, d, PHASE_WRITE, w, sizeof w);
        best_text(in, d, PHASE_READ, r, sizeof r);
        /* cells with more processes than cores: every ratio between them
        ** measures the CPU's sharing too, not the readers' alone */
        if (*w)
            add(h, HL_DIM, "%s: %s%s%s.%s", d == DIM_LIB ? "sqlite" : dim_table[d].column, w,
                *r ? "; " : "", r, oversubscribed(in, "ratios"));
    }
}

/* ---- the updates, the deletes and the room they left ---- */

static void churn(const struct headline_input *in, const char *base, struct headline *h)
{
    struct churn c;
    char text[HEADLINE_LEN], name[300], of[CELLNAME_MAX];
    if (churn_of(in->recs, in->nrecs, in->chunks, in->nchunks, in->baseline, &c) != 0)
        return;
    snprintf(name, sizeof name, "%s, the baseline", base);
    cellname(of, sizeof of, in->baseline, 1, 1);     /* the cell, over its repeats */
    const struct churn_phase *u = &c.update, *d = &c.del;
    if (*churn_update_text(&c, name, text, sizeof text)) {
        add(h, HL_UPDATES, "%s", text);
        h->line[h->n - 1].cell = in->baseline;
        figure(h, HL_UPDATES, "update_rows_per_chunk", of, u->rows, "rows");
        figure(h, HL_UPDATES, colid_name(COL_update_rows_per_s), of, u->rows_per_s, "rows/s");
        figure(h, HL_UPDATES, colid_name(COL_update_p50_us), of, u->p50_us, "µs");
        figure(h, HL_UPDATES, colid_name(COL_update_p99_us), of, u->p99_us, "µs");
        figure(h, HL_UPDATES, "over_chunks", of, u->chunks, "");
    }
    if (*churn_delete_text(&c, name, text, sizeof text)) {
        add(h, HL_DELETES, "%s", text);
        h->line[h->n - 1].cell = in->baseline;
        figure(h, HL_DELETES, "delete_rows_per_chunk", of, d->rows, "rows");
        figure(h, HL_DELETES, colid_name(COL_delete_rows_per_s), of, d->rows_per_s, "rows/s");
        figure(h, HL_DELETES, "delete_us_per_row", of, 1e6 / d->rows_per_s, "µs");
        figure(h, HL_DELETES, "over_chunks", of, d->chunks, "");
    }
    if (*churn_free_text(&c, name, text, sizeof text)) {
        add(h, HL_FREELIST, "%s", text);
        h->line[h->n - 1].cell = in->baseline;
        figure(h, HL_FREELIST, colid_name(COL_rows), of, (double)c.last_rows, "rows");
        figure(h, HL_FREELIST, "freelist_pages", of, c.free_pages, "pages");
        figure(h, HL_FREELIST, "freelist_bytes", of, c.free_bytes, "bytes");
        figure(h, HL_FREELIST, colid_name(COL_db_bytes), of, c.db_bytes, "bytes");
        figure(h, HL_FREELIST, "freelist_pct", of, c.free_pct, "%");
    }
}

/* ---- what the writer's COMMITs cost the readers ---- */

static void readers(const struct headline_input *in, struct headline *h)
{
    struct readwait w;
    char text[HEADLINE_LEN - 320];
    if (!readwait_of(in->recs, in->nrecs, in->chunks, in->nchunks, &w))
        return;
    const char *note = oversubscribed(in, "waits");
    add(h, HL_READERS, "%s%s", readwait_text(&w, text, sizeof text), note);
    for (int k = 0; k < w.n; k++) {
        char mode[32];
        dims_text(DIM_JOURNAL, w.mode[k], mode, sizeof mode);
        figure(h, HL_READERS, "reader_wait_ms_per_commit", mode, w.ms_per_commit[k], "ms");
    }
    if (*note) {
        figure(h, HL_READERS, "processes", "the largest cell", (double)most_readers(in) + 1,
               "processes");
        figure(h, HL_READERS, "cpus", "host", in->cpus, "cores");
    }
}

/* ---- the published claims beside this run's verdicts ---- */

/* The index of value text among v's values, or -1. */
static int value_index(const struct summary_dim *v, const char *text)
{
    for (int k = 0; k < v->nv; k++)
        if (strcmp(v->names[k], text) == 0)
            return k;
    return -1;
}

/* The ratio of value a's cells over value b's, for writes. */
static void compare_values(const struct headline_input *in, const struct summary_dim *v, int a,
                           int b, struct noise_ratio *q)
{
    size_t nc = (size_t)v->ncombos;
    noise_compare(in->recs, in->nrecs, &v->cells[(size_t)a * nc], v->ncells[a],
                  &v->cells[(size_t)b * nc], v->ncells[b], PHASE_WRITE, q);
}

static void verdict_flat(const struct headline_input *in, char *buf, size_t n)
{
    struct fit f;
    char t[200];
    fit_cost(in, in->baseline, PHASE_WRITE, &f);
    if (isnan(f.b_lo))
        snprintf(buf, n, "not established here (%d full chunks: a fit needs 3)", f.k);
    else if (exp2(f.b_hi) <= 1 + FLAT_PER_DOUBLING && exp2(f.b_lo) >= 1 - FLAT_PER_DOUBLING)
        snprintf(buf, n, "so here: %s", per_doubling(&f, t, sizeof t));
    else if (exp2(f.b_lo) > 1 + FLAT_PER_DOUBLING)
        snprintf(buf, n, "not so here: write cost grew %s", per_doubling(&f, t, sizeof t));
    else
        snprintf(buf, n, "not established here: %s, within %.0f%% of flat or not",
                 per_doubling(&f, t, sizeof t), 100 * FLAT_PER_DOUBLING);
}

static void verdict_faster(const struct headline_input *in, const struct summary_dim *v,
                           int a, int b, char *buf, size_t n)
{
    struct noise_ratio q;
    char t[300];
    compare_values(in, v, a, b, &q);
    enum noise_verdict got = noise_verdict(&q);
    if (got == NV_DIFFERENT && q.ratio > 1)
        snprintf(buf, n, "so here: %s writes %s", v->names[a],
                 faster_text(&q, v->names[b], t, sizeof t));
    else if (got == NV_DIFFERENT || got == NV_WITHIN) {
        struct noise_ratio r;
        compare_values(in, v, b, a, &r);
        snprintf(buf, n, "not so here: %s writes %s", v->names[b],
                 faster_text(&r, v->names[a], t, sizeof t));
    } else
        snprintf(buf, n, "not established here: %s writes %s", v->names[a],
                 faster_text(&q, v->names[b], t, sizeof t));
}

static void verdict_best(const struct headline_input *in, const struct summary_dim *v, int a,
                         char *buf, size_t n)
{
    int best = v->best, open = 0;
    struct noise_ratio q;
    char t[300];
    if (best != a) {
        compare_values(in, v, best, a, &q);
        if (noise_verdict(&q) == NV_DIFFERENT)
            snprintf(buf, n, "not so here: %s writes %s", v->names[best],
                     faster_text(&q, v->names[a], t, sizeof t));
        else
            snprintf(buf, n, "not established here; %s first, %s %s", v->names[best],
                     noise_verdict(&q) == NV_WITHIN ? "within noise of" : "not established against",
                     v->names[a]);
        return;
    }
    size_t at = (size_t)snprintf(buf, n, "%s first", v->names[a]);
    for (int k = 0; k < v->nv && at < n; k++) {
        if (k == a)
            continue;
        compare_values(in, v, a, k, &q);
        if (noise_verdict(&q) != NV_DIFFERENT)
            at += (size_t)snprintf(buf + at, n - at, "%s %s", open++ ? "," : "; within noise or "
                                   "not established against", v->names[k]);
    }
    if (!open && at < n) {
        char why[300];
        snprintf(why, sizeof why, "so here: %s", buf);
        snprintf(buf, n, "%s, faster than every other beyond the noise", why);
    } else if (at < n) {
        char why[300];
        snprintf(why, sizeof why, "%s", buf);
        snprintf(buf, n, "not established here; %s", why);
    }
}

static void published(const struct headline_input *in, struct headline *h)
{
    for (int i = 0; in->preset && i < NCLAIMS; i++) {
        const struct claim *c = &claims[i];
        char verdict[700] = "";
        if (strcmp(c->preset, in->preset) != 0)
            continue;
        if (c->kind == CL_FLAT) {
            verdict_flat(in, verdict, sizeof verdict);
        } else {
            struct summary_dim v;
            if (summary_dim(in->recs, in->nrecs, c->dim, in->baseline, PHASE_WRITE, &v) != 0)
                continue;
            int a = value_index(&v, c->a), b = c->b ? value_index(&v, c->b) : 0;
            if (a < 0 || b < 0)
                snprintf(verdict, sizeof verdict, "not tested here (%s %s not measured)",
                         dim_table[c->dim].column, a < 0 ? c->a : c->b);
            else if (c->kind == CL_FASTER)
                verdict_faster(in, &v, a, b, verdict, sizeof verdict);
            else
                verdict_best(in, &v, a, verdict, sizeof verdict);
            summary_dim_free(&v);
        }
        add(h, HL_CLAIM, "Published (--preset %s): %s. This run: %s.", c->preset, c->claim,
            verdict);
    }
}

/* ---- absolute figures: the answer in a user's units, first ---- */

/* The baseline's figures and, when another cell wrote faster at the same
** table size, that cell's: what each costs at the largest full chunk, and
** projected to --target-rows. */
static void absolutes(const struct headline_input *in, const struct cell_id *ids, int nids,
                      const char *base, struct headline *h)
{
    struct absolute b, best, a;
    int64_t target = in->target_rows > 0 ? in->target_rows : in->planned_rows, fastest = -1;
    if (!ids || absolute_of(in->recs, in->nrecs, in->chunks, in->nchunks, in->baseline, target,
                            &b) != 0)
        return;
    for (int i = 0; i < nids; i++) {
        if (ids[i].cell == in->baseline || (i > 0 && ids[i].cell == ids[i - 1].cell) ||
            absolute_of(in->recs, in->nrecs, in->chunks, in->nchunks, ids[i].cell, target,
                        &a) != 0 ||
            a.last_rows != b.last_rows || !(a.write_s_per_m.at < b.write_s_per_m.at) ||
            (fastest >= 0 && !(a.write_s_per_m.at < best.write_s_per_m.at)))
            continue;
        best = a;
        fastest = ids[i].cell;
    }
    char text[HEADLINE_LEN], name[300], fast[256];
    snprintf(name, sizeof name, "%s (the baseline)", base);
    add(h, HL_ABSOLUTE, "%s", absolute_text(&b, name, text, sizeof text));
    if (fastest >= 0) {
        baseline_name(fastest, ids, nids, fast, sizeof fast);
        snprintf(name, sizeof name, "%s, the fastest writer,", fast);
        add(h, HL_ABSOLUTE, "%s", absolute_text(&best, name, text, sizeof text));
    }
}

/* ---- the application's need: does each cell meet it, and to what size ---- */

/* Each cell against --need, best first (needcheck.h). */
static void needs(const struct headline_input *in, const struct cell_id *ids, int nids,
                  struct headline *h)
{
    if (!in->need || !ids)
        return;
    struct needcheck *v = calloc((size_t)nids + 1, sizeof *v);
    if (!v)
        return;
    struct needcheck_input ni = {
        .need = in->need, .recs = in->recs, .nrecs = in->nrecs, .chunks = in->chunks,
        .nchunks = in->nchunks, .ids = ids, .nids = nids,
        .target = in->target_rows > 0 ? in->target_rows : in->planned_rows};
    int nv = needcheck_cells(&ni, v);
    char asked[200];
    needcheck_asked(in->need, asked, sizeof asked);
    for (int i = 0; i < nv; i++)
        add(h, HL_NEED, "Need (%s): %s", asked, v[i].text);
    free(v);
}

/* ---- the writes by their three counts, and what a cell costs in wear ---- */

/* What SQLite wrote into its files a row, over every file it counted. */
static double vfs_per_row(const struct summary_record *s)
{
    double t = NAN;
    for (int k = 0; k < VFS_FILES; k++)
        if (!isnan(s->vfs_bytes_per_row[k]))
            t = isnan(t) ? s->vfs_bytes_per_row[k] : t + s->vfs_bytes_per_row[k];
    return t;
}

/* The baseline's writes in bytes a row by the three counts (the median
** over its measured repeats of each), the device's named as holding every
** writer of it, and the share its writes while sqlsoak idled are of its
** rate during the cells (every measured cell's device bytes over their
** time).  Nothing without the device's count. */
static void write_counts(const struct headline_input *in, const char *base, struct headline *h)
{
    size_t k = (size_t)in->nrecs + 1;
    double *v = malloc(sizeof(double) * 3 * k), dev_bytes = 0, wall = 0;
    int nv = 0, ni = 0, nd = 0;
    for (int i = 0; v && i < in->nrecs; i++) {
        const struct summary_record *s = &in->recs[i];
        if (!measured(s) || isnan(s->dev_write_bytes_per_row))
            continue;
        if (s->wall_s > 0 && s->rows > 0) {
            dev_bytes += s->dev_write_bytes_per_row * (double)s->rows;
            wall += s->wall_s;
        }
        if (s->id.cell != in->baseline)
            continue;
        v[2 * k + (size_t)nd++] = s->dev_write_bytes_per_row;
        if (!isnan(vfs_per_row(s)))
            v[(size_t)nv++] = vfs_per_row(s);
        if (!isnan(s->io_write_bytes_per_row))
            v[k + (size_t)ni++] = s->io_write_bytes_per_row;
    }
    if (!v || !nd) {
        free(v);
        return;
    }
    double sq = nv ? median_of(v, nv) : NAN, pr = ni ? median_of(v + k, ni) : NAN;
    double dv = median_of(v + 2 * k, nd);
    free(v);
    char a[40], b[40], c[40], sqlite[96] = "", proc[128] = "", idle[300], of[32];
    if (!isnan(sq))
        snprintf(sqlite, sizeof sqlite, "SQLite wrote %s into its files, ",
                 wear_per_row_text(sq, a, sizeof a));
    if (!isnan(pr))     /* well under SQLite's: the rule report.html's "Writes by file" uses */
        snprintf(proc, sizeof proc, "the process %s to the storage%s, ",
                 wear_per_row_text(pr, b, sizeof b),
                 !isnan(sq) && pr * 1.25 < sq ? " (the page cache merged rewrites)" : "");
    double share = NAN, rate = wall > 0 ? dev_bytes / wall : NAN;
    if (in->idle_s > 0) {
        char r[40], t[40];
        share = wear_idle_share_pct(in->idle_write_bytes_per_s, dev_bytes, wall);
        int len = snprintf(idle, sizeof idle, "while sqlsoak idled it wrote %s a second (over "
                           "%.1f s before the first cell)",
                           wear_bytes_text(in->idle_write_bytes_per_s, r, sizeof r), in->idle_s);
        if (!isnan(share) && len > 0 && (size_t)len < sizeof idle)
            snprintf(idle + len, sizeof idle - (size_t)len,
                     ", %.*f%% of its %s a second during the cells", share < 10 ? 1 : 0, share,
                     wear_bytes_text(rate, t, sizeof t));
    } else {
        snprintf(idle, sizeof idle, "its writes while sqlsoak idled were not measured here");
    }
    if (h->n >= HEADLINE_MAX)
        return;
    add(h, HL_WRITES, "Writes (%s, the baseline), in bytes a row: %s%sand %s reached the "
        "device, a count that holds every other writer of the device too; %s.", base, sqlite,
        proc, wear_per_row_text(dv, c, sizeof c), idle);
    h->line[h->n - 1].cell = in->baseline;
    cellname(of, sizeof of, in->baseline, 1, 1);     /* the cell, over its repeats */
    figure(h, HL_WRITES, "vfs_bytes_per_row", of, sq, "bytes/row");
    figure(h, HL_WRITES, colid_name(COL_io_write_bytes_per_row), of, pr, "bytes/row");
    figure(h, HL_WRITES, colid_name(COL_dev_write_bytes_per_row), of, dv, "bytes/row");
    if (in->idle_s > 0) {
        figure(h, HL_WRITES, "idle_write_bytes_per_s", "the device", in->idle_write_bytes_per_s,
               "bytes/s");
        figure(h, HL_WRITES, "cells_dev_write_bytes_per_s", "the cells", rate, "bytes/s");
        figure(h, HL_WRITES, "idle_share_pct", "the cells", share, "%");
    }
}

/* One cell's wear sentence, and the bytes a row it is ordered by. */
struct wear_line {
    double key;
    int64_t cell;
    struct wear w;
    char text[HEADLINE_LEN];
};

static int by_wear(const void *x, const void *y)
{
    double a = ((const struct wear_line *)x)->key, b = ((const struct wear_line *)y)->key;
    int64_t c = ((const struct wear_line *)x)->cell, d = ((const struct wear_line *)y)->cell;
    return a < b ? -1 : a > b ? 1 : c < d ? -1 : c > d;
}

/* Each cell's wear (wear.h), least first: what the device wrote a row at
** its largest full chunk, projected as absolutes() projects, and a day
** and a year at --need's write rate. */
static void wears(const struct headline_input *in, const struct cell_id *ids, int nids,
                  struct headline *h)
{
    if (!ids)
        return;
    struct wear_line *l = calloc((size_t)nids + 1, sizeof *l);
    int nl = 0;
    int64_t target = in->target_rows > 0 ? in->target_rows : in->planned_rows;
    double rate = in->need ? in->need->asked[NEED_WRITES] : NAN;
    char need[32] = "";
    if (!isnan(rate))
        need_asked_text(in->need, NEED_WRITES, need, sizeof need);
    for (int i = 0; l && i < nids; i++) {
        int seen = 0;
        for (int j = 0; j < i; j++)
            seen |= ids[j].cell == ids[i].cell;
        struct absolute a;
        char name[300];
        /* the cell's bytes a row over all its chunks: the median of its repeats' */
        double all[64];
        int na = 0;
        for (int j = 0; j < in->nrecs && na < 64; j++)
            if (in->recs[j].id.cell == ids[i].cell && measured(&in->recs[j]) &&
                !isnan(in->recs[j].dev_write_bytes_per_row))
                all[na++] = in->recs[j].dev_write_bytes_per_row;
        if (seen || absolute_of(in->recs, in->nrecs, in->chunks, in->nchunks, ids[i].cell,
                                target, &a) != 0 ||
            wear_of(&a, na ? median_of(all, na) : NAN, rate, &l[nl].w) != 0)
            continue;
        baseline_name(ids[i].cell, ids, nids, name, sizeof name);
        if (ids[i].cell == in->baseline && strlen(name) + 16 < sizeof name)
            strcat(name, ", the baseline");
        l[nl].cell = ids[i].cell;
        l[nl].key = l[nl].w.target_rows ? l[nl].w.proj : l[nl].w.bytes_per_row;
        wear_text(&l[nl].w, name, *need ? need : NULL, l[nl].text, sizeof l[nl].text);
        nl++;
    }
    if (l)
        qsort(l, (size_t)nl, sizeof *l, by_wear);
    for (int i = 0; i < nl; i++) {
        const struct wear *w = &l[i].w;
        char of[CELLNAME_MAX];
        cellname(of, sizeof of, l[i].cell, 1, 1);       /* the cell, over its repeats */
        if (h->n >= HEADLINE_MAX)
            break;              /* no room left */
        add(h, HL_WEAR, "%s", l[i].text);
        h->line[h->n - 1].cell = l[i].cell;
        figure(h, HL_WEAR, colid_name(COL_rows), of, (double)w->last_rows, "rows");
        figure(h, HL_WEAR, colid_name(COL_dev_write_bytes_per_row), of, w->bytes_per_row,
               "bytes/row");
        figure(h, HL_WEAR, "dev_write_bytes_per_million_rows", of, w->bytes_per_row * 1e6,
               "bytes");
        figure(h, HL_WEAR, "cell_dev_write_bytes_per_row", of, w->cell_per_row, "bytes/row");
        if (w->target_rows) {
            figure(h, HL_WEAR, "target_rows", of, (double)w->target_rows, "rows");
            figure(h, HL_WEAR, "projected_dev_write_bytes_per_row", of, w->proj, "bytes/row");
        }
        figure(h, HL_WEAR, "dev_write_gb_per_day", of, w->per_day / 1e9, "GB/day");
        figure(h, HL_WEAR, "dev_write_tb_per_year", of, w->per_year / 1e12, "TB/year");
    }
    free(l);
}

/* 1 when record i counts (counts(), measured()) and no record of its cell
** that counts has an earlier repeat. */
static int first_of_cell(const struct headline_input *in, int i,
                         int (*counts)(const struct summary_record *))
{
    const struct summary_record *s = &in->recs[i];
    int first = counts(s);
    for (int j = 0; j < in->nrecs && first; j++)
        first = j == i || !counts(&in->recs[j]) || in->recs[j].id.cell != s->id.cell ||
                in->recs[j].id.repeat > s->id.repeat;
    return first;
}

static int measured_or_overloaded(const struct summary_record *r)
{
    return measured(r) || (strcmp(r->status, "overloaded") == 0 && r->id.repeat >= 1);
}

/* Each WAL cell's WAL, bounded or growing (walsize.h), a line a cell:
** its first measured repeat (warm-ups and failed repeats are not). */
static void wal_sizes(const struct headline_input *in, struct headline *h)
{
    for (int i = 0; i < in->nrecs; i++) {
        const struct summary_record *s = &in->recs[i];
        struct walsize w;
        if (!first_of_cell(in, i, measured) || !walsize_judge(in->chunks, in->nchunks, s->id.cell, s->id.repeat, &w))
            continue;
        char name[CELLNAME_MAX], text[HEADLINE_LEN];
        int before = h->n;
        cellname(name, sizeof name, w.cell, w.repeat, in->repeats);
        add(h, HL_WAL, "%s", walsize_text(&w, name, text, sizeof text));
        if (h->n == before)
            return;             /* no room left */
        h->line[h->n - 1].cell = w.cell;
        figure(h, HL_WAL, "wal_bytes_first", name, w.first, "bytes");
        figure(h, HL_WAL, "wal_bytes_last", name, w.last, "bytes");
        if (w.growing)
            figure(h, HL_WAL, "wal_growth_bytes_per_million_rows", name, w.per_million_rows,
                   "bytes");
    }
}

/* Each paced writer's cell (paced.h), a line a cell: its first repeat
** that was measured or overloaded. */
static void paced_cells(const struct headline_input *in, struct headline *h)
{
    for (int i = 0; i < in->nrecs; i++) {
        struct paced p;
        if (!first_of_cell(in, i, measured_or_overloaded) ||
            !paced_judge(&in->recs[i], in->chunks, in->nchunks, &p))
            continue;
        char name[CELLNAME_MAX], text[HEADLINE_LEN];
        int before = h->n;
        cellname(name, sizeof name, p.cell, p.repeat, in->repeats);
        add(h, HL_PACED, "%s", paced_text(&p, name, text, sizeof text));
        if (h->n == before)
            return;             /* no room left */
        h->line[h->n - 1].cell = p.cell;
        if (!p.have_chunk)
            continue;
        figure(h, HL_PACED, "txn_p50_ms", name, p.p50_ms, "ms");
        figure(h, HL_PACED, "txn_p99_ms", name, p.p99_ms, "ms");
        figure(h, HL_PACED, "txn_p999_ms", name, p.p999_ms, "ms");
        figure(h, HL_PACED, "committed_txns", name, p.txns, "");
        figure(h, HL_PACED, "late_txns", name, p.late, "");
        figure(h, HL_PACED, "skipped_txns", name, p.skipped, "");
        figure(h, HL_PACED, "txn_commit_pct", name, p.commit_pct, "%");
        figure(h, HL_PACED, "txn_queue_pct", name, p.queue_pct, "%");
    }
}

void headline_build(const struct headline_input *in, struct headline *out)
{
    out->n = 0;
    int any = 0;
    for (int i = 0; i < in->nrecs; i++)
        any |= measured_or_overloaded(&in->recs[i]);
    if (!any)
        return;
    struct cell_id *ids = malloc(sizeof *ids * (size_t)in->nrecs);
    char base[256] = "";
    int nids = 0;
    for (int i = 0; ids && i < in->nrecs; i++)
        if (measured(&in->recs[i]))
            ids[nids++] = in->recs[i].id;
    baseline_name(in->baseline, ids, nids, base, sizeof base);
    absolutes(in, ids, nids, base, out);
    needs(in, ids, nids, out);
    scaling(in, base, out);
    cache(in, out);
    churn(in, base, out);
    dimensions(in, out);
    readers(in, out);
    published(in, out);
    write_counts(in, base, out);
    wears(in, ids, nids, out);
    wal_sizes(in, out);
    paced_cells(in, out);
    free(ids);
}

/* Reads every row of file name in dir into an array of records of f. */
static void *read_all(const char *dir, const char *name, enum csv_file f, size_t size, int *n,
                      char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return csvin_read_records(path, f, size, n, err, errlen);
}

/* Whether an earlier row of t than row is of the same cell. */
static int cell_seen(const struct csvin *t, int row)
{
    int64_t cell = csvin_int(t, CSV_SUMMARY, row, COL_cell, -1);
    for (int i = 0; i < row; i++)
        if (csvin_int(t, CSV_SUMMARY, i, COL_cell, -2) == cell &&
            strcmp(csvin_str(t, CSV_SUMMARY, i, COL_status), "ok") == 0)
            return 1;
    return 0;
}

/* Each cell against the device's own limits (run.json's device_limits,
** run --probe; efficiency.h), when they were measured: the baseline
** always, any other cell when the device bound it.  A cell's first
** measured run speaks for it. */
static void device(const char *dir, const json_t *limits, const struct headline_input *in,
                   struct headline *h)
{
    char path[4200], err[256], said[HEADLINE_LEN - 64];
    struct csvin t;
    struct efficiency e;
    if (!json_is_object(limits))
        return;
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    if (csvin_read(path, CSV_SUMMARY, &t, err, sizeof err) != 0)
        return;
    for (int i = 0; i < t.nrows; i++) {
        int64_t cell = csvin_int(&t, CSV_SUMMARY, i, COL_cell, -1);
        if (strcmp(csvin_str(&t, CSV_SUMMARY, i, COL_status), "ok") != 0 || cell_seen(&t, i) ||
            efficiency_of(limits, &t, i, &e) != 0 || (cell != in->baseline && !e.bound) ||
            efficiency_say(&e, said, sizeof said) <= 0)
            continue;
        char name[CELLNAME_MAX];
        add(h, HL_DEVICE, "Against the device (%s): %s.",
            cellname(name, sizeof name, cell, csvin_int(&t, CSV_SUMMARY, i, COL_repeat, 1),
                     in->repeats),
            said);
    }
    csvin_free(&t);
}

int headline_load(const char *dir, const char *baseline, struct headline *out, char *err,
                  size_t n)
{
    struct headline_input in = {0};
    struct summary_record *recs;
    struct chunk_record *chunks;
    char path[4200], preset[64] = "", given[512] = "";
    int rc = -1;
    out->n = 0;
    recs = read_all(dir, "summary.csv", CSV_SUMMARY, sizeof *recs, &in.nrecs, err, n);
    chunks = recs ? read_all(dir, "chunks.csv", CSV_CHUNKS, sizeof *chunks, &in.nchunks, err, n)
                  : NULL;
    snprintf(path, sizeof path, "%s/run.json", dir);
    json_t *j = chunks && !infile_absent(path) ? infile_json(path, err, n) : NULL;
    json_t *o = json_object_get(j, "options");
    json_t *limits = json_incref(json_object_get(j, "device_limits"));
    if (json_is_string(json_object_get(o, "preset")))
        snprintf(preset, sizeof preset, "%s", json_string_value(json_object_get(o, "preset")));
    if (json_is_string(json_object_get(o, "baseline")))
        snprintf(given, sizeof given, "%s", json_string_value(json_object_get(o, "baseline")));
    in.planned_rows = json_integer_value(json_object_get(o, "rows"));
    in.target_rows = json_integer_value(json_object_get(o, "target-rows"));   /* 0: older */
    in.cpus = (int)json_integer_value(json_object_get(json_object_get(j, "host"), "cpus"));
    in.repeats = runjson_repeats(j);
    /* --interleave is off or chunk; an older run.json has none */
    in.interleaved = json_is_string(json_object_get(o, "interleave")) &&
                     strcmp(json_string_value(json_object_get(o, "interleave")), "off") != 0 &&
                     !json_is_true(json_object_get(j, RUNJSON_LOCKSTEP_SPLIT));
    json_t *idle = json_object_get(j, "device_idle");        /* none: older, or not exposed */
    in.idle_s = json_number_value(json_object_get(idle, "seconds"));
    in.idle_write_bytes_per_s = json_number_value(json_object_get(idle, "write_bytes_per_s"));
    if (!(in.idle_s > 0) || !(in.idle_write_bytes_per_s >= 0))
        in.idle_s = 0;
    struct need need;
    char why[256];
    const char *asked = json_string_value(json_object_get(o, "need"));
    if (asked && need_parse(asked, &need, why, sizeof why) == 0)
        in.need = &need;     /* a run refuses a bad one before it starts */
    json_decref(j);
    in.recs = recs;
    in.chunks = chunks;
    if (!in.repeats)        /* an older folder: the most its rows hold */
        for (int i = 0; i < in.nrecs; i++)
            in.repeats = recs[i].id.repeat > in.repeats ? recs[i].id.repeat : in.repeats;
    in.preset = *preset ? preset : NULL;
    if (chunks && (j || infile_absent(path)) &&
        baseline_of_records(baseline ? baseline : given, recs, in.nrecs, &in.baseline, err,
                            n) == 0) {
        headline_build(&in, out);
        if (out->n > 0)
            device(dir, limits, &in, out);
        rc = 0;
    }
    json_decref(limits);
    free(recs);
    free(chunks);
    return rc;
}

void headline_print(FILE *f, const struct headline *h)
{
    if (h->n == 0)
        return;
    fprintf(f, "\nheadline:\n");
    for (int i = 0; i < h->n; i++)
        fprintf(f, "  %s\n", h->line[i].text);
}
