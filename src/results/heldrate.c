/*
** heldrate: the rate a cell sustained, or an older file's median.  See
** heldrate.h.
*/
#include "heldrate.h"

#include <assert.h>
#include <math.h>

/* summary.csv's columns of each phase heldrate_at reads */
static const struct {
    enum colid sustained, median;
} cols[PHASE_COUNT] = {
    [PHASE_WRITE] = {COL_write_rows_per_s_sustained, COL_write_rows_per_s_median},
    [PHASE_READ] = {COL_read_ops_per_s_sustained, COL_read_ops_per_s_median},
};

/* The one fallback: a rate sustained when there is one, else the median. */
static double held(double sustained, double median)
{
    double v = sustained > 0 ? sustained : median;
    return v > 0 ? v : NAN;
}

double heldrate_of(const struct phase_summary *ps)
{
    return held(ps->sustained, ps->median);
}

double heldrate_at(const struct csvin *t, int row, enum phase_id p)
{
    assert(p == PHASE_WRITE || p == PHASE_READ);
    return held(csvin_num(t, CSV_SUMMARY, row, cols[p].sustained),
                csvin_num(t, CSV_SUMMARY, row, cols[p].median));
}

enum colid heldrate_sustained_column(enum phase_id p)
{
    assert(p == PHASE_WRITE || p == PHASE_READ);
    return cols[p].sustained;
}

enum colid heldrate_median_column(enum phase_id p)
{
    assert(p == PHASE_WRITE || p == PHASE_READ);
    return cols[p].median;
}

enum colid heldrate_column(const struct csvin *t, int row, enum phase_id p)
{
    enum colid s = heldrate_sustained_column(p), m = heldrate_median_column(p);
    if (csvin_col(t, colid_name(s)) < 0)
        return m;
    return csvin_num(t, CSV_SUMMARY, row, s) > 0 || !(csvin_num(t, CSV_SUMMARY, row, m) > 0) ? s : m;
}
