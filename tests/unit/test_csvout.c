/*
** Unit tests of csvout: for both files, the header and a row have the same
** number of fields (counted by an RFC 4180 reader), csvout_ncolumns and
** csvout_column_name agree with the header, the columns issue 2 names are
** there, a text with a comma, a quote or a line break is quoted, NaN and
** infinities become empty fields, and a short buffer is refused.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csvout.h"
#include "modes.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* A small RFC 4180 reader: splits one record (ending in "\n") into at
** most max fields, unquoted, into f[] (pointers into buf, which it
** rewrites).  Returns the field count, or -1 on malformed input. */
static int csv_split(char *buf, char **f, int max)
{
    int n = 0;
    char *r = buf, *w = buf;
    for (;;) {
        if (n == max)
            return -1;
        f[n++] = w;
        if (*r == '"') {
            r++;
            for (;;) {
                if (*r == 0)
                    return -1;           /* unterminated quote */
                if (*r == '"') {
                    if (r[1] == '"') {
                        *w++ = '"';
                        r += 2;
                        continue;
                    }
                    r++;
                    break;
                }
                *w++ = *r++;
            }
            if (*r != ',' && *r != '\n')
                return -1;               /* text after the closing quote */
        } else {
            while (*r != ',' && *r != '\n' && *r) {
                if (*r == '"' || *r == '\r')
                    return -1;           /* a bare quote in an unquoted field */
                *w++ = *r++;
            }
        }
        if (*r == ',') {
            *w++ = 0;
            r++;
            continue;
        }
        if (*r != '\n' || r[1] != 0)
            return -1;                   /* one record, one final newline */
        *w = 0;
        return n;
    }
}

static const enum csv_file files[] = {CSV_CHUNKS, CSV_SUMMARY};

static void fill_id(struct cell_id *id)
{
    memset(id, 0, sizeof *id);
    id->cell = 3;
    id->repeat = 2;
    snprintf(id->sqlite_version, sizeof id->sqlite_version, "3.40.1");
    snprintf(id->sqlite_source_id, sizeof id->sqlite_source_id,
             "2022-12-28 14:03:47 df5c253c0b3dd24916e4ec7cf77d3db5294cc9fd45ae7b9c5e82ad8197f3alt1");
    snprintf(id->sqlite_lib, sizeof id->sqlite_lib, "/usr/lib/x86_64-linux-gnu/libsqlite3.so.0");
    id->v[DIM_PAGE_SIZE] = 4096;
    id->v[DIM_JOURNAL] = JM_WAL;
    id->v[DIM_SYNC] = SY_FULL;
    id->v[DIM_COMMIT_EVERY] = 1000000;
    id->v[DIM_CACHE_SIZE] = VALUE_DEFAULT;
    id->v[DIM_MMAP_SIZE] = 268435456;
    id->v[DIM_KEY_ORDER] = KO_RANDOM;
    id->v[DIM_VALUE_SIZE] = 16;
    id->v[DIM_LOCKING_MODE] = LM_EXCLUSIVE;
    id->v[DIM_WAL_AUTOCHECKPOINT] = 0;
    snprintf(id->read_from, sizeof id->read_from, "all");
}

static void fill_chunk(struct chunk_record *c)
{
    memset(c, 0, sizeof *c);
    fill_id(&c->id);
    c->chunk = 7;
    c->ph[PHASE_WRITE].ops = 50000;
    c->rows = 400000;
    c->ph[PHASE_WRITE].s = 0.123456;
    c->ph[PHASE_COMMIT].s = 0.01;
    c->ph[PHASE_WRITE].rate = 405000.5;
    c->ph[PHASE_READ].s = 0.5;
    c->ph[PHASE_READ].ops = 50000;
    c->ph[PHASE_READ].rate = 100000;
    c->ph[PHASE_READ].us[LAT_P50] = 10;
    c->ph[PHASE_READ].us[LAT_P90] = 20;
    c->ph[PHASE_READ].us[LAT_P99] = 30;
    c->ph[PHASE_READ].us[LAT_P999] = 40;
    c->ph[PHASE_READ].us[LAT_MAX] = 50;
    c->ph[PHASE_READ].us[LAT_MEAN] = 12.5;
    c->db_bytes = 123456789;
    c->io_write_bytes = 987654321;
    c->rss_kib = 4096;
    c->elapsed_s = 3.5;
}

static void fill_summary(struct summary_record *s)
{
    memset(s, 0, sizeof *s);
    fill_id(&s->id);
    snprintf(s->status, sizeof s->status, "ok");
    s->chunks = 4;
    s->rows = 200000;
    s->ph[PHASE_WRITE].median = 1e6;
    s->ph[PHASE_WRITE].min = 9e5;
    s->ph[PHASE_WRITE].max = 1.1e6;
    s->ph[PHASE_READ].median = 7e4;
    s->ph[PHASE_READ].min = 6e4;
    s->ph[PHASE_READ].max = 8e4;
    s->write_rows_per_s_first = 1.1e6;
    s->write_rows_per_s_last = 9e5;
    s->write_last_over_first = 0.8181;
    s->read_p99_us_median = 50;
    s->db_bytes = 5029888;
    s->io_write_bytes_per_row = 25.9;
    s->verify_s = NAN;
    s->wall_s = 0.41;
}

static int row_of(enum csv_file f, const void *rec, char *buf, size_t n)
{
    return csvout_row(f, rec, buf, n);
}

static const void *record_for(enum csv_file f, struct chunk_record *c, struct summary_record *s)
{
    return f == CSV_CHUNKS ? (const void *)c : (const void *)s;
}

/* Header, row, ncolumns and column names agree, for both files. */
static void test_header_row_agree(void **state)
{
    (void)state;
    struct chunk_record c;
    struct summary_record s;
    fill_chunk(&c);
    fill_summary(&s);
    for (size_t k = 0; k < 2; k++) {
        enum csv_file f = files[k];
        char h[8192], r[8192];
        char *hf[256], *rf[256];
        int hl = csvout_header(f, h, sizeof h);
        int rl = row_of(f, record_for(f, &c, &s), r, sizeof r);
        assert_true(hl > 0);
        assert_true(rl > 0);
        assert_int_equal((size_t)hl, strlen(h));
        assert_int_equal((size_t)rl, strlen(r));
        int nh = csv_split(h, hf, 256);
        int nr = csv_split(r, rf, 256);
        assert_int_equal(nh, csvout_ncolumns(f));
        assert_int_equal(nr, nh);
        for (int i = 0; i < nh; i++)
            assert_string_equal(hf[i], csvout_column_name(f, i));
        assert_null(csvout_column_name(f, -1));
        assert_null(csvout_column_name(f, nh));
        assert_string_equal(hf[0], "schema_version");
        char v[8];
        snprintf(v, sizeof v, "%d", CSV_SCHEMA_VERSION);
        assert_string_equal(rf[0], v);
        /* column names are unique */
        for (int i = 0; i < nh; i++)
            for (int j = i + 1; j < nh; j++)
                assert_true(strcmp(hf[i], hf[j]) != 0);
    }
}

static int column_index(enum csv_file f, const char *name)
{
    for (int i = 0; i < csvout_ncolumns(f); i++)
        if (strcmp(csvout_column_name(f, i), name) == 0)
            return i;
    return -1;
}

/* The columns issue 2 requires of chunks.csv, and issues 3/4 of both. */
static void test_required_columns(void **state)
{
    (void)state;
    static const char *const chunks[] = {
        "schema_version", "cell", "sqlite_version", "sqlite_source_id", "page_size",
        "journal_mode", "synchronous", "key_order", "value_size", "chunk", "rows", "write_s",
        "commit_s", "write_rows_per_s", "read_s", "reads", "read_ops_per_s", "read_p50_us",
        "read_p90_us", "read_p99_us", "read_p999_us", "read_max_us", "verify_failures",
        "db_bytes", "wal_bytes", "journal_bytes", "io_write_bytes", "io_read_bytes", "rss_kib",
        "chunk_rows"};
    static const char *const summary[] = {
        "schema_version", "cell", "repeat", "sqlite_version", "sqlite_source_id", "page_size",
        "journal_mode", "synchronous", "commit_every", "cache_size", "mmap_size", "key_order",
        "value_size", "status", "reason", "chunks", "rows", "write_rows_per_s_median",
        "write_rows_per_s_min", "write_rows_per_s_max", "read_ops_per_s_median",
        "read_ops_per_s_min", "read_ops_per_s_max", "write_rows_per_s_first",
        "write_rows_per_s_last", "write_last_over_first", "read_p99_us_median", "db_bytes",
        "io_write_bytes_per_row", "wall_s"};
    for (size_t i = 0; i < sizeof chunks / sizeof *chunks; i++)
        if (column_index(CSV_CHUNKS, chunks[i]) < 0) {
            print_error("chunks.csv lacks %s\n", chunks[i]);
            fail();
        }
    for (size_t i = 0; i < sizeof summary / sizeof *summary; i++)
        if (column_index(CSV_SUMMARY, summary[i]) < 0) {
            print_error("summary.csv lacks %s\n", summary[i]);
            fail();
        }
}

/* RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled;
** the reader gets the text back unchanged; other fields are not quoted. */
static void test_quoting(void **state)
{
    (void)state;
    static const struct { const char *text, *field; } t[] = {
        {"page_size: requested 65536, library kept 4096",
         "\"page_size: requested 65536, library kept 4096\""},
        {"he said \"no\", twice", "\"he said \"\"no\"\", twice\""},
        {"a \"quoted\" word", "\"a \"\"quoted\"\" word\""},
        {"two\nlines", "\"two\nlines\""},
        {"cr\rhere", "\"cr\rhere\""},
        {"plain words", "plain words"},
        {"", ""},
    };
    int ri = column_index(CSV_SUMMARY, "reason");
    assert_true(ri > 0);
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        struct summary_record s;
        char r[8192], copy[8192], *rf[256];
        fill_summary(&s);
        snprintf(s.reason, sizeof s.reason, "%s", t[i].text);
        int len = csvout_row(CSV_SUMMARY, &s, r, sizeof r);
        assert_true(len > 0);
        assert_non_null(strstr(r, t[i].field));
        memcpy(copy, r, (size_t)len + 1);
        /* the line reader above splits on the final LF only; a record with
        ** an embedded line break is still one record */
        assert_int_equal(csv_split(copy, rf, 256), csvout_ncolumns(CSV_SUMMARY));
        assert_string_equal(rf[ri], t[i].text);
        assert_string_equal(rf[ri - 1], "ok");
    }
    /* identity text fields are quoted the same way */
    struct chunk_record c;
    char r[8192], *rf[256];
    fill_chunk(&c);
    snprintf(c.id.sqlite_lib, sizeof c.id.sqlite_lib, "/opt/a,b/\"lib\".so");
    assert_true(csvout_row(CSV_CHUNKS, &c, r, sizeof r) > 0);
    assert_int_equal(csv_split(r, rf, 256), csvout_ncolumns(CSV_CHUNKS));
    assert_string_equal(rf[column_index(CSV_CHUNKS, "sqlite_lib")], "/opt/a,b/\"lib\".so");
}

/* A text a spreadsheet would run as a formula (=, +, -, @, tab or CR
** first) gets a quote before it inside quotes, as OWASP's CSV-injection
** guidance says, in the identity's texts and the file's own; a number,
** negative or signed, stays a number, in a text column and in a
** dimension's (cache_size -4000). */
static void test_formula(void **state)
{
    (void)state;
    static const struct { const char *text, *field, *seen; } t[] = {
        {"=1+2", "\"'=1+2\"", "'=1+2"},
        {"=HYPERLINK(\"http://x\")", "\"'=HYPERLINK(\"\"http://x\"\")\"",
         "'=HYPERLINK(\"http://x\")"},
        {"+cmd", "\"'+cmd\"", "'+cmd"},
        {"-2+3+cmd|' /C calc'!A0", "\"'-2+3+cmd|' /C calc'!A0\"", "'-2+3+cmd|' /C calc'!A0"},
        {"@SUM(A1)", "\"'@SUM(A1)\"", "'@SUM(A1)"},
        {"\tx", "\"'\tx\"", "'\tx"},
        {"\rx", "\"'\rx\"", "'\rx"},
        {"'=x", "\"''=x\"", "''=x"},
        {"-4000", "-4000", "-4000"},
        {"+1.5e3", "+1.5e3", "+1.5e3"},
        {"-.5", "-.5", "-.5"},
        {"'plain", "'plain", "'plain"},
    };
    int ri = column_index(CSV_SUMMARY, "reason"), li = column_index(CSV_SUMMARY, "sqlite_lib");
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        struct summary_record s;
        char r[8192], field[600], *rf[256];
        fill_summary(&s);
        snprintf(s.reason, sizeof s.reason, "%s", t[i].text);
        snprintf(s.id.sqlite_lib, sizeof s.id.sqlite_lib, "%s", t[i].text);
        assert_true(csvout_row(CSV_SUMMARY, &s, r, sizeof r) > 0);
        assert_int_equal(csvout_text(t[i].text, field, sizeof field), (int)strlen(t[i].field));
        assert_string_equal(field, t[i].field);
        assert_non_null(strstr(r, t[i].field));
        /* what a spreadsheet sees: the quote, then the text */
        assert_int_equal(csv_split(r, rf, 256), csvout_ncolumns(CSV_SUMMARY));
        assert_string_equal(rf[ri], t[i].seen);
        assert_string_equal(rf[li], t[i].seen);
    }
    struct chunk_record c;
    char r[8192], *rf[256];
    fill_chunk(&c);
    c.id.v[DIM_CACHE_SIZE] = -4000;
    assert_true(csvout_row(CSV_CHUNKS, &c, r, sizeof r) > 0);
    assert_int_equal(csv_split(r, rf, 256), csvout_ncolumns(CSV_CHUNKS));
    assert_string_equal(rf[column_index(CSV_CHUNKS, "cache_size")], "-4000");
    assert_int_equal(csvout_text("=x", r, 5), -1);     /* "'=x" and its NUL need 6 */
    assert_int_equal(csvout_text("=x", r, 6), 5);
}

/* Not measured (NaN) and infinities are empty fields; numbers are in the
** C locale with the column's digits; integers exact. */
static void test_numbers(void **state)
{
    (void)state;
    struct chunk_record c;
    char r[8192], *rf[256];
    fill_chunk(&c);
    c.ph[PHASE_READ].us[LAT_P50] = NAN;
    c.ph[PHASE_READ].rate = INFINITY;
    c.ph[PHASE_READ].us[LAT_MEAN] = -INFINITY;
    c.db_bytes = INT64_MAX;
    c.io_read_bytes = -1;
    assert_true(csvout_row(CSV_CHUNKS, &c, r, sizeof r) > 0);
    assert_int_equal(csv_split(r, rf, 256), csvout_ncolumns(CSV_CHUNKS));
    assert_string_equal(rf[column_index(CSV_CHUNKS, "read_p50_us")], "");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "read_ops_per_s")], "");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "read_mean_us")], "");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "db_bytes")], "9223372036854775807");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "io_read_bytes")], "-1");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "write_s")], "0.123456000");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "write_rows_per_s")], "405000.5");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "chunk")], "7");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "journal_mode")], "wal");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "page_size")], "4096");
    /* every dimension in the user's words, from the table of dims.h */
    assert_string_equal(rf[column_index(CSV_CHUNKS, "cache_size")], "default");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "key_order")], "random");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "locking_mode")], "exclusive");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "wal_autocheckpoint")], "0");
    assert_string_equal(rf[column_index(CSV_CHUNKS, "sqlite_lib")],
                        "/usr/lib/x86_64-linux-gnu/libsqlite3.so.0");
    /* summary: verify_s NaN -> empty */
    struct summary_record s;
    fill_summary(&s);
    assert_true(csvout_row(CSV_SUMMARY, &s, r, sizeof r) > 0);
    assert_int_equal(csv_split(r, rf, 256), csvout_ncolumns(CSV_SUMMARY));
    assert_string_equal(rf[column_index(CSV_SUMMARY, "verify_s")], "");
    assert_string_equal(rf[column_index(CSV_SUMMARY, "status")], "ok");
    /* no field carries a locale's decimal comma: every numeric field parses */
    for (int i = 0; i < csvout_ncolumns(CSV_SUMMARY); i++) {
        const char *name = csvout_column_name(CSV_SUMMARY, i);
        if (strstr(name, "_per_s") || strstr(name, "_s") == name + strlen(name) - 2) {
            char *end;
            if (rf[i][0]) {
                strtod(rf[i], &end);
                assert_int_equal(*end, 0);
            }
        }
    }
}

/* A too small buffer gives -1, never a cut line; every size from 0 to the
** line's length is tried. */
static void test_short_buffer(void **state)
{
    (void)state;
    struct chunk_record c;
    struct summary_record s;
    fill_chunk(&c);
    fill_summary(&s);
    snprintf(s.reason, sizeof s.reason, "a, \"b\"");
    for (size_t k = 0; k < 2; k++) {
        enum csv_file f = files[k];
        char full[8192];
        int len = csvout_row(f, record_for(f, &c, &s), full, sizeof full);
        assert_true(len > 0);
        char *buf = malloc(sizeof full);
        for (size_t n = 1; n <= (size_t)len; n++) {
            int got = csvout_row(f, record_for(f, &c, &s), buf, n);
            assert_int_equal(got, -1);
        }
        assert_int_equal(csvout_row(f, record_for(f, &c, &s), buf, (size_t)len + 1), len);
        assert_string_equal(buf, full);
        int hl = csvout_header(f, full, sizeof full);
        for (size_t n = 1; n <= (size_t)hl; n++)
            assert_int_equal(csvout_header(f, buf, n), -1);
        free(buf);
    }
}

/* csvout_append writes the whole line. */
static void test_append(void **state)
{
    (void)state;
    char path[] = "/tmp/test_csvout-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    char h[8192];
    int len = csvout_header(CSV_CHUNKS, h, sizeof h);
    assert_int_equal(csvout_append(fd, h, len), 0);
    assert_int_equal(csvout_append(fd, h, len), 0);
    assert_int_equal(lseek(fd, 0, SEEK_END), 2 * len);
    close(fd);
    unlink(path);
    assert_int_equal(csvout_append(-1, h, len), -1);
}

/* A write cut short (here by a file-size limit, as by a full disk) is
** taken back: the file keeps its length before the append, errno says why. */
static void test_append_whole_or_nothing(void **state)
{
    (void)state;
    char path[] = "/tmp/test_csvout-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(fcntl(fd, F_SETFL, O_APPEND), 0);
    char h[8192];
    int len = csvout_header(CSV_CHUNKS, h, sizeof h);
    struct rlimit old, lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN);
    lim = old;
    lim.rlim_cur = (rlim_t)len + (rlim_t)len / 2;   /* room for one line and a half */
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    int first = csvout_append(fd, h, len);
    errno = 0;
    int second = csvout_append(fd, h, len);
    int e = errno;
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, was);
    assert_int_equal(first, 0);
    assert_int_equal(second, -1);
    assert_int_equal(e, EFBIG);
    assert_int_equal(lseek(fd, 0, SEEK_END), len);
    assert_int_equal(csvout_append(fd, h, len), 0);   /* room again: whole */
    assert_int_equal(lseek(fd, 0, SEEK_END), 2 * len);
    close(fd);
    unlink(path);
}

/* The name map: each phase's figure lands in the column schema 3 named for
** it, and figures without a column are written nowhere.  Every figure of
** every phase gets its own value, so a map pointing at another phase's
** figure, or at another figure, writes the wrong number. */
static void test_phase_name_map(void **state)
{
    (void)state;
    struct chunk_record c;
    struct summary_record s;
    char r[8192], *rf[256];
    static const struct {
        const char *column;
        const char *text;
    } chunk[] = {
        {"chunk_rows", "30"}, {"write_s", "10.000000000"}, {"commit_s", "11.000000000"},
        {"write_rows_per_s", "20.0"}, {"update_s", "12.000000000"}, {"updates", "32"},
        {"update_rows_per_s", "22.0"}, {"update_p50_us", "42.000"},
        {"update_max_us", "4042.000"}, {"delete_s", "13.000000000"}, {"deletes", "33"},
        {"delete_rows_per_s", "23.0"}, {"read_s", "14.000000000"}, {"reads", "34"},
        {"read_ops_per_s", "24.0"}, {"read_p50_us", "44.000"}, {"checkpoint_s", "15.000000000"},
        {"checkpoint_frames_per_s", "25.0"}, {"vacuum_s", "16.000000000"},
        {"write_wal_bytes", "70"},
    }, summary[] = {
        {"write_rows_per_s_median", "100.0"}, {"write_rows_per_s_min", "200.0"},
        {"write_rows_per_s_max", "300.0"}, {"read_ops_per_s_median", "104.0"},
        {"read_ops_per_s_min", "204.0"}, {"read_ops_per_s_max", "304.0"},
        {"write_rows_per_s_repeats_median", "400.0"}, {"read_ops_per_s_repeats_max", "604.0"},
        {"write_vs_cell1", "1.0000"}, {"write_vs_cell1_hi", "3.0000"},
        {"read_vs_cell1_lo", "2.0040"}, {"read_within_noise", "8"}, {"read_p50_us", "54.000"},
        {"update_rows_per_s_median", "102.0"}, {"update_rows_per_s_min", "202.0"},
        {"update_rows_per_s_max", "302.0"}, {"delete_rows_per_s_median", "103.0"},
        {"delete_rows_per_s_max", "303.0"},
        {"write_vs_baseline", "7.0000"}, {"read_vs_baseline", "7.0040"},
        {"write_verdict", "faster"}, {"read_verdict", "faster"},
    };
    fill_chunk(&c);
    fill_summary(&s);
    for (int p = 0; p < PHASE_COUNT; p++) {
        c.ph[p] = (struct phase_stats){.ops = 30 + p, .s = 10 + p, .rate = 20 + p,
                                       .wal_bytes = 70 + p};
        struct phase_summary *q = &s.ph[p];
        *q = (struct phase_summary){.median = 100 + p, .min = 200 + p, .max = 300 + p,
                                    .repeats_median = 400 + p, .repeats_min = 500 + p,
                                    .repeats_max = 600 + p, .vs_cell1 = 1 + p / 1000.0,
                                    .vs_cell1_lo = 2 + p / 1000.0, .vs_cell1_hi = 3 + p / 1000.0,
                                    .within_noise = 4 + p, .vs_base = 7 + p / 1000.0,
                                    .verdict = "faster"};
        for (int i = 0; i < LAT_COUNT; i++) {
            c.ph[p].us[i] = 40 + p + i * 1000;
            q->us[i] = 50 + p + i * 1000;
        }
    }
    assert_true(csvout_row(CSV_CHUNKS, &c, r, sizeof r) > 0);
    assert_int_equal(csv_split(r, rf, 256), csvout_ncolumns(CSV_CHUNKS));
    for (size_t k = 0; k < sizeof chunk / sizeof *chunk; k++)
        assert_string_equal(rf[column_index(CSV_CHUNKS, chunk[k].column)], chunk[k].text);
    assert_true(csvout_row(CSV_SUMMARY, &s, r, sizeof r) > 0);
    assert_int_equal(csv_split(r, rf, 256), csvout_ncolumns(CSV_SUMMARY));
    for (size_t k = 0; k < sizeof summary / sizeof *summary; k++)
        assert_string_equal(rf[column_index(CSV_SUMMARY, summary[k].column)], summary[k].text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_header_row_agree),
        cmocka_unit_test(test_required_columns),
        cmocka_unit_test(test_quoting),
        cmocka_unit_test(test_formula),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_phase_name_map),
        cmocka_unit_test(test_short_buffer),
        cmocka_unit_test(test_append),
        cmocka_unit_test(test_append_whole_or_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
