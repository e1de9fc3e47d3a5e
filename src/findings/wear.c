/*
** wear: a cell's cost in the device's writes.  See wear.h.
*/
#include "wear.h"
#include "units.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

double wear_per_day(double bytes_per_row, double rows_per_s)
{
    return bytes_per_row * rows_per_s * WEAR_DAY_S;
}

double wear_per_year(double bytes_per_row, double rows_per_s)
{
    return wear_per_day(bytes_per_row, rows_per_s) * WEAR_YEAR_DAYS;
}

int wear_of(const struct absolute *a, double cell_per_row, double rows_per_s, struct wear *w)
{
    const struct absolute_figure *f = &a->dev_bytes_per_row;
    memset(w, 0, sizeof *w);
    w->bytes_per_row = f->at;
    w->cell_per_row = cell_per_row >= 0 ? cell_per_row : NAN;
    w->proj = w->lo = w->hi = w->per_day = w->per_year = w->other_per_row = NAN;
    w->rows_per_s = rows_per_s > 0 ? rows_per_s : NAN;
    w->last_rows = a->last_rows;
    /* a cell whose largest chunk the device wrote nothing in (its pages
    ** flushed later, or synchronous off) still has its figure over all */
    if (isnan(f->at) && isnan(w->cell_per_row))
        return -1;
    if (a->target_rows > a->last_rows && !isnan(f->proj)) {
        w->target_rows = a->target_rows;
        w->proj = f->proj;
        w->lo = f->lo;
        w->hi = f->hi;
    }
    if (!isnan(w->rows_per_s)) {
        w->per_day = wear_per_day(wear_figure(w), w->rows_per_s);
        w->per_year = wear_per_year(wear_figure(w), w->rows_per_s);
    }
    return 0;
}

double wear_figure(const struct wear *w)
{
    return w->target_rows ? w->proj : !isnan(w->cell_per_row) ? w->cell_per_row
                                                              : w->bytes_per_row;
}

/* What other writers could have put in w's figure: 0 when not measured. */
static double margin(const struct wear *w)
{
    return w->other_per_row >= 0 ? w->other_per_row : 0;
}

int wear_told_apart(const struct wear *a, const struct wear *b)
{
    double x = wear_figure(a), y = wear_figure(b);
    return fabs(x - y) > margin(a) + margin(b) + WEAR_SAME_PCT / 100 * fmax(x, y);
}

double wear_idle_share_pct(double idle_per_s, double bytes, double seconds)
{
    if (!(idle_per_s >= 0) || !(bytes > 0) || !(seconds > 0))
        return NAN;
    return 100.0 * idle_per_s / (bytes / seconds);
}

/* " (other writers, at their rate while sqlsoak idled, up to 2.10 a row
** of it)", or "" when not measured. */
static const char *others(double per_row, char *buf, size_t n)
{
    char b[24];
    buf[0] = 0;
    if (per_row >= 0)
        snprintf(buf, n, " (other writers, at their rate while sqlsoak idled, up to %s a row "
                 "of it)", units_number(per_row, b, sizeof b));
    return buf;
}

const char *wear_text(const struct wear *w, const char *name, const char *need_text, char *buf,
                      size_t n)
{
    char rows[24], per[24], mil[32], lo[24], hi[24], other[120];
    size_t len;
    if (!isnan(w->cell_per_row) && w->rows > 0)
        len = (size_t)snprintf(buf, n, "Wear (%s): over its %s rows the device wrote %s bytes "
                               "a row, %s per million rows%s", name,
                               units_count(w->rows, rows, sizeof rows),
                               units_number(w->cell_per_row, per, sizeof per),
                               units_bytes(w->cell_per_row * 1e6, mil, sizeof mil),
                               others(w->other_per_row, other, sizeof other));
    else        /* an older folder: its largest full chunk's, said so */
        len = (size_t)snprintf(buf, n, "Wear (%s): at %s rows (the largest full chunk) the "
                               "device wrote %s bytes a row, %s per million rows", name,
                               units_count(w->last_rows, rows, sizeof rows),
                               units_number(w->bytes_per_row, per, sizeof per),
                               units_bytes(w->bytes_per_row * 1e6, mil, sizeof mil));
    if (w->target_rows && len < n)
        len += (size_t)snprintf(buf + len, n - len,
                                "; projected to %s rows from its scaling fit, %s bytes a row "
                                "(%s..%s, a 95%% prediction interval)",
                                units_count(w->target_rows, rows, sizeof rows),
                                units_number(w->proj, per, sizeof per),
                                units_number(w->lo, lo, sizeof lo),
                                units_number(w->hi, hi, sizeof hi));
    if (need_text && !isnan(w->per_day) && len < n) {
        char day[24], year[24];
        len += (size_t)snprintf(buf + len, n - len, "; at --need writes=%s, %s a day and %s a "
                                "year%s", need_text, units_bytes(w->per_day, day, sizeof day),
                                units_bytes(w->per_year, year, sizeof year),
                                w->target_rows ? " (projected)" : "");
    }
    if (len < n)
        snprintf(buf + len, n - len, ".");
    return buf;
}

const char *wear_same_text(const struct wear *const *w, const char *const *names, int n,
                           char *buf, size_t size)
{
    double lo = wear_figure(w[0]), hi = wear_figure(w[n - 1]), most = 0;
    int64_t rows = w[0]->rows;
    size_t len = (size_t)snprintf(buf, size, "Wear (");
    for (int i = 0; i < n && len < size; i++) {
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? "; " : "", names[i]);
        most = fmax(most, margin(w[i]));
        rows = w[i]->rows == rows ? rows : 0;
    }
    char r[24], a[24], b[24], ma[32], mb[32], other[160] = "";
    if (rows > 0 && len < size)
        len += (size_t)snprintf(buf + len, size - len, "): over their %s rows each",
                                units_count(rows, r, sizeof r));
    else if (len < size)
        len += (size_t)snprintf(buf + len, size - len, "): each over its rows");
    if (most > 0)
        snprintf(other, sizeof other, " and what other writers, at their rate while sqlsoak "
                 "idled, could have written (up to %s a row of each)",
                 units_number(most, a, sizeof a));
    /* a range whose ends print alike is one figure */
    char row[64], mil[80];
    units_number(lo, a, sizeof a);
    units_number(hi, b, sizeof b);
    snprintf(row, sizeof row, strcmp(a, b) ? "%s to %s" : "%s", a, b);
    units_bytes(lo * 1e6, ma, sizeof ma);
    units_bytes(hi * 1e6, mb, sizeof mb);
    snprintf(mil, sizeof mil, strcmp(ma, mb) ? "%s to %s" : "%s", ma, mb);
    if (len < size)
        snprintf(buf + len, size - len, ", the device wrote %s bytes a row, %s per million "
                 "rows%s: not told apart, as they differ by no more than %lld%%%s.", row, mil,
                 w[0]->target_rows ? " (projected)" : "", (long long)llround(WEAR_SAME_PCT),
                 other);
    return buf;
}
