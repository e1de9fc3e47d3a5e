/*
** absolute: a cell's figures in a user's units.  See absolute.h.
*/
#include "absolute.h"
#include "efficiency.h"
#include "median.h"
#include "latency.h"
#include "units.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double absolute_t975(int df)
{
    static const double t[] = {0,     12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365,
                               2.306, 2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
                               2.120, 2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069,
                               2.064, 2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
    return df <= 30 ? t[df] : df <= 60 ? 2.0 : df <= 120 ? 1.98 : 1.96;
}

int absolute_measured(const struct summary_record *recs, int nrecs, const struct chunk_record *c)
{
    for (int i = 0; i < nrecs; i++)
        if (recs[i].id.cell == c->id.cell && recs[i].id.repeat == c->id.repeat)
            return recs[i].id.repeat >= 1 && strcmp(recs[i].status, "ok") == 0;
    return 0;
}

/* Figure f of c (0 write s per million, 1 p50, 2 p99, 3 µs per read, 4
** device bytes written per row), NaN when it was not measured.  A chunk
** in which the device wrote nothing (its writes flushed in the next) has
** no figure: a log-log fit takes none, and the median at the largest
** chunk would be a chunk's timing, not the table's cost. */
static double figure(const struct chunk_record *c, int f)
{
    const struct phase_stats *w = &c->ph[PHASE_WRITE], *r = &c->ph[PHASE_READ];
    double v = f == 0   ? (w->rate > 0 ? 1e6 / w->rate : NAN)
               : f == 3 ? (r->rate > 0 ? 1e6 / r->rate : NAN)
               : f == 4 ? (w->ops > 0 ? c->dev_write_bytes / (double)w->ops : NAN)
                        : r->us[f == 1 ? LAT_P50 : LAT_P99];
    return v > 0 ? v : NAN;
}

double absolute_at(const struct absolute_figure *f, double rows)
{
    return isnan(f->b) ? NAN : exp2(f->a + f->b * log2(rows));
}

double absolute_crossing(const struct absolute_figure *f, double limit, double from)
{
    if (isnan(f->b) || !(f->b > 0) || !(absolute_at(f, from) <= limit))
        return 0;
    return exp2((log2(limit) - f->a) / f->b);
}

/* The median at last_rows and the projection to target of figure f over
** the k chunks: a least-squares line of log2(figure) on log2(rows), and its
** 95% prediction interval at log2(target). */
static void project(const struct chunk_record *const *ch, int k, int f, int64_t last,
                    int64_t target, struct absolute_figure *out)
{
    double *at = malloc(sizeof(double) * (size_t)(k + 1));
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int m = 0, na = 0;
    out->at = out->proj = out->lo = out->hi = out->a = out->b = NAN;
    for (int i = 0; at && i < k; i++) {
        double y = figure(ch[i], f);
        if (isnan(y))
            continue;
        if (ch[i]->rows == last)
            at[na++] = y;
        double x = log2((double)ch[i]->rows), ly = log2(y);
        sx += x, sy += ly, sxx += x * x, sxy += x * ly, m++;
    }
    if (na)
        out->at = median_of(at, na);
    free(at);
    double sxx_c = sxx - sx * sx / (m ? m : 1);
    if (m < 2 || !(sxx_c > 0))
        return;
    double b = (sxy - sx * sy / m) / sxx_c, a = (sy - b * sx) / m, sse = 0;
    out->a = a;
    out->b = b;
    if (target <= last || m < 3)
        return;
    for (int i = 0; i < k; i++) {
        double y = figure(ch[i], f);
        if (!isnan(y)) {
            double r = log2(y) - (a + b * log2((double)ch[i]->rows));
            sse += r * r;
        }
    }
    double x0 = log2((double)target), mx = sx / m;
    double se = sqrt(sse / (m - 2) * (1 + 1.0 / m + (x0 - mx) * (x0 - mx) / sxx_c));
    out->proj = exp2(a + b * x0);
    out->lo = exp2(a + b * x0 - absolute_t975(m - 2) * se);
    out->hi = exp2(a + b * x0 + absolute_t975(m - 2) * se);
}

int64_t absolute_table_rows(const struct chunk_record *const *ch, int n,
                            const struct chunk_record *at)
{
    int64_t deleted = 0;
    for (int i = 0; i < n; i++)
        if (ch[i]->id.cell == at->id.cell && ch[i]->id.repeat == at->id.repeat &&
            ch[i]->chunk <= at->chunk && ch[i]->ph[PHASE_DELETE].ops > 0)
            deleted += ch[i]->ph[PHASE_DELETE].ops;
    return at->rows - deleted;
}

int absolute_of(const struct summary_record *recs, int nrecs, const struct chunk_record *chunks,
                int nchunks, int64_t cell, int64_t target, struct absolute *out)
{
    memset(out, 0, sizeof *out);
    out->write_s_per_m_sustained = NAN;
    out->cached_pct = NAN;
    out->dev_reads_per_read = NAN;
    int64_t full = 0;
    for (int i = 0; i < nchunks; i++)
        if (chunks[i].id.cell == cell && chunks[i].ph[PHASE_WRITE].ops > full)
            full = chunks[i].ph[PHASE_WRITE].ops;
    const struct chunk_record **ch = malloc(sizeof *ch * (size_t)(nchunks + 1));
    double *pct = malloc(sizeof(double) * (size_t)(nchunks + 1));
    int k = 0, np = 0;
    for (int i = 0; ch && pct && i < nchunks; i++) {
        const struct chunk_record *c = &chunks[i];
        if (c->id.cell != cell || c->ph[PHASE_WRITE].ops != full ||
            !absolute_measured(recs, nrecs, c))
            continue;
        ch[k++] = c;
        out->last_rows = c->rows > out->last_rows ? c->rows : out->last_rows;
    }
    for (int i = 0; i < k; i++)
        if (ch[i]->rows == out->last_rows && !out->table_rows)
            out->table_rows = absolute_table_rows(ch, k, ch[i]);
    for (int i = 0; i < k; i++)
        if (ch[i]->rows == out->last_rows && !isnan(ch[i]->db_cached_pct))
            pct[np++] = ch[i]->db_cached_pct;
    if (np)
        out->cached_pct = median_of(pct, np);
    np = 0;
    for (int i = 0; i < k; i++)
        if (ch[i]->rows == out->last_rows && ch[i]->read_io_bytes >= 0 &&
            ch[i]->ph[PHASE_READ].ops > 0)
            pct[np++] = (double)ch[i]->read_io_bytes / EFFICIENCY_READ_BYTES /
                        ch[i]->ph[PHASE_READ].ops;
    out->dev_reads_per_read = np ? median_of(pct, np) : NAN;
    int rc = k ? 0 : -1;
    if (k) {
        out->target_rows = target > out->last_rows ? target : 0;
        project(ch, k, 0, out->last_rows, target, &out->write_s_per_m);
        project(ch, k, 1, out->last_rows, target, &out->read_p50_us);
        project(ch, k, 2, out->last_rows, target, &out->read_p99_us);
        project(ch, k, 3, out->last_rows, target, &out->read_us);
        project(ch, k, 4, out->last_rows, target, &out->dev_bytes_per_row);
        /* what the cell sustained, not its last chunk: every full chunk's
        ** time, the one that paid a checkpoint or a COMMIT with the rest */
        double spm = 0;
        int timed = 0;
        for (int i = 0; i < k; i++)
            if (!isnan(figure(ch[i], 0))) {
                spm += figure(ch[i], 0);
                timed++;
            }
        out->write_s_per_m_sustained = timed ? spm / timed : NAN;
        if (isnan(out->write_s_per_m.proj))
            out->target_rows = 0;      /* too few chunks to project from */
    }
    free(ch);
    free(pct);
    return rc;
}

const char *absolute_write_text(double s_per_m, char *buf, size_t n)
{
    char r[24], s[24];
    snprintf(buf, n, "%s s per million rows (%s rows/s)", units_number(s_per_m, s, sizeof s),
             units_rate(1e6 / s_per_m, r, sizeof r));
    return buf;
}

/* Where reads came from, by the share of the database cached before them. */
enum reads_from absolute_reads_from(double pct, double dev_reads_per_read)
{
    if (isnan(pct))
        return RF_UNKNOWN;
    /* past a cold cache, the bytes the reads sent to the device decide,
    ** where they were counted: the share cached is of the whole file, and
    ** the reads may have asked only for pages in it */
    if (pct > READS_FROM_STORAGE_PCT && !isnan(dev_reads_per_read))
        return dev_reads_per_read < READS_FROM_RAM_READS ? RF_RAM : RF_PARTLY;
    if (pct >= READS_FROM_RAM_PCT)
        return RF_RAM;
    if (pct > READS_FROM_STORAGE_PCT)
        return RF_PARTLY;
    return dev_reads_per_read < READS_FROM_WARMED ? RF_WARMED : RF_STORAGE;
}

static const char *source(const struct absolute *a)
{
    static const char *words[] = {[RF_UNKNOWN] = "", [RF_RAM] = ", from RAM",
                                  [RF_STORAGE] = ", from the storage",
                                  [RF_PARTLY] = ", partly from RAM",
                                  [RF_WARMED] = ", most from pages earlier reads had brought "
                                                "into RAM"};
    return words[absolute_reads_from(a->cached_pct, a->dev_reads_per_read)];
}

const char *absolute_text(const struct absolute *a, const char *name, char *buf, size_t n)
{
    char rows[24], w[64], p50[24], p99[24], reads[160] = "";
    if (!isnan(a->read_p50_us.at) && !isnan(a->read_p99_us.at))
        snprintf(reads, sizeof reads, "; a point read took %s at p50 and %s at p99%s",
                 units_secs(a->read_p50_us.at / 1e6, p50, sizeof p50),
                 units_secs(a->read_p99_us.at / 1e6, p99, sizeof p99), source(a));
    /* with deletes, the table's size beside the rows inserted: "at 1M
    ** rows" of a table that held 500k would be the wrong size */
    char table[64] = "", held[24];
    if (a->table_rows > 0 && a->table_rows < a->last_rows)
        snprintf(table, sizeof table, " inserted, %s in the table",
                 units_count(a->table_rows, held, sizeof held));
    size_t len = (size_t)snprintf(buf, n, "At %s rows%s (the largest full chunk), %s wrote %s "
                                  "sustained over all its full chunks%s.",
                                  units_count(a->last_rows, rows, sizeof rows), table, name,
                                  isnan(a->write_s_per_m_sustained)
                                      ? "nothing measured"
                                      : absolute_write_text(a->write_s_per_m_sustained, w,
                                                            sizeof w),
                                  reads);
    if (!a->target_rows || len >= n)
        return buf;
    char plo[24], phi[24], s[24], slo[24], shi[24];
    const struct absolute_figure *ws = &a->write_s_per_m, *r99 = &a->read_p99_us;
    len += (size_t)snprintf(buf + len, n - len,
                            " Projected to %s rows from its scaling fit: %s s per million rows "
                            "written (%s..%s, a 95%% prediction interval)",
                            units_count(a->target_rows, rows, sizeof rows),
                            units_number(ws->proj, s, sizeof s),
                            units_number(ws->lo, slo, sizeof slo),
                            units_number(ws->hi, shi, sizeof shi));
    if (len < n && !isnan(r99->proj))
        len += (size_t)snprintf(buf + len, n - len, ", a read's p99 %s (%s..%s)",
                                units_secs(r99->proj / 1e6, p99, sizeof p99),
                                units_secs(r99->lo / 1e6, plo, sizeof plo),
                                units_secs(r99->hi / 1e6, phi, sizeof phi));
    if (len < n)
        snprintf(buf + len, n - len, ": projected, not measured.");
    return buf;
}
