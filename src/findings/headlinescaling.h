/*
** headlinescaling: how a cell's cost per op grew with its table, a
** log-log fit over its full chunks with a 95% interval beside the
** two-point ratio of its first and last, and the headline's HL_SCALING
** sentences of the baseline cell's (headline.h).
*/
#ifndef SQLSOAK_HEADLINESCALING_H
#define SQLSOAK_HEADLINESCALING_H

#include "headlineint.h"
#include "phase.h"

#include <stddef.h>
#include <stdint.h>

/* A fit of log2(cost) on log2(rows): the slope b, so that cost grows 2^b
** per doubling, with its 95% interval (NaN below 3 points), and the
** median over repeats of last over first cost. */
struct headlinescaling_fit {
    int k, repeats;          /* the chunks fitted, and the repeats they came from */
    double b, b_lo, b_hi;
    double last_over_first;  /* the median over nratio repeats of each one's */
    int nratio;
    int64_t first_rows, last_rows;
};

/* The fit of cell's cost per op of phase m over its full chunks. */
void headlinescaling_fit_cost(const struct headline_input *in, int64_t cell, enum phase_id m,
                              struct headlinescaling_fit *f);

/* "1.09x per doubling of the table (1.05..1.12, 95%, a log-log fit over
** 30 chunks of 3 repeats)", into buf. */
const char *headlinescaling_per_doubling(const struct headlinescaling_fit *f, char *buf,
                                         size_t n);

/* The baseline's scaling sentences (base: its name) into h. */
void headlinescaling_say(const struct headline_input *in, const char *base, struct headline *h);

#endif
