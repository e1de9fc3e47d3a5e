/*
** efficiency: see efficiency.h.  Each ratio is the rate the cell
** sustained (heldrate.h: an older summary.csv's median where it has none) over the
** probe's rate, the one statistic the answer ranks by; a figure either
** side lacks leaves it NaN.
*/
#include "efficiency.h"
#include "dims.h"
#include "heldrate.h"
#include "runkey.h"
#include "units.h"

#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static double rate_of(const json_t *limits, const char *op)
{
    const json_t *v = json_object_get(json_object_get(limits, op), RUNKEY_OP_OPS_PER_S);
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
    double rows_s = heldrate_at(t, row, PHASE_WRITE);
    double every = csvin_num_named(t, row, dim_table[DIM_COMMIT_EVERY].column);
    double seq = json_number_value(json_object_get(lim, RUNKEY_LIMITS_SEQ_WRITE));
    e->no_sync = strcmp(csvin_str_named(t, row, dim_table[DIM_SYNC].column), "off") == 0;
    e->commits_per_s = every > 0 ? rows_s / every : NAN;
    e->syncs_per_commit = csvin_num(t, CSV_SUMMARY, row, COL_vfs_syncs_per_commit);
    e->syncs_per_s = isfinite(e->commits_per_s) && e->syncs_per_commit >= 0
                         ? e->commits_per_s * e->syncs_per_commit : NAN;
    e->dev_syncs_per_s = rate_of(lim, RUNKEY_LIMITS_FDATASYNC);
    e->sync_ratio = e->no_sync ? NAN : ratio(e->syncs_per_s, e->dev_syncs_per_s);
    e->reads_per_s = heldrate_at(t, row, PHASE_READ);
    e->read_io_bytes = csvin_num(t, CSV_SUMMARY, row, COL_read_io_bytes_per_read);
    /* the cell's page size, where the probe read at it: like with like */
    double page = csvin_num_named(t, row, dim_table[DIM_PAGE_SIZE].column);
    char key[24];
    snprintf(key, sizeof key, "%lld", (long long)page);    /* a whole size */
    double sized = page > EFFICIENCY_READ_BYTES
                       ? rate_of(json_object_get(lim, RUNKEY_LIMITS_RANDOM_READ_SIZED), key) : NAN;
    e->read_unit = isfinite(sized) ? page : EFFICIENCY_READ_BYTES;
    e->dev_reads_per_read = e->read_io_bytes >= 0 ? e->read_io_bytes / e->read_unit : NAN;
    e->dev_reads_per_s = e->reads_per_s > 0 ? e->reads_per_s * e->dev_reads_per_read : NAN;
    e->read_iops = isfinite(sized) ? sized : rate_of(lim, RUNKEY_LIMITS_RANDOM_READ);
    e->read_ratio = ratio(e->dev_reads_per_s, e->read_iops);
    double seq_read = json_number_value(json_object_get(lim, RUNKEY_LIMITS_SEQ_READ));
    e->read_mb_s = e->reads_per_s > 0 && e->read_io_bytes >= 0
                       ? e->reads_per_s * e->read_io_bytes / 1e6 : NAN;
    e->seq_read_mb_s = seq_read > 0 ? seq_read : NAN;
    e->read_bw_ratio = ratio(e->read_mb_s, e->seq_read_mb_s);
    double per_row = csvin_num(t, CSV_SUMMARY, row, COL_io_write_bytes_per_row);
    e->write_mb_s = rows_s * per_row / 1e6;
    e->seq_mb_s = seq > 0 ? seq : NAN;
    e->write_ratio = ratio(e->write_mb_s, e->seq_mb_s);
    e->written_mb = per_row * csvin_num(t, CSV_SUMMARY, row, COL_rows) / 1e6;
    double dirty = json_number_value(json_object_get(lim, RUNKEY_LIMITS_DIRTY_BYTES));
    e->dirty_mb = dirty > 0 ? dirty / 1e6 : NAN;
    /* like with like: reads past the 4 KiB rate were larger requests, so
    ** that rate bounds them no more; writes past the device's rate were
    ** the page cache's */
    e->bound = (e->sync_ratio >= EFFICIENCY_BOUND ? EF_SYNCS : 0u) |
               (e->read_ratio >= EFFICIENCY_BOUND && e->read_ratio <= 1 ? EF_READS : 0u) |
               (e->read_bw_ratio >= EFFICIENCY_BOUND ? EF_READ_BW : 0u) |
               (e->write_ratio >= EFFICIENCY_BOUND && e->write_ratio <= 1 ? EF_WRITES : 0u);
    return 0;
}

/* What the page cache did with writes past the device's rate: how long
** its dirty-page limit holds the excess, and the cell's writes against
** it.  Its length. */
static int absorbed(const struct efficiency *e, char *buf, size_t n)
{
    char limit[24], fill[24], written[24];
    int len = snprintf(buf, n, ", more than it takes: the page cache absorbed them");
    if (isfinite(e->dirty_mb) && (size_t)len < n) {
        double fill_s = e->dirty_mb / (e->write_mb_s - e->seq_mb_s);
        len += snprintf(buf + len, n - (size_t)len, ", which its dirty-page limit of %s "
                        "(/proc/sys/vm) holds for %s at this rate",
                        units_bytes(e->dirty_mb * 1e6, limit, sizeof limit),
                        units_secs(fill_s, fill, sizeof fill));
    }
    if (isfinite(e->written_mb) && isfinite(e->dirty_mb) && (size_t)len < n)
        len += snprintf(buf + len, n - (size_t)len, "; the cell wrote %s in all, %s",
                        units_bytes(e->written_mb * 1e6, written, sizeof written),
                        e->written_mb <= e->dirty_mb
                            ? "within it: a run that writes more waits for the device"
                            : "past it: its rate is not what the device sustains");
    return len;
}

int efficiency_say(const struct efficiency *e, char *buf, size_t n)
{
    static const char *limit_names[] = {"syncs", "random reads", "sequential write rate",
                                        "read bandwidth"};
    size_t len = 0;
    const char *sep = "";
    char f1[24], f2[24], f3[24], pct[24];
    long long kib = (long long)(e->read_unit / 1024);   /* a page size: whole KiB */
    buf[0] = 0;
#define SAY(...) (len += (size_t)snprintf(buf + len, len < n ? n - len : 0, __VA_ARGS__))
    for (unsigned b = 0; b < 4; b++)
        if (e->bound & (1u << b)) {
            SAY("%s%s", *sep ? " and " : "bound by the device's ", limit_names[b]);
            sep = "; ";
        }
    if (e->no_sync) {
        SAY("%sno commit waited for a sync (synchronous off)", sep);
        sep = "; ";
    } else if (isfinite(e->sync_ratio)) {
        SAY("%ssyncs at %s of the device's 4 KiB write + fdatasync rate (%s/s against "
            "%s/s; %s per COMMIT)",
            sep, units_pct(100 * e->sync_ratio, pct, sizeof pct),
            units_rate(e->syncs_per_s, f1, sizeof f1), units_rate(e->dev_syncs_per_s, f2, sizeof f2),
            units_number(e->syncs_per_commit, f3, sizeof f3));
        sep = "; ";
    }
    if (isfinite(e->read_ratio)) {
        /* the bytes behind "per read" are the reads' finding's, said once */
        SAY("%sreads sent %s reads a second to the device (%s per read), %s of its "
            "%lld KiB random-read rate (%s/s)",
            sep, units_rate(e->dev_reads_per_s, f1, sizeof f1),
            units_number(e->dev_reads_per_read, f2, sizeof f2),
            units_pct(100 * e->read_ratio, pct, sizeof pct), kib,
            units_rate(e->read_iops, f3, sizeof f3));
        if (e->read_ratio > 1)
            /* bytes from /proc/self/io: more than a page a request can carry */
            SAY(", more than it: the kernel read ahead in requests larger than %lld KiB, so "
                "that rate is no limit of theirs", kib);
        sep = "; ";
    }
    if (isfinite(e->read_bw_ratio)) {
        /* in MB/s, the unit the probe states the device's rate in */
        SAY("%sreads moved %s MB/s from the storage, %s of its sequential read rate "
            "(%s MB/s)", sep, units_number(e->read_mb_s, f1, sizeof f1),
            units_pct(100 * e->read_bw_ratio, pct, sizeof pct),
            units_number(e->seq_read_mb_s, f2, sizeof f2));
        sep = "; ";
    }
    if (isfinite(e->write_ratio)) {
        SAY("%swrites reached the storage at %s of its sequential write rate (%s MB/s "
            "against %s MB/s)",
            sep, units_pct(100 * e->write_ratio, pct, sizeof pct), units_number(e->write_mb_s, f1, sizeof f1),
            units_number(e->seq_mb_s, f2, sizeof f2));
        if (e->write_ratio > 1)
            len += (size_t)absorbed(e, buf + len, len < n ? n - len : 0);
    }
#undef SAY
    return (int)(len < n ? len : n - 1);
}
