/*
** phase: the phases of a chunk, one row each: the table the timeline,
** noise, the summary and the plots loop over instead of naming "write"
** and "read" in each.
**
** A chunk runs write (its INSERTs, COMMITs included), then update (with
** --updates: existing rows rewritten, schedule.h), delete (with
** --deletes), read, then, with an explicit --checkpoint in WAL,
** checkpoint, vacuum (with --auto-vacuum incremental: PRAGMA
** incremental_vacuum) and analyze (with --analyze: PRAGMA optimize or
** ANALYZE); --verify runs verify once at the cell's end.  commit is the write phase's
** COMMITs, a figure of their own in timeline.csv.  A row's name is its
** word in timeline.csv's phase column and the prefix of its columns
** (write_s, read_ops_per_s); those words never change, so that folders of
** every release read the same.
*/
#ifndef SQLSOAK_PHASE_H
#define SQLSOAK_PHASE_H

#include "colid.h"

enum phase_id {
    PHASE_WRITE,
    PHASE_COMMIT,
    PHASE_UPDATE,
    PHASE_DELETE,
    PHASE_READ,
    PHASE_CHECKPOINT,
    PHASE_VACUUM,
    PHASE_ANALYZE,
    PHASE_VERIFY,
    PHASE_COUNT
};

/* A phase's figures of its own, beyond its ops, time, rate and latencies:
** records.h's phase_stats fig[] by these indices (NaN: not measured).
** The checkpoint's: the frames in the WAL as it ended, those it copied
** into the database, 1 when it was held back. */
#define PHASE_FIGURES 3
enum phase_figure_id {
    PHASEFIG_CHECKPOINT_WAL_FRAMES = 0,
    PHASEFIG_CHECKPOINT_FRAMES,
    PHASEFIG_CHECKPOINT_BUSY,
};

/* One of them: its column of chunks.csv, and whether a cell adds it up
** over its chunks (cellstats.h) into phase_summary's fig[], the summary.csv
** column sum names. */
struct phase_figure {
    enum colid chunk;
    int summed;
    enum colid sum;
};

struct phase {
    const char *name;        /* timeline.csv's word and the columns' prefix: "write" */
    const char *unit;        /* of its rate, as the console's tables print it: "rows/s" */
    int latency;             /* timeline.csv holds its slowest op per interval */
    int stalls;              /* its intervals without progress are stalls (timeline.h) */
    /* Its noise (noise.h): a phase that has a rate compared over repeats
    ** and against cell 1 (summary_record's ph[].median); its columns of
    ** summary.csv.  noise 0: none. */
    int noise;
    enum colid vs_cell1, vs_cell1_lo, vs_cell1_hi, within_noise;
    /* Where its chunk rate is shown: 1 on the progress line and in
    ** sqlsoak status ("write 1.2M/s"), and metrics.h's gauge of it and of
    ** its latencies (latency only), with their HELP texts; NULL none. */
    int shown;
    const char *rate_metric, *rate_help;
    const char *latency_metric, *latency_help;
    int nfig;                /* figures of its own, fig[0..nfig) */
    struct phase_figure fig[PHASE_FIGURES];
};

extern const struct phase phase_table[PHASE_COUNT];

/* The phase named name ("write"), or -1. */
int phase_of(const char *name);

#endif
