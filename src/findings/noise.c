/*
** noise: paired ratios of cells over rounds and their intervals.  See
** noise.h.
*/
#include "noise.h"

#include "cellname.h"
#include "median.h"
#include "csvin.h"
#include "heldrate.h"
#include "verdict.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double noise_rate(const struct summary_record *r, enum phase_id m)
{
    if (strcmp(r->status, "ok") != 0 || r->id.repeat < 1)
        return NAN;
    assert(phase_table[m].noise);
    return heldrate_of(&r->ph[m]);
}

int noise_rounds(const struct summary_record *recs, int n)
{
    int64_t k = 0;
    for (int i = 0; i < n; i++)
        if (recs[i].id.repeat > k && strcmp(recs[i].status, "warmup") != 0 &&
            strcmp(recs[i].status, "skipped") != 0)
            k = recs[i].id.repeat;
    return (int)k;
}

int noise_paired_rounds(const struct summary_record *recs, int n, int64_t base)
{
    int most = 0;
    for (int i = 0; i < n; i++) {
        struct noise_ratio q;
        if (recs[i].id.cell == base || recs[i].id.repeat != 1)
            continue;
        noise_compare(recs, n, &recs[i].id.cell, 1, &base, 1, PHASE_WRITE, &q);
        most = q.rounds > most ? q.rounds : most;
    }
    return most;
}

static int in(int64_t cell, const int64_t *set, int n)
{
    for (int i = 0; i < n; i++)
        if (set[i] == cell)
            return 1;
    return 0;
}

/* The rate the set's cells sustained together in round r (median.h's
** pooled_rate); NaN when none was measured. */
static double round_rate(const struct summary_record *recs, int n, const int64_t *set,
                         int ns, int64_t r, enum phase_id m, double *tmp)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (recs[i].id.repeat == r && in(recs[i].id.cell, set, ns)) {
            double v = noise_rate(&recs[i], m);
            if (!isnan(v))
                tmp[k++] = v;
        }
    return pooled_rate(tmp, NULL, k);
}

void noise_interval(double *v, int k, struct noise_ratio *out)
{
    struct verdict d;
    double *logs = v;      /* in place: v is the caller's scratch */
    for (int i = 0; i < k; i++)
        logs[i] = log(v[i]);
    verdict_of_logs(logs, k, &d);
    noise_from_verdict(&d, out);
}

void noise_from_verdict(const struct verdict *d, struct noise_ratio *out)
{
    out->rounds = d->evidence;
    out->ratio = d->ratio;
    out->lo = d->lo;
    out->hi = d->hi;
    out->confidence = isnan(d->lo) ? NAN : 0.95;
    out->within = isnan(d->lo) ? -1 : d->call == VC_NO_DIFFERENCE;
}

void noise_as_verdict(const struct noise_ratio *q, struct verdict *out)
{
    memset(out, 0, sizeof *out);
    out->ratio = q->ratio;
    out->lo = q->lo;
    out->hi = q->hi;
    out->method = VM_ROUNDS;
    out->evidence = q->rounds > 0 ? q->rounds : 1;
    verdict_settle(out);
}

void noise_compare(const struct summary_record *recs, int n, const int64_t *a, int na,
                   const int64_t *b, int nb, enum phase_id m, struct noise_ratio *out)
{
    int rounds = noise_rounds(recs, n);
    double *ratios = malloc(sizeof(double) * (size_t)(rounds + 1));
    double *tmp = malloc(sizeof(double) * (size_t)(n + 1));
    int k = 0;
    for (int r = 1; ratios && tmp && r <= rounds; r++) {
        double x = round_rate(recs, n, a, na, r, m, tmp);
        double y = round_rate(recs, n, b, nb, r, m, tmp);
        if (x > 0 && y > 0)
            ratios[k++] = x / y;
    }
    noise_interval(ratios, ratios ? k : 0, out);
    free(ratios);
    free(tmp);
}

enum noise_verdict noise_verdict(const struct noise_ratio *q)
{
    struct verdict d;
    noise_as_verdict(q, &d);
    return d.call == VC_DIFFERENCE      ? NV_DIFFERENT
           : d.call == VC_NO_DIFFERENCE ? NV_WITHIN
           : isnan(q->lo) || q->within < 0 ? NV_NO_ESTIMATE
                                        : NV_NOT_ESTABLISHED;
}

int noise_decided(const struct summary_record *recs, int n, int64_t base)
{
    for (int i = 0; i < n; i++) {
        if (strcmp(recs[i].status, "ok") != 0 || recs[i].id.repeat < 1 ||
            recs[i].id.cell == base)
            continue;
        for (int m = 0; m < PHASE_COUNT; m++) {
            struct noise_ratio q;
            if (!phase_table[m].noise)
                continue;
            noise_compare(recs, n, &recs[i].id.cell, 1, &base, 1, (enum phase_id)m, &q);
            enum noise_verdict v = noise_verdict(&q);
            if (!isnan(q.ratio) && v != NV_WITHIN && v != NV_DIFFERENT)
                return 0;
        }
    }
    return 1;
}

const char *noise_text(const struct noise_ratio *q, char *buf, size_t n)
{
    struct verdict d;
    noise_as_verdict(q, &d);
    return verdict_text(&d, -1, buf, n);
}

const char *noise_text_figures(double ratio, double lo, double hi, double within,
                               double rounds, double confidence_pct, char *buf, size_t n)
{
    struct noise_ratio q = {ratio, lo, hi, confidence_pct / 100, isnan(rounds) ? 0 : (int)rounds,
                            isnan(within) ? -1 : within > 0};
    if (isnan(ratio))
        buf[0] = 0;
    return isnan(ratio) ? buf : noise_text(&q, buf, n);
}

const char *noise_text_row(const struct csvin *t, int row, enum phase_id m, char *buf,
                           size_t n)
{
    const struct phase *p = &phase_table[m];
    const enum colid col[6] = {p->vs_cell1,    p->vs_cell1_lo,  p->vs_cell1_hi,
                               p->within_noise, COL_vs_cell1_rounds, COL_vs_cell1_confidence};
    double v[6];
    assert(p->noise);
    for (int k = 0; k < 6; k++)
        v[k] = csvin_num(t, CSV_SUMMARY, row, col[k]);
    return noise_text_figures(v[0], v[1], v[2], v[3], v[4], v[5], buf, n);
}

const char *noise_text_against(const struct csvin *t, int row, enum phase_id m, int64_t base,
                               char *buf, size_t n)
{
    static const enum colid cols[PHASE_COUNT][4] = {
        [PHASE_WRITE] = {COL_write_vs_baseline, COL_write_vs_baseline_lo, COL_write_vs_baseline_hi,
                         COL_write_verdict},
        [PHASE_READ] = {COL_read_vs_baseline, COL_read_vs_baseline_lo, COL_read_vs_baseline_hi,
                        COL_read_verdict},
    };
    assert(phase_table[m].noise && cols[m][0] != cols[m][1]);
    buf[0] = 0;
    if (csvin_num(t, CSV_SUMMARY, row, COL_baseline_cell) == (double)base) {
        double v[3];
        for (int k = 0; k < 3; k++)
            v[k] = csvin_num(t, CSV_SUMMARY, row, cols[m][k]);
        const char *word = csvin_str(t, CSV_SUMMARY, row, cols[m][3]);
        double within = isnan(v[1]) ? NAN
                        : strcmp(word, verdict_call_name(VC_NO_DIFFERENCE)) == 0;
        if (strcmp(word, "baseline") == 0) {
            snprintf(buf, n, "1.00x (the baseline)");
            return buf;
        }
        const enum colid method[PHASE_COUNT] = {[PHASE_WRITE] = COL_write_vs_baseline_method,
                                                [PHASE_READ] = COL_read_vs_baseline_method};
        enum verdict_method how = verdict_method_of(csvin_str(t, CSV_SUMMARY, row, method[m]));
        if (!isnan(v[0]) && (how == VM_LOCKSTEP || how == VM_SEQUENTIAL)) {
            /* one round's chunk pairs decided it (pairseries_fill) */
            struct verdict d = {v[0], v[1], v[2], VC_NONE, how, 0, 0, 0};
            verdict_settle_typed(&d, word);
            return verdict_text(&d, how == VM_LOCKSTEP, buf, n);
        }
        return noise_text_figures(v[0], v[1], v[2], within,
                                  csvin_num(t, CSV_SUMMARY, row, COL_baseline_rounds),
                                  csvin_num(t, CSV_SUMMARY, row, COL_baseline_confidence), buf, n);
    }
    if (base == 1)
        return noise_text_row(t, row, m, buf, n);
    /* another baseline than the run's: paired again from the file's rows */
    int nrecs;
    struct summary_record *recs = csvin_records(t, CSV_SUMMARY, sizeof *recs, &nrecs);
    if (recs && row >= 0 && row < t->nrows) {
        struct noise_ratio q;
        noise_compare(recs, t->nrows, &recs[row].id.cell, 1, &base, 1, m, &q);
        if (!isnan(q.ratio))
            noise_text(&q, buf, n);
    }
    free(recs);
    return buf;
}

const char *noise_statement(const struct csvin *t, int64_t base, char *buf, size_t n)
{
    char how[160], baseline_text[CELLNAME_MAX];
    int rounds = 0, filled = 0;
    double paired = NAN;      /* the rounds its verdicts count (an older file: unknown) */
    cellname(baseline_text, sizeof baseline_text, base, 1, 1);
    for (int i = 0; i < t->nrows; i++) {
        rounds = (int)fmax(rounds, csvin_num(t, CSV_SUMMARY, i, COL_repeat));
        filled |= *csvin_str(t, CSV_SUMMARY, i, phase_table[PHASE_WRITE].vs_cell1) != 0;
        paired = fmax(paired, csvin_num(t, CSV_SUMMARY, i, COL_baseline_rounds));
    }
    buf[0] = 0;
    if (rounds < 2 || filled)
        snprintf(buf, n, "%s%s%s%s",
                 noise_method_paired(isnan(paired) ? rounds : (int)paired, rounds, how,
                                     sizeof how),
                 rounds > 1 ? "; each cell against the baseline, " : "",
                 rounds > 1 ? baseline_text : "",
                 rounds > 1 ? " (--baseline; by default cell 1, every dimension's first value); "
                              "a difference is called when its 95% interval excludes 1, no "
                              "difference beyond 5% when it lies within that, else not decided."
                            : "; a difference between cells may be noise.");
    return buf;
}

const char *noise_method(int k, char *buf, size_t n)
{
    if (k < 2)
        snprintf(buf, n, "each cell ran once: no noise estimate exists (--repeat 2 or more "
                         "states one)");
    else
        snprintf(buf, n, "paired by round: each round's ratio of the rates sustained, a 95%% "
                         "interval by Student's t on their logarithms over %d rounds", k);
    return buf;
}

const char *noise_method_paired(int paired, int rounds, char *buf, size_t n)
{
    if (paired >= 2 || rounds < 2)
        return noise_method(paired >= 2 ? paired : rounds, buf, n);
    snprintf(buf, n, "paired by round: %d round%s with a cell and the baseline both measured, "
                     "too few for an interval", paired, paired == 1 ? "" : "s");
    return buf;
}

/* The cell's median over its measured repeats, and their range. */
static void over_repeats(const struct summary_record *recs, int n, int64_t cell,
                         enum phase_id m, double *tmp, double out[3])
{
    int k = 0;
    for (int i = 0; i < n; i++)
        if (recs[i].id.cell == cell && !isnan(noise_rate(&recs[i], m)))
            tmp[k++] = noise_rate(&recs[i], m);
    out[0] = k ? median_of(tmp, k) : NAN;   /* sorted: */
    out[1] = k ? tmp[0] : NAN;
    out[2] = k ? tmp[k - 1] : NAN;
}

/* The verdict of a cell against the baseline in a word (records.h). */
static const char *verdict_word(const struct noise_ratio *q, int is_base)
{
    switch (isnan(q->ratio) ? -1 : is_base ? -2 : (int)noise_verdict(q)) {
    case -1: return "";
    case -2: return "baseline";
    case NV_WITHIN: return verdict_call_name(VC_NO_DIFFERENCE);
    case NV_DIFFERENT: return verdict_call_name(VC_DIFFERENCE);
    default: return verdict_call_name(VC_NOT_DECIDED);
    }
}

void noise_fill(struct summary_record *recs, int n, int64_t baseline)
{
    double *tmp = malloc(sizeof(double) * (size_t)(n + 1));
    const int64_t one = 1;
    for (int i = 0; tmp && i < n; i++) {
        struct summary_record *s = &recs[i];
        if (s->id.repeat < 1 || strcmp(s->status, "warmup") == 0)
            continue;
        s->baseline_cell = (double)baseline;
        for (int m = 0; m < PHASE_COUNT; m++) {
            if (!phase_table[m].noise)
                continue;
            struct phase_summary *ps = &s->ph[m];
            double v[3];
            struct noise_ratio q, b;
            over_repeats(recs, n, s->id.cell, (enum phase_id)m, tmp, v);
            noise_compare(recs, n, &s->id.cell, 1, &one, 1, (enum phase_id)m, &q);
            noise_compare(recs, n, &s->id.cell, 1, &baseline, 1, (enum phase_id)m, &b);
            ps->repeats_median = v[0];
            ps->repeats_min = v[1];
            ps->repeats_max = v[2];
            ps->vs_cell1 = q.ratio;
            ps->vs_cell1_lo = q.lo;
            ps->vs_cell1_hi = q.hi;
            ps->within_noise = q.within < 0 ? NAN : q.within;
            ps->vs_base = b.ratio;
            ps->vs_base_lo = b.lo;
            ps->vs_base_hi = b.hi;
            snprintf(ps->verdict, sizeof ps->verdict, "%s",
                     verdict_word(&b, s->id.cell == baseline));
            snprintf(ps->method, sizeof ps->method, "%s",
                     isnan(b.ratio) || s->id.cell == baseline ? "" : "rounds");
            if (m == PHASE_WRITE) {   /* the rounds and coverage: write's, as ever */
                s->vs_cell1_rounds = q.rounds ? q.rounds : NAN;
                s->vs_cell1_confidence = isnan(q.confidence) ? NAN : 100 * q.confidence;
                s->baseline_rounds = b.rounds ? b.rounds : NAN;
                s->baseline_confidence = isnan(b.confidence) ? NAN : 100 * b.confidence;
            }
        }
    }
    free(tmp);
}
