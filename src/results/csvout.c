/*
** csvout: the RFC 4180 writer of every CSV file, and the columns of
** csvschema's table as its callers ask for them.  See csvout.h.
*/
#include "csvout.h"
#include "fdio.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int csvout_ncolumns(enum csv_file f)
{
    return csvschema_ncolumns(f);
}

const char *csvout_column_name(enum csv_file f, int i)
{
    return i >= 0 && i < csvout_ncolumns(f) ? csvschema_column(f, i).name : NULL;
}

const char *csvout_file_name(enum csv_file f)
{
    static const char *const names[] = {
        [CSV_CHUNKS] = "chunks.csv",
        [CSV_SUMMARY] = "summary.csv",
        [CSV_TRIALS] = "trials.csv",
        [CSV_DURABILITY] = "durability.csv",
        [CSV_HISTOGRAMS] = "histograms.csv",
        [CSV_TIMELINE] = "timeline.csv",
    };
    return names[f];
}

int csvout_column_info(enum csv_file f, int i, struct csvout_column_info *out)
{
    memset(out, 0, sizeof *out);
    if (i < 0 || i >= csvout_ncolumns(f))
        return -1;
    struct csvschema_column c = csvschema_column(f, i);
    out->name = c.name;
    out->unit = c.unit;
    out->meaning = c.meaning;
    out->graphs = c.graphs ? c.graphs : "";
    out->required = c.required;
    return 0;
}

int csvout_header(enum csv_file f, char *buf, size_t n)
{
    int nc = csvout_ncolumns(f);
    size_t len = 0;
    for (int i = 0; i < nc; i++) {
        int w = snprintf(buf + len, n - len, "%s%s", i ? "," : "",
                         csvschema_column(f, i).name);
        if (w < 0 || (size_t)w >= n - len)
            return -1;
        len += (size_t)w;
    }
    if (len + 2 > n)
        return -1;
    buf[len++] = '\n';
    buf[len] = 0;
    return (int)len;
}

/* A plain decimal number ("-4000", "+1.5e3", "-.5"): never a formula. */
static int is_number(const char *s)
{
    int digits = 0;
    s += *s == '+' || *s == '-';
    for (; isdigit((unsigned char)*s); s++)
        digits++;
    if (*s == '.')
        for (s++; isdigit((unsigned char)*s); s++)
            digits++;
    if (digits && (*s == 'e' || *s == 'E')) {
        s += 1 + (s[1] == '+' || s[1] == '-');
        if (!isdigit((unsigned char)*s))
            return 0;
        while (isdigit((unsigned char)*s))
            s++;
    }
    return digits && !*s;
}

/* s gets the guarding quote: a formula, or a text csvin would otherwise
** take the quote off (a ' before a formula's first character or a '). */
static int guarded(const char *s)
{
    if (*s && strchr(CSVOUT_FORMULA_FIRST, *s))
        return !is_number(s);
    return s[0] == '\'' && s[1] && strchr(CSVOUT_FORMULA_FIRST "'", s[1]);
}

int csvout_text(const char *s, char *buf, size_t n)
{
    int guard = guarded(s);
    int quote = guard || strpbrk(s, ",\"\r\n") != NULL;
    size_t len = 0;
    if (strlen(s) * 2 + 4 > n) {           /* the worst case; else count exactly */
        size_t need = strlen(s) + (size_t)guard + (quote ? 2 : 0) + 1;
        for (const char *p = s; *p; p++)
            need += *p == '"';
        if (need > n)
            return -1;
    }
    if (quote)
        buf[len++] = '"';
    if (guard)
        buf[len++] = '\'';
    for (; *s; s++) {
        if (*s == '"')
            buf[len++] = '"';
        buf[len++] = *s;
    }
    if (quote)
        buf[len++] = '"';
    buf[len] = 0;
    return (int)len;
}

/* Appends s as one text field. */
static int put_str(char *buf, size_t n, size_t *len, const char *s)
{
    int w = csvout_text(s, buf + *len, n - *len);
    if (w < 0)
        return -1;
    *len += (size_t)w;
    return 0;
}

int csvout_row(enum csv_file f, const void *rec, char *buf, size_t n)
{
    int nc = csvout_ncolumns(f);
    const char *base = rec;
    size_t len = 0;
    for (int i = 0; i < nc; i++) {
        struct csvschema_column c = csvschema_column(f, i);
        char text[64];
        int w = 0;
        if (i) {
            if (len + 1 >= n)
                return -1;
            buf[len++] = ',';
            buf[len] = 0;
        }
        switch (c.kind) {
        case CSVSCHEMA_LATENCY:   /* expanded by csvschema_column: never here */
            return -1;
        case CSVSCHEMA_SCHEMA:
            w = snprintf(buf + len, n - len, "%d", CSV_SCHEMA_VERSION);
            break;
        case CSVSCHEMA_I64:
            w = snprintf(buf + len, n - len, "%" PRId64, *(const int64_t *)(base + c.off));
            break;
        case CSVSCHEMA_F64: {
            double d = *(const double *)(base + c.off);
            w = isfinite(d) ? snprintf(buf + len, n - len, "%.*f", c.prec, d) : 0;
            break;
        }
        case CSVSCHEMA_DIM:
            dims_text(c.prec, *(const int64_t *)(base + c.off), text, sizeof text);
            if (put_str(buf, n, &len, text))
                return -1;
            break;
        case CSVSCHEMA_STR:
            if (put_str(buf, n, &len, base + c.off))
                return -1;
            break;
        }
        if (w < 0 || (size_t)w >= n - len)
            return -1;
        len += (size_t)w;
    }
    if (len + 2 > n)
        return -1;
    buf[len++] = '\n';
    buf[len] = 0;
    return (int)len;
}

void csvout_clear(enum csv_file f, void *rec)
{
    memset(rec, 0, csvschema_record_size(f));
    for (int i = 0; i < csvout_ncolumns(f); i++) {
        struct csvschema_column c = csvschema_column(f, i);
        if (c.kind == CSVSCHEMA_F64)
            *(double *)((char *)rec + c.off) = NAN;
    }
}

int csvout_column_of(enum csv_file f, enum colid c)
{
    static short index[CSV_FILE_COUNT][COL_COUNT];   /* 1 + the index; 0 none */
    static int built;
    assert(f >= 0 && f < CSV_FILE_COUNT && c >= 0 && c < COL_COUNT);
    if (!built) {
        for (int k = 0; k < CSV_FILE_COUNT; k++) {
            for (int i = 0; i < csvout_ncolumns(k); i++) {
                struct csvschema_column col = csvschema_column(k, i);
                assert(i < 32767);
                if (col.id != COL_COUNT)
                    index[k][col.id] = (short)(i + 1);
            }
        }
        built = 1;
    }
    return index[f][c] > 0 ? index[f][c] - 1 : -1;
}

int csvout_field(enum csv_file f, int i, struct csvout_field *out)
{
    memset(out, 0, sizeof *out);
    if (i < 0 || i >= csvout_ncolumns(f))
        return -1;
    struct csvschema_column c = csvschema_column(f, i);
    assert(c.kind != CSVSCHEMA_LATENCY);   /* csvschema_column expands it */
    static const enum csvout_type type[] = {
        [CSVSCHEMA_I64] = CSVOUT_I64, [CSVSCHEMA_F64] = CSVOUT_F64,
        [CSVSCHEMA_STR] = CSVOUT_STR, [CSVSCHEMA_SCHEMA] = CSVOUT_SCHEMA,
        [CSVSCHEMA_DIM] = CSVOUT_DIM,
    };
    out->type = type[c.kind];
    out->off = c.off;
    out->size = c.size;
    out->dim = c.kind == CSVSCHEMA_DIM ? c.prec : -1;
    return 0;
}

int csvout_append(int fd, const char *line, int len)
{
    struct stat st;
    if (len < 0) {
        errno = EOVERFLOW;
        return -1;
    }
    if (fstat(fd, &st) != 0)
        return -1;
    if (fdio_write_full(fd, line, (size_t)len) == 0)
        return 0;
    int e = errno ? errno : EIO;
    (void)!ftruncate(fd, st.st_size);   /* the part written, taken back */
    errno = e;
    return -1;
}
