/*
** measured: the facts of chunks.csv that choose graphs.  See measured.h.
*/
#include "measured.h"

#include "graphs.h"
#include "latency.h"

#include <math.h>

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
        m->temp |= isfinite(csvin_num(chunks, CSV_CHUNKS, i, COL_temp_c));
        double mhz = csvin_num(chunks, CSV_CHUNKS, i, COL_cpu_mhz);
        if (mhz > 0) {
            m->mhz_lo = m->mhz_lo > 0 && m->mhz_lo < mhz ? m->mhz_lo : mhz;
            m->mhz_hi = m->mhz_hi > mhz ? m->mhz_hi : mhz;
        }
        /* a VM's nominal clock is one value in every chunk: no graph */
        m->clock = m->mhz_hi > m->mhz_lo;
    }
}

unsigned measured_needs(const struct measured *m)
{
    return (m->reads ? GRAPHS_READS : 0) | (m->latency ? GRAPHS_LATENCY : 0) |
           (m->io ? GRAPHS_IO : 0) | (m->temp ? GRAPHS_TEMP : 0) |
           (m->clock ? GRAPHS_CLOCK : 0);
}
