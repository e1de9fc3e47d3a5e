/*
** headlinedims: each dimension's best value against the baseline's.  See
** headlinedims.h.
*/
#include "headlinedims.h"

#include "chunkpair.h"
#include "dims.h"
#include "pairseries.h"
#include "summary.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* "6 rounds", of a comparison's rounds. */
static const char *rounds_text(int k, char *buf, size_t n)
{
    snprintf(buf, n, "%d round%s", k, k == 1 ? "" : "s");
    return buf;
}

/* "1.99 times faster than delete (1.96..2.02, 95%, 6 rounds)", or why it
** is not established, of q (a over b).  The interval's ends, never a ±:
** a ratio's interval is not symmetric, and a ± of its far end reads as an
** interval that holds 1 when this one does not. */
const char *headlinedims_faster_text(const struct noise_ratio *q, const char *b, char *buf,
                                     size_t n)
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
                     headlinedims_faster_text(&v.vs_base[best], v.names[v.base], t, sizeof t),
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
                     headlinedims_faster_text(&q, v.names[next], t, sizeof t),
                     pairs_text(in, &v.cells[(size_t)v.base * (size_t)nc], v.ncells[v.base],
                                &v.cells[(size_t)next * (size_t)nc], v.ncells[next], m, &q, p,
                                sizeof p));
        }
    }
    summary_dim_free(&v);
    return buf;
}

void headlinedims_say(const struct headline_input *in, struct headline *h)
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
        /* cells with more processes than cores: said once before these
        ** (headline.c), not with every ratio */
        if (*w)
            headline_add(h, HL_DIM, "%s: %s%s%s.",
                         d == DIM_LIB ? "sqlite" : dim_table[d].column, w, *r ? "; " : "", r);
    }
}
