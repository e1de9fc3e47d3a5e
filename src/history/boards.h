/*
** boards: boards and cards side by side: for runs of the same plan, the
** series of different hosts or storage ranked by one figure, each with a
** verdict against the first; see boards.c.
*/
#ifndef SQLSOAK_BOARDS_H
#define SQLSOAK_BOARDS_H

#include "resultsdb.h"
#include "verdict.h"

#include <jansson.h>
#include <stddef.h>

/* The least change a verdict calls a difference, and the most "no
** difference" hides: 10%, history's change points' own. */
#define BOARDS_MIN_CHANGE 0.10
/* The verdicts' method, in JSON: Student's t on the two series' nights. */
#define BOARDS_METHOD "nights"

/* One series of a plan's cell, in its place in the ranking. */
struct boards_row {
    const char *label;            /* host, storage, libraries */
    int nights;
    double write_cost;            /* the median of its nights, µs a row */
    const double *logs;           /* its nights' write costs, logs; nlogs of them */
    int nlogs;
    struct verdict v;             /* against the first; the first's own: call VC_NONE */
};

/* One cell of a plan, its series ranked, the lowest median first. */
struct boards_side {
    sqlite3_int64 cell;
    double rows;                  /* the table size compared at */
    int n;
    const struct boards_row *row;
};

/* What is done with each side by side: 0, or -1 with err. */
typedef int (*boards_visit)(const struct boards_side *s, void *ctx, char *err, size_t errlen);

/* Ranks every plan that more than one series ran, cell by cell, each
** handed to visit.  floor: the least spread of nights (changepoint.h).
** 0, or -1 with err. */
int boards_rank(struct resultsdb *r, double floor, boards_visit visit, void *ctx, char *err,
                size_t errlen);

/* The verdict of nights b[0..nb) against a[0..na) (logs of their write
** costs), by changepoint_at as one split, into *v: ratio b over a, its 95%
** interval (NaN with fewer than 3 nights in all), the call by
** verdict_call_beyond at BOARDS_MIN_CHANGE; evidence the nights in all. */
void boards_verdict(const double *a, int na, const double *b, int nb, double floor,
                    struct verdict *v);

/* Row i's ratio to the first: "x4.53 (95% interval 2.68 to 7.67)", "x1.2"
** without an interval, "" for the first; into buf. */
const char *boards_against_text(const struct boards_side *s, int i, char *buf, size_t n);

/* Row i's verdict in words: "a difference", "no difference beyond 10%",
** "not decided: more nights can decide it"; the first's "the first,
** the lowest median"; into buf. */
const char *boards_verdict_text(const struct boards_side *s, int i, char *buf, size_t n);

/* The side by side as a markdown section, on standard output. */
void boards_markdown(const struct boards_side *s);

/* The side by side as JSON: cell, rows, ranked (rank, label, nights,
** write_cost, ratio, lo, hi, verdict, method; null where none). */
json_t *boards_json(const struct boards_side *s);

#endif
