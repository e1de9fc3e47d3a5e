/*
** churn: a cell's updates, deletes and freelist.  See churn.h.
*/
#include "churn.h"
#include "absolute.h"
#include "median.h"
#include "latency.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The median of the n figures in v, NaN when none. */
static double median(double *v, int n)
{
    return n ? median_of(v, n) : NAN;
}

/* Phase m's medians over the chunks ch[0..k) that ran it; ch is left
** holding those first. */
static void phase_figures(const struct chunk_record **ch, int k, enum phase_id m,
                          double *work, struct churn_phase *out)
{
    const int latency = m == PHASE_UPDATE;     /* chunks.csv times updates, not deletes */
    int n = 0;
    out->rows = out->rows_per_s = out->p50_us = out->p99_us = NAN;
    for (int i = 0; i < k; i++)
        if (ch[i]->ph[m].ops > 0 && ch[i]->ph[m].rate > 0)
            ch[n++] = ch[i];
    out->chunks = n;
    for (int i = 0; i < n; i++)
        work[i] = (double)ch[i]->ph[m].ops;
    out->rows = median(work, n);
    for (int i = 0; i < n; i++)
        work[i] = ch[i]->ph[m].rate;
    out->rows_per_s = median(work, n);
    for (int f = 0; latency && f < 2; f++) {
        int got = 0;
        for (int i = 0; i < n; i++)
            if (!isnan(ch[i]->ph[m].us[f ? LAT_P99 : LAT_P50]))
                work[got++] = ch[i]->ph[m].us[f ? LAT_P99 : LAT_P50];
        *(f ? &out->p99_us : &out->p50_us) = median(work, got);
    }
}

/* The freelist after each measured repeat's last chunk, when it deleted. */
static void freelist_of(const struct chunk_record *const *ch, int k, double *work,
                        struct churn *out)
{
    double *bytes = work + k, *pct = work + 2 * k, *db = work + 3 * k;
    int n = 0;
    for (int i = 0; i < k; i++) {
        int last = 1;
        for (int j = 0; j < k; j++)
            last &= ch[j]->id.repeat != ch[i]->id.repeat || ch[j]->rows <= ch[i]->rows;
        int64_t page = ch[i]->id.v[DIM_PAGE_SIZE];
        if (!last || ch[i]->freelist_count < 0 || page <= 0)
            continue;
        work[n] = (double)ch[i]->freelist_count;
        bytes[n] = work[n] * (double)page;
        db[n] = (double)ch[i]->db_bytes;
        pct[n] = db[n] > 0 ? 100 * bytes[n] / db[n] : NAN;
        if (ch[i]->rows > out->last_rows) {
            out->last_rows = ch[i]->rows;
            out->table_rows = absolute_table_rows(ch, k, ch[i]);
        }
        n++;
    }
    out->free_pages = median(work, n);
    out->free_bytes = median(bytes, n);
    out->db_bytes = median(db, n);
    int np = 0;
    for (int i = 0; i < n; i++)
        if (!isnan(pct[i]))
            pct[np++] = pct[i];
    out->free_pct = median(pct, np);
}

int churn_of(const struct summary_record *recs, int nrecs, const struct chunk_record *chunks,
             int nchunks, int64_t cell, struct churn *out)
{
    memset(out, 0, sizeof *out);
    out->free_pages = out->free_bytes = out->free_pct = out->db_bytes = NAN;
    const struct chunk_record **ch = malloc(sizeof *ch * (size_t)(nchunks + 1));
    double *work = malloc(sizeof(double) * 4 * (size_t)(nchunks + 1));
    int k = 0;
    for (int i = 0; ch && work && i < nchunks; i++)
        if (chunks[i].id.cell == cell && absolute_measured(recs, nrecs, &chunks[i]))
            ch[k++] = &chunks[i];
    if (ch && work) {
        /* phase_figures keeps the chunks that ran the phase: a copy each */
        const struct chunk_record **run = malloc(sizeof *run * (size_t)(k + 1));
        for (int m = 0; run && m < 2; m++) {
            memcpy(run, ch, sizeof *run * (size_t)k);
            phase_figures(run, k, m ? PHASE_DELETE : PHASE_UPDATE, work,
                          m ? &out->del : &out->update);
        }
        free(run);
        if (out->del.chunks)
            freelist_of(ch, k, work, out);
    }
    free(ch);
    free(work);
    return out->update.chunks || out->del.chunks ? 0 : -1;
}

/* "500 rows a chunk at 82.2k rows/s (12.2 µs a row)" of phase p. */
static const char *rate_text(const struct churn_phase *p, char *buf, size_t n)
{
    char r[24], t[24], rows[24];
    snprintf(buf, n, "%s rows a chunk at %s rows/s (%s a row)",
             units_count((int64_t)p->rows, rows, sizeof rows),
             units_rate(p->rows_per_s, r, sizeof r),
             units_secs((1e6 / p->rows_per_s) / 1e6, t, sizeof t));
    return buf;
}

/* ", the median of its 4 chunks" */
static const char *over(const struct churn_phase *p, char *buf, size_t n)
{
    snprintf(buf, n, p->chunks == 1 ? ", its one chunk's" : ", the median of its %d chunks",
             p->chunks);
    return buf;
}

const char *churn_update_text(const struct churn *c, const char *name, char *buf, size_t n)
{
    const struct churn_phase *u = &c->update;
    char rate[120], p50[24], p99[24], lat[120] = "", of[48];
    buf[0] = 0;
    if (!u->chunks)
        return buf;
    if (!isnan(u->p50_us) && !isnan(u->p99_us))
        snprintf(lat, sizeof lat, ", a row's UPDATE %s at p50 and %s at p99",
                 units_secs(u->p50_us / 1e6, p50, sizeof p50),
                 units_secs(u->p99_us / 1e6, p99, sizeof p99));
    snprintf(buf, n, "Updates (%s): %s%s%s.", name, rate_text(u, rate, sizeof rate), lat,
             over(u, of, sizeof of));
    return buf;
}

const char *churn_delete_text(const struct churn *c, const char *name, char *buf, size_t n)
{
    char rate[120], of[48];
    buf[0] = 0;
    if (c->del.chunks)
        snprintf(buf, n, "Deletes (%s): %s%s.", name, rate_text(&c->del, rate, sizeof rate),
                 over(&c->del, of, sizeof of));
    return buf;
}

const char *churn_free_text(const struct churn *c, const char *name, char *buf, size_t n)
{
    char rows[24], b[32], db[32] = "", share[96] = "", pct[24], pages[24];
    buf[0] = 0;
    if (isnan(c->free_pages))
        return buf;
    if (!isnan(c->free_pct))
        snprintf(share, sizeof share, ", %s of its %s database",
                 units_pct(c->free_pct, pct, sizeof pct),
                 units_bytes(c->db_bytes, db, sizeof db));
    snprintf(buf, n, "Freelist (%s): after its last chunk's deletes, with %s rows in the table, "
                     "%s page%s free (%s%s), room SQLite reuses before the file grows.",
             name, units_count(c->table_rows, rows, sizeof rows),
             units_count((int64_t)c->free_pages, pages, sizeof pages),
             c->free_pages == 1 ? "" : "s", units_bytes(c->free_bytes, b, sizeof b), share);
    return buf;
}
