/*
** phase: the phase table.  See phase.h.
*/
#include "phase.h"

#include <string.h>

#define NOISE(prefix)                                                                    \
    1, COL_##prefix##_vs_cell1, COL_##prefix##_vs_cell1_lo, COL_##prefix##_vs_cell1_hi,      \
        COL_##prefix##_within_noise
#define NO_NOISE 0, COL_COUNT, COL_COUNT, COL_COUNT, COL_COUNT

const struct phase phase_table[PHASE_COUNT] = {
    [PHASE_WRITE] = {"write", "rows/s", 0, 1, NOISE(write), 1, "sqlsoak_write_rows_per_second",
                     "Write rate of the last chunk.", NULL, NULL},
    [PHASE_COMMIT] = {"commit", "", 0, 0, NO_NOISE, 0, NULL, NULL, NULL, NULL},
    [PHASE_UPDATE] = {"update", "rows/s", 1, 0, NO_NOISE, 0, NULL, NULL, NULL, NULL},
    [PHASE_DELETE] = {"delete", "rows/s", 0, 0, NO_NOISE, 0, NULL, NULL, NULL, NULL},
    [PHASE_READ] = {"read", "reads/s", 1, 0, NOISE(read), 1, "sqlsoak_read_ops_per_second",
                    "Read rate of the last chunk.", "sqlsoak_read_latency_seconds",
                    "Read latency of the last chunk, by figure."},
    [PHASE_CHECKPOINT] = {"checkpoint", "frames/s", 0, 0, NO_NOISE, 0, NULL, NULL, NULL, NULL},
    [PHASE_VACUUM] = {"vacuum", "", 0, 0, NO_NOISE, 0, NULL, NULL, NULL, NULL},
    [PHASE_ANALYZE] = {"analyze", "", 0, 0, NO_NOISE, 0, NULL, NULL, NULL, NULL},
    [PHASE_VERIFY] = {"verify", "rows/s", 0, 0, NO_NOISE, 0, NULL, NULL, NULL, NULL},
};

int phase_of(const char *name)
{
    for (int p = 0; p < PHASE_COUNT; p++)
        if (strcmp(phase_table[p].name, name) == 0)
            return p;
    return -1;
}
