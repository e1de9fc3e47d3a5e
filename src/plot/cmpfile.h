/*
** cmpfile: a comparison folder's comparison.csv read back, for `sqlsoak
** report`: a row per matched cell per run, its settings and figures as
** summary.csv's, then the ratios over the baseline run (write_vs_baseline_run
** and the rest, apart from summary.csv's write_vs_baseline against the
** baseline cell).
*/
#ifndef SQLSOAK_CMPFILE_H
#define SQLSOAK_CMPFILE_H

#include "cmpratio.h"
#include "csvin.h"

#include <stddef.h>

struct cmpfile {
    char name[160];            /* the folder's last part */
    struct csvin t;
    int match, run, baseline;  /* columns: the match, the run's name, the baseline's */
    int ratio[CMPRATIO_COUNT][3];   /* each figure's median over repeats, lo, hi; -1 absent */
    int method[CMPRATIO_COUNT];     /* what decided each (verdict.h's word); -1 older */
    int pairs[CMPRATIO_COUNT];      /* the chunk pairs that decided it; -1 older */
    int repeats, confidence;   /* over how many repeats, the intervals' coverage in % */
};

/* Whether dir is a comparison folder: comparison.csv, and no chunks.csv. */
int cmpfile_is_comparison(const char *dir);

/* Reads dir/comparison.csv into c.  0, or -1 with a line in err. */
int cmpfile_load(const char *dir, struct cmpfile *c, char *err, size_t errlen);

/* Field col of row, "" when col is -1. */
const char *cmpfile_str(const struct cmpfile *c, int row, int col);

/* 1 when row is of the baseline run. */
int cmpfile_is_base(const struct cmpfile *c, int row);

/* The verdict of ratio k of row over the baseline run's, as compare
** stated it: its ratio, interval and method from the file, its call
** settled by verdict.h's rule.  Its ratio NaN in the baseline run's rows
** and when not measured. */
void cmpfile_verdict(const struct cmpfile *c, int row, int k, struct verdict *out);

/* Ratio k of row over the baseline run's, with its interval and verdict
** as the terminal gives it (verdict.h's verdict_text: the repeats', or
** the chunk pairs' one after another when those decided it); "baseline" in
** the baseline run's rows; "" when not measured. */
const char *cmpfile_ratio_text(const struct cmpfile *c, int row, int k, char *buf, size_t n);

void cmpfile_free(struct cmpfile *c);

#endif
