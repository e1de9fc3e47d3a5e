/*
** csvout: column tables and the RFC 4180 writer.  See csvout.h.
*/
#include "csvout.h"
#include "fdio.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum kind { K_I64, K_F64, K_STR, K_SCHEMA };

struct column {
    const char *name;
    enum kind kind;
    size_t off;
    int prec;           /* digits after the point, K_F64 */
};

/* The identity columns, for a record type R that embeds struct cell_id id. */
#define ID_COLUMNS(R)                                                   \
    {"schema_version", K_SCHEMA, 0, 0},                                 \
    {"cell", K_I64, offsetof(R, id.cell), 0},                           \
    {"repeat", K_I64, offsetof(R, id.repeat), 0},                       \
    {"sqlite_version", K_STR, offsetof(R, id.sqlite_version), 0},       \
    {"sqlite_source_id", K_STR, offsetof(R, id.sqlite_source_id), 0},   \
    {"sqlite_lib", K_STR, offsetof(R, id.sqlite_lib), 0},               \
    {"page_size", K_I64, offsetof(R, id.page_size), 0},                 \
    {"journal_mode", K_STR, offsetof(R, id.journal_mode), 0},           \
    {"synchronous", K_STR, offsetof(R, id.synchronous), 0},             \
    {"commit_every", K_I64, offsetof(R, id.commit_every), 0},           \
    {"cache_size", K_STR, offsetof(R, id.cache_size), 0},               \
    {"mmap_size", K_STR, offsetof(R, id.mmap_size), 0},                 \
    {"key_order", K_STR, offsetof(R, id.key_order), 0},                 \
    {"value_size", K_I64, offsetof(R, id.value_size), 0},               \
    {"read_from", K_STR, offsetof(R, id.read_from), 0}

#define C(R, name, kind, prec) {#name, kind, offsetof(R, name), prec}
#define CR struct chunk_record
static const struct column chunk_columns[] = {
    ID_COLUMNS(CR),
    C(CR, chunk, K_I64, 0),
    C(CR, chunk_rows, K_I64, 0),
    C(CR, rows, K_I64, 0),
    C(CR, write_s, K_F64, 6),
    C(CR, commit_s, K_F64, 6),
    C(CR, write_rows_per_s, K_F64, 1),
    C(CR, read_s, K_F64, 6),
    C(CR, reads, K_I64, 0),
    C(CR, read_ops_per_s, K_F64, 1),
    C(CR, read_p50_us, K_F64, 3),
    C(CR, read_p90_us, K_F64, 3),
    C(CR, read_p99_us, K_F64, 3),
    C(CR, read_p999_us, K_F64, 3),
    C(CR, read_max_us, K_F64, 3),
    C(CR, read_mean_us, K_F64, 3),
    C(CR, verify_failures, K_I64, 0),
    C(CR, db_bytes, K_I64, 0),
    C(CR, wal_bytes, K_I64, 0),
    C(CR, journal_bytes, K_I64, 0),
    C(CR, io_write_bytes, K_I64, 0),
    C(CR, io_read_bytes, K_I64, 0),
    C(CR, rss_kib, K_I64, 0),
    C(CR, elapsed_s, K_F64, 3),
    C(CR, resumed, K_I64, 0),
};

#define SR struct summary_record
static const struct column summary_columns[] = {
    ID_COLUMNS(SR),
    C(SR, status, K_STR, 0),
    C(SR, reason, K_STR, 0),
    C(SR, chunks, K_I64, 0),
    C(SR, rows, K_I64, 0),
    C(SR, write_rows_per_s_median, K_F64, 1),
    C(SR, write_rows_per_s_min, K_F64, 1),
    C(SR, write_rows_per_s_max, K_F64, 1),
    C(SR, read_ops_per_s_median, K_F64, 1),
    C(SR, read_ops_per_s_min, K_F64, 1),
    C(SR, read_ops_per_s_max, K_F64, 1),
    C(SR, write_rows_per_s_first, K_F64, 1),
    C(SR, write_rows_per_s_last, K_F64, 1),
    C(SR, write_last_over_first, K_F64, 4),
    C(SR, read_p99_us_median, K_F64, 3),
    C(SR, verify_failures, K_I64, 0),
    C(SR, db_bytes, K_I64, 0),
    C(SR, io_write_bytes_per_row, K_F64, 2),
    C(SR, verify_s, K_F64, 3),
    C(SR, wall_s, K_F64, 3),
};

#define TR struct trial_record
static const struct column trial_columns[] = {
    ID_COLUMNS(TR),
    C(TR, trial, K_I64, 0),
    C(TR, seed, K_STR, 0),
    C(TR, crash_event, K_I64, 0),
    C(TR, events, K_I64, 0),
    C(TR, acked_rows, K_I64, 0),
    C(TR, found_rows, K_I64, 0),
    C(TR, lost_commits, K_I64, 0),
    C(TR, integrity, K_STR, 0),
    C(TR, verify_failures, K_I64, 0),
    C(TR, outcome, K_STR, 0),
};

#define DR struct durability_record
static const struct column durability_columns[] = {
    ID_COLUMNS(DR),
    C(DR, status, K_STR, 0),
    C(DR, reason, K_STR, 0),
    C(DR, trials, K_I64, 0),
    C(DR, intact, K_I64, 0),
    C(DR, lost_trials, K_I64, 0),
    C(DR, lost_commits, K_I64, 0),
    C(DR, corrupt, K_I64, 0),
    C(DR, write_rows_per_s, K_F64, 1),
};

struct schema {
    const struct column *cols;
    int n;
    size_t size;         /* of the record */
};

#define SCHEMA(cols, rec) {cols, (int)(sizeof cols / sizeof *cols), sizeof(rec)}
static const struct schema schemas[] = {
    [CSV_CHUNKS] = SCHEMA(chunk_columns, struct chunk_record),
    [CSV_SUMMARY] = SCHEMA(summary_columns, struct summary_record),
    [CSV_TRIALS] = SCHEMA(trial_columns, struct trial_record),
    [CSV_DURABILITY] = SCHEMA(durability_columns, struct durability_record),
};

/* The size of the char array behind string column i: the gap to the next
** column's offset, or to the end of the record. */
static size_t str_size(enum csv_file f, const struct column *c, int i, int nc)
{
    size_t next = schemas[f].size;
    for (int k = 0; k < nc; k++)
        if (c[k].kind != K_SCHEMA && c[k].off > c[i].off && c[k].off < next)
            next = c[k].off;
    return next - c[i].off;
}

static const struct column *columns(enum csv_file f, int *n)
{
    *n = schemas[f].n;
    return schemas[f].cols;
}

int csvout_ncolumns(enum csv_file f)
{
    int n;
    columns(f, &n);
    return n;
}

const char *csvout_column_name(enum csv_file f, int i)
{
    int n;
    const struct column *c = columns(f, &n);
    return i >= 0 && i < n ? c[i].name : NULL;
}

int csvout_header(enum csv_file f, char *buf, size_t n)
{
    int nc;
    const struct column *c = columns(f, &nc);
    size_t len = 0;
    for (int i = 0; i < nc; i++) {
        int w = snprintf(buf + len, n - len, "%s%s", i ? "," : "", c[i].name);
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

/* Appends s as one RFC 4180 field. */
static int put_str(char *buf, size_t n, size_t *len, const char *s)
{
    int quote = strpbrk(s, ",\"\r\n") != NULL;
    size_t need = strlen(s) * 2 + 3;
    if (*len + need >= n)
        return -1;
    if (quote)
        buf[(*len)++] = '"';
    for (; *s; s++) {
        if (*s == '"')
            buf[(*len)++] = '"';
        buf[(*len)++] = *s;
    }
    if (quote)
        buf[(*len)++] = '"';
    buf[*len] = 0;
    return 0;
}

int csvout_row(enum csv_file f, const void *rec, char *buf, size_t n)
{
    int nc;
    const struct column *c = columns(f, &nc);
    const char *base = rec;
    size_t len = 0;
    for (int i = 0; i < nc; i++) {
        int w = 0;
        if (i) {
            if (len + 1 >= n)
                return -1;
            buf[len++] = ',';
            buf[len] = 0;
        }
        switch (c[i].kind) {
        case K_SCHEMA:
            w = snprintf(buf + len, n - len, "%d", CSV_SCHEMA_VERSION);
            break;
        case K_I64:
            w = snprintf(buf + len, n - len, "%" PRId64, *(const int64_t *)(base + c[i].off));
            break;
        case K_F64: {
            double d = *(const double *)(base + c[i].off);
            w = isfinite(d) ? snprintf(buf + len, n - len, "%.*f", c[i].prec, d) : 0;
            break;
        }
        case K_STR:
            if (put_str(buf, n, &len, base + c[i].off))
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
    int nc;
    const struct column *c = columns(f, &nc);
    memset(rec, 0, schemas[f].size);
    for (int i = 0; i < nc; i++)
        if (c[i].kind == K_F64)
            *(double *)((char *)rec + c[i].off) = NAN;
}

int csvout_from_fields(enum csv_file f, const char *const *fields, int nfields, void *rec)
{
    int nc;
    const struct column *c = columns(f, &nc);
    char *base = rec;
    if (nfields != nc)
        return -1;
    for (int i = 0; i < nc; i++) {
        const char *v = fields[i] ? fields[i] : "";
        switch (c[i].kind) {
        case K_SCHEMA:
            break;
        case K_I64:
            *(int64_t *)(base + c[i].off) = strtoll(v, NULL, 10);
            break;
        case K_F64:
            *(double *)(base + c[i].off) = *v ? strtod(v, NULL) : NAN;
            break;
        case K_STR:
            /* every K_STR field of the records is a char array; its size is
            ** the distance to the next field, bounded by the record's own
            ** sizes in csvout.h (256 at most) */
            snprintf(base + c[i].off, str_size(f, c, i, nc), "%s", v);
            break;
        }
    }
    return 0;
}

int csvout_append(int fd, const char *line, int len)
{
    return len < 0 ? -1 : fdio_write_full(fd, line, (size_t)len);
}
