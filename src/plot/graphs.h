/*
** graphs: the one list of graphs sqlsoak draws.  Each row names its
** gnuplot script in plots/, the files it draws, their captions, the kind
** of folder it belongs to and what must have been measured for it to be
** drawn.  `sqlsoak plot` and `compare` run exactly these rows, and
** report.html shows exactly their files: a script in plots/ without a row
** is never run (tests/unit/test_graphs.c checks that there is none).
*/
#ifndef SQLSOAK_GRAPHS_H
#define SQLSOAK_GRAPHS_H

#include <stddef.h>

/* What a folder (or a comparison) has data for: one bit each.  A graph
** or output needing a bit that is not present is skipped, and the
** bit's reason (graphs_reason) says why. */
enum graphs_need {
    GRAPHS_CHUNKS = 1u << 0,     /* at least one cell measured chunks */
    GRAPHS_READS = 1u << 1,      /* some chunk ran reads */
    GRAPHS_LATENCY = 1u << 2,    /* some chunk has read latency percentiles */
    GRAPHS_IO = 1u << 3,         /* some chunk counted bytes written to storage */
    GRAPHS_HEAT = 1u << 4,       /* two settings or more vary (the library aside) */
    GRAPHS_VERSIONS = 1u << 5,   /* a cell ran on more than one library or run */
    GRAPHS_COMMIT = 1u << 6,     /* more than one commit size */
    GRAPHS_TRIALS = 1u << 7,     /* a crash folder with at least one cell */
    GRAPHS_SPREAD = 1u << 8,     /* exactly one dimension varies, with 2 values or more */
    GRAPHS_TIMELINE = 1u << 9,   /* timeline.csv has rows */
    GRAPHS_TEMP = 1u << 10,      /* some chunk recorded temp_c */
    GRAPHS_CLOCK = 1u << 11,     /* some chunk recorded cpu_mhz (> 0) */
    GRAPHS_READERS = 1u << 12,   /* some chunk ran reader processes (plotreaders.h) */
    GRAPHS_TEMP_MOVED = 1u << 13,  /* temp_c took more than one value */
    GRAPHS_CLOCK_MOVED = 1u << 14, /* cpu_mhz took more than one value */
    GRAPHS_WAL = 1u << 15,       /* timeline.csv holds the -wal file's size */
    GRAPHS_TXN = 1u << 16,       /* some chunk has a paced writer's latencies */
};
/* The bits of the telemetry (plottimeline.h draws them against its clock). */
#define GRAPHS_TELEMETRY (GRAPHS_TEMP | GRAPHS_CLOCK | GRAPHS_TEMP_MOVED | GRAPHS_CLOCK_MOVED)

/* The kinds of folder a graph is drawn for (history: a series' cell over
** its nights, boards: a plan's cell on boards side by side, each in a
** folder of its own under `history --out`). */
enum graphs_mode {
    GRAPHS_RUN = 1, GRAPHS_COMPARE = 2, GRAPHS_CRASH = 4, GRAPHS_HISTORY = 8, GRAPHS_BOARDS = 16
};

/* One file a script draws (as name.png and name.svg), its caption, and
** what it needs beyond its graph's needs.  A caption of a graph against
** time opens with the run's length (graphs_caption): "The night as it
** went" said of an 11-second run is wrong. */
struct graphs_output {
    const char *name;
    const char *caption;
    unsigned needs;
    int timed;                   /* 1: the caption follows graphs_caption's opening */
};

struct graphs_graph {
    const char *script;          /* in plots/ */
    unsigned modes;              /* enum graphs_mode bits */
    unsigned needs;              /* enum graphs_need bits: the script runs only with all */
    struct graphs_output out[2]; /* name NULL: no second output */
};

/* Row i of the list, in report order; NULL past the end. */
const struct graphs_graph *graphs_at(int i);

/* The row of script (e.g. "write.gp"), or NULL. */
const struct graphs_graph *graphs_find(const char *script);

/* The mode bit of a mode's name: "run", "compare", "crash", "history"; 0
** otherwise. */
unsigned graphs_mode_of(const char *mode);

/* Why something needing needs is not drawn when have was measured: the
** reason of the first missing bit, or NULL when nothing is missing.
** A static string. */
const char *graphs_reason(unsigned needs, unsigned have);

/* The unit a span of span_s seconds is told in, on a time axis and in a
** caption: "seconds" up to 3 minutes, "minutes" up to 3 hours, then
** "hours"; *div (OUT) the seconds in one. */
const char *graphs_time_unit(double span_s, double *div);

/* Output k's caption, in buf (len bytes), returned: a timed one opens
** with the run's length, span_s seconds ("The run's 11 seconds as they
** went: "; "The run as it went: " when span_s is not finite). */
const char *graphs_caption(const struct graphs_graph *g, int k, double span_s, char *buf,
                           size_t len);

/* Whether output k of g is drawn in mode (a graphs_mode bit) with have. */
int graphs_drawn(const struct graphs_graph *g, int k, unsigned mode, unsigned have);

#endif
