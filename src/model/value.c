/*
** value: strict parsing and canonical text of one value.  See value.h.
*/
#include "value.h"

#include "keydist.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parses a whole number with an optional suffix from units[]. */
struct unit { const char *suffix; int64_t mult; };

static int parse_scaled(const char *s, const struct unit *units, int64_t *out)
{
    char *end;
    if (!s || *s < '0' || *s > '9')     /* strtoull would skip white space and signs */
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s)
        return -1;
    int64_t mult = 1;
    if (*end) {
        int i;
        for (i = 0; units[i].suffix; i++)
            if (strcmp(end, units[i].suffix) == 0)
                break;
        if (!units[i].suffix)
            return -1;
        mult = units[i].mult;
    }
    if (v > (unsigned long long)(INT64_MAX / mult))
        return -1;
    *out = (int64_t)v * mult;
    return 0;
}

int value_parse_count(const char *s, int64_t *out)
{
    static const struct unit u[] = {{"k", 1000}, {"K", 1000}, {"M", 1000000},
                                    {"G", 1000000000}, {"T", 1000000000000}, {NULL, 0}};
    return parse_scaled(s, u, out);
}

int value_parse_bytes(const char *s, int64_t *out)
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

int value_parse_duration(const char *s, int64_t *out)
{
    int64_t total = 0;
    if (!s || !*s)
        return -1;
    while (*s) {
        char *end;
        if (*s < '0' || *s > '9')
            return -1;
        errno = 0;
        unsigned long long v = strtoull(s, &end, 10);
        if (errno || v > DURATION_MAX)
            return -1;
        int64_t mult;
        switch (*end) {
        case 'd': mult = 86400; end++; break;
        case 'h': mult = 3600; end++; break;
        case 'm': mult = 60; end++; break;
        case 's': mult = 1; end++; break;
        case '\0':
            /* bare seconds only alone: "1h30" is 90 minutes to some, 1h00m30s
            ** to others, so it is refused */
            if (total)
                return -1;
            mult = 1;
            break;
        default: return -1;
        }
        if ((int64_t)v * mult > DURATION_MAX - total)
            return -1;
        total += (int64_t)v * mult;
        s = end;
    }
    *out = total;
    return 0;
}

int value_parse_int(const char *s, int64_t *out)
{
    char *end;
    if (!s || !((*s >= '0' && *s <= '9') || (*s == '-' && s[1] >= '0' && s[1] <= '9')))
        return -1;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end)
        return -1;
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

/* Whether text, which parse refused, is a number too large for any
** int64_t (with its sign and suffix, which parse takes once its digits
** are one). */
static int too_many_digits(const char *text, int (*parse)(const char *, int64_t *))
{
    const char *digits = text + (*text == '-'), *first = digits + strspn(digits, "0");
    size_t d = strspn(first, "0123456789");
    char one[64];
    int64_t v;
    if (d <= 18 || strlen(first + d) >= sizeof one - 3)
        return 0;
    snprintf(one, sizeof one, "%s1%s", *text == '-' ? "-" : "", first + d);
    return parse(one, &v) == 0;
}

int value_parse(const struct value_spec *s, const char *text, int64_t *out, char *err,
                size_t errlen)
{
    int rc = -1;
    const char *kind = "a number";
    int (*parse)(const char *, int64_t *) = NULL;
    char quoted[80];
    if (s->special && strcmp(text, s->special) == 0) {
        *out = s->special_value;
        return 0;
    }
    switch (s->type) {
    case V_COUNT:
        rc = (parse = value_parse_count)(text, out);
        kind = "a row count (e.g. 500k, 100M)";
        break;
    case V_BYTES:
        rc = (parse = value_parse_bytes)(text, out);
        kind = "a size in bytes (e.g. 4096, 4k, 1MiB)";
        break;
    case V_INT:
        rc = (parse = value_parse_int)(text, out);
        kind = "a whole number";
        break;
    case V_DURATION:
        rc = (parse = value_parse_duration)(text, out);
        kind = "a duration (e.g. 90s, 30m, 8h, 1h30m)";
        break;
    case V_ENUM: {
        for (int i = 0; s->words[i]; i++)
            if (strcmp(text, s->words[i]) == 0) {
                *out = i;
                return 0;
            }
        char words[160];
        word_list(s, words, sizeof words);
        snprintf(err, errlen, "--%s: '%s' is not one of %s", s->name, text, words);
        return -1;
    }
    case V_DIST: {
        char why[160];
        if (keydist_parse(text, out, why, sizeof why) == 0)
            return 0;
        snprintf(err, errlen, "--%s: %s", s->name, why);
        return -1;
    }
    default:
        return -1;
    }
    int huge = rc != 0 && parse && too_many_digits(text, parse);   /* out of range, below */
    text = shown(text, quoted, sizeof quoted);
    if (rc != 0 && !huge) {
        if (s->special)
            snprintf(err, errlen, "--%s: '%s' is not %s or '%s'", s->name, text, kind, s->special);
        else
            snprintf(err, errlen, "--%s: '%s' is not %s", s->name, text, kind);
        return -1;
    }
    if (huge || *out < s->min || *out > s->max) {
        char lo[32], hi[32];
        if (s->type == V_BYTES) {
            value_bytes_str(s->min, lo, sizeof lo);
            value_bytes_str(s->max, hi, sizeof hi);
        } else {
            snprintf(lo, sizeof lo, "%" PRId64, s->min);
            snprintf(hi, sizeof hi, "%" PRId64, s->max);
        }
        snprintf(err, errlen, "--%s: %s is out of range (%s to %s)", s->name, text, lo, hi);
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
