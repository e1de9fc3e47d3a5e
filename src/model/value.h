/*
** value: one typed value of an option or of a matrix dimension, parsed
** strictly from the user's words and written back in the canonical text
** that parses to the same value again (the text results files hold).
**
** Every number follows one grammar: decimal digits, an optional fraction
** (1.5), an optional decimal exponent (1e6, 2.5e3), then the option's
** unit; the digits before the point may be grouped by threes with '_' or,
** where a comma does not separate a list, ',' (1_000_000, 2,000,000); no sign (but the '-' of an integer, which its range may refuse),
** no white space, no hex, no trailing junk.
** Row counts take decimal suffixes (100M = 100,000,000; 1.5M), byte sizes
** binary ones (4k = 4KiB = 4096), durations d, h, m, s, each once and the
** larger first (1h30m), up to 10^9 seconds in all; the value of a count,
** a size, an integer or a duration must be whole (1.5k rows is 1500,
** 1.2345k is refused) and within the field's range.  A spec may
** accept one word besides numbers ("default", "chunk", "none") standing
** for a special value.
*/
#ifndef SQLSOAK_VALUE_H
#define SQLSOAK_VALUE_H

#include <stddef.h>
#include <stdint.h>

#define VALUE_DEFAULT INT64_MIN   /* "default": leave the library's own */

/* The subcommands; a spec lists the ones that accept its option. */
enum command {
    CMD_NONE = 0,
    CMD_RUN = 1,
    CMD_INFO = 2,
    CMD_PLOT = 4,
    CMD_COMPARE = 8,
    CMD_RESUME = 16,
    CMD_CRASH = 32,
    CMD_STATUS = 64,
    CMD_REPORT = 128,
    CMD_PROBE = 512,
    CMD_MERGE = 1024,
    CMD_SQLITE = 2048,
    CMD_DB = 4096,
    CMD_HISTORY = 8192
};

/* V_DIST: a read distribution of keydist.h ("zipf:0.99"), its packed value.
** V_KEYS: the rows updates rewrite, "uniform" (0) or "hot:K" (K, >= 1). */
enum value_type { V_FLAG, V_COUNT, V_BYTES, V_INT, V_ENUM, V_STR, V_DURATION, V_DIST, V_KEYS };

#define VF_LIST 1   /* a matrix dimension: takes a comma list */
#define VF_POW2 2   /* must be a power of two */
/* a V_INT of PRAGMA cache_size (pages, or KiB when negative) that also
** takes a byte size with its unit (8MiB, 2000KiB, 64M): whole KiB, as
** negative KiB */
#define VF_KIB 4

/* An option's name and the values it takes. */
struct value_spec {
    const char *name;            /* the option, without "--" */
    enum value_type type;
    int flags;                   /* VF_* */
    const char *def;             /* default, parsed like user input; NULL: none */
    int64_t min, max;            /* numbers: the range */
    const char *const *words;    /* V_ENUM: the accepted words, NULL-terminated */
    const char *special;         /* a word accepted besides numbers, or NULL */
    int64_t special_value;       /* what that word stands for */
    unsigned cmds;               /* enum command bits: who accepts the option */
    const char *help;
};

/* Parses one value of s from text.  Returns 0 and sets *out (a V_ENUM's
** word index, or the number), or -1 with a one-line message naming the
** option in err (a number of more digits than an int64_t holds is out of
** range; a long text is quoted cut short). */
int value_parse(const struct value_spec *s, const char *text, int64_t *out, char *err,
                size_t errlen);

/* The grammar above as --help, the usage and the man page state it:
** lines of at most 80 columns, each ended by a newline. */
const char *value_grammar(void);

/* 1 when text, a list option's value, reads as one number grouped by
** commas ("1,024"): its items are the groups, which a person may not
** have meant.  0 otherwise. */
int value_grouped_list(const char *text);

/* The canonical text of v: the special word, the enum word, or the plain
** decimal number ("4096", not "4k").  Returns buf. */
const char *value_text(const struct value_spec *s, int64_t v, char *buf, size_t n);

/* As a person reads v: byte sizes with a binary suffix ("4k"), the rest
** as value_text.  Returns buf. */
const char *value_human(const struct value_spec *s, int64_t v, char *buf, size_t n);

/* Strict parsers of one kind of number.  Return 0 and set *out, or -1. */
int value_parse_count(const char *s, int64_t *out);    /* 100M, 1k, 42 */
int value_parse_bytes(const char *s, int64_t *out);    /* 4k, 4KiB, 1MiB */
int value_parse_duration(const char *s, int64_t *out); /* 8h, 90m, 1h30m */
int value_parse_int(const char *s, int64_t *out);      /* -2000, 42 */
int value_parse_keys(const char *s, int64_t *out);     /* uniform (0), hot:1k (1000) */

/* V_KEYS's canonical text: "uniform" or "hot:K".  Returns buf. */
const char *value_keys_text(int64_t hot, char *buf, size_t n);

/* A number without a unit in thousandths, whole: "0.99" is 990, "90"
** 90000, "0.9999" refused.  0, or -1. */
int value_parse_milli(const char *s, int64_t *out);

/* A unit a real number takes: its text after the number, and its worth. */
struct value_unit {
    const char *suffix;
    double factor;
};

/* s, a number of the grammar every option's numbers follow, then one of
** units[] (ended by a NULL suffix; "" for none), its value times the
** unit's factor into *out.  0; -1 when s is not that, or not above 0;
** -2 when it is outside min..max (a value too small to tell from 0
** included). */
int value_parse_real(const char *s, const struct value_unit *units, double min, double max,
                     double *out);

/* A byte count with the largest binary suffix that divides it exactly
** ("64k", "1M", "1000"), into buf.  Returns buf. */
const char *value_bytes_str(int64_t v, char *buf, size_t n);

#endif
