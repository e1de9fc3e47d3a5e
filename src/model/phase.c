/*
** phase: the phase table.  See phase.h.
*/
#include "phase.h"

#include <string.h>

/* Its noise columns: a phase compared over repeats and against cell 1. */
#define NOISE(prefix)                                                                    \
    .noise = 1, .vs_cell1 = COL_##prefix##_vs_cell1, .vs_cell1_lo = COL_##prefix##_vs_cell1_lo, \
    .vs_cell1_hi = COL_##prefix##_vs_cell1_hi, .within_noise = COL_##prefix##_within_noise
#define NO_NOISE                                                                         \
    .vs_cell1 = COL_COUNT, .vs_cell1_lo = COL_COUNT, .vs_cell1_hi = COL_COUNT,           \
    .within_noise = COL_COUNT

const struct phase phase_table[PHASE_COUNT] = {
    [PHASE_WRITE] = {.name = "write", .unit = "rows/s", .stalls = 1, NOISE(write), .shown = 1,
                     .rate_metric = "sqlsoak_write_rows_per_second",
                     .rate_help = "Write rate of the last chunk."},
    [PHASE_COMMIT] = {.name = "commit", .unit = "", NO_NOISE},
    [PHASE_UPDATE] = {.name = "update", .unit = "rows/s", .latency = 1, NO_NOISE},
    [PHASE_DELETE] = {.name = "delete", .unit = "rows/s", NO_NOISE},
    [PHASE_READ] = {.name = "read", .unit = "reads/s", .latency = 1, NOISE(read), .shown = 1,
                    .rate_metric = "sqlsoak_read_ops_per_second",
                    .rate_help = "Read rate of the last chunk.",
                    .latency_metric = "sqlsoak_read_latency_seconds",
                    .latency_help = "Read latency of the last chunk, by figure."},
    [PHASE_CHECKPOINT] =
        {.name = "checkpoint", .unit = "frames/s", NO_NOISE, .nfig = 3,
         .fig = {[PHASEFIG_CHECKPOINT_WAL_FRAMES] = {.chunk = COL_checkpoint_wal_frames},
                 [PHASEFIG_CHECKPOINT_FRAMES] = {.chunk = COL_checkpoint_frames},
                 [PHASEFIG_CHECKPOINT_BUSY] = {.chunk = COL_checkpoint_busy, .summed = 1,
                                               .sum = COL_checkpoint_busy_chunks}}},
    [PHASE_VACUUM] = {.name = "vacuum", .unit = "", NO_NOISE},
    [PHASE_ANALYZE] = {.name = "analyze", .unit = "", NO_NOISE},
    [PHASE_VERIFY] = {.name = "verify", .unit = "rows/s", NO_NOISE},
};

int phase_of(const char *name)
{
    for (int p = 0; p < PHASE_COUNT; p++)
        if (strcmp(phase_table[p].name, name) == 0)
            return p;
    return -1;
}
