/*
** headlineclaims: the presets' published claims beside this run's
** verdicts.  See headlineclaims.h.
*/
#include "headlineclaims.h"
#include "headlinedims.h"
#include "headlinescaling.h"

#include "dims.h"
#include "noise.h"
#include "summary.h"

#include <math.h>
#include <stdio.h>
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

/* The index of value text among v's values, or -1. */
static int value_index(const struct summary_dim *v, const char *text)
{
    for (int k = 0; k < v->nv; k++)
        if (strcmp(v->names[k], text) == 0)
            return k;
    return -1;
}

/* The one verdict of value a's cells over value b's, for writes, with
** the other evidence and whether it disagrees (headlinedims.h). */
static int compare_values(const struct headline_input *in, const struct summary_dim *v, int a,
                          int b, struct verdict *q, struct verdict *other)
{
    size_t nc = (size_t)v->ncombos;
    return headlinedims_compare(in, &v->cells[(size_t)a * nc], v->ncells[a],
                                &v->cells[(size_t)b * nc], v->ncells[b], PHASE_WRITE, q, other);
}

/* "A writes 3.2x as fast as B (...): a difference, from 5 rounds". */
static const char *writes_text(const struct headline_input *in, const struct summary_dim *v,
                               int a, int b, char *buf, size_t n)
{
    struct verdict q, other;
    char t[500];
    int disagree = compare_values(in, v, a, b, &q, &other);
    snprintf(buf, n, "%s writes %s", v->names[a],
             headlinedims_faster_text(&q, &other, disagree, in->interleaved, v->names[b], t,
                                      sizeof t));
    return buf;
}

static void verdict_flat(const struct headline_input *in, char *buf, size_t n)
{
    struct headlinescaling_fit f;
    char t[200];
    headlinescaling_fit_cost(in, in->baseline, PHASE_WRITE, &f);
    if (isnan(f.b_lo))
        snprintf(buf, n, "not decided here (%d full chunks: a fit needs 3)", f.k);
    else if (exp2(f.b_hi) <= 1 + FLAT_PER_DOUBLING && exp2(f.b_lo) >= 1 - FLAT_PER_DOUBLING)
        snprintf(buf, n, "so here: %s", headlinescaling_per_doubling(&f, t, sizeof t));
    else if (exp2(f.b_lo) > 1 + FLAT_PER_DOUBLING)
        snprintf(buf, n, "not so here: write cost grew %s",
                 headlinescaling_per_doubling(&f, t, sizeof t));
    else
        snprintf(buf, n, "not decided here: %s, an interval neither within %lld%% of flat nor "
                         "past it",
                 headlinescaling_per_doubling(&f, t, sizeof t),
                 (long long)llround(100 * FLAT_PER_DOUBLING));
}

static void verdict_faster(const struct headline_input *in, const struct summary_dim *v,
                           int a, int b, char *buf, size_t n)
{
    struct verdict q, other;
    char t[700];
    compare_values(in, v, a, b, &q, &other);
    if (q.call == VC_DIFFERENCE && q.ratio > 1)
        snprintf(buf, n, "so here: %s", writes_text(in, v, a, b, t, sizeof t));
    else if (q.call == VC_DIFFERENCE || q.call == VC_NO_DIFFERENCE)
        snprintf(buf, n, "not so here: %s", writes_text(in, v, b, a, t, sizeof t));
    else
        snprintf(buf, n, "not decided here: %s", writes_text(in, v, a, b, t, sizeof t));
}

static void verdict_best(const struct headline_input *in, const struct summary_dim *v, int a,
                         char *buf, size_t n)
{
    int best = v->best, open = 0;
    struct verdict q, other;
    char t[700];
    if (best != a) {
        compare_values(in, v, best, a, &q, &other);
        if (q.call == VC_DIFFERENCE)
            snprintf(buf, n, "not so here: %s", writes_text(in, v, best, a, t, sizeof t));
        else
            snprintf(buf, n, "not decided here; %s first, %s %s", v->names[best],
                     q.call == VC_NO_DIFFERENCE ? "no difference beyond 5% from"
                                                : "not decided against",
                     v->names[a]);
        return;
    }
    size_t at = (size_t)snprintf(buf, n, "%s first", v->names[a]);
    for (int k = 0; k < v->nv && at < n; k++) {
        if (k == a)
            continue;
        compare_values(in, v, a, k, &q, &other);
        if (q.call != VC_DIFFERENCE)
            at += (size_t)snprintf(buf + at, n - at, "%s %s", open++ ? "," : "; no difference "
                                   "beyond 5% from, or not decided against", v->names[k]);
    }
    if (!open && at < n) {
        char why[300];
        snprintf(why, sizeof why, "so here: %s", buf);
        snprintf(buf, n, "%s, a difference from every other", why);
    } else if (at < n) {
        char why[300];
        snprintf(why, sizeof why, "%s", buf);
        snprintf(buf, n, "not decided here; %s", why);
    }
}

void headlineclaims_say(const struct headline_input *in, struct headline *h)
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
        headline_add(h, HL_CLAIM, "Published (--preset %s): %s. This run: %s.", c->preset,
                     c->claim, verdict);
    }
}
