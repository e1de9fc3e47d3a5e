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

enum kind { K_I64, K_F64, K_STR, K_SCHEMA, K_DIM };

struct column {
    const char *name;
    enum kind kind;
    size_t off;         /* in the record */
    size_t size;        /* K_STR: of the char array */
    int prec;           /* K_F64: digits after the point; K_DIM: the dimension */
};

/* Every record begins with its struct cell_id, so identity offsets are
** the same in all of them. */
#define ID(name, kind) {#name, kind, offsetof(struct cell_id, name), \
                        sizeof(((struct cell_id *)0)->name), 0}
static const struct column id_head[] = {
    {"schema_version", K_SCHEMA, 0, 0, 0},
    ID(cell, K_I64),
    ID(repeat, K_I64),
    ID(sqlite_version, K_STR),
    ID(sqlite_source_id, K_STR),
};
static const struct column id_tail[] = {
    ID(read_from, K_STR),
};
#define NHEAD (int)(sizeof id_head / sizeof *id_head)
#define NTAIL (int)(sizeof id_tail / sizeof *id_tail)
#define NID (NHEAD + DIM_COUNT + NTAIL)

#define C(R, name, kind, prec) {#name, kind, offsetof(R, name), sizeof(((R *)0)->name), prec}
#define CR struct chunk_record
static const struct column chunk_columns[] = {
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
    C(TR, rows, K_I64, 0),
    C(TR, chunk, K_I64, 0),
    C(TR, workload_seed, K_I64, 0),
    C(TR, sector_size, K_I64, 0),
    C(TR, replay, K_STR, 0),
};

#define DR struct durability_record
static const struct column durability_columns[] = {
    C(DR, status, K_STR, 0),
    C(DR, reason, K_STR, 0),
    C(DR, trials, K_I64, 0),
    C(DR, intact, K_I64, 0),
    C(DR, lost_trials, K_I64, 0),
    C(DR, lost_commits, K_I64, 0),
    C(DR, corrupt, K_I64, 0),
    C(DR, write_rows_per_s, K_F64, 1),
    C(DR, lost_upper95_pct, K_F64, 3),
    C(DR, corrupt_upper95_pct, K_F64, 3),
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

_Static_assert(offsetof(struct chunk_record, id) == 0 && offsetof(struct summary_record, id) == 0 &&
                   offsetof(struct trial_record, id) == 0 &&
                   offsetof(struct durability_record, id) == 0,
               "every record begins with its identity");

/* Column i of file f: the identity (its head, a column per dimension, its
** tail), then the file's own. */
static struct column column_at(enum csv_file f, int i)
{
    struct column c = {0};
    if (i < NHEAD)
        return id_head[i];
    if (i < NHEAD + DIM_COUNT) {
        int d = i - NHEAD;
        c.name = dim_table[d].column;
        c.kind = d == DIM_LIB ? K_STR : K_DIM;
        c.off = d == DIM_LIB ? offsetof(struct cell_id, sqlite_lib)
                             : offsetof(struct cell_id, v) + (size_t)d * sizeof(int64_t);
        c.size = d == DIM_LIB ? sizeof(((struct cell_id *)0)->sqlite_lib) : 0;
        c.prec = d;
        return c;
    }
    if (i < NID)
        return id_tail[i - NHEAD - DIM_COUNT];
    return schemas[f].cols[i - NID];
}

int csvout_ncolumns(enum csv_file f)
{
    return NID + schemas[f].n;
}

const char *csvout_column_name(enum csv_file f, int i)
{
    return i >= 0 && i < csvout_ncolumns(f) ? column_at(f, i).name : NULL;
}

int csvout_header(enum csv_file f, char *buf, size_t n)
{
    int nc = csvout_ncolumns(f);
    size_t len = 0;
    for (int i = 0; i < nc; i++) {
        int w = snprintf(buf + len, n - len, "%s%s", i ? "," : "", column_at(f, i).name);
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
    int nc = csvout_ncolumns(f);
    const char *base = rec;
    size_t len = 0;
    for (int i = 0; i < nc; i++) {
        struct column c = column_at(f, i);
        char text[64];
        int w = 0;
        if (i) {
            if (len + 1 >= n)
                return -1;
            buf[len++] = ',';
            buf[len] = 0;
        }
        switch (c.kind) {
        case K_SCHEMA:
            w = snprintf(buf + len, n - len, "%d", CSV_SCHEMA_VERSION);
            break;
        case K_I64:
            w = snprintf(buf + len, n - len, "%" PRId64, *(const int64_t *)(base + c.off));
            break;
        case K_F64: {
            double d = *(const double *)(base + c.off);
            w = isfinite(d) ? snprintf(buf + len, n - len, "%.*f", c.prec, d) : 0;
            break;
        }
        case K_DIM:
            dims_text(c.prec, *(const int64_t *)(base + c.off), text, sizeof text);
            if (put_str(buf, n, &len, text))
                return -1;
            break;
        case K_STR:
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
    memset(rec, 0, schemas[f].size);
    for (int i = 0; i < csvout_ncolumns(f); i++) {
        struct column c = column_at(f, i);
        if (c.kind == K_F64)
            *(double *)((char *)rec + c.off) = NAN;
    }
}

int csvout_from_fields(enum csv_file f, const char *const *fields, int nfields, void *rec)
{
    int nc = csvout_ncolumns(f);
    char *base = rec;
    if (nfields != nc)
        return -1;
    for (int i = 0; i < nc; i++) {
        struct column c = column_at(f, i);
        const char *v = fields[i] ? fields[i] : "";
        switch (c.kind) {
        case K_SCHEMA:
            break;
        case K_I64:
            *(int64_t *)(base + c.off) = strtoll(v, NULL, 10);
            break;
        case K_F64:
            *(double *)(base + c.off) = *v ? strtod(v, NULL) : NAN;
            break;
        case K_DIM:
            if (dims_parse(c.prec, v, (int64_t *)(base + c.off)))
                return -1;
            break;
        case K_STR:
            snprintf(base + c.off, c.size, "%s", v);
            break;
        }
    }
    return 0;
}

int csvout_append(int fd, const char *line, int len)
{
    return len < 0 ? -1 : fdio_write_full(fd, line, (size_t)len);
}
