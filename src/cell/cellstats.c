/*
** cellstats: see cellstats.h.
*/
#include "cellstats.h"
#include "median.h"
#include "pace.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int cellstats_init(struct cellstats *s, int64_t nchunks)
{
    memset(s, 0, sizeof *s);
    size_t k = nchunks > 0 ? (size_t)nchunks : 1;
    int ok = 1;
    for (int p = 0; p < PHASE_COUNT; p++)
        ok &= (s->rate[p] = calloc(k, sizeof(double))) != NULL;
    s->read_p99 = calloc(k, sizeof(double));
    s->cached = calloc(k, sizeof(double));
    s->full = calloc(k, 1);
    hist_reset(&s->lat);
    hist_reset(&s->txn);
    txn_figures_clear(&s->tx);
    s->writer_busy = s->writer_wait_s = s->wal_bytes_max = NAN;
    for (int p = 0; p < PHASE_COUNT; p++)
        for (int f = 0; f < PHASE_FIGURES; f++)
            s->fig[p][f] = NAN;
    for (int f = 0; f < VFS_FILES; f++)
        s->vfs_bytes[f] = NAN;
    s->vfs_syncs = s->vfs_commits = NAN;
    s->dev_write_total = NAN;
    readers_tally_reset(&s->rd);
    if (!ok || !s->read_p99 || !s->cached || !s->full) {
        cellstats_free(s);
        return -1;
    }
    s->cap = nchunks;
    return 0;
}

/* *sum plus x, a figure that was not measured (NaN) adding nothing. */
static void add_figure(double *sum, double x)
{
    if (!isnan(x))
        *sum = isnan(*sum) ? x : *sum + x;
}

static void max_figure(double *max, double x)
{
    if (!isnan(x) && (isnan(*max) || x > *max))
        *max = x;
}

int cellstats_add(struct cellstats *s, const struct chunk_record *cr, int full)
{
    if (s->n >= s->cap)
        return -1;
    for (int p = 0; p < PHASE_COUNT; p++)
        s->rate[p][s->n] = cr->ph[p].rate;
    s->read_p99[s->n] = cr->ph[PHASE_READ].us[LAT_P99];
    s->cached[s->n] = cr->db_cached_pct;
    s->full[s->n] = (unsigned char)(full != 0);
    s->io_write_total += cr->io_write_bytes > 0 ? cr->io_write_bytes : 0;
    if (!isnan(cr->dev_write_bytes)) {
        add_figure(&s->dev_write_total, cr->dev_write_bytes);
        s->dev_rows += (double)cr->ph[PHASE_WRITE].ops;
    }
    readers_tally_add_figures(&s->rd, &cr->rd);
    if (cr->read_io_bytes >= 0 && cr->ph[PHASE_READ].ops > 0) {
        s->read_io_total += cr->read_io_bytes;
        s->read_io_reads += cr->ph[PHASE_READ].ops;
    }
    if (!isnan(cr->vfs.syncs[0])) {         /* the chunk was counted */
        for (int k = 0; k < VFS_FILES; k++) {
            add_figure(&s->vfs_bytes[k], cr->vfs.write_bytes[k]);
            add_figure(&s->vfs_syncs, cr->vfs.syncs[k]);
        }
        add_figure(&s->vfs_commits, cr->vfs.commits);
    }
    add_figure(&s->writer_busy, cr->writer_busy);
    add_figure(&s->writer_wait_s, cr->writer_wait_s);
    for (int p = 0; p < PHASE_COUNT; p++)
        for (int f = 0; f < phase_table[p].nfig; f++)
            if (phase_table[p].fig[f].summed)
                add_figure(&s->fig[p][f], cr->ph[p].fig[f]);
    max_figure(&s->wal_bytes_max, (double)cr->wal_bytes);
    add_figure(&s->tx.txns, cr->tx.txns);
    add_figure(&s->tx.late, cr->tx.late);
    add_figure(&s->tx.skipped, cr->tx.skipped);
    add_figure(&s->tx.queue_s, cr->tx.queue_s);
    add_figure(&s->tx.lock_s, cr->tx.lock_s);
    add_figure(&s->tx.work_s, cr->tx.work_s);
    add_figure(&s->tx.commit_s, cr->tx.commit_s);
    s->n++;
    return 0;
}

int cellstats_copy(struct cellstats *s, const struct cellstats *src)
{
    if (src->n > s->cap)
        return -1;
    size_t bytes = sizeof(double) * (size_t)src->n;
    for (int p = 0; p < PHASE_COUNT; p++)
        memcpy(s->rate[p], src->rate[p], bytes);
    memcpy(s->read_p99, src->read_p99, bytes);
    memcpy(s->cached, src->cached, bytes);
    memcpy(s->full, src->full, (size_t)src->n);
    s->n = src->n;
    s->io_write_total = src->io_write_total;
    s->dev_write_total = src->dev_write_total;
    s->dev_rows = src->dev_rows;
    s->read_io_total = src->read_io_total;
    s->read_io_reads = src->read_io_reads;
    s->writer_busy = src->writer_busy;
    s->writer_wait_s = src->writer_wait_s;
    s->wal_bytes_max = src->wal_bytes_max;
    memcpy(s->fig, src->fig, sizeof s->fig);
    memcpy(s->vfs_bytes, src->vfs_bytes, sizeof s->vfs_bytes);
    s->vfs_syncs = src->vfs_syncs;
    s->vfs_commits = src->vfs_commits;
    s->lat = src->lat;
    s->rd = src->rd;
    s->tx = src->tx;
    s->txn = src->txn;
    return 0;
}

/* The median of the values of the chosen chunks (pick[i] != 0; all when
** pick is NULL), their smallest and largest finite value. */
static double median_range(const double *v, const unsigned char *pick, int n, double *lo,
                           double *hi)
{
    double *tmp = malloc(sizeof(double) * (size_t)(n ? n : 1));
    double med = NAN;
    int k = 0;
    *lo = *hi = NAN;
    if (!tmp)
        return NAN;
    for (int i = 0; i < n; i++)
        if (!pick || pick[i])
            tmp[k++] = v[i];
    n = k;
    med = n ? median_of(tmp, n) : NAN;      /* sorted: finite ones first */
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
    int n = (int)s->n, first = -1, last = -1;
    double lo, hi;
    if (n == 0)
        return;
    for (int i = 0; i < n; i++)
        if (s->full[i]) {
            if (first < 0)
                first = i;
            last = i;
        }
    /* the full chunks; a cell smaller than one chunk has only a partial one */
    const unsigned char *pick = first >= 0 ? s->full : NULL;
    if (first < 0) {
        first = 0;
        last = n - 1;
    }
    sum->write_rows_per_s_first = s->rate[PHASE_WRITE][first];
    sum->write_rows_per_s_last = s->rate[PHASE_WRITE][last];
    sum->write_last_over_first = sum->write_rows_per_s_last / sum->write_rows_per_s_first;
    for (int p = 0; p < PHASE_COUNT; p++) {
        struct phase_summary *ps = &sum->ph[p];
        ps->median = median_range(s->rate[p], pick, n, &ps->min, &ps->max);
        ps->sustained = pooled_rate(s->rate[p], pick, n);  /* ops over the chunks' time */
        if (p == PHASE_READ)            /* the one phase that fills s->lat */
            latency_from_hist(&s->lat, ps->us);
    }
    sum->read_p99_us_median = median_range(s->read_p99, pick, n, &lo, &hi);
    sum->db_cached_pct_median = median_range(s->cached, NULL, n, &lo, &hi);
    sum->io_write_bytes_per_row = sum->rows ? (double)s->io_write_total / (double)sum->rows : NAN;
    sum->dev_write_bytes_per_row = s->dev_rows > 0 ? s->dev_write_total / s->dev_rows : NAN;
    sum->read_io_bytes_per_read =
        s->read_io_reads ? (double)s->read_io_total / (double)s->read_io_reads : NAN;
    sum->writer_busy = s->writer_busy;
    sum->writer_wait_s = s->writer_wait_s;
    sum->wal_bytes_max = s->wal_bytes_max;
    for (int p = 0; p < PHASE_COUNT; p++)
        memcpy(sum->ph[p].fig, s->fig[p], sizeof sum->ph[p].fig);
    for (int k = 0; k < VFS_FILES; k++)
        sum->vfs_bytes_per_row[k] = sum->rows ? s->vfs_bytes[k] / (double)sum->rows : NAN;
    sum->vfs_syncs_per_commit = s->vfs_commits > 0 ? s->vfs_syncs / s->vfs_commits : NAN;
    readers_tally_figures(&s->rd, &sum->rd);
    sum->tx = s->tx;
    if (!isnan(s->tx.txns))
        latency_from_hist(&s->txn, sum->tx.us);
}

void cellstats_free(struct cellstats *s)
{
    for (int p = 0; p < PHASE_COUNT; p++)
        free(s->rate[p]);
    free(s->read_p99);
    free(s->cached);
    free(s->full);
    memset(s, 0, sizeof *s);
}
