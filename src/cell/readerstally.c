/*
** readerstally: see readerstally.h.  A tally's latencies are histograms,
** which merge exactly (hist.h): the readers' percentiles over a chunk or a
** cell are those of every read in it, not an average of percentiles.
*/
#include "readerstally.h"
#include "histfile.h"
#include "latency.h"

#include <assert.h>
#include <math.h>

_Static_assert(READERS_BY_OTHER == RECORDS_READER_OTHER &&
                   READERS_BY_COUNT == HISTFILE_READER_HISTS,
               "histograms.csv keeps the readers' histograms in the tally's order");

const char *const readers_during_name[READER_DURING_COUNT] = {
    [READER_DURING_WRITE] = "write",
    [READER_DURING_COMMIT] = "commit",
    [READER_DURING_READ] = "read",
    [READER_DURING_CHECKPOINT] = "checkpoint",
};

void readers_tally_reset(struct readers_tally *t)
{
    t->chunk = 0;
    t->failures = 0;
    t->span_ns = 0;
    t->nspan = 0;
    t->error[0] = 0;
    for (int b = 0; b < READERS_BY_COUNT; b++) {
        t->by[b].ops = t->by[b].busy = 0;
        t->by[b].wait_ns = 0;
        hist_reset(&t->lat[b]);
    }
}

void readers_tally_merge_latencies(struct readers_tally *t, const struct readers_tally *src)
{
    for (int b = 0; b < READERS_BY_COUNT; b++)
        hist_merge(&t->lat[b], &src->lat[b]);
}

void readers_tally_merge(struct readers_tally *t, const struct readers_tally *src)
{
    assert(t != src);           /* it would count src twice */
    t->failures += src->failures;
    t->span_ns += src->span_ns;
    t->nspan += src->nspan;
    for (int b = 0; b < READERS_BY_COUNT; b++) {
        t->by[b].ops += src->by[b].ops;
        t->by[b].busy += src->by[b].busy;
        t->by[b].wait_ns += src->by[b].wait_ns;
    }
    readers_tally_merge_latencies(t, src);
}

void readers_figures_clear(struct reader_figures *f)
{
    f->ops = f->ops_per_s = f->busy = f->wait_s = NAN;
    for (int i = 0; i < LAT_COUNT; i++)
        f->us[i] = NAN;
    for (int d = 0; d < READER_DURING_COUNT; d++)
        f->during[d].ops = f->during[d].p99_us = f->during[d].busy = NAN;
}

void readers_tally_figures(const struct readers_tally *t, struct reader_figures *f)
{
    readers_figures_clear(f);
    if (t->nspan == 0)
        return;
    struct hist all;
    int64_t ops = 0, busy = 0;
    uint64_t wait = 0;
    hist_reset(&all);
    for (int b = 0; b < READERS_BY_COUNT; b++) {
        ops += t->by[b].ops;
        busy += t->by[b].busy;
        wait += t->by[b].wait_ns;
        hist_merge(&all, &t->lat[b]);
    }
    double span_s = (double)t->span_ns / t->nspan / 1e9;
    f->ops = (double)ops;
    f->ops_per_s = span_s > 0 ? (double)ops / span_s : NAN;
    latency_from_hist(&all, f->us);
    f->busy = (double)busy;
    f->wait_s = wait / 1e9;
    for (int d = 0; d < READER_DURING_COUNT; d++) {
        double us[LAT_COUNT];
        latency_from_hist(&t->lat[d], us);
        f->during[d].ops = (double)t->by[d].ops;
        f->during[d].p99_us = us[LAT_P99];
        f->during[d].busy = (double)t->by[d].busy;
    }
}

void readers_tally_add_figures(struct readers_tally *t, const struct reader_figures *f)
{
    if (!isfinite(f->ops))
        return;
    int64_t during = 0, dbusy = 0;
    for (int d = 0; d < READER_DURING_COUNT; d++) {
        t->by[d].ops += (int64_t)f->during[d].ops;
        t->by[d].busy += (int64_t)f->during[d].busy;
        during += (int64_t)f->during[d].ops;
        dbusy += (int64_t)f->during[d].busy;
    }
    t->by[READERS_BY_OTHER].ops += (int64_t)f->ops - during;
    t->by[READERS_BY_OTHER].busy += (int64_t)f->busy - dbusy;
    t->by[READERS_BY_OTHER].wait_ns += (uint64_t)llround(f->wait_s * 1e9);
    if (f->ops > 0 && f->ops_per_s > 0)
        t->span_ns += (uint64_t)llround(f->ops / f->ops_per_s * 1e9);
    t->nspan = 1;
}
