/*
** phase: the phase table.  See phase.h.
*/
#include "phase.h"

#include "records.h"

#include <string.h>

#define NOISE(prefix, rate)                                                              \
    1, offsetof(struct summary_record, rate), COL_##prefix##_vs_cell1,                  \
        COL_##prefix##_vs_cell1_lo, COL_##prefix##_vs_cell1_hi, COL_##prefix##_within_noise
#define NO_NOISE 0, 0, COL_COUNT, COL_COUNT, COL_COUNT, COL_COUNT

const struct phase phase_table[PHASE_COUNT] = {
    [PHASE_WRITE] = {"write", "rows/s", 0, 1, NOISE(write, write_rows_per_s_median)},
    [PHASE_COMMIT] = {"commit", "", 0, 0, NO_NOISE},
    [PHASE_READ] = {"read", "reads/s", 1, 0, NOISE(read, read_ops_per_s_median)},
    [PHASE_VERIFY] = {"verify", "rows/s", 0, 0, NO_NOISE},
};

int phase_of(const char *name)
{
    for (int p = 0; p < PHASE_COUNT; p++)
        if (strcmp(phase_table[p].name, name) == 0)
            return p;
    return -1;
}
