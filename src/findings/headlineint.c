/*
** headlineint: a sentence of the headline added, and its figures.  See
** headlineint.h.
*/
#include "headlineint.h"
#include "units.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void headline_add(struct headline *h, enum headline_kind kind, const char *fmt, ...)
{
    if (h->n >= HEADLINE_MAX)
        return;
    va_list ap;
    va_start(ap, fmt);
    h->line[h->n].kind = kind;
    h->line[h->n].cell = 0;
    h->line[h->n].nfig = 0;
    h->line[h->n].nverdict = 0;
    vsnprintf(h->line[h->n].text, sizeof h->line[h->n].text, fmt, ap);
    va_end(ap);
    h->n++;
}

void headline_figure(struct headline *h, enum headline_kind kind, const char *name,
                     const char *of, double v, const char *unit)
{
    struct headline_line *l = h->n ? &h->line[h->n - 1] : NULL;
    if (!l || l->kind != kind || l->nfig >= HEADLINE_FIGS || isnan(v))
        return;
    struct headline_figure *f = &l->fig[l->nfig++];
    snprintf(f->name, sizeof f->name, "%s", name);
    snprintf(f->of, sizeof f->of, "%s", of);
    /* as `report --format json` prints a real: summary.json's findings
    ** and the report's are then the same numbers */
    f->value = units_real(v);
    f->unit = unit;
}

void headline_verdict(struct headline *h, enum headline_kind kind, const char *a,
                      const char *b, enum phase_id m, const struct verdict *v)
{
    struct headline_line *l = h->n ? &h->line[h->n - 1] : NULL;
    if (!l || l->kind != kind || l->nverdict >= HEADLINE_VERDICTS || isnan(v->ratio))
        return;
    struct headline_verdict *d = &l->verdict[l->nverdict++];
    char of[64], name[40];
    snprintf(d->a, sizeof d->a, "%s", a);
    snprintf(d->b, sizeof d->b, "%s", b);
    d->phase = phase_table[m].name;
    d->v = *v;
    snprintf(of, sizeof of, "%s against %s", a, b);
    snprintf(name, sizeof name, "%s_ratio", d->phase);
    headline_figure(h, kind, name, of, v->ratio, "ratio");
    snprintf(name, sizeof name, "%s_ratio_lo", d->phase);
    headline_figure(h, kind, name, of, v->lo, "ratio");
    snprintf(name, sizeof name, "%s_ratio_hi", d->phase);
    headline_figure(h, kind, name, of, v->hi, "ratio");
}

int headline_measured(const struct summary_record *r)
{
    return strcmp(r->status, "ok") == 0 && r->id.repeat >= 1;
}

int64_t headline_most_readers(const struct headline_input *in)
{
    int64_t most = 0;
    for (int i = 0; i < in->nrecs; i++)
        if (headline_measured(&in->recs[i]) && in->recs[i].id.v[DIM_READERS] > most)
            most = in->recs[i].id.v[DIM_READERS];
    return most;
}

const char *headline_oversubscribed(const struct headline_input *in)
{
    static char buf[300];
    int64_t most = headline_most_readers(in);
    if (in->cpus <= 0 || most + 1 <= in->cpus)
        return "";
    snprintf(buf, sizeof buf, "A writer and %" PRId64 " readers are %" PRId64 " processes on "
             "this machine's %d cores: they compete for the CPU, so the ratios and the "
             "readers' waits below measure that too, not only the database's locks.", most,
             most + 1, in->cpus);
    return buf;
}
