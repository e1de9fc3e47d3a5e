/*
** wear: a cell's cost in the device's writes.  See wear.h.
*/
#include "wear.h"

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
    w->proj = w->lo = w->hi = w->per_day = w->per_year = NAN;
    w->rows_per_s = rows_per_s > 0 ? rows_per_s : NAN;
    w->last_rows = a->last_rows;
    if (isnan(f->at))
        return -1;
    if (a->target_rows > a->last_rows && !isnan(f->proj)) {
        w->target_rows = a->target_rows;
        w->proj = f->proj;
        w->lo = f->lo;
        w->hi = f->hi;
    }
    if (!isnan(w->rows_per_s)) {
        double b = w->target_rows ? w->proj : w->bytes_per_row;
        w->per_day = wear_per_day(b, w->rows_per_s);
        w->per_year = wear_per_year(b, w->rows_per_s);
    }
    return 0;
}

const char *wear_bytes_text(double b, char *buf, size_t n)
{
    static const char *const unit[] = {"kB", "MB", "GB", "TB", "PB"};
    if (!(b >= 999.5)) {
        snprintf(buf, n, "%.0f bytes", b);
        return buf;
    }
    int u = 0;
    b /= 1e3;
    while (b >= 999.5 && u < 4) {
        b /= 1e3;
        u++;
    }
    snprintf(buf, n, "%.*f %s", b < 9.995 ? 2 : b < 99.95 ? 1 : 0, b, unit[u]);
    return buf;
}

const char *wear_per_row_text(double b, char *buf, size_t n)
{
    snprintf(buf, n, "%.*f", b < 9.995 ? 2 : b < 99.95 ? 1 : 0, b);
    return buf;
}

double wear_idle_share_pct(double idle_per_s, double bytes, double seconds)
{
    if (!(idle_per_s >= 0) || !(bytes > 0) || !(seconds > 0))
        return NAN;
    return 100.0 * idle_per_s / (bytes / seconds);
}

const char *wear_text(const struct wear *w, const char *name, const char *need_text, char *buf,
                      size_t n)
{
    char rows[24], per[24], mil[32], lo[24], hi[24];
    size_t len = (size_t)snprintf(buf, n, "Wear (%s): at %s rows (the largest full chunk) the "
                                          "device wrote %s bytes a row, %s per million rows",
                                  name, absolute_rows_text(w->last_rows, rows, sizeof rows),
                                  wear_per_row_text(w->bytes_per_row, per, sizeof per),
                                  wear_bytes_text(w->bytes_per_row * 1e6, mil, sizeof mil));
    if (!isnan(w->cell_per_row) && len < n)
        len += (size_t)snprintf(buf + len, n - len, " (%s a row over all its chunks)",
                                wear_per_row_text(w->cell_per_row, per, sizeof per));
    if (w->target_rows && len < n)
        len += (size_t)snprintf(buf + len, n - len,
                                "; projected to %s rows from its scaling fit, %s bytes a row "
                                "(%s..%s, a 95%% prediction interval)",
                                absolute_rows_text(w->target_rows, rows, sizeof rows),
                                wear_per_row_text(w->proj, per, sizeof per),
                                wear_per_row_text(w->lo, lo, sizeof lo),
                                wear_per_row_text(w->hi, hi, sizeof hi));
    if (need_text && !isnan(w->per_day) && len < n) {
        char day[24], year[24];
        len += (size_t)snprintf(buf + len, n - len, "; at --need writes=%s, %s a day and %s a "
                                "year%s", need_text, wear_bytes_text(w->per_day, day, sizeof day),
                                wear_bytes_text(w->per_year, year, sizeof year),
                                w->target_rows ? " (projected)" : "");
    }
    if (len < n)
        snprintf(buf + len, n - len, ".");
    return buf;
}
