/*
** csvin: an RFC 4180 reader for sqlsoak's own CSV files, by column name.
** See csvin.h.
*/
#include "csvin.h"
#include "infile.h"
#include "notice.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parses one field at *p (unquoting it in place into out); advances *p
** past the field and returns the terminator: ',', '\n' or 0. */
static int field(char **p, char **out)
{
    char *s = *p, *w = s;
    *out = w;
    if (*s == '"') {
        s++;
        /* csvout_text's guard against formulas: the text is what follows */
        if (s[0] == '\'' && s[1] && strchr(CSVOUT_FORMULA_FIRST "'", s[1]))
            s++;
        for (;;) {
            if (!*s)
                return -1;
            if (*s == '"' && s[1] == '"') {
                *w++ = '"';
                s += 2;
            } else if (*s == '"') {
                s++;
                break;
            } else {
                *w++ = *s++;
            }
        }
    } else {
        while (*s && *s != ',' && *s != '\n' && *s != '\r')
            *w++ = *s++;
    }
    if (*s == '\r')
        s++;
    int term = *s;
    if (term != 0 && term != ',' && term != '\n')
        return -1;
    *w = 0;
    *p = term ? s + 1 : s;
    return term;
}

int csvin_col(const struct csvin *t, const char *name)
{
    for (int i = 0; i < t->ncols; i++)
        if (strcmp(t->name[i], name) == 0)
            return i;
    return -1;
}

/* Parses the header line at *p into t->name: every column named once, and
** every column f requires there.  0, or -1 with err. */
static int read_header(char **p, const char *path, enum csv_file f, struct csvin *t, char *err,
                       size_t errlen)
{
    int cap = 0, term;
    do {
        char *out;
        term = field(p, &out);
        if (term < 0) {
            snprintf(err, errlen, "%s line 1: malformed header", path);
            return -1;
        }
        if (t->ncols == cap) {
            char **nn = realloc(t->name, sizeof *nn * (size_t)(cap = cap ? cap * 2 : 64));
            if (!nn) {
                snprintf(err, errlen, "out of memory reading %s", path);
                return -1;
            }
            t->name = nn;
        }
        if (!(t->name[t->ncols] = strdup(out))) {
            snprintf(err, errlen, "out of memory reading %s", path);
            return -1;
        }
        if (csvin_col(t, out) >= 0) {
            snprintf(err, errlen, "%s: column %s appears twice in the header", path, out);
            free(t->name[t->ncols]);
            return -1;
        }
        t->ncols++;
    } while (term == ',');
    struct csvout_column_info ci;
    for (int i = 0; csvout_column_info(f, i, &ci) == 0; i++)
        if (ci.required && csvin_col(t, ci.name) < 0) {
            snprintf(err, errlen, "%s: not a sqlsoak %s (its header has no %s column)", path,
                     csvout_file_name(f), ci.name);
            return -1;
        }
    return 0;
}

/* Row `row` (line `line` of path) must be of a schema this build reads. */
static int check_version(const struct csvin *t, int row, const char *path, int line, char *err,
                         size_t errlen)
{
    const char *v = t->cell[(size_t)row * (size_t)t->ncols +
                            (size_t)csvin_col(t, colid_name(COL_schema_version))];
    char *end;
    errno = 0;
    long sv = strtol(v, &end, 10);
    if (!*v || *end || errno || sv < 1) {
        snprintf(err, errlen, "%s line %d: schema_version \"%s\" is not a version", path, line, v);
        return -1;
    }
    if (sv > CSV_SCHEMA_VERSION) {
        snprintf(err, errlen,
                 "%s: schema_version %ld is newer than this sqlsoak reads (%d); read it with "
                 "a newer sqlsoak",
                 path, sv, CSV_SCHEMA_VERSION);
        return -1;
    }
    return 0;
}

/* The first NUL byte of buf's len bytes, as an error naming its line. */
static int no_nul(const char *buf, size_t len, const char *path, char *err, size_t errlen)
{
    const char *z = memchr(buf, 0, len);
    if (!z)
        return 0;
    long line = 1;
    for (const char *q = buf; q < z; q++)
        line += *q == '\n';
    snprintf(err, errlen, "%s line %ld: a NUL byte: the file is damaged", path, line);
    return -1;
}

/* Parses the header and the rows of buf (NUL-terminated) into t. */
static int parse(char *buf, const char *path, enum csv_file f, struct csvin *t, char *err,
                 size_t errlen)
{
    char *p = buf;
    if (read_header(&p, path, f, t, err, errlen))
        return -1;
    size_t lines = 0;
    for (char *q = p; *q; q++)
        lines += *q == '\n';
    t->cell = calloc((lines + 1) * (size_t)t->ncols + 1, sizeof *t->cell);
    if (!t->cell) {
        snprintf(err, errlen, "out of memory reading %s", path);
        return -1;
    }
    int line = 1;
    while (*p) {
        line++;
        t->nrows++;
        for (int c = 0; c < t->ncols; c++) {
            char *out;
            int term = field(&p, &out);
            int last = c == t->ncols - 1;
            if (term < 0 || (last ? term == ',' : term != ',')) {
                snprintf(err, errlen, "%s line %d: malformed row (expected %d fields)", path, line,
                         t->ncols);
                return -1;
            }
            char **cell = &t->cell[(size_t)(t->nrows - 1) * (size_t)t->ncols + (size_t)c];
            if (!(*cell = strdup(out))) {
                snprintf(err, errlen, "out of memory reading %s", path);
                return -1;
            }
        }
        if (check_version(t, t->nrows - 1, path, line, err, errlen))
            return -1;
    }
    return 0;
}

/* Reads path: its whole lines (their length into *whole, and into *torn
** whether a half line follows), or with tolerant, a file without any
** newline whole, and a half last line left out with a warning. */
static int read_file(const char *path, enum csv_file f, int tolerant, struct csvin *t,
                     off_t *whole, int *torn, char *err, size_t errlen)
{
    char *buf;
    size_t len;
    memset(t, 0, sizeof *t);
    if (infile_read(path, &buf, &len, err, errlen))
        return -1;
    const char *nl = memrchr(buf, '\n', len);
    size_t upto = nl ? (size_t)(nl - buf) + 1 : 0;
    *whole = (off_t)upto;
    *torn = upto != len;
    if (tolerant && !nl)
        upto = len;
    buf[upto] = 0;
    int rc = no_nul(buf, upto, path, err, errlen);
    if (!rc && tolerant && upto != len)
        /* a last line without its newline: a write cut short (by a power
        ** cut, or an older sqlsoak on a full disk); what came before holds */
        notice_line("sqlsoak: warning: %s: its last line is half-written; it is left out",
                    path);
    rc = rc || parse(buf, path, f, t, err, errlen) ? -1 : 0;
    free(buf);
    if (rc)
        csvin_free(t);
    return rc;
}

int csvin_read(const char *path, enum csv_file f, struct csvin *t, char *err, size_t errlen)
{
    off_t whole;
    int torn;
    return read_file(path, f, 1, t, &whole, &torn, err, errlen);
}

int csvin_read_whole(const char *path, enum csv_file f, struct csvin *t, off_t *whole, int *torn,
                     char *err, size_t errlen)
{
    return read_file(path, f, 0, t, whole, torn, err, errlen);
}

const char *csvin_str_named(const struct csvin *t, int row, const char *name)
{
    int c = csvin_col(t, name);
    if (c < 0 || row < 0 || row >= t->nrows)
        return "";
    const char *s = t->cell[(size_t)row * (size_t)t->ncols + (size_t)c];
    return s ? s : "";
}

/* A number, NaN when s is empty or not one. */
static double number(const char *s)
{
    char *end;
    double d = strtod(s, &end);
    return *s && !*end ? d : NAN;
}

double csvin_num_named(const struct csvin *t, int row, const char *name)
{
    return number(csvin_str_named(t, row, name));
}

const char *csvin_str(const struct csvin *t, enum csv_file f, int row, enum colid c)
{
    assert(csvout_column_of(f, c) >= 0);   /* the column is f's: else a wrong id */
    return csvin_str_named(t, row, colid_name(c));
}

double csvin_num(const struct csvin *t, enum csv_file f, int row, enum colid c)
{
    return number(csvin_str(t, f, row, c));
}

int64_t csvin_int(const struct csvin *t, enum csv_file f, int row, enum colid c, int64_t dflt)
{
    double d = csvin_num(t, f, row, c);
    if (!(d > -9007199254740992.0 && d < 9007199254740992.0) || d != (double)(int64_t)d)
        return dflt;
    return (int64_t)d;
}

/* A column the file lacks stays as csvout_clear leaves it. */
int csvin_record(const struct csvin *t, enum csv_file f, int row, void *rec)
{
    int nc = csvout_ncolumns(f);
    char *base = rec;
    if (row < 0 || row >= t->nrows)
        return -1;
    csvout_clear(f, rec);
    for (int i = 0; i < nc; i++) {
        struct csvout_field c;
        int got = csvout_field(f, i, &c);
        assert(got == 0);
        (void)got;
        const char *v = csvin_str_named(t, row, csvout_column_name(f, i));
        switch (c.type) {
        case CSVOUT_SCHEMA:
            break;
        case CSVOUT_I64:
            *(int64_t *)(base + c.off) = strtoll(v, NULL, 10);
            break;
        case CSVOUT_F64:
            *(double *)(base + c.off) = *v ? strtod(v, NULL) : NAN;
            break;
        case CSVOUT_DIM:
            /* a file that predates the column reads as its absent value;
            ** one that lacks a column every release wrote, as 0 */
            if (dims_parse(c.dim, v, (int64_t *)(base + c.off)))
                *(int64_t *)(base + c.off) = 0;
            break;
        case CSVOUT_STR:
            snprintf(base + c.off, c.size, "%s", v);
            break;
        }
    }
    return 0;
}

void csvin_free(struct csvin *t)
{
    if (t->cell)
        for (size_t i = 0; i < (size_t)t->nrows * (size_t)t->ncols; i++)
            free(t->cell[i]);
    free(t->cell);
    for (int i = 0; i < t->ncols && t->name; i++)
        free(t->name[i]);
    free(t->name);
    memset(t, 0, sizeof *t);
}

void *csvin_records(const struct csvin *t, enum csv_file f, size_t size, int *n)
{
    char *r = calloc((size_t)t->nrows + 1, size);
    for (int i = 0; r && i < t->nrows; i++)
        csvin_record(t, f, i, r + (size_t)i * size);
    *n = r ? t->nrows : 0;
    return r;
}

void *csvin_read_records(const char *path, enum csv_file f, size_t size, int *n, char *err,
                         size_t errlen)
{
    struct csvin t;
    *n = 0;
    if (csvin_read(path, f, &t, err, errlen) != 0)
        return NULL;
    void *r = csvin_records(&t, f, size, n);
    csvin_free(&t);
    if (!r)
        snprintf(err, errlen, "out of memory");
    return r;
}
