/*
** csvin: an RFC 4180 reader for sqlsoak's own CSV files.  See csvin.h.
*/
#include "csvin.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Reads the whole file into a NUL-terminated buffer, or NULL. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (cap - len < 2) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    if (buf)
        buf[len] = 0;
    fclose(f);
    return buf;
}

/* Parses one field at *p (unquoting it in place into out); advances *p
** past the field and returns the terminator: ',', '\n' or 0. */
static int field(char **p, char **out)
{
    char *s = *p, *w = s;
    *out = w;
    if (*s == '"') {
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

int csvin_col(enum csv_file f, const char *name)
{
    for (int i = 0; i < csvout_ncolumns(f); i++)
        if (strcmp(csvout_column_name(f, i), name) == 0)
            return i;
    return -1;
}

int csvin_read(const char *path, enum csv_file f, struct csvin *t, char *err, size_t n)
{
    return csvin_read_prefix(path, f, -1, t, err, n);
}

int csvin_read_prefix(const char *path, enum csv_file f, long long limit, struct csvin *t,
                      char *err, size_t n)
{
    memset(t, 0, sizeof *t);
    char want[4096];
    if (csvout_header(f, want, sizeof want) < 0) {
        snprintf(err, n, "internal: header too long");
        return -1;
    }
    char *buf = slurp(path);
    if (!buf) {
        snprintf(err, n, "cannot read %s: %s", path, strerror(errno ? errno : EIO));
        return -1;
    }
    if (limit >= 0 && (size_t)limit < strlen(buf))
        buf[limit] = 0;
    size_t hl = strcspn(buf, "\n");
    size_t wl = strlen(want) - 1;
    if (hl != wl || strncmp(buf, want, wl) != 0) {
        snprintf(err, n, "%s: not a sqlsoak %s of schema %d (unexpected header)", path,
                 f == CSV_CHUNKS ? "chunks.csv" : "summary.csv", CSV_SCHEMA_VERSION);
        free(buf);
        return -1;
    }
    t->ncols = csvout_ncolumns(f);
    size_t lines = 0;
    for (char *q = buf; *q; q++)
        lines += *q == '\n';
    t->cell = calloc((lines + 1) * (size_t)t->ncols + 1, sizeof *t->cell);
    char *p = buf + hl + (buf[hl] ? 1 : 0);
    int line = 1;
    while (t->cell && *p) {
        line++;
        for (int c = 0; c < t->ncols; c++) {
            char *out;
            int term = field(&p, &out);
            int last = c == t->ncols - 1;
            if (term < 0 || (last ? term == ',' : term != ',')) {
                snprintf(err, n, "%s line %d: malformed row (expected %d fields)", path, line,
                         t->ncols);
                goto fail;
            }
            t->cell[(size_t)t->nrows * (size_t)t->ncols + (size_t)c] = strdup(out);
        }
        t->nrows++;
    }
    free(buf);
    if (!t->cell) {
        snprintf(err, n, "out of memory reading %s", path);
        return -1;
    }
    return 0;
fail:
    free(buf);
    t->nrows++;
    csvin_free(t);
    return -1;
}

const char *csvin_str(const struct csvin *t, enum csv_file f, int row, const char *name)
{
    int c = csvin_col(f, name);
    if (c < 0 || row < 0 || row >= t->nrows)
        return "";
    const char *s = t->cell[(size_t)row * (size_t)t->ncols + (size_t)c];
    return s ? s : "";
}

double csvin_num(const struct csvin *t, enum csv_file f, int row, const char *name)
{
    const char *s = csvin_str(t, f, row, name);
    char *end;
    double d = strtod(s, &end);
    return *s && !*end ? d : NAN;
}

void csvin_free(struct csvin *t)
{
    if (t->cell)
        for (size_t i = 0; i < (size_t)t->nrows * (size_t)t->ncols; i++)
            free(t->cell[i]);
    free(t->cell);
    memset(t, 0, sizeof *t);
}
