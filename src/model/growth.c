/*
** growth: a cell's time from fits of its chunks.  See growth.h.
*/
#include "growth.h"

#include "median.h"
#include "modes.h"
#include "value.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

double growth_cache_bytes(int64_t cache_size, int64_t page_size)
{
    if (cache_size == VALUE_DEFAULT)
        return GROWTH_DEFAULT_CACHE_KIB * 1024.0;
    return cache_size < 0 ? -(double)cache_size * 1024 : (double)cache_size * (double)page_size;
}

double growth_miss(double cache_bytes, double table_bytes)
{
    if (!(table_bytes > cache_bytes) || !(cache_bytes >= 0))
        return 0;
    return 1 - cache_bytes / table_bytes;
}

/* The median of the slopes between the points (m[i], s[i]) whose m
** differ by GROWTH_MIN_SPAN / 4 or more (Theil and Sen's: a chunk slowed
** by something else moves it no more than any other point), NaN when no
** pair does.  The pairs of the first GROWTH_MAX_POINTS points at most. */
static double median_slope(const double *m, const double *s, int n)
{
    n = n < GROWTH_MAX_POINTS ? n : GROWTH_MAX_POINTS;
    double *slope = malloc(sizeof(double) * ((size_t)n * (size_t)n / 2 + 1));
    int k = 0;
    for (int i = 0; slope && i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (fabs(m[j] - m[i]) >= GROWTH_MIN_SPAN / 4)
                slope[k++] = (s[j] - s[i]) / (m[j] - m[i]);
    double b = k ? median_of(slope, k) : NAN;
    free(slope);
    return b;
}

int growth_fit_points(const double *m, const double *s, int n, struct growth_fit *f)
{
    double *pm = malloc(sizeof(double) * (size_t)(n + 1));
    double *ps = malloc(sizeof(double) * (size_t)(n + 1));
    double sm = 0, sy = 0;
    int k = 0;
    memset(f, 0, sizeof *f);
    for (int i = 0; pm && ps && i < n; i++) {
        if (!(s[i] > 0) || !isfinite(s[i]) || !(m[i] >= 0))
            continue;
        pm[k] = m[i], ps[k] = s[i];
        sm += m[i], sy += s[i];
        f->lo_m = k == 0 || m[i] < f->lo_m ? m[i] : f->lo_m;
        f->hi_m = k == 0 || m[i] > f->hi_m ? m[i] : f->hi_m;
        k++;
    }
    f->n = k;
    double mm = k ? sm / k : 0, my = k ? sy / k : 0, b = 0, a = my;
    if (k >= 3 && f->hi_m - f->lo_m >= GROWTH_MIN_SPAN && f->hi_m >= GROWTH_MIN_REACH) {
        b = median_slope(pm, ps, k);
        a = my - b * mm;            /* through the mean point: the mean of the times */
        if (!(b > 0))
            a = my, b = 0;          /* a miss costs nothing measurable */
        else if (a < 0)
            a = 0, b = my / mm;     /* through the origin and the mean point */
    }
    f->a = a;
    f->b = b;
    free(pm);
    free(ps);
    return k;
}

double growth_at(const struct growth_model *md, int k, double rows)
{
    const struct growth_fit *f = &md->fit[k];
    if (!f->n)
        return NAN;
    double m = isnan(md->row_bytes) ? 0 : growth_miss(md->cache_bytes, rows * md->row_bytes);
    return f->a + f->b * m;
}

int64_t growth_commits(const struct growth_plan *p, int64_t before, int64_t n)
{
    int64_t every = p->commit_every > 0 ? p->commit_every : p->chunk, after = before + n;
    if (n <= 0 || every <= 0)
        return 0;
    if (every <= p->chunk)
        return (n + every - 1) / every;
    return after / every - before / every + (after == p->rows && after % every != 0);
}

int64_t growth_phase_commits(const struct growth_plan *p, int64_t n)
{
    int64_t every = p->commit_every > 0 ? p->commit_every : p->chunk;
    if (n <= 0 || every <= 0 || every > p->chunk)
        return 0;               /* inside the transaction that spans chunks */
    return (n + every - 1) / every;
}

/* Whether chunk c's ANALYZE reads its whole table (--analyze full): its
** time then grows with the table, GROWTH_SCAN's. */
static int scans(const struct chunk_record *c)
{
    return c->id.v[DIM_ANALYZE] == AZ_FULL;
}

/* Whether phase p's time in chunk c is one of the chunk's timed phases
** that follow its rows with no count of their own (checkpoint, vacuum,
** PRAGMA optimize and any phase to come): GROWTH_AFTER's, per row
** written.  Commit lies inside write; verify is the cell's end's. */
static int phase_is_after(const struct chunk_record *c, int p)
{
    return p != PHASE_WRITE && p != PHASE_COMMIT && p != PHASE_UPDATE && p != PHASE_DELETE &&
           p != PHASE_READ && p != PHASE_VERIFY && !(p == PHASE_ANALYZE && scans(c));
}

/* The ops of kind k in chunk c and their seconds, or 0 when it has none. */
static int ops_of(const struct chunk_record *c, double other_s, const struct growth_plan *p,
                  int k, double *ops, double *s)
{
    const struct phase_stats *ph = c->ph;
    const double n = (double)ph[PHASE_WRITE].ops;
    const int64_t commits = growth_commits(p, c->rows - ph[PHASE_WRITE].ops, ph[PHASE_WRITE].ops);
    switch (k) {
    case GROWTH_WRITE:
        *ops = n;
        *s = ph[PHASE_WRITE].s - (isnan(ph[PHASE_COMMIT].s) ? 0 : ph[PHASE_COMMIT].s);
        break;
    case GROWTH_COMMIT:
        *ops = (double)commits;
        *s = ph[PHASE_COMMIT].s;
        break;
    case GROWTH_AFTER:
        *ops = n;
        *s = 0;
        for (int q = 0; q < PHASE_COUNT; q++)
            if (phase_is_after(c, q) && !isnan(ph[q].s))
                *s += ph[q].s;
        break;
    case GROWTH_SCAN:
        *ops = (double)c->rows;
        *s = scans(c) ? ph[PHASE_ANALYZE].s : NAN;
        break;
    case GROWTH_UPDATE:
    case GROWTH_DELETE: {
        /* the phase's own COMMITs at what the write phase's cost in this
        ** chunk: a small phase's time is mostly its COMMIT (to no less
        ** than a tenth of the phase, against a COMMIT measured long) */
        const struct phase_stats *q = &ph[k == GROWTH_UPDATE ? PHASE_UPDATE : PHASE_DELETE];
        double each = commits > 0 && ph[PHASE_COMMIT].s > 0 ? ph[PHASE_COMMIT].s / (double)commits
                                                             : 0;
        *ops = (double)q->ops;
        *s = q->s - (double)growth_phase_commits(p, q->ops) * each;
        *s = *s > q->s / 10 ? *s : q->s / 10;
        break;
    }
    case GROWTH_READ:
        *ops = (double)ph[PHASE_READ].ops;
        *s = ph[PHASE_READ].s;
        break;
    default:
        *ops = 1;
        *s = other_s;
    }
    return *ops > 0 && *s > 0 && isfinite(*s);
}

/* The chunk's time outside its timed phases: its elapsed time since the
** chunk before it (of its repeat) less theirs; NaN when that is not known.
** (Verify is the cell's end's, after its last chunk.) */
static double other_s(const struct chunk_record *ch, int n, int i)
{
    const struct chunk_record *c = &ch[i];
    double prev = NAN;
    if (c->chunk == 0)
        prev = 0;
    for (int j = 0; j < n && isnan(prev); j++)
        if (ch[j].id.repeat == c->id.repeat && ch[j].chunk == c->chunk - 1)
            prev = ch[j].elapsed_s;
    double s = c->elapsed_s - prev;
    for (int p = 0; p < PHASE_COUNT; p++)   /* commit lies inside write */
        if (p != PHASE_COMMIT && p != PHASE_VERIFY && !isnan(c->ph[p].s))
            s -= c->ph[p].s;
    return s > 0 ? s : isnan(s) ? NAN : 0;
}

int growth_from_chunks(const struct chunk_record *ch, int n, const struct growth_plan *p,
                       double cache_bytes, double row_bytes, struct growth_model *m)
{
    memset(m, 0, sizeof *m);
    m->cell_s = m->verify_s_per_row = m->row_bytes = NAN;
    m->cache_bytes = cache_bytes;
    for (int i = 0; i < n; i++)
        if (ch[i].ph[PHASE_WRITE].ops > 0) {
            m->chunks++;
            if (ch[i].rows >= m->rows && ch[i].db_bytes > 0 && isnan(row_bytes))
                m->row_bytes = (double)ch[i].db_bytes / (double)ch[i].rows;
            m->rows = ch[i].rows > m->rows ? ch[i].rows : m->rows;
        }
    if (!isnan(row_bytes))
        m->row_bytes = row_bytes;
    double *x = malloc(sizeof(double) * (size_t)(n + 1));
    double *y = malloc(sizeof(double) * (size_t)(n + 1));
    for (int k = 0; x && y && k < GROWTH_KINDS; k++) {
        int np = 0;
        for (int i = 0; i < n; i++) {
            double ops, s;
            if (ch[i].ph[PHASE_WRITE].ops <= 0 ||
                !ops_of(&ch[i], k == GROWTH_OTHER ? other_s(ch, n, i) : NAN, p, k, &ops, &s))
                continue;
            x[np] = isnan(m->row_bytes)
                        ? 0 : growth_miss(cache_bytes, (double)ch[i].rows * m->row_bytes);
            y[np++] = s / ops;
        }
        growth_fit_points(x, y, np, &m->fit[k]);
    }
    free(x);
    free(y);
    return (int)m->chunks;
}

double growth_seconds(const struct growth_model *m, const struct growth_plan *p)
{
    if (p->rows <= 0 || p->chunk <= 0 || !m->fit[GROWTH_WRITE].n ||
        (p->reads != 0 && !m->fit[GROWTH_READ].n) || (p->updates > 0 && !m->fit[GROWTH_UPDATE].n) ||
        (p->deletes > 0 && !m->fit[GROWTH_DELETE].n))
        return NAN;
    double s = isnan(m->cell_s) ? 0 : m->cell_s;
    for (int64_t before = 0; before < p->rows; before += p->chunk) {
        int64_t n = p->chunk < p->rows - before ? p->chunk : p->rows - before;
        double rows = (double)(before + n), ops[GROWTH_KINDS];
        ops[GROWTH_WRITE] = ops[GROWTH_AFTER] = (double)n;
        ops[GROWTH_OTHER] = 1;
        ops[GROWTH_SCAN] = rows;       /* fitted only for --analyze full */
        ops[GROWTH_COMMIT] = (double)(growth_commits(p, before, n) +
                                      growth_phase_commits(p, p->updates) +
                                      growth_phase_commits(p, p->deletes));
        ops[GROWTH_UPDATE] = (double)p->updates;
        ops[GROWTH_DELETE] = (double)p->deletes;
        ops[GROWTH_READ] = (double)(p->reads < 0 ? n : p->reads);
        for (int k = 0; k < GROWTH_KINDS; k++)
            if (ops[k] > 0 && m->fit[k].n)
                s += ops[k] * growth_at(m, k, rows);
        /* a paced writer's phase lasts at least its rows at the rate: its
        ** inserts and COMMITs, then the waits for the rows to fall due */
        double write = (double)n * growth_at(m, GROWTH_WRITE, rows) +
                       (m->fit[GROWTH_COMMIT].n ? (double)growth_commits(p, before, n) *
                                                      growth_at(m, GROWTH_COMMIT, rows)
                                                : 0);
        if (p->write_rate > 0 && (double)n / (double)p->write_rate > write)
            s += (double)n / (double)p->write_rate - write;
    }
    if (p->verify && !isnan(m->verify_s_per_row))
        s += (double)p->rows * m->verify_s_per_row;
    return s;
}
