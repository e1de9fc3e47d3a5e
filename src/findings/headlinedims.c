/*
** headlinedims: each dimension's values ranked, and the verdict between
** neighbours.  See headlinedims.h.
*/
#include "headlinedims.h"

#include "chunkpair.h"
#include "dims.h"
#include "pairseries.h"
#include "relnum.h"
#include "summary.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int headlinedims_compare(const struct headline_input *in, const int64_t *a, int na,
                         const int64_t *b, int nb, enum phase_id m, struct verdict *out,
                         struct verdict *other)
{
    return pairseries_verdict(in->chunks, in->nchunks, in->interleaved, in->recs, in->nrecs, a,
                              na, b, nb, m, out, other);
}

const char *headlinedims_faster_text(const struct verdict *v, const struct verdict *other,
                                     int disagree, int lockstep, const char *b, char *buf,
                                     size_t n)
{
    char tail[256], t[256], ratio[32];
    size_t len = (size_t)snprintf(buf, n, "%s as fast as %s%s",
                                  units_ratio(v->ratio, ratio, sizeof ratio), b,
                                  verdict_tail_text(v, lockstep, tail, sizeof tail));
    if (disagree && len < n)
        len += (size_t)snprintf(buf + len, n - len, "; its %s disagree: %s",
                                other->method != VM_ROUNDS ? "chunk pairs" : "rounds",
                                verdict_text(other, lockstep, t, sizeof t));
    /* the pairs a resume split, whichever verdict is stated: counted */
    const struct verdict *pairs = v->method != VM_ROUNDS ? v : other;
    if (pairs->left_out > 0 && len < n)
        snprintf(buf + len, n - len, "; %d chunk pair%s straddling a resume left out",
                 pairs->left_out, pairs->left_out == 1 ? "" : "s");
    return buf;
}

/* Dimension d's values for phase m, ranked by their rate against the
** baseline's value (fastest first), into rank[]; into order[] the order
** neighbours are compared in: the ranking's, a library's release order. */
static void rank_values(const struct summary_dim *v, int d, int *rank, int *order)
{
    for (int k = 0; k < v->nv; k++)
        rank[k] = order[k] = k;
    for (int i = 1; i < v->nv; i++)     /* a few values: insertion sort */
        for (int j = i; j > 0; j--) {
            double x = v->vs_base[rank[j]].ratio, y = v->vs_base[rank[j - 1]].ratio;
            if (!(x > y) && !(isnan(y) && !isnan(x)))
                break;
            int t = rank[j];
            rank[j] = rank[j - 1];
            rank[j - 1] = t;
        }
    for (int k = 0; k < v->nv; k++)
        order[k] = rank[k];
    if (d == DIM_LIB)
        relnum_order(v->names, v->nv, order);
}

/* Dimension d's values for phase m ranked, and the verdict between each
** and the next: "wal writes 1.86x as fast as delete (1.62..2.10): a
** difference, from 40 chunk pairs in lockstep"; with three values or
** more, "ranked by write rate: 3.40.1, 3.7.3, 3.6.23.1; 3.7.3 writes ...
** as fast as 3.6.23.1 ...; 3.40.1 writes ... as fast as 3.7.3 ...".  Into
** buf; "" with fewer than 2 values measured. */
static const char *ranked_text(const struct headline_input *in, int d, enum phase_id m,
                               char *buf, size_t n, struct headline_verdict *said, int *nsaid)
{
    struct summary_dim v;
    char verb[16], t[600];
    int rank[LIST_MAX], order[LIST_MAX];
    snprintf(verb, sizeof verb, "%ss", phase_table[m].name);
    buf[0] = 0;
    if (summary_dim(in->recs, in->nrecs, d, in->baseline, m, &v) != 0)
        return buf;
    int nc = v.ncombos, measured = 0;
    for (int k = 0; k < v.nv; k++)
        measured += !isnan(v.vs_base[k].ratio);
    if (v.nv >= 2 && measured >= 2) {
        rank_values(&v, d, rank, order);
        size_t len = 0;
        if (measured > 2) {
            len += (size_t)snprintf(buf, n, "ranked by %s rate:", phase_table[m].name);
            for (int k = 0; k < measured && len < n; k++)
                len += (size_t)snprintf(buf + len, n - len, "%s %s", k ? "," : "",
                                        v.names[rank[k]]);
        }
        /* each value against the one before it in order, faster first */
        for (int k = 1; k < v.nv && len < n; k++) {
            int x = order[k - 1], y = order[k];
            if (isnan(v.vs_base[x].ratio) || isnan(v.vs_base[y].ratio))
                continue;
            if (v.vs_base[y].ratio > v.vs_base[x].ratio) {
                int s = x;
                x = y;
                y = s;
            }
            struct verdict w, other;
            int disagree = headlinedims_compare(in, &v.cells[(size_t)x * (size_t)nc],
                                                v.ncells[x], &v.cells[(size_t)y * (size_t)nc],
                                                v.ncells[y], m, &w, &other);
            if (*nsaid < HEADLINE_VERDICTS) {   /* the same, typed */
                struct headline_verdict *typed = &said[(*nsaid)++];
                snprintf(typed->a, sizeof typed->a, "%s", v.names[x]);
                snprintf(typed->b, sizeof typed->b, "%s", v.names[y]);
                typed->phase = phase_table[m].name;
                typed->v = w;
            }
            len += (size_t)snprintf(buf + len, n - len, "%s%s%s %s %s", len ? "; " : "",
                                    v.names[x], x == v.base ? " (the baseline)" : "", verb,
                                    headlinedims_faster_text(&w, &other, disagree,
                                                             in->interleaved, v.names[y], t,
                                                             sizeof t));
        }
    }
    summary_dim_free(&v);
    return buf;
}

void headlinedims_say(const struct headline_input *in, struct headline *h)
{
    for (int d = 0; d < DIM_COUNT; d++) {
        char w[1400], r[1400];
        struct headline_verdict said[HEADLINE_VERDICTS];
        int nsaid = 0;
        /* a paced cell's write rate is the storage's service, and its
        ** reads the same as unpaced: the pacing's answer is each cell's
        ** latencies (HL_PACED), not a ratio of rates */
        if (d == DIM_WRITE_RATE || d == DIM_ARRIVAL || d == DIM_LATENCY_LIMIT)
            continue;
        ranked_text(in, d, PHASE_WRITE, w, sizeof w, said, &nsaid);
        ranked_text(in, d, PHASE_READ, r, sizeof r, said, &nsaid);
        /* cells with more processes than cores: said once before these
        ** (headline.c), not with every ratio */
        if (!*w)
            continue;
        headline_add(h, HL_DIM, "%s: %s%s%s.", d == DIM_LIB ? "sqlite" : dim_table[d].column,
                     w, *r ? "; " : "", r);
        for (int k = 0; k < nsaid; k++)
            headline_verdict(h, HL_DIM, said[k].a, said[k].b, phase_of(said[k].phase),
                             &said[k].v);
    }
}
