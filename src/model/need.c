/*
** need: an application's load.  See need.h.
*/
#include "need.h"

#include "units.h"
#include "value.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

const char *const need_names[NEED_COUNT] = {"writes", "reads", "read-p99", "wal"};

/* Each item's kind of value: its units, its range, and the words that
** say what it takes.  A rate is per second ("200/s", "2k/s", "1.5M/s"),
** from one in about 12 days (10^-6) to 10^12; a time ("20ms", "500us",
** "1s") from 1 ns to about 12 days, in µs; a size is as every size option
** takes it ("256M", "1GiB", "900k").  Past those, 1/rate and the time are
** no cost a cell is measured against, nor a number that rounds to 0. */
static const struct value_unit rate_units[] = {{"/s", 1}, {"k/s", 1e3}, {"M/s", 1e6}, {NULL, 0}};
static const struct value_unit time_units[] = {
    {"us", 1}, {"µs", 1}, {"ms", 1e3}, {"s", 1e6}, {NULL, 0}};

static const struct {
    const struct value_unit *units;   /* NULL: a size in bytes */
    double min, max;
    const char *what, *range;
} kinds[NEED_COUNT] = {
    [NEED_WRITES] = {rate_units, 1e-6, 1e12, "a rate above 0 per second (200/s, 2k/s)",
                     "0.000001/s to 1000000M/s"},
    [NEED_READS] = {rate_units, 1e-6, 1e12, "a rate above 0 per second (200/s, 2k/s)",
                    "0.000001/s to 1000000M/s"},
    [NEED_READ_P99] = {time_units, 1e-3, 1e12, "a time above 0 (20ms, 500us, 1s)",
                       "0.001us to 1000000s"},
    [NEED_WAL] = {NULL, 0, 0, "a size above 0 (256M, 1GiB, 900k)", NULL},
};

/* Item k's value text into *out.  0, or -1 with err. */
static int item_value(int k, const char *text, double *out, char *err, size_t errlen)
{
    int64_t b = 0;
    int rc = kinds[k].units ? value_parse_real(text, kinds[k].units, kinds[k].min, kinds[k].max,
                                               out)
                            : value_parse_bytes(text, &b) || b <= 0 ? -1 : 0;
    if (rc == -2)
        snprintf(err, errlen, "--need %s: '%.100s' is out of range (%s)", need_names[k], text,
                 kinds[k].range);
    else if (rc)
        snprintf(err, errlen, "--need %s: '%.100s' is not %s", need_names[k], text, kinds[k].what);
    else if (!kinds[k].units)
        *out = (double)b;
    return rc ? -1 : 0;
}

int need_parse(const char *text, struct need *out, char *err, size_t errlen)
{
    for (int k = 0; k < NEED_COUNT; k++)
        out->limit[k] = out->asked[k] = NAN;
    if (!text || !*text) {
        snprintf(err, errlen, "--need: empty (e.g. --need writes=200/s,reads=2000/s,read-p99=20ms,"
                 "wal=256M)");
        return -1;
    }
    for (const char *p = text;; p++) {
        size_t len = strcspn(p, ",");
        char item[128];
        snprintf(item, sizeof item, "%.*s", (int)(len < sizeof item ? len : sizeof item - 1), p);
        char *eq = strchr(item, '=');
        int k = -1;
        for (int i = 0; eq && i < NEED_COUNT; i++)
            if ((size_t)(eq - item) == strlen(need_names[i]) &&
                strncmp(item, need_names[i], strlen(need_names[i])) == 0)
                k = i;
        double v = NAN;
        if (len == 0) {
            snprintf(err, errlen, "--need: an empty item in '%.100s'", text);
            return -1;
        }
        if (k < 0) {
            snprintf(err, errlen, "--need: '%.100s' is not writes=R/s, reads=R/s, read-p99=TIME or "
                     "wal=SIZE", item);
            return -1;
        }
        if (!isnan(out->asked[k])) {
            snprintf(err, errlen, "--need: %s given twice", need_names[k]);
            return -1;
        }
        if (item_value(k, eq + 1, &v, err, errlen))
            return -1;
        out->asked[k] = v;
        out->limit[k] = k == NEED_WRITES || k == NEED_READS ? 1e6 / v : v;
        p += len;
        if (!*p)
            break;
    }
    return 0;
}

const char *need_asked_text(const struct need *nd, enum need_item k, char *buf, size_t n)
{
    double v = nd->asked[k];
    if (k == NEED_WAL)
        return need_bytes_text(v, buf, n);
    char num[32];
    if (k != NEED_READ_P99) {
        /* a whole rate as the option took it ("1.5M"), else to three figures */
        if (v == floor(v) && v >= 0 && v < 9e18)
            units_count((int64_t)v, num, sizeof num);
        else
            units_rate(v, num, sizeof num);
        snprintf(buf, n, "%s/s", num);
        return buf;
    }
    /* a latency in the unit it reaches, whole as given ("5 ms"), else to
    ** three figures */
    double scale = v >= 1e6 ? 1e6 : v >= 1e3 ? 1e3 : 1;
    snprintf(buf, n, "%s %s", units_whole(v / scale, num, sizeof num),
             scale == 1e6 ? "s" : scale == 1e3 ? "ms" : "µs");
    return buf;
}

const char *need_bytes_text(double bytes, char *buf, size_t n)
{
    static const char *const unit[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    for (; bytes >= 1023.5 && u < 4; u++)
        bytes /= 1024;
    char num[32];
    snprintf(buf, n, "%s %s", units_whole(bytes, num, sizeof num), unit[u]);
    return buf;
}
