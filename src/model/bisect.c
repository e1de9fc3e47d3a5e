/*
** bisect: the walk of --bisect over a ladder.  See bisect.h.
*/
#include "bisect.h"

#include <stdio.h>

int bisect_level(int p, int n, int *a, int *b)
{
    *a = *b = -1;
    if (p <= 0 || p >= n - 1)
        return 0;
    int lo = 0, hi = n - 1, level = 1;
    for (;;) {
        int mid = (lo + hi) / 2;
        if (p == mid) {
            *a = lo;
            *b = hi;
            return level;
        }
        if (p < mid)
            hi = mid;
        else
            lo = mid;
        level++;
    }
}

int bisect_runs_for_one_step(int n)
{
    int runs = 2;
    for (int gaps = 1; gaps < n - 1; gaps *= 2)
        runs++;
    return runs;
}

int bisect_check(const struct config *cfg, char *err, size_t errlen)
{
    if (!cfg->bisect)
        return 0;
    const char *why = cfg->dim[DIM_LIB].n < 3 ? "a ladder of three libraries or more "
                                                "(--sqlite-lib 3.7.0..3.8.11.1)"
                      : cfg->repeat_auto || cfg->repeat < 2
                          ? "--repeat 2 or more: one round gives no interval to tell two "
                            "releases apart"
                      : cfg->interleave == IL_CHUNK ? "its cells run one after another, not "
                                                      "--interleave chunk"
                      : cfg->shard ? "the whole ladder, not a --shard of it"
                                   : NULL;
    if (why)
        snprintf(err, errlen, "--bisect needs %s", why);
    return why ? -1 : 0;
}
