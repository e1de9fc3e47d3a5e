/*
** headlineint: what headline.c shares with the modules that write its
** sentences (headlinescaling, headlinedims, headlineclaims, headlinelibs,
** headlinedevice): the sentences and their figures (struct headline, the
** public result headline.h hands out), what they are made from (struct
** headline_input), and the steps every sentence takes (added, given its
** figures, of a measured run).  A caller includes headline.h, not this.
*/
#ifndef SQLSOAK_HEADLINEINT_H
#define SQLSOAK_HEADLINEINT_H

#include "need.h"
#include "records.h"
#include "verdict.h"

#include <stdint.h>

#define HEADLINE_MAX 48          /* sentences at most: a dimension each, a cell's need
                                 ** and wear each, and a few */
#define HEADLINE_LEN 1024
#define HEADLINE_FIGS 8          /* figures a sentence carries at most */

enum headline_kind {
    HL_SCALING, HL_CACHE, HL_DIM, HL_CLAIM, HL_DEVICE, HL_ABSOLUTE, HL_NEED,
    HL_UPDATES, HL_DELETES, HL_FREELIST, HL_READERS, HL_WRITES, HL_WEAR, HL_WAL, HL_PACED,
    HL_LIBS, HL_KINDS
};

/* A number a sentence states: "update_rows_per_s" of "cell 1", in rows/s. */
struct headline_figure {
    char name[40];
    char of[64];
    double value;
    const char *unit;        /* "rows/s", "µs", "ms", "pages", "bytes", "%", "rows",
                             ** "bytes/row", "bytes/s", "GB/day", "TB/year" */
};

#define HEADLINE_VERDICTS 8   /* comparisons a sentence states at most */

/* A comparison a sentence states, typed for a program (summary.json):
** value a against value b on a phase, and its one verdict (verdict.h). */
struct headline_verdict {
    char a[64], b[64];
    const char *phase;       /* "write", "read" */
    struct verdict v;
};

struct headline_line {
    enum headline_kind kind;
    char text[HEADLINE_LEN];
    int64_t cell;            /* the cell it is about; 0: the run's, or several */
    int nfig;
    struct headline_figure fig[HEADLINE_FIGS];
    int nverdict;
    struct headline_verdict verdict[HEADLINE_VERDICTS];
};

struct headline {
    int n;
    struct headline_line line[HEADLINE_MAX];
};

/* What the sentences are made from: a run's summary records (their
** vs_baseline columns need not be filled), its chunks, the baseline cell
** (baseline.h), the preset it ran (or NULL) and its planned rows (0:
** unknown). */
struct headline_input {
    const struct summary_record *recs;
    int nrecs;
    const struct chunk_record *chunks;
    int nchunks;
    int64_t baseline;
    const char *preset;
    int64_t planned_rows;
    int64_t target_rows;     /* --target-rows: the size figures are projected to; 0 none */
    int cpus;                /* the machine's cores (run.json's host); 0 unknown */
    const struct need *need; /* --need: the load each cell is held against; NULL none */
    int64_t repeats;         /* --repeat, as cellname.h names a cell's runs; 0 unknown */
    /* the device's writes while sqlsoak idled (run.json's device_idle), in
    ** bytes/s over idle_s seconds; idle_s 0: not measured */
    double idle_write_bytes_per_s, idle_s;
    int interleaved;         /* --interleave chunk: its dimensions are compared from
                                their chunk pairs too (pairseries.h) */
};


/* Adds a sentence of kind, printf's way, to h; nothing when h is full. */
void headline_add(struct headline *h, enum headline_kind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Figure name of of, value v in unit, to the sentence last added; none
** when v was not measured or the sentence was not added. */
void headline_figure(struct headline *h, enum headline_kind kind, const char *name,
                     const char *of, double v, const char *unit);

/* The comparison of a against b on phase m, verdict v, to the sentence
** of kind last added, with its ratio and interval among its figures while
** they have room; nothing when it is full or the sentence was not added. */
void headline_verdict(struct headline *h, enum headline_kind kind, const char *a,
                      const char *b, enum phase_id m, const struct verdict *v);

/* Whether summary record r is of a repeat that measured (status ok). */
int headline_measured(const struct summary_record *r);

/* The most readers of a measured cell. */
int64_t headline_most_readers(const struct headline_input *in);

/* When a cell's processes (the writer and its readers) outnumber the
** machine's cores, what that does to the figures that follow: a sentence
** in a static buffer, said once, before the ratios and waits it is of;
** "" when not. */
const char *headline_oversubscribed(const struct headline_input *in);

#endif
