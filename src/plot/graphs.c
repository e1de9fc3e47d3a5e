/*
** graphs: the list of graphs, in report order.  A graph whose data was not
** measured is not drawn at all, rather than drawn empty: an axis without
** points, or a heatmap of read rates of a run without reads, reads as a
** measurement of nothing.
*/
#include "graphs.h"
#include "units.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static const struct graphs_graph list[] = {
    {"write.gp", GRAPHS_RUN | GRAPHS_COMPARE, GRAPHS_CHUNKS,
     {{"write", "Write rate per chunk (rows/s) against rows already in the table: does "
                "inserting get slower as the table grows? (A run of the 2014 test's shape "
                "draws seconds per million rows instead, beside its published curve.)", 0, 0},
      {"write_log", "The same on logarithmic axes: the slope of a power law is a straight line.",
       0, 0}}},
    {"read.gp", GRAPHS_RUN | GRAPHS_COMPARE, GRAPHS_CHUNKS | GRAPHS_READS,
     {{"read", "Point reads: seconds per chunk's reads and reads per second against rows in "
               "the table.", 0, 0}}},
    {"latency.gp", GRAPHS_RUN | GRAPHS_COMPARE, GRAPHS_CHUNKS | GRAPHS_LATENCY,
     {{"latency", "Read latency per chunk against rows in the table: a panel per figure "
                  "of chunks.csv (percentiles, the exact maximum, the mean).", 0, 0}}},
    {"readers.gp", GRAPHS_RUN, GRAPHS_CHUNKS | GRAPHS_READERS,
     {{"readers_p99", "The reader processes beside the writer: their p99 latency per chunk "
                      "against rows in the table, a colour per cell (journal mode, readers).",
       0, 0},
      {"readers_commit", "The readers' reads per second while the writer COMMITs (solid), "
                         "while it inserts (dashed) and while it runs its own reads (dotted): "
                         "does a COMMIT stall them?", 0, 0}}},
    {"busy.gp", GRAPHS_RUN, GRAPHS_CHUNKS | GRAPHS_READERS,
     {{"readers_busy", "The readers' busy waits per chunk: SQLITE_BUSY answers (top) and "
                       "milliseconds in their busy handlers (bottom).", 0, 0}}},
    {"amplification.gp", GRAPHS_RUN | GRAPHS_COMPARE, GRAPHS_CHUNKS | GRAPHS_IO,
     {{"amplification", "Bytes written to storage per row inserted (write amplification: "
                        "what wears an SD card).", 0, 0}}},
    {"heatmap.gp", GRAPHS_RUN, GRAPHS_CHUNKS | GRAPHS_HEAT,
     {{"heatmap_write", "Sustained write rows/s (the median of a cell's rounds) over the two settings that vary most.", 0, 0},
      {"heatmap_read", "Sustained read ops/s (the median of a cell's rounds) over the two settings that vary most.",
       GRAPHS_READS, 0}}},
    {"spread.gp", GRAPHS_RUN, GRAPHS_CHUNKS | GRAPHS_SPREAD,
     {{"spread", "Rate against the one setting that varies, with its spread: per value a box "
                 "(quartiles), its median line and whiskers (slowest and fastest) over the "
                 "chunks of all repeats, each chunk a dot beside it.", 0, 0}}},
    {"versions.gp", GRAPHS_RUN | GRAPHS_COMPARE, GRAPHS_CHUNKS | GRAPHS_VERSIONS,
     {{"versions", "The same cell across SQLite libraries (or runs), overlaid: write rows/s per "
                   "chunk.", 0, 0}}},
    {"commit.gp", GRAPHS_RUN, GRAPHS_CHUNKS | GRAPHS_COMMIT,
     {{"commit", "Rows per transaction against write rows/s (log-log).", 0, 0}}},
    {"timeline.gp", GRAPHS_RUN, GRAPHS_TIMELINE,
     {{"timeline", "rows inserted and reads per second in each interval of timeline.csv "
                   "against wall-clock time, chunk starts as grey lines, stretches without a "
                   "row inserted (and COMMITs of a whole interval or more) as black bars; in a "
                   "matrix, each run of a cell in its colour, which the legend names, from a "
                   "dashed line at its start that names it (cell 3 · repeat 2).", 0, 1}}},
    {"wal.gp", GRAPHS_RUN, GRAPHS_TIMELINE | GRAPHS_WAL,
     {{"wal", "The -wal file's size at the end of each interval of timeline.csv against "
              "wall-clock time, a colour per cell, and a cross at the end of each interval in "
              "which a checkpoint ran (SQLite's own at a COMMIT, or --checkpoint's): does a "
              "checkpoint let SQLite write the WAL from its start again (a flat band), or "
              "does the file grow with the table (a reader pinning a snapshot)?", 0, 0}}},
    {"txn.gp", GRAPHS_RUN, GRAPHS_CHUNKS | GRAPHS_TXN,
     {{"txn", "A paced writer's transactions (--write-rate): their latency from when each "
              "was due to its COMMIT's return, per chunk against rows in the table, a panel "
              "each for p50, p99, p99.9 and the slowest, a colour per paced cell.", 0, 0}}},
    {"telemetry.gp", GRAPHS_RUN, GRAPHS_CHUNKS,
     {{"telemetry_temp", "The hottest thermal zone at each chunk's end (right axis) beside "
                         "the chunk's write rate (left axis): does the rate fall as the "
                         "device heats up?", GRAPHS_TEMP | GRAPHS_TEMP_MOVED, 0},
      {"telemetry_clock", "The CPU clock at each chunk's end (right axis) beside the write "
                          "rate: a throttled CPU runs at a lower clock.",
       GRAPHS_CLOCK | GRAPHS_CLOCK_MOVED, 0}}},
    {"durability.gp", GRAPHS_CRASH, GRAPHS_TRIALS,
     {{"durability", "What simulated power cuts left of each cell's database: intact, "
                     "acknowledged commits lost, or corrupt (share of the trials, with "
                     "counts), next to the write rate of the same cell measured without a cut.",
       0, 0}}},
    {"history.gp", GRAPHS_HISTORY, 0,
     {{"history", "A series' cell run after run, in the order they started: write cost, read "
                  "p50 and p99, and the device probe's sync and random-read rates, a panel "
                  "each (those measured); a dashed red line before each run a figure changed "
                  "at, marked with its ratio after to before.", 0, 0}}},
    {"boards.gp", GRAPHS_BOARDS, 0,
     {{"boards", "A plan's cell on boards and cards side by side, in the ranking's order: "
                 "each series' median write cost as a bar, each of its runs' as a dot.", 0,
       0}}},
};
#define NLIST (int)(sizeof list / sizeof *list)

/* The reason of each need bit, in bit order. */
static const char *const reasons[] = {
    "no chunk was measured",
    "no reads were measured",
    "no read latency was measured",
    "no bytes written were counted (/proc/self/io unavailable?)",
    "fewer than two settings vary (the library aside)",
    "no cell ran on more than one SQLite library or run",
    "one commit size only",
    "durability.csv has no cells",
    "not exactly one setting varies (with two values or more)",
    "timeline.csv is missing or empty",
    "no temperature was recorded (no thermal zone)",
    "no CPU clock was recorded",
    "no reader processes ran",
    "the temperature was the same at every chunk's end (a flat line says nothing)",
    "the CPU clock was the same at every chunk's end (a flat line says nothing)",
    "no -wal file's size was recorded (no cell in WAL, or a timeline.csv of an older sqlsoak)",
    "no paced writer ran (--write-rate)",
};

const struct graphs_graph *graphs_at(int i)
{
    return i >= 0 && i < NLIST ? &list[i] : NULL;
}

const struct graphs_graph *graphs_find(const char *script)
{
    for (int i = 0; i < NLIST; i++)
        if (strcmp(list[i].script, script) == 0)
            return &list[i];
    return NULL;
}

unsigned graphs_mode_of(const char *mode)
{
    return !strcmp(mode, "run") ? GRAPHS_RUN : !strcmp(mode, "compare") ? GRAPHS_COMPARE
         : !strcmp(mode, "crash") ? GRAPHS_CRASH : !strcmp(mode, "history") ? GRAPHS_HISTORY
         : !strcmp(mode, "boards") ? GRAPHS_BOARDS : 0;
}

const char *graphs_reason(unsigned needs, unsigned have)
{
    unsigned missing = needs & ~have;
    /* a missing bit without a reason would be drawn as if it were there */
    assert(missing >> sizeof reasons / sizeof *reasons == 0);
    for (unsigned b = 0; b < sizeof reasons / sizeof *reasons; b++)
        if (missing & (1u << b))
            return reasons[b];
    return NULL;
}

const char *graphs_time_unit(double span_s, double *div)
{
    *div = span_s > 3 * 3600 ? 3600 : span_s > 180 ? 60 : 1;
    return span_s > 3 * 3600 ? "hours" : span_s > 180 ? "minutes" : "seconds";
}

const char *graphs_caption(const struct graphs_graph *g, int k, double span_s, char *buf,
                           size_t len)
{
    const char *caption = g->out[k].caption;
    if (!g->out[k].timed)
        return caption;
    if (!isfinite(span_s) || span_s < 0) {
        snprintf(buf, len, "The run as it went: %s", caption);
        return buf;
    }
    double div;
    const char *unit = graphs_time_unit(span_s, &div);
    char n[32];
    /* in the axis's unit, in words: "The run's 4.50 minutes" */
    snprintf(buf, len, "The run's %s %s as they went: %s", units_number(span_s / div, n, sizeof n),
             unit, caption);
    return buf;
}

int graphs_drawn(const struct graphs_graph *g, int k, unsigned mode, unsigned have)
{
    return (g->modes & mode) && k >= 0 && k < 2 && g->out[k].name &&
           !graphs_reason(g->needs | g->out[k].needs, have);
}
