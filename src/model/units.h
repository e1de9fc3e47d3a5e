/*
** units: every rate, size, duration and count sqlsoak states, in one
** form wherever it is read: the terminal, report.html, the markdown and
** summary.json's sentences.
**
** The rule: a measured figure has three significant figures, trailing
** zeros kept, since they say what it is known to ("82.2k", "1.50M",
** "26.0", "0.163"); it takes the next unit at 1000 of its own, and once
** rounded ("999.95" is "1.00k", never "1000" nor "1e+03"); past the
** largest unit its whole digits are kept.  Zero is "0", NaN "-", a
** negative figure its magnitude's form after a minus.
**   rates, counts: k, M, G (decimal: 82,200 rows/s is "82.2k")
**   bytes: "N bytes" below 1 kB, then kB, MB, GB, TB, PB (decimal, 1 kB =
**          1000 bytes, as storage devices are rated)
**   durations: µs, ms, s, then min from 60 s and h from 60 min (60 s
**          is "1.00 min", 59.96 s "60.0 s")
**   ratios: the number and "x" ("1.17x", "31.0x", "0.850x"), an interval
**          its two ends ("1.05..1.28"); percentages the number and "%"
**          ("81.0%", "397%")
** A count that is exact (rows of a chunk, an option's size) is not
** rounded: units_count gives it whole, as the options take it.  What
** --need asked is said back as given, and a WAL held against its size in
** the same binary units (need.h).  An elapsed time and an ETA past a
** minute keep the clock's form --max-time takes ("41m02s", progress.h).
*/
#ifndef SQLSOAK_UNITS_H
#define SQLSOAK_UNITS_H

#include <stddef.h>
#include <stdint.h>

/* v to three significant figures, no unit: "26.0", "0.163", "5100".
** Returns buf, as every function here. */
const char *units_number(double v, char *buf, size_t n);

/* A rate per second without its unit: "82.2k", "1.50M", "950". */
const char *units_rate(double per_s, char *buf, size_t n);

/* Bytes with their unit: "512 bytes", "3.32 MB", "1.00 GB". */
const char *units_bytes(double bytes, char *buf, size_t n);

/* A duration in seconds with its unit: "12.2 µs", "2.54 ms", "1.50 min". */
const char *units_secs(double s, char *buf, size_t n);

/* A figure that may be exact: whole when it is ("3", "1024"), as an
** option or a count gives it, else as units_number ("2.50"). */
const char *units_whole(double v, char *buf, size_t n);

/* A ratio: "1.17x", "626x", "0.850x". */
const char *units_ratio(double r, char *buf, size_t n);

/* An interval of ratios, its ends without the "x": "1.05..1.28". */
const char *units_range(double lo, double hi, char *buf, size_t n);

/* A percentage, given in percent: "81.0%", "397%", "0%". */
const char *units_pct(double pct, char *buf, size_t n);

/* A p-value: "p 0.0123", and "p < 0.001" below a thousandth, where its
** digits say nothing more. */
const char *units_p(double p, char *buf, size_t n);

/* An exact count as the options take it: "5M", "1.5M", "500k", or
** grouped by thousands ("12,345") when no suffix with at most one
** decimal is exact. */
const char *units_count(int64_t v, char *buf, size_t n);

/* The forms above, named, for a table that gives each column its own. */
enum units_form {
    UNITS_NUMBER,    /* units_number: the unit is in the column's heading */
    UNITS_RATE,      /* units_rate */
    UNITS_BYTES,     /* units_bytes */
    UNITS_SECS,      /* units_secs */
    UNITS_COUNT,     /* units_count, of a whole figure */
    UNITS_PCT,       /* units_pct */
    UNITS_RATIO,     /* units_ratio */
};

/* v in form. */
const char *units_form(enum units_form form, double v, char *buf, size_t n);

/* A CSV field for a reader rather than a parser: a plain number
** ("1670700", "7.648") in form, any other field ("1.00x", "NaN", "") as
** it is. */
const char *units_csv(enum units_form form, const char *csv, char *buf, size_t n);

/* v to 12 significant digits, as summary.json and `report --format json`
** give a real, so that the two are the same numbers. */
double units_real(double v);

#endif
