/*
** value: strict parsing and canonical text of one value.  See value.h.
*/
#include "value.h"

#include "keydist.h"
#include "nearest.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* A number as every option writes it, before its unit: decimal digits, an
** optional fraction (1.5), an optional decimal exponent (1e6, 2.5e3); no
** sign, no blank, no hex.  Its whole part may be grouped by threes with
** one separator, '_' or ',' (1_000_000, 2,000,000): a caller that splits
** a list on commas has split it before, so a comma here is a group's.  Its value is digits * 10^exp10, digits holding
** at most 19 significant ones, no trailing zero; inexact when more were
** dropped. */
struct decimal {
    uint64_t digits;
    int exp10;
    int inexact;
};

/* The largest exponent kept: past it a number is 0 or out of any range. */
#define EXP10_MAX 100000

/* Reads a decimal at s into *d, *end after it.  0, or -1 when s does not
** start with one (a fraction or an exponent without digits included). */
static int decimal_scan(const char *s, const char **end, struct decimal *d)
{
    int sig = 0, seen = 0, fraction = 0;
    int groups = 0, group_len = 0;        /* separators passed, digits since the last */
    char sep = 0, first = s ? *s : 0;
    long exp10 = 0;
    memset(d, 0, sizeof *d);
    if (!s)
        return -1;
    for (;; s++) {
        if ((*s == '_' || *s == ',') && !fraction && seen) {
            /* 1 to 3 digits before the first, 3 between; one kind; no 0_001 */
            if ((sep && *s != sep) || group_len != (groups ? 3 : group_len) || group_len > 3 ||
                first == '0' || s[1] < '0' || s[1] > '9')
                return -1;
            sep = *s;
            groups++;
            group_len = 0;
            continue;
        }
        if (*s == '.' && !fraction && seen) {
            if (groups && group_len != 3)
                return -1;
            fraction = 1;
            if (s[1] < '0' || s[1] > '9')
                return -1;
            continue;
        }
        if (*s < '0' || *s > '9')
            break;
        seen = 1;
        group_len += !fraction;
        if (!sig && *s == '0') {
            exp10 -= fraction;            /* a leading zero, after the point a place */
        } else if (sig < 19) {
            d->digits = d->digits * 10 + (uint64_t)(*s - '0');
            sig++;
            exp10 -= fraction;
        } else {
            d->inexact |= *s != '0';
            exp10 += !fraction;           /* a digit past the 19th scales those kept */
        }
    }
    if (!seen || (groups && !fraction && group_len != 3))
        return -1;
    if (*s == 'e') {
        long e = 0;
        if (s[1] < '0' || s[1] > '9')
            return -1;
        for (s++; *s >= '0' && *s <= '9'; s++)
            e = e < EXP10_MAX ? e * 10 + (*s - '0') : e;
        exp10 += e;
    }
    for (; d->digits && d->digits % 10 == 0; d->digits /= 10)
        exp10++;
    if (!d->digits)
        exp10 = 0;
    d->exp10 = (int)(exp10 > EXP10_MAX ? EXP10_MAX : exp10 < -EXP10_MAX ? -EXP10_MAX : exp10);
    *end = s;
    return 0;
}

/* How a number was refused: not one, past any int64_t, or not whole. */
enum { NUM_BAD = -1, NUM_RANGE = -2, NUM_FRACTION = -3 };

/* *a, or else *b, divided by f.  0, or -1 when neither is a multiple of f. */
static int take_factor(uint64_t *a, uint64_t *b, uint64_t f)
{
    uint64_t *from = *a % f == 0 ? a : *b % f == 0 ? b : NULL;
    if (!from)
        return -1;
    *from /= f;
    return 0;
}

/* d times mult as a whole int64_t into *out.  0, NUM_RANGE or NUM_FRACTION. */
static int decimal_whole(const struct decimal *d, int64_t mult, int64_t *out)
{
    uint64_t m = d->digits, k = (uint64_t)mult;
    int e = d->exp10, top = 0;
    for (uint64_t t = m; t; t /= 10)
        top++;
    if (m && top + e > 19)               /* at least 10^19 */
        return NUM_RANGE;
    if (d->inexact)
        return NUM_FRACTION;
    /* each power of ten below 1 takes a 5 and a 2 from the digits or the unit */
    for (; e < 0; e++)
        if (take_factor(&m, &k, 5) || take_factor(&k, &m, 2))
            return NUM_FRACTION;
    for (; e > 0; e--)
        m *= 10;                          /* below 10^19: no overflow */
    if (m > (uint64_t)INT64_MAX / k)
        return NUM_RANGE;
    *out = (int64_t)(m * k);
    return 0;
}

/* A number and one of units[] after it (or none), a whole number. */
struct unit { const char *suffix; int64_t mult; };

static int parse_scaled(const char *s, const struct unit *units, int64_t *out)
{
    struct decimal d;
    const char *end;
    if (decimal_scan(s, &end, &d))
        return NUM_BAD;
    int64_t mult = 1;
    if (*end) {
        int i;
        for (i = 0; units[i].suffix; i++)
            if (strcmp(end, units[i].suffix) == 0)
                break;
        if (!units[i].suffix)
            return NUM_BAD;
        mult = units[i].mult;
    }
    return decimal_whole(&d, mult, out);
}

static int count_scan(const char *s, int64_t *out)
{
    static const struct unit u[] = {{"k", 1000}, {"K", 1000}, {"M", 1000000},
                                    {"G", 1000000000}, {"T", 1000000000000}, {NULL, 0}};
    return parse_scaled(s, u, out);
}

static int bytes_scan(const char *s, int64_t *out)
{
    static const struct unit u[] = {
        {"k", 1 << 10}, {"K", 1 << 10}, {"KiB", 1 << 10}, {"m", 1 << 20}, {"M", 1 << 20},
        {"MiB", 1 << 20}, {"g", 1 << 30}, {"G", 1 << 30}, {"GiB", 1 << 30},
        {"T", (int64_t)1 << 40}, {"TiB", (int64_t)1 << 40}, {NULL, 0}};
    return parse_scaled(s, u, out);
}

/* The longest duration, in seconds (31 years), whatever its units: its
** canonical text, plain seconds, must parse back, and the sum of the
** parts cannot overflow. */
#define DURATION_MAX 1000000000

/* Parts of a number and a unit, each unit at most once and larger ones
** first (1h30m, not 30m1h nor 30s30s); a bare number is seconds, alone:
** "1h30" is 90 minutes to some, 1h00m30s to others, so it is refused. */
static int duration_scan(const char *s, int64_t *out)
{
    static const struct unit u[] = {{"d", 86400}, {"h", 3600}, {"m", 60}, {"s", 1}};
    const size_t nunits = sizeof u / sizeof *u;
    int64_t total = 0;
    size_t next = 0;                      /* the first unit still allowed */
    if (!s || !*s)
        return NUM_BAD;
    while (*s) {
        struct decimal d;
        const char *end;
        size_t i = next;
        int64_t part;
        if (decimal_scan(s, &end, &d))
            return NUM_BAD;
        if (!*end) {
            if (next)
                return NUM_BAD;
            i = nunits - 1;
        } else {
            while (i < nunits && *end != u[i].suffix[0])
                i++;
            if (i == nunits)
                return NUM_BAD;
            end++;
        }
        int rc = decimal_whole(&d, u[i].mult, &part);
        if (rc)
            return rc;
        if (part > DURATION_MAX - total)
            return NUM_RANGE;
        total += part;
        next = i + 1;
        s = end;
    }
    *out = total;
    return 0;
}

static int int_scan(const char *s, int64_t *out)
{
    int negative = s && *s == '-';
    struct decimal d;
    const char *end;
    int64_t v;
    if (decimal_scan(s + negative, &end, &d) || *end)
        return NUM_BAD;
    int rc = decimal_whole(&d, 1, &v);
    if (rc)
        return rc;
    *out = negative ? -v : v;
    return 0;
}

/* VF_KIB's: a whole number, else a byte size in whole KiB as -KiB. */
static int kib_scan(const char *s, int64_t *out)
{
    int64_t bytes;
    int rc = int_scan(s, out);
    if (rc != NUM_BAD)
        return rc;
    if ((rc = bytes_scan(s, &bytes)) != 0)
        return rc;
    if (bytes % 1024)
        return NUM_FRACTION;
    *out = -(bytes / 1024);
    return 0;
}

int value_parse_count(const char *s, int64_t *out)
{
    return count_scan(s, out) ? -1 : 0;
}

int value_parse_bytes(const char *s, int64_t *out)
{
    return bytes_scan(s, out) ? -1 : 0;
}

int value_parse_duration(const char *s, int64_t *out)
{
    return duration_scan(s, out) ? -1 : 0;
}

int value_parse_int(const char *s, int64_t *out)
{
    return int_scan(s, out) ? -1 : 0;
}

int value_parse_keys(const char *s, int64_t *out)
{
    int64_t hot = 0;
    if (strcmp(s, "uniform") != 0 &&
        (strncmp(s, "hot:", 4) != 0 || count_scan(s + 4, &hot) != 0 || hot < 1))
        return -1;
    *out = hot;
    return 0;
}

const char *value_keys_text(int64_t hot, char *buf, size_t n)
{
    if (hot > 0)
        snprintf(buf, n, "hot:%" PRId64, hot);
    else
        snprintf(buf, n, "uniform");
    return buf;
}

int value_parse_milli(const char *s, int64_t *out)
{
    struct decimal d;
    const char *end;
    return decimal_scan(s, &end, &d) || *end || decimal_whole(&d, 1000, out) ? -1 : 0;
}

int value_parse_real(const char *s, const struct value_unit *units, double min, double max,
                     double *out)
{
    struct decimal d;
    const char *end;
    if (decimal_scan(s, &end, &d))
        return -1;
    int i;
    for (i = 0; units[i].suffix && strcmp(end, units[i].suffix) != 0; i++)
        ;
    if (!units[i].suffix)
        return -1;
    /* one rounding where 10^|exp10| is exact (up to 10^22) */
    double v = d.exp10 >= 0 ? (double)d.digits * pow(10, d.exp10)
                            : (double)d.digits / pow(10, -d.exp10);
    v *= units[i].factor;
    if (!(v > 0))
        return -1;
    if (!(v >= min && v <= max))
        return -2;
    *out = v;
    return 0;
}

const char *value_bytes_str(int64_t v, char *buf, size_t n)
{
    if (v >= ((int64_t)1 << 40) && v % ((int64_t)1 << 40) == 0)
        snprintf(buf, n, "%" PRId64 "T", v >> 40);
    else if (v >= ((int64_t)1 << 30) && v % ((int64_t)1 << 30) == 0)
        snprintf(buf, n, "%" PRId64 "G", v >> 30);
    else if (v >= 1024 && v % (1 << 20) == 0)
        snprintf(buf, n, "%" PRId64 "M", v >> 20);
    else if (v >= 1024 && v % 1024 == 0)
        snprintf(buf, n, "%" PRId64 "k", v >> 10);
    else
        snprintf(buf, n, "%" PRId64, v);
    return buf;
}

/* "a, b, c": the words of an enum, for a message. */
static void word_list(const struct value_spec *s, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; s->words[i] && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? ", " : "", s->words[i]);
}

/* text as a message quotes it: cut short, with its length, past 40
** characters, so that the message stays one line that says something. */
static const char *shown(const char *text, char *buf, size_t n)
{
    size_t len = strlen(text);
    if (len <= 40)
        snprintf(buf, n, "%s", text);
    else
        snprintf(buf, n, "%.20s... (%zu characters)", text, len);
    return buf;
}

/* The form nearest text that scan accepts within s's range, into buf:
** its groups' separators and blanks dropped (1_0000, 1 000), a decimal
** comma made a point (1,5M), or its unit's letter in the other case (1m
** rows, 8H).  buf, or NULL when none of them is accepted. */
static const char *nearest_form(const struct value_spec *s, int (*scan)(const char *, int64_t *),
                                const char *text, char *buf, size_t n)
{
    const char *comma = strchr(text, ',');
    /* one comma before fewer than three digits, and no point: a decimal comma */
    int decimal_comma = comma && comma == strrchr(text, ',') && !strchr(text, '.') &&
                        strspn(comma + 1, "0123456789") < 3;
    if (strlen(text) + 1 > n)
        return NULL;
    for (int way = decimal_comma ? 0 : 1; way < 3; way++) {
        size_t k = 0;
        for (const char *p = text; *p; p++) {
            if (way == 1 && (*p == '_' || *p == ',' || *p == ' '))
                continue;
            char c = *p;
            if (way == 0 && c == ',')
                c = '.';
            if (way == 2 && !p[1] && c >= 'a' && c <= 'z')
                c = (char)(c - 'a' + 'A');
            else if (way == 2 && !p[1] && c >= 'A' && c <= 'Z')
                c = (char)(c - 'A' + 'a');
            buf[k++] = c;
        }
        buf[k] = 0;
        int64_t v;
        if (strcmp(buf, text) != 0 && scan(buf, &v) == 0 && v >= s->min && v <= s->max)
            return buf;
    }
    return NULL;
}

const char *value_grammar(void)
{
    return "Numbers: 1000, 1_000 or 1,000 (1_000 in a list, whose values a comma\n"
           "separates), 1e6, 1.5M.  Row counts take decimal suffixes (500k, 100M =\n"
           "100,000,000); byte sizes take binary ones (4k = 4KiB = 4096, 1M = 1MiB).\n";
}

int value_grouped_list(const char *text)
{
    struct decimal d;
    const char *end;
    return strchr(text, ',') && decimal_scan(text, &end, &d) == 0 && !*end;
}

int value_parse(const struct value_spec *s, const char *text, int64_t *out, char *err,
                size_t errlen)
{
    int (*scan)(const char *, int64_t *) = NULL;
    const char *kind = "a number", *whole = "a whole number";
    int64_t hi = s->max;
    char quoted[80];
    if (s->special && strcmp(text, s->special) == 0) {
        *out = s->special_value;
        return 0;
    }
    switch (s->type) {
    case V_COUNT:
        scan = count_scan;
        kind = "a row count (e.g. 500k, 1.5M, 1e6)";
        whole = "a whole count";
        break;
    case V_BYTES:
        scan = bytes_scan;
        kind = "a size in bytes (e.g. 4096, 4k, 1MiB)";
        whole = "a whole number of bytes";
        break;
    case V_INT:
        scan = s->flags & VF_KIB ? kib_scan : int_scan;
        kind = s->flags & VF_KIB ? "pages, -KiB, or a size in bytes (e.g. 2000, -2000, 8MiB)"
                                 : "a whole number";
        whole = s->flags & VF_KIB ? "whole pages or whole KiB" : whole;
        break;
    case V_DURATION:
        scan = duration_scan;
        kind = "a duration (e.g. 90s, 30m, 8h, 1h30m)";
        whole = "a whole number of seconds";
        hi = hi < DURATION_MAX ? hi : DURATION_MAX;
        break;
    case V_ENUM: {
        for (int i = 0; s->words[i]; i++)
            if (strcmp(text, s->words[i]) == 0) {
                *out = i;
                return 0;
            }
        char words[160];
        word_list(s, words, sizeof words);
        struct nearest near;
        nearest_init(&near, text, strlen(text));
        nearest_offer_all(&near, s->words);
        const char *meant = nearest_word(&near);
        snprintf(err, errlen, "--%s: '%s' is not one of %s%s%s%s", s->name, text, words,
                 meant ? "; did you mean " : "", meant ? meant : "", meant ? "?" : "");
        return -1;
    }
    case V_KEYS:
        if (value_parse_keys(text, out) == 0 && *out <= s->max)
            return 0;
        snprintf(err, errlen, "--%s: '%s' is neither uniform nor hot:K (K >= 1 rows, e.g. hot:1k)",
                 s->name, shown(text, quoted, sizeof quoted));
        return -1;
    case V_DIST: {
        char why[160];
        if (keydist_parse(text, value_parse_milli, out, why, sizeof why) == 0)
            return 0;
        snprintf(err, errlen, "--%s: %s", s->name, why);
        return -1;
    }
    default:
        return -1;
    }
    int rc = scan(text, out);
    if (rc == NUM_BAD) {
        char near_buf[80];
        const char *near = nearest_form(s, scan, text, near_buf, sizeof near_buf);
        text = shown(text, quoted, sizeof quoted);
        snprintf(err, errlen, "--%s: '%s' is not %s%s%s%s%s%s%s", s->name, text, kind,
                 s->special ? " or '" : "", s->special ? s->special : "", s->special ? "'" : "",
                 near ? "; did you mean " : "", near ? near : "", near ? "?" : "");
        return -1;
    }
    text = shown(text, quoted, sizeof quoted);
    if (rc == NUM_FRACTION) {
        snprintf(err, errlen, "--%s: '%s' is not %s", s->name, text, whole);
        return -1;
    }
    if (rc == NUM_RANGE || *out < s->min || *out > s->max) {
        char lo[32], hi_text[32];
        if (s->type == V_BYTES) {
            value_bytes_str(s->min, lo, sizeof lo);
            value_bytes_str(hi, hi_text, sizeof hi_text);
        } else {
            snprintf(lo, sizeof lo, "%" PRId64, s->min);
            snprintf(hi_text, sizeof hi_text, "%" PRId64, hi);
        }
        snprintf(err, errlen, "--%s: %s is out of range (%s to %s)", s->name, text, lo, hi_text);
        return -1;
    }
    if ((s->flags & VF_POW2) && (*out & (*out - 1))) {
        snprintf(err, errlen, "--%s: %s is not a power of two", s->name, text);
        return -1;
    }
    return 0;
}

const char *value_text(const struct value_spec *s, int64_t v, char *buf, size_t n)
{
    int nwords = 0;
    while (s->type == V_ENUM && s->words[nwords])
        nwords++;
    if (s->special && v == s->special_value)
        snprintf(buf, n, "%s", s->special);
    else if (s->type == V_ENUM)
        snprintf(buf, n, "%s", v >= 0 && v < nwords ? s->words[v] : "?");
    else if (s->type == V_DIST)
        keydist_text(v, buf, n);
    else if (s->type == V_KEYS)
        value_keys_text(v, buf, n);
    else
        snprintf(buf, n, "%" PRId64, v);
    return buf;
}

const char *value_human(const struct value_spec *s, int64_t v, char *buf, size_t n)
{
    if (s->type == V_BYTES && !(s->special && v == s->special_value))
        return value_bytes_str(v, buf, n);
    return value_text(s, v, buf, n);
}
