/*
** dims: the one table of matrix dimensions.
**
** A row per dimension holds everything the tool knows of it: its option
** (name, values, default, range, help, and whether `crash` takes it), its
** CSV column (also its run.json key), how a graph or table labels it, the
** PRAGMA that applies it with the order it must run in, how the library's
** answer is read back and compared, and what a results file written
** before the column existed meant.  Options, plan, settings, the CSV
** identity columns, run.json, the summary tables, plot data, crash and the
** report all loop over this table: adding a dimension is adding a row (and
** its name below).
**
** A cell is one value per dimension, indexed by enum dim_id: the word's
** index for a word, the number otherwise, VALUE_DEFAULT for "leave the
** library's".  The library dimension's value is an index into
** --sqlite-lib; its CSV text is the path.
*/
#ifndef SQLSOAK_DIMS_H
#define SQLSOAK_DIMS_H

#include "value.h"

#include <stddef.h>
#include <stdint.h>

enum dim_id {
    DIM_LIB,
    DIM_PAGE_SIZE,
    DIM_JOURNAL,
    DIM_SYNC,
    DIM_COMMIT_EVERY,
    DIM_CACHE_SIZE,
    DIM_MMAP_SIZE,
    DIM_KEY_ORDER,
    DIM_VALUE_SIZE,
    DIM_LOCKING_MODE,
    DIM_WAL_AUTOCHECKPOINT,
    DIM_OS_CACHE,
    DIM_DEVICE,
    DIM_POWERSAFE,
    DIM_BUSY_TIMEOUT,
    DIM_CHECKPOINT,
    DIM_READERS,
    DIM_READ_DIST,
    DIM_KEY_TYPE,
    DIM_TABLE,
    DIM_INDEX,
    DIM_UPDATES,
    DIM_DELETES,
    DIM_AUTO_VACUUM,
    DIM_JOURNAL_SIZE_LIMIT,
    DIM_PIN_READER,
    DIM_WRITE_RATE,
    DIM_ARRIVAL,
    DIM_LATENCY_LIMIT,
    DIM_ANALYZE,
    DIM_SECURE_DELETE,
    DIM_COUNT
};

/* How PRAGMA <name> answers when asked for the value in force. */
enum dim_readback {
    DR_NONE,      /* not a pragma: the workload itself uses the value */
    DR_NUMBER,    /* a number (an enum's: the word's index, as synchronous) */
    DR_WORD       /* a word (journal_mode, locking_mode) */
};

/* Whether a dimension changes what a cell costs (the time estimate's
** rule: an earlier run's cell stands for a planned one, and planned cells
** share one calibration, only when they agree on every dimension that
** does). */
enum dim_cost {
    DC_NONE,      /* never: crash's simulated storage (a run keeps the default) */
    DC_ALWAYS,
    DC_WAL,       /* only in WAL, the journal it configures */
    DC_READERS,   /* only with --readers or --pin-reader: a wait for another's lock */
    DC_PACED      /* only with --write-rate: how the paced writer's arrivals come */
};

struct dim {
    struct value_spec opt;     /* the option and the values it takes */
    const char *column;        /* CSV column, run.json key */
    const char *unit;          /* of the column's numbers: "bytes", "rows"; "" for words */
    const char *label;         /* a value in graph labels: printf format of its text */
    const char *label_column;  /* the column labels show instead (library: its version) */
    int always_named;          /* cell labels name it even when it does not vary */
    const char *pragma;        /* the PRAGMA that applies it; NULL: not a pragma */
    int apply_order;           /* pragmas run in ascending order */
    enum dim_readback readback;
    const char *absent;        /* its value in results files that predate its column */
    enum dim_cost cost;        /* whether it changes a cell's time */
};

extern const struct dim dim_table[DIM_COUNT];

/* The dimension whose CSV column is name, or -1. */
int dims_find(const char *column);

/* The canonical text of value v of dimension d (the CSV field; not for
** DIM_LIB, whose text is a path).  Returns buf. */
const char *dims_text(int d, int64_t v, char *buf, size_t n);

/* A CSV field of dimension d back to its value; an empty field (a file
** that predates the column) reads as the row's `absent` value.  Returns
** 0, or -1 when the text is not a value of d. */
int dims_parse(int d, const char *text, int64_t *v);

/* A CSV field of dimension d as a graph label says it, through the row's
** label format: "65536" -> "64k", "default" -> "cache default".  An empty
** field is the `absent` value.  Returns buf. */
const char *dims_label(int d, const char *text, char *buf, size_t n);

/* A CSV field of dimension d as a person reads the value alone: "64k",
** "wal", "default".  An empty field is the `absent` value.  Returns buf. */
const char *dims_human(int d, const char *text, char *buf, size_t n);

/* A CSV field with an empty one read as d's `absent` value. */
const char *dims_field(int d, const char *text);

/* 1 when a CSV field of dimension d holds the option's default (what a
** run that did not mention the option ran with). */
int dims_is_option_default(int d, const char *text);

/* 1 when v leaves the library's own setting (no PRAGMA is run). */
int dims_is_default(int d, int64_t v);

/* 1 when dimension d changes the time of a cell of values v (its cost
** row: DC_WAL's only when v's journal is wal, DC_READERS's only with
** readers). */
int dims_cost(int d, const int64_t v[DIM_COUNT]);

/* The dimensions that are pragmas, in the order they must be applied,
** into order[]; returns how many. */
int dims_apply_order(int order[DIM_COUNT]);

#endif
