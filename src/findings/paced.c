/*
** paced: a paced writer's cell in a sentence.  See paced.h.
*/
#include "paced.h"

#include "absolute.h"
#include "dims.h"
#include "modes.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

int paced_judge(const struct summary_record *s, const struct chunk_record *ch, int n,
                struct paced *p)
{
    const int64_t *v = s->id.v;
    if (v[DIM_WRITE_RATE] <= 0)
        return 0;
    memset(p, 0, sizeof *p);
    p->cell = s->id.cell;
    p->repeat = s->id.repeat;
    p->rate = v[DIM_WRITE_RATE];
    p->rows_per_txn = v[DIM_COMMIT_EVERY];
    p->limit_ms = v[DIM_LATENCY_LIMIT];
    p->poisson = v[DIM_ARRIVAL] == ARRIVAL_POISSON;
    p->overloaded = strcmp(s->status, "overloaded") == 0;
    snprintf(p->reason, sizeof p->reason, "%s", s->reason);
    /* the table the cell reached: its last chunk that committed any */
    for (int i = 0; i < n; i++) {
        const struct chunk_record *c = &ch[i];
        if (c->id.cell == p->cell && c->id.repeat == p->repeat && !isnan(c->tx.txns) &&
            c->tx.txns > 0 && c->rows > p->to_rows)
            p->to_rows = c->rows;
    }
    /* every figure the cell's, its chunks' histograms merged (summary.csv):
    ** a chunk's percentiles beside the cell's counts mixed two scopes */
    if (p->to_rows > 0 && !isnan(s->tx.us[LAT_P50])) {
        p->have_chunk = 1;
        p->p50_ms = s->tx.us[LAT_P50] / 1e3;
        p->p99_ms = s->tx.us[LAT_P99] / 1e3;
        p->p999_ms = s->tx.us[LAT_P999] / 1e3;
        p->max_ms = s->tx.us[LAT_MAX] / 1e3;
        p->txns = s->tx.txns;
        p->late = s->tx.late;
        p->skipped = s->tx.skipped;
        double parts[] = {s->tx.queue_s, s->tx.lock_s, s->tx.work_s, s->tx.commit_s};
        double total = parts[0] + parts[1] + parts[2] + parts[3];
        double *pct[] = {&p->queue_pct, &p->lock_pct, &p->work_pct, &p->commit_pct};
        for (int k = 0; k < 4; k++)
            *pct[k] = total > 0 ? 100 * parts[k] / total : NAN;
    }
    return p->have_chunk || p->overloaded;
}

/* A latency in ms as a sentence gives it: "0.84 ms", "12.1 ms", "240 ms". */
static const char *ms(double x, char *buf, size_t n)
{
    return units_secs((x * 1e3) / 1e6, buf, n);
}


const char *paced_text(const struct paced *p, const char *name, char *buf, size_t n)
{
    char rows[32], a[32], b[32], c[32], txn[32];
    if (p->rows_per_txn == 1)
        snprintf(txn, sizeof txn, "a transaction a row");
    else
        snprintf(txn, sizeof txn, "%s-row transactions",
                 units_count(p->rows_per_txn, rows, sizeof rows));
    int k = snprintf(buf, n, "Paced writes (%s, %lld rows/s in %s, %s arrivals): ", name,
                     (long long)p->rate, txn, p->poisson ? "poisson" : "even");
    if (p->overloaded && k > 0 && (size_t)k < n)
        k += snprintf(buf + k, n - (size_t)k, "overloaded: %s%s", p->reason,
                      p->have_chunk ? "; before that, " : ".");
    if (!p->have_chunk || k < 0 || (size_t)k >= n)
        return buf;
    k += snprintf(buf + k, n - (size_t)k,
                  "over the whole cell, to %s rows, a transaction took %s at p50, %s at p99 and "
                  "%s at p99.9 (%s at most), counted from when it was due; ",
                  units_count(p->to_rows, rows, sizeof rows),
                  ms(p->p50_ms, a, sizeof a), ms(p->p99_ms, b, sizeof b),
                  ms(p->p999_ms, c, sizeof c), ms(p->max_ms, txn, sizeof txn));
    if (k < 0 || (size_t)k >= n)
        return buf;
    char due[24], late[24], skipped[24];
    units_count((int64_t)(p->txns + p->skipped), due, sizeof due);
    units_count((int64_t)p->late, late, sizeof late);
    units_count((int64_t)p->skipped, skipped, sizeof skipped);
    if (p->limit_ms > 0)
        k += snprintf(buf + k, n - (size_t)k,
                      "of %s transactions due, %s committed late (over %lld ms) and %s "
                      "were skipped; ",
                      due, late, (long long)p->limit_ms, skipped);
    else
        k += snprintf(buf + k, n - (size_t)k, "%s transactions, no --latency-limit; ",
                      units_count((int64_t)p->txns, due, sizeof due));
    if (k < 0 || (size_t)k >= n)
        return buf;
    char q[16], l[16], w[16], cm[16];
    snprintf(buf + k, n - (size_t)k,
             "of their time, %s was queueing, %s lock waits, %s the statements and %s COMMIT.",
             units_pct(p->queue_pct, q, sizeof q), units_pct(p->lock_pct, l, sizeof l),
             units_pct(p->work_pct, w, sizeof w), units_pct(p->commit_pct, cm, sizeof cm));
    return buf;
}
