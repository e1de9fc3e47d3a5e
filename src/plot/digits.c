/*
** digits: see digits.h.  The CSV writes numbers in the C locale, so '.'
** is the only decimal point read here.
*/
#include "digits.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether s is a plain decimal number: sign, digits, a point, digits. */
static int plain(const char *s)
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

const char *digits_grouped(const char *csv, char *buf, size_t n)
{
    if (n == 0)
        return buf;
    double v = plain(csv) ? strtod(csv, NULL) : NAN;
    if (!(fabs(v) >= 1000) || fabs(v) >= 1e18) {
        snprintf(buf, n, "%s", csv);
        return buf;
    }
    char d[32];
    int len = snprintf(d, sizeof d, "%.0f", fabs(v));
    size_t o = 0;
    if (v < 0 && o + 1 < n)
        buf[o++] = '-';
    for (int i = 0; i < len && o + 1 < n; i++) {
        if (i > 0 && (len - i) % 3 == 0 && o + 2 < n)
            buf[o++] = ',';
        buf[o++] = d[i];
    }
    buf[o] = 0;
    return buf;
}

const char *digits_rows(long long rows, char *buf, size_t n)
{
    static const struct {
        long long unit;
        char suffix;
    } u[] = {{1000000000LL, 'G'}, {1000000, 'M'}, {1000, 'k'}};
    for (size_t i = 0; i < sizeof u / sizeof *u; i++)
        if (rows >= u[i].unit && rows % u[i].unit == 0) {
            snprintf(buf, n, "%lld%c", rows / u[i].unit, u[i].suffix);
            return buf;
        }
    char plain[32];
    snprintf(plain, sizeof plain, "%lld", rows);
    return digits_grouped(plain, buf, n);
}
