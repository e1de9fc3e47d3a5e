/*
** units: see units.h.  Written in the C locale: '.' is the decimal point.
*/
#include "units.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The decimals that give a (>= 0, below 999.5) three significant figures
** once rounded: 2 from 0.9995, 1 from 9.995, none from 99.95. */
static int decimals(double a)
{
    int d = 2;
    double low = 0.9995;
    if (a >= 99.95)
        return 0;
    if (a >= 9.995)
        return 1;
    while (a > 0 && a < low && d < 12) {
        low /= 10;
        d++;
    }
    return d;
}

/* v in the largest of unit (each 1000 times the one before, the first
** v's own) that it reaches once rounded, then sep and the unit's name. */
static const char *scaled(double v, const char *const *unit, int nunit, const char *sep,
                          char *buf, size_t n)
{
    if (isnan(v)) {
        snprintf(buf, n, "-");
        return buf;
    }
    double a = fabs(v);
    int u = 0;
    for (; a >= 999.5 && u + 1 < nunit; u++)   /* 999.95 is 1.00k */
        a /= 1000;
    const char *space = unit[u][0] ? sep : "";
    if (a == 0)
        snprintf(buf, n, "0%s%s", space, unit[u]);
    else
        snprintf(buf, n, "%s%.*f%s%s", v < 0 ? "-" : "", decimals(a), a, space, unit[u]);
    return buf;
}

const char *units_number(double v, char *buf, size_t n)
{
    static const char *const none[] = {""};
    return scaled(v, none, 1, "", buf, n);
}

const char *units_rate(double per_s, char *buf, size_t n)
{
    static const char *const unit[] = {"", "k", "M", "G"};
    return scaled(per_s, unit, 4, "", buf, n);
}

const char *units_bytes(double bytes, char *buf, size_t n)
{
    static const char *const unit[] = {"bytes", "kB", "MB", "GB", "TB", "PB"};
    if (!isnan(bytes) && fabs(bytes) < 999.5) {      /* whole bytes */
        snprintf(buf, n, "%.0f bytes", bytes);
        return buf;
    }
    return scaled(bytes, unit, 6, " ", buf, n);
}

const char *units_secs(double s, char *buf, size_t n)
{
    static const char *const small[] = {"µs", "ms", "s"};
    static const char *const large[] = {"min", "h"};
    double a = fabs(s);
    if (isnan(s) || a < 60)
        return scaled(s * 1e6, small, 3, " ", buf, n);
    if (a < 3600)
        return scaled(s / 60, large, 1, " ", buf, n);
    return scaled(s / 3600, large + 1, 1, " ", buf, n);
}

const char *units_whole(double v, char *buf, size_t n)
{
    if (v == floor(v) && fabs(v) < 9e18)
        snprintf(buf, n, "%lld", (long long)v);
    else
        units_number(v, buf, n);
    return buf;
}

/* v's number, then suffix when it is one (not NaN's "-"). */
static const char *suffixed(double v, const char *suffix, char *buf, size_t n)
{
    char num[32];
    units_number(v, num, sizeof num);
    snprintf(buf, n, "%s%s", num, isnan(v) ? "" : suffix);
    return buf;
}

const char *units_ratio(double r, char *buf, size_t n)
{
    return suffixed(r, "x", buf, n);
}

const char *units_range(double lo, double hi, char *buf, size_t n)
{
    char a[32], b[32];
    snprintf(buf, n, "%s..%s", units_number(lo, a, sizeof a), units_number(hi, b, sizeof b));
    return buf;
}

const char *units_pct(double pct, char *buf, size_t n)
{
    return suffixed(pct, "%", buf, n);
}

const char *units_p(double p, char *buf, size_t n)
{
    char v[32];
    if (p < 0.001)
        snprintf(buf, n, "p < 0.001");
    else
        snprintf(buf, n, "p %s", units_number(p, v, sizeof v));
    return buf;
}

/* v whole, its thousands grouped by commas: "12,345". */
static const char *grouped(int64_t v, char *buf, size_t n)
{
    char d[32];
    int len = snprintf(d, sizeof d, "%" PRId64, v);
    size_t o = 0;
    for (int i = 0; i < len && o + 1 < n; i++) {
        if (i > 0 && d[i - 1] != '-' && (len - i) % 3 == 0 && o + 2 < n)
            buf[o++] = ',';
        buf[o++] = d[i];
    }
    if (n > 0)
        buf[o] = 0;
    return buf;
}

const char *units_count(int64_t v, char *buf, size_t n)
{
    static const struct {
        int64_t unit;
        char suffix;
    } u[] = {{1000000000, 'G'}, {1000000, 'M'}, {1000, 'k'}};
    for (size_t i = 0; i < sizeof u / sizeof *u; i++)
        /* a tenth only below 1000 of the unit: 1.5M, never 1000000.1k */
        if (v >= u[i].unit && (v % u[i].unit == 0 ||
                               (v % (u[i].unit / 10) == 0 && v < 1000 * u[i].unit))) {
            int64_t whole = v / u[i].unit, tenth = v % u[i].unit / (u[i].unit / 10);
            if (tenth)
                snprintf(buf, n, "%" PRId64 ".%" PRId64 "%c", whole, tenth, u[i].suffix);
            else
                snprintf(buf, n, "%" PRId64 "%c", whole, u[i].suffix);
            return buf;
        }
    return grouped(v, buf, n);
}

/* Whether s is a plain decimal number: sign, digits, a point, digits. */
static int plain_number(const char *s)
{
    int digits = 0;
    if (*s == '-')
        s++;
    for (; *s >= '0' && *s <= '9'; s++)
        digits++;
    if (*s == '.')
        for (s++; *s >= '0' && *s <= '9'; s++)
            digits++;
    return digits > 0 && *s == 0;
}

const char *units_form(enum units_form form, double v, char *buf, size_t n)
{
    switch (form) {
    case UNITS_RATE:
        return units_rate(v, buf, n);
    case UNITS_BYTES:
        return units_bytes(v, buf, n);
    case UNITS_SECS:
        return units_secs(v, buf, n);
    case UNITS_COUNT:
        if (isnan(v) || fabs(v) >= 9.2e18)
            return units_number(v, buf, n);
        return units_count(llround(v), buf, n);
    case UNITS_PCT:
        return units_pct(v, buf, n);
    case UNITS_RATIO:
        return units_ratio(v, buf, n);
    default:
        return units_number(v, buf, n);
    }
}

const char *units_csv(enum units_form form, const char *csv, char *buf, size_t n)
{
    if (plain_number(csv))
        return units_form(form, strtod(csv, NULL), buf, n);
    snprintf(buf, n, "%s", csv);
    return buf;
}

double units_real(double v)
{
    char digits[40];
    snprintf(digits, sizeof digits, "%.12g", v);
    return strtod(digits, NULL);
}
