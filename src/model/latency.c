/*
** latency: see latency.h.
*/
#include "latency.h"

#include <math.h>

const struct latency_stat latency_table[LAT_COUNT] = {
    [LAT_P50] = {"read_p50_us", "p50", 50, "median read latency"},
    [LAT_P90] = {"read_p90_us", "p90", 90, "90th percentile read latency"},
    [LAT_P99] = {"read_p99_us", "p99", 99, "99th percentile read latency"},
    [LAT_P999] = {"read_p999_us", "p99.9", 99.9, "99.9th percentile read latency"},
    [LAT_MAX] = {"read_max_us", "max", LATENCY_MAX, "slowest read, exact"},
    [LAT_MEAN] = {"read_mean_us", "mean", LATENCY_MEAN, "mean read latency"},
};

void latency_from_hist(const struct hist *h, double us[LAT_COUNT])
{
    for (int i = 0; i < LAT_COUNT; i++) {
        double pct = latency_table[i].pct;
        double ns = pct == LATENCY_MAX    ? (double)h->max
                    : pct == LATENCY_MEAN ? (double)h->sum / (double)h->count
                                          : (double)hist_percentile(h, pct);
        us[i] = h->count ? ns / 1e3 : NAN;
    }
}
