/*
** efficiency: see efficiency.h.  Each ratio is the cell's median rate
** over the probe's rate; a figure either side lacks leaves it NaN.
*/
#include "efficiency.h"
#include "dims.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static double rate_of(const json_t *limits, const char *op)
{
    const json_t *v = json_object_get(json_object_get(limits, op), "ops_per_s");
    return json_is_number(v) && json_number_value(v) > 0 ? json_number_value(v) : NAN;
}

static double ratio(double a, double b)
{
    return isfinite(a) && isfinite(b) && b > 0 ? a / b : NAN;
}

int efficiency_of(const void *limits, const struct csvin *t, int row, struct efficiency *e)
{
    const json_t *lim = limits;
    if (!json_is_object(lim))
        return -1;
    double rows_s = csvin_num(t, CSV_SUMMARY, row, COL_write_rows_per_s_median);
    double every = csvin_num_named(t, row, dim_table[DIM_COMMIT_EVERY].column);
    double seq = json_number_value(json_object_get(lim, "seq_write_mb_per_s"));
    e->no_sync = strcmp(csvin_str_named(t, row, dim_table[DIM_SYNC].column), "off") == 0;
    e->commits_per_s = every > 0 ? rows_s / every : NAN;
    e->syncs_per_s = rate_of(lim, "write_fdatasync");
    e->commit_ratio = e->no_sync ? NAN : ratio(e->commits_per_s, e->syncs_per_s);
    e->reads_per_s = csvin_num(t, CSV_SUMMARY, row, COL_read_ops_per_s_median);
    e->read_iops = rate_of(lim, "random_read_4k");
    e->read_ratio = ratio(e->reads_per_s, e->read_iops);
    e->cached_pct = csvin_num(t, CSV_SUMMARY, row, COL_db_cached_pct_median);
    e->read_io_bytes = csvin_num(t, CSV_SUMMARY, row, COL_read_io_bytes_per_read);
    e->write_mb_s = rows_s * csvin_num(t, CSV_SUMMARY, row, COL_io_write_bytes_per_row) / 1e6;
    e->seq_mb_s = seq > 0 ? seq : NAN;
    e->write_ratio = ratio(e->write_mb_s, e->seq_mb_s);
    return 0;
}

int efficiency_say(const struct efficiency *e, char *buf, size_t n)
{
    size_t len = 0;
    const char *sep = "";
    buf[0] = 0;
#define SAY(...) (len += (size_t)snprintf(buf + len, len < n ? n - len : 0, __VA_ARGS__))
    if (e->no_sync) {
        SAY("no commit waited for a sync (synchronous off)");
        sep = "; ";
    } else if (isfinite(e->commit_ratio)) {
        SAY("commits ran at %.0f%% of the device's raw write + fdatasync rate (%.1f/s against "
            "%.0f/s)%s",
            100 * e->commit_ratio, e->commits_per_s, e->syncs_per_s,
            e->commit_ratio >= 0.8 ? ": the device's syncs are the limit" : "");
        sep = "; ";
    }
    if (isfinite(e->cached_pct) && e->cached_pct >= 90 && isfinite(e->reads_per_s)) {
        /* a ratio of RAM reads to the device's would say nothing of it */
        SAY("%sreads came from the page cache (%.0f%% of the database there), "
            "not from the device", sep, e->cached_pct);
        sep = "; ";
    } else if (isfinite(e->read_ratio) && e->read_ratio > 1) {
        /* faster than the device: the reads warmed the page cache */
        SAY("%sreads ran faster than the device's random reads (%.0f/s against %.0f/s): most "
            "came from the page cache",
            sep, e->reads_per_s, e->read_iops);
        if (isfinite(e->read_io_bytes))
            SAY(" (%.0f bytes read from storage per read)", e->read_io_bytes);
        sep = "; ";
    } else if (isfinite(e->read_ratio)) {
        SAY("%sreads at %.0f%% of its raw 4 KiB random-read rate (%.0f/s against %.0f/s",
            sep, 100 * e->read_ratio, e->reads_per_s, e->read_iops);
        if (isfinite(e->cached_pct))
            SAY(", %.0f%% of the database in the page cache", e->cached_pct);
        SAY(")");
        sep = "; ";
    }
    if (isfinite(e->write_ratio))
        SAY("%swrites at %.0f%% of its sequential write rate (%.1f MB/s against %.1f MB/s)",
            sep, 100 * e->write_ratio, e->write_mb_s, e->seq_mb_s);
#undef SAY
    return (int)(len < n ? len : n - 1);
}
