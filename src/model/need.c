/*
** need: an application's load.  See need.h.
*/
#include "need.h"

#include "value.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const need_names[NEED_COUNT] = {"writes", "reads", "read-p99", "wal"};

/* "200/s", "2k/s", "1.5M/s": a rate per second, > 0. */
static int rate(const char *v, double *out)
{
    char *end;
    errno = 0;
    double r = strtod(v, &end);
    if (end == v || errno)
        return -1;
    if (*end == 'k' || *end == 'M')
        r *= *end++ == 'k' ? 1e3 : 1e6;
    if (strcmp(end, "/s") != 0 || !(r > 0) || !isfinite(r))
        return -1;
    *out = r;
    return 0;
}

/* "20ms", "500us", "500µs", "1s": a time, > 0, in µs. */
static int duration(const char *v, double *out)
{
    static const struct {
        const char *unit;
        double us;
    } u[] = {{"us", 1}, {"µs", 1}, {"ms", 1e3}, {"s", 1e6}};
    char *end;
    errno = 0;
    double t = strtod(v, &end);
    if (end == v || errno || !(t > 0) || !isfinite(t))
        return -1;
    for (size_t i = 0; i < sizeof u / sizeof *u; i++)
        if (strcmp(end, u[i].unit) == 0) {
            *out = t * u[i].us;
            return 0;
        }
    return -1;
}

/* "256M", "1GiB", "900k": a size in bytes, > 0, as every size option
** takes it. */
static int size(const char *v, double *out)
{
    int64_t b;
    if (value_parse_bytes(v, &b) || b <= 0)
        return -1;
    *out = (double)b;
    return 0;
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
    const char *p = text;
    while (*p) {
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
        if (k < 0) {
            snprintf(err, errlen, "--need: '%.100s' is not writes=R/s, reads=R/s, read-p99=TIME or "
                     "wal=SIZE", item);
            return -1;
        }
        if (!isnan(out->asked[k])) {
            snprintf(err, errlen, "--need: %s given twice", need_names[k]);
            return -1;
        }
        if (k == NEED_WAL ? size(eq + 1, &v) : k == NEED_READ_P99 ? duration(eq + 1, &v)
                                                                   : rate(eq + 1, &v)) {
            snprintf(err, errlen, "--need %s: '%.100s' is not %s", need_names[k], eq + 1,
                     k == NEED_WAL        ? "a size above 0 (256M, 1GiB, 900k)"
                     : k == NEED_READ_P99 ? "a time above 0 (20ms, 500us, 1s)"
                                          : "a rate above 0 per second (200/s, 2k/s)");
            return -1;
        }
        out->asked[k] = v;
        out->limit[k] = k == NEED_WRITES || k == NEED_READS ? 1e6 / v : v;
        p += len;
        if (*p == ',')
            p++;
    }
    return 0;
}

const char *need_asked_text(const struct need *nd, enum need_item k, char *buf, size_t n)
{
    double v = nd->asked[k];
    if (k == NEED_WAL)
        return need_bytes_text(v, buf, n);
    if (k != NEED_READ_P99)
        snprintf(buf, n, v >= 1e6 ? "%gM/s" : v >= 1e3 ? "%gk/s" : "%g/s",
                 v >= 1e6 ? v / 1e6 : v >= 1e3 ? v / 1e3 : v);
    else if (v >= 1e6)
        snprintf(buf, n, "%g s", v / 1e6);
    else if (v >= 1e3)
        snprintf(buf, n, "%g ms", v / 1e3);
    else
        snprintf(buf, n, "%g µs", v);
    return buf;
}

const char *need_bytes_text(double bytes, char *buf, size_t n)
{
    static const char *const unit[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    for (; bytes >= 1023.5 && u < 4; u++)
        bytes /= 1024;
    snprintf(buf, n, "%.3g %s", bytes, unit[u]);
    return buf;
}
