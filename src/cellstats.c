/*
** cellstats: see cellstats.h.
*/
#include "cellstats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int cellstats_init(struct cellstats *s, int64_t nchunks)
{
    memset(s, 0, sizeof *s);
    size_t k = nchunks > 0 ? (size_t)nchunks : 1;
    s->write_rate = calloc(k, sizeof(double));
    s->read_rate = calloc(k, sizeof(double));
    s->read_p99 = calloc(k, sizeof(double));
    if (!s->write_rate || !s->read_rate || !s->read_p99) {
        cellstats_free(s);
        return -1;
    }
    s->cap = nchunks;
    return 0;
}

int cellstats_add(struct cellstats *s, const struct chunk_record *cr)
{
    if (s->n >= s->cap)
        return -1;
    s->write_rate[s->n] = cr->write_rows_per_s;
    s->read_rate[s->n] = cr->read_ops_per_s;
    s->read_p99[s->n] = cr->read_us[LAT_P99];
    s->io_write_total += cr->io_write_bytes > 0 ? cr->io_write_bytes : 0;
    s->n++;
    return 0;
}

int cellstats_copy(struct cellstats *s, const struct cellstats *src)
{
    if (src->n > s->cap)
        return -1;
    size_t bytes = sizeof(double) * (size_t)src->n;
    memcpy(s->write_rate, src->write_rate, bytes);
    memcpy(s->read_rate, src->read_rate, bytes);
    memcpy(s->read_p99, src->read_p99, bytes);
    s->n = src->n;
    s->io_write_total = src->io_write_total;
    return 0;
}

double cellstats_median(double *v, int n)
{
    /* insertion sort: n is a cell's chunk count, and NaN sorts last */
    for (int i = 1; i < n; i++) {
        double x = v[i];
        int j = i - 1;
        while (j >= 0 && (isnan(v[j]) || v[j] > x) && !isnan(x)) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
    int finite = 0;
    while (finite < n && !isnan(v[finite]))
        finite++;
    if (finite == 0)
        return NAN;
    return finite % 2 ? v[finite / 2] : (v[finite / 2 - 1] + v[finite / 2]) / 2;
}

/* The median of a copy, its smallest and largest finite value. */
static double median_range(const double *v, int n, double *lo, double *hi)
{
    double *tmp = malloc(sizeof(double) * (size_t)n);
    double med = NAN;
    *lo = *hi = NAN;
    if (!tmp)
        return NAN;
    memcpy(tmp, v, sizeof(double) * (size_t)n);
    med = cellstats_median(tmp, n);      /* sorted: finite ones first */
    for (int i = 0; i < n && !isnan(tmp[i]); i++) {
        if (i == 0)
            *lo = tmp[i];
        *hi = tmp[i];
    }
    free(tmp);
    return med;
}

void cellstats_summarise(const struct cellstats *s, struct summary_record *sum)
{
    int n = (int)s->n;
    double lo, hi;
    if (n == 0)
        return;
    sum->write_rows_per_s_first = s->write_rate[0];
    sum->write_rows_per_s_last = s->write_rate[n - 1];
    sum->write_last_over_first = sum->write_rows_per_s_last / sum->write_rows_per_s_first;
    sum->write_rows_per_s_median = median_range(s->write_rate, n, &lo, &hi);
    sum->write_rows_per_s_min = lo;
    sum->write_rows_per_s_max = hi;
    sum->read_ops_per_s_median = median_range(s->read_rate, n, &lo, &hi);
    sum->read_ops_per_s_min = lo;
    sum->read_ops_per_s_max = hi;
    sum->read_p99_us_median = median_range(s->read_p99, n, &lo, &hi);
    sum->io_write_bytes_per_row = sum->rows ? (double)s->io_write_total / (double)sum->rows : NAN;
}

void cellstats_free(struct cellstats *s)
{
    free(s->write_rate);
    free(s->read_rate);
    free(s->read_p99);
    memset(s, 0, sizeof *s);
}
