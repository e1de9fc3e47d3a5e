/*
** ladder: the steps between releases that change the cost.  See
** ladder.h.
*/
#include "ladder.h"

#include "absolute.h"
#include "bisect.h"
#include "changepoint.h"
#include "dims.h"
#include "headlinedims.h"
#include "relnum.h"
#include "summary.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The t distribution with this many degrees of freedom stands for the
** normal one, to the digits printed. */
#define LADDER_NORMAL_DF 1000

double ladder_widening(int m, int df)
{
    if (m <= 1)
        return 1;
    /* the 95% interval's own quantile: verdict.h's rounds take absolute.h's */
    double d = df < 1 ? LADDER_NORMAL_DF : df;
    double own = df < 1 ? changepoint_t_quantile(1 - LADDER_ALPHA / 2, d) : absolute_t975(df);
    return changepoint_t_quantile(1 - LADDER_ALPHA / (2.0 * m), d) / own;
}

/* The degrees of freedom of a verdict's interval: its rounds less one; a
** lockstep verdict's range of blocks is widened as a normal interval. */
static int degrees_of_freedom(const struct verdict *v)
{
    return v->method == VM_ROUNDS ? v->evidence - 1 : 0;
}

int ladder_find(struct ladder_step *steps, int m)
{
    int changes = 0, df_known = -2;
    double f = 1;
    for (int i = 0; i < m; i++) {
        const struct verdict *v = &steps[i].v;
        steps[i].change = 0;
        if (v->call != VC_DIFFERENCE || isnan(v->lo) || isnan(v->hi))
            continue;
        int df = degrees_of_freedom(v);
        if (df != df_known) {       /* a quantile costs a search: once a df */
            f = ladder_widening(m, df);
            df_known = df;
        }
        double r = log(v->ratio);
        double lo = exp(r + f * (log(v->lo) - r)), hi = exp(r + f * (log(v->hi) - r));
        steps[i].change = verdict_call_of(lo, hi) == VC_DIFFERENCE;
        changes += steps[i].change;
    }
    return changes;
}

const char *ladder_text(const char *verb, const char (*names)[160], const struct ladder_step *steps,
                        int m, char *buf, size_t n)
{
    int changes = 0, undecided = -1, nundecided = 0;
    size_t len = (size_t)snprintf(buf, n, "%s:", verb);
    for (int i = 0; i < m && len < n; i++) {
        const struct verdict *v = &steps[i].v;
        if (!steps[i].change) {
            if (isnan(v->lo) && !isnan(v->ratio) && nundecided++ == 0)
                undecided = i;
            continue;
        }
        int faster = v->ratio > 1;
        char ev[64], ratio[32], range[48];
        units_ratio(faster ? v->ratio : 1 / v->ratio, ratio, sizeof ratio);
        units_range(faster ? v->lo : 1 / v->hi, faster ? v->hi : 1 / v->lo, range, sizeof range);
        len += (size_t)snprintf(buf + len, n - len, "%s %s %s from %s to %s (%s), decided from %s",
                                changes++ ? ";" : "", ratio, faster ? "faster" : "slower",
                                names[i], names[i + 1], range,
                                verdict_evidence_text(v, ev, sizeof ev));
    }
    if (nundecided < m && len < n)
        len += (size_t)snprintf(buf + len, n - len, "%s no %sstep beyond noise%s",
                                changes ? ";" : "", changes ? "other " : "",
                                nundecided ? " among those decided" : "");
    if (nundecided && len < n) {
        char why[128];
        snprintf(buf + len, n - len, "%s %d step%s not decided: %s", nundecided < m ? ";" : "",
                 nundecided, nundecided == 1 ? "" : "s",
                 verdict_deciding_text(&steps[undecided].v, -1, why, sizeof why));
    }
    return buf;
}

/* Phase m's ladder of the run's libraries into buf, its change points'
** verdicts typed into said; "" with fewer than three libraries measured. */
static const char *phase_ladder(const struct headline_input *in, enum phase_id m, char *order_text,
                                size_t on, char *buf, size_t n, struct headline_verdict *said,
                                int *nsaid)
{
    struct summary_dim v;
    int order[LIST_MAX], rung[LIST_MAX], nr = 0;
    char names[LIST_MAX][160], verb[16];
    struct ladder_step steps[LIST_MAX];
    buf[0] = 0;
    if (summary_dim(in->recs, in->nrecs, DIM_LIB, in->baseline, m, &v) != 0)
        return buf;
    for (int k = 0; k < v.nv; k++)
        order[k] = k;
    relnum_order((const char (*)[160])v.names, v.nv, order);
    for (int k = 0; k < v.nv; k++)
        if (!isnan(v.vs_base[order[k]].ratio)) {
            rung[nr] = order[k];
            snprintf(names[nr++], sizeof names[0], "%s", v.names[order[k]]);
        }
    if (nr >= 3) {
        size_t len = 0;
        for (int k = 0; k < nr && len < on; k++)
            len += (size_t)snprintf(order_text + len, on - len, "%s%s", k ? ", " : "", names[k]);
        for (int k = 1; k < nr; k++) {
            struct verdict other;
            int later = rung[k], earlier = rung[k - 1], nc = v.ncombos;
            headlinedims_compare(in, &v.cells[(size_t)later * (size_t)nc], v.ncells[later],
                                 &v.cells[(size_t)earlier * (size_t)nc], v.ncells[earlier], m,
                                 &steps[k - 1].v, &other);
        }
        ladder_find(steps, nr - 1);
        for (int k = 0; k < nr - 1 && *nsaid < HEADLINE_VERDICTS; k++)
            if (steps[k].change) {
                struct headline_verdict *typed = &said[(*nsaid)++];
                snprintf(typed->a, sizeof typed->a, "%s", names[k + 1]);
                snprintf(typed->b, sizeof typed->b, "%s", names[k]);
                typed->phase = phase_table[m].name;
                typed->v = steps[k].v;
            }
        snprintf(verb, sizeof verb, "%ss", phase_table[m].name);
        ladder_text(verb, (const char (*)[160])names, steps, nr - 1, buf, n);
    }
    summary_dim_free(&v);
    return buf;
}

/* A skipped record's library as the ladder names it: its version, and its
** file when another library of the run has that version too. */
static const char *skipped_name(const struct headline_input *in, const struct cell_id *id,
                                char *buf, size_t n)
{
    int shared = 0;
    for (int i = 0; i < in->nrecs; i++)
        shared |= !strcmp(in->recs[i].id.sqlite_version, id->sqlite_version) &&
                  strcmp(in->recs[i].id.sqlite_lib, id->sqlite_lib);
    if (shared)
        snprintf(buf, n, "%s (%.120s)", id->sqlite_version, id->sqlite_lib);
    else
        snprintf(buf, n, "%s", id->sqlite_version);
    return buf;
}

/* The libraries --bisect skipped, each once, into h. */
static void bisect_skipped(const struct headline_input *in, struct headline *h)
{
    char list[800] = "", name[300];
    size_t len = 0;
    int count = 0, unmeasured = 0;
    for (int i = 0; i < in->nrecs; i++) {
        const struct summary_record *r = &in->recs[i];
        int seen = 0;
        if (strcmp(r->status, "skipped") || strncmp(r->reason, BISECT_REASON,
                                                    strlen(BISECT_REASON)))
            continue;
        for (int j = 0; j < i; j++)
            seen |= !strcmp(in->recs[j].status, "skipped") &&
                    !strcmp(in->recs[j].id.sqlite_lib, r->id.sqlite_lib);
        unmeasured |= strstr(r->reason, BISECT_SAME) == NULL;
        if (!seen && len < sizeof list)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", count++ ? ", " : "",
                                    skipped_name(in, &r->id, name, sizeof name));
    }
    if (count)
        headline_add(h, HL_DIM, "--bisect skipped %s: the ends of %s did not differ%s "
                     "(summary.csv's reason names them).", list,
                     count == 1 ? "its interval" : "their intervals",
                     unmeasured ? ", or did not both run" : "");
}

void ladder_say(const struct headline_input *in, struct headline *h)
{
    char order[600] = "", w[700], r[700];
    struct headline_verdict said[HEADLINE_VERDICTS];
    int nsaid = 0;
    phase_ladder(in, PHASE_WRITE, order, sizeof order, w, sizeof w, said, &nsaid);
    phase_ladder(in, PHASE_READ, order, sizeof order, r, sizeof r, said, &nsaid);
    if (*w || *r) {
        headline_add(h, HL_DIM, "sqlite ladder (%s, in release order): %s%s%s.", order, w,
                     *w && *r ? "; " : "", r);
        for (int k = 0; k < nsaid; k++)
            headline_verdict(h, HL_DIM, said[k].a, said[k].b, phase_of(said[k].phase),
                             &said[k].v);
    }
    bisect_skipped(in, h);
}
