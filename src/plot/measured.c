/*
** measured: the facts of chunks.csv that choose graphs.  See measured.h.
*/
#include "measured.h"

#include "graphs.h"
#include "latency.h"

#include <math.h>

/* Adds v to r when it is a value (ok). */
static void range_add(struct measured_range *r, double v, int ok)
{
    if (!ok)
        return;
    r->lo = r->seen && r->lo < v ? r->lo : v;
    r->hi = r->seen && r->hi > v ? r->hi : v;
    r->seen = 1;
}

static unsigned range_needs(const struct measured_range *r, unsigned seen, unsigned moved)
{
    return (r->seen ? seen : 0) | (r->seen && r->hi > r->lo ? moved : 0);
}

void measured_add(struct measured *m, const struct csvin *chunks, const int *rows, int n)
{
    const char *p50 = latency_table[LAT_P50].column;
    if (!rows)
        n = chunks->nrows;
    for (int k = 0; k < n; k++) {
        int i = rows ? rows[k] : k;
        m->reads |= csvin_num(chunks, CSV_CHUNKS, i, COL_read_ops_per_s) > 0;
        m->latency |= csvin_num_named(chunks, i, p50) > 0;
        m->io |= csvin_num(chunks, CSV_CHUNKS, i, COL_io_write_bytes) > 0;
        m->txn |= csvin_num(chunks, CSV_CHUNKS, i, COL_txn_p50_us) > 0;
        double temp = csvin_num(chunks, CSV_CHUNKS, i, COL_temp_c);
        double mhz = csvin_num(chunks, CSV_CHUNKS, i, COL_cpu_mhz);
        range_add(&m->temp, temp, isfinite(temp));
        range_add(&m->clock, mhz, mhz > 0);
    }
}

unsigned measured_needs(const struct measured *m)
{
    /* a VM's nominal clock, or a room's steady heat, is one value in
    ** every chunk: no graph */
    return (m->reads ? GRAPHS_READS : 0) | (m->latency ? GRAPHS_LATENCY : 0) |
           (m->io ? GRAPHS_IO : 0) | (m->txn ? GRAPHS_TXN : 0) | range_needs(&m->temp, GRAPHS_TEMP, GRAPHS_TEMP_MOVED) |
           range_needs(&m->clock, GRAPHS_CLOCK, GRAPHS_CLOCK_MOVED);
}
