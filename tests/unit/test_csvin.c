/*
** Unit tests of csvin and csvin_record: files are read by column
** name.  A file csvout writes reads back into the same records; columns in
** another order or unknown to this build change nothing; a missing
** optional column reads as empty; a missing required column, a newer
** schema_version, a ragged row, a column named twice, a NUL byte, a file
** that is not regular or is too large is refused with one line naming the
** file.  A text written with a quote against formulas reads back as it
** was.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csvin.h"
#include "csvupgrade.h"
#include "csvout.h"
#include "infile.h"
#include "modes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char path[64];

static int make_path(void **state)
{
    (void)state;
    snprintf(path, sizeof path, "/tmp/test_csvin.XXXXXX");
    int fd = mkstemp(path);
    if (fd < 0)
        return -1;
    close(fd);
    return 0;
}

static int remove_path(void **state)
{
    (void)state;
    unlink(path);
    return 0;
}

static void put_file(const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fputs(text, f) >= 0, 1);
    assert_int_equal(fclose(f), 0);
}

static void fill_id(struct cell_id *id, int64_t cell)
{
    id->cell = cell;
    id->repeat = 1;
    snprintf(id->sqlite_version, sizeof id->sqlite_version, "3.40.1");
    snprintf(id->sqlite_source_id, sizeof id->sqlite_source_id, "2022-12-28 14:03:47 df5c");
    snprintf(id->sqlite_lib, sizeof id->sqlite_lib, "libsqlite3.so.0");
    id->v[DIM_PAGE_SIZE] = 4096;
    id->v[DIM_JOURNAL] = JM_WAL;
    id->v[DIM_SYNC] = SY_FULL;
    id->v[DIM_COMMIT_EVERY] = 1000;
    id->v[DIM_CACHE_SIZE] = VALUE_DEFAULT;
    id->v[DIM_MMAP_SIZE] = VALUE_DEFAULT;
    id->v[DIM_KEY_ORDER] = KO_SEQ;
    id->v[DIM_VALUE_SIZE] = 16;
    id->v[DIM_LOCKING_MODE] = LM_EXCLUSIVE;
    id->v[DIM_WAL_AUTOCHECKPOINT] = 100;
    snprintf(id->read_from, sizeof id->read_from, "all");
}

static void fill_summary(struct summary_record *s, int64_t cell)
{
    csvout_clear(CSV_SUMMARY, s);
    fill_id(&s->id, cell);
    snprintf(s->status, sizeof s->status, "ok");
    snprintf(s->reason, sizeof s->reason, "a reason, \"quoted\"");
    s->chunks = 4;
    s->rows = 20000;
    s->ph[PHASE_WRITE].median = 1894738.3;
    s->write_last_over_first = 0.9383;
    s->db_bytes = 495616;
    s->wall_s = 0.052;         /* verify_s stays NaN: not measured */
}

/* The text of a summary.csv of cells 1 and 2 as csvout writes it. */
static void summary_text(char *buf, size_t n)
{
    int len = csvout_header(CSV_SUMMARY, buf, n);
    assert_true(len > 0);
    for (int64_t cell = 1; cell <= 2; cell++) {
        struct summary_record s;
        fill_summary(&s, cell);
        int w = csvout_row(CSV_SUMMARY, &s, buf + len, n - (size_t)len);
        assert_true(w > 0);
        len += w;
    }
}

/* text without its last column (csvout quotes no field of it). */
static void drop_last_column(const char *text, char *out, size_t n)
{
    size_t len = 0;
    for (const char *p = text; *p;) {
        size_t line = strcspn(p, "\n");
        const char *comma = p + line;
        while (comma > p && *comma != ',')
            comma--;
        len += (size_t)snprintf(out + len, n - len, "%.*s\n", (int)(comma - p), p);
        p += line + (p[line] == '\n');
    }
}

/* What csvout writes reads back into the same record, by name. */
static void test_round_trip(void **state)
{
    (void)state;
    char text[8192], err[512];
    struct csvin t;
    summary_text(text, sizeof text);
    put_file(text);
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), 0);
    assert_int_equal(t.nrows, 2);
    assert_int_equal(t.ncols, csvout_ncolumns(CSV_SUMMARY));
    assert_true(csvupgrade_fits(&t, CSV_SUMMARY));
    for (int i = 0; i < t.ncols; i++)
        assert_int_equal(csvin_col(&t, csvout_column_name(CSV_SUMMARY, i)), i);
    struct summary_record want, got;
    fill_summary(&want, 2);
    assert_int_equal(csvin_record(&t, CSV_SUMMARY, 1, &got), 0);
    assert_int_equal(got.id.cell, 2);
    assert_string_equal(got.id.sqlite_source_id, want.id.sqlite_source_id);
    assert_string_equal(got.reason, want.reason);
    assert_int_equal(got.db_bytes, want.db_bytes);
    assert_true(fabs(got.write_last_over_first - 0.9383) < 1e-9);
    assert_true(isnan(got.verify_s));
    assert_int_equal(csvin_record(&t, CSV_SUMMARY, 2, &got), -1);
    assert_int_equal(csvin_record(&t, CSV_SUMMARY, -1, &got), -1);
    csvin_free(&t);
    /* every row at once, from the table or the file */
    int n = -1;
    struct summary_record *all = csvin_read_records(path, CSV_SUMMARY, sizeof *all, &n, err,
                                                    sizeof err);
    assert_non_null(all);
    assert_int_equal(n, 2);
    assert_int_equal(all[0].id.cell, 1);
    assert_int_equal(all[1].id.cell, 2);
    assert_int_equal(all[1].db_bytes, want.db_bytes);
    free(all);
    assert_null(csvin_read_records("/nonexistent/summary.csv", CSV_SUMMARY, sizeof *all, &n,
                                   err, sizeof err));
    assert_int_equal(n, 0);
    assert_non_null(strstr(err, "/nonexistent/summary.csv"));
}

/* Columns in another order and a column this build does not know: read
** by name, the unknown one ignored; not this build's header, so rows of
** this schema must not be appended to it. */
static void test_unknown_and_reordered(void **state)
{
    (void)state;
    char err[512];
    struct csvin t;
    put_file("future_column,status,chunks,repeat,cell,schema_version,wall_s\n"
             "x,ok,4,1,7,1,0.5\n"
             "y,skipped,0,1,8,1,\n");
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), 0);
    assert_int_equal(t.nrows, 2);
    assert_false(csvupgrade_fits(&t, CSV_SUMMARY));
    assert_string_equal(csvin_str(&t, CSV_SUMMARY, 0, COL_status), "ok");
    assert_string_equal(csvin_str(&t, CSV_SUMMARY, 1, COL_status), "skipped");
    assert_true(csvin_num(&t, CSV_SUMMARY, 0, COL_cell) == 7);
    assert_true(csvin_num(&t, CSV_SUMMARY, 0, COL_wall_s) == 0.5);
    assert_true(isnan(csvin_num(&t, CSV_SUMMARY, 1, COL_wall_s)));
    assert_int_equal(csvin_col(&t, "future_column"), 0);
    struct summary_record r;
    assert_int_equal(csvin_record(&t, CSV_SUMMARY, 0, &r), 0);
    assert_int_equal(r.id.cell, 7);
    assert_int_equal(r.chunks, 4);
    assert_string_equal(r.status, "ok");
    assert_true(r.wall_s == 0.5);
    /* a column the file lacks: empty, NaN, 0 */
    assert_int_equal(csvin_col(&t, "page_size"), -1);
    assert_string_equal(csvin_str_named(&t, 0, dim_table[DIM_PAGE_SIZE].column), "");
    assert_true(isnan(csvin_num(&t, CSV_SUMMARY, 0, COL_write_rows_per_s_median)));
    assert_true(isnan(r.ph[PHASE_WRITE].median));
    assert_int_equal(r.id.v[DIM_PAGE_SIZE], 0);
    /* a dimension newer than the file: what the file's run did */
    assert_int_equal(r.id.v[DIM_LOCKING_MODE], LM_NORMAL);
    assert_true(r.id.v[DIM_WAL_AUTOCHECKPOINT] == VALUE_DEFAULT);
    /* and a row that does not exist */
    assert_string_equal(csvin_str(&t, CSV_SUMMARY, 5, COL_status), "");
    csvin_free(&t);
}

/* An optional column dropped from a file csvout wrote: still read. */
static void test_missing_optional(void **state)
{
    (void)state;
    char text[8192], edited[8192], err[512];
    struct csvin t;
    summary_text(text, sizeof text);
    const char *last = csvout_column_name(CSV_SUMMARY, csvout_ncolumns(CSV_SUMMARY) - 1);
    assert_string_equal(last, "txn_commit_s");
    drop_last_column(text, edited, sizeof edited);
    put_file(edited);
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), 0);
    assert_int_equal(t.ncols, csvout_ncolumns(CSV_SUMMARY) - 1);
    assert_int_equal(csvin_col(&t, last), -1);
    assert_true(isnan(csvin_num(&t, CSV_SUMMARY, 0, COL_txn_commit_s)));
    assert_true(csvin_num(&t, CSV_SUMMARY, 1, COL_db_bytes) == 495616);
    csvin_free(&t);
}

/* Every required column of every file: a file without it is refused with
** one line naming the file and the column, and t is left empty. */
static void test_missing_required(void **state)
{
    (void)state;
    static const enum csv_file files[] = {CSV_CHUNKS, CSV_SUMMARY, CSV_TRIALS, CSV_DURABILITY,
                                          CSV_HISTOGRAMS, CSV_TIMELINE};
    int required = 0;
    for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
        enum csv_file f = files[k];
        struct csvout_column_info ci;
        for (int i = 0; csvout_column_info(f, i, &ci) == 0; i++) {
            if (!ci.required)
                continue;
            required++;
            char head[8192], err[512], want[600];
            int len = 0;
            for (int j = 0; j < csvout_ncolumns(f); j++)
                if (j != i)
                    len += snprintf(head + len, sizeof head - (size_t)len, "%s%s",
                                    len ? "," : "", csvout_column_name(f, j));
            snprintf(head + len, sizeof head - (size_t)len, "\n");
            put_file(head);
            struct csvin t;
            assert_int_equal(csvin_read(path, f, &t, err, sizeof err), -1);
            snprintf(want, sizeof want, "%s: not a sqlsoak %s (its header has no %s column)", path,
                     csvout_file_name(f), ci.name);
            assert_string_equal(err, want);
            assert_null(t.cell);
            assert_null(t.name);
            assert_int_equal(t.ncols, 0);
        }
    }
    /* the identity that every reader matches rows by */
    static const char *const everywhere[] = {"schema_version", "cell", "repeat"};
    for (size_t k = 0; k < sizeof files / sizeof *files; k++)
        for (size_t i = 0; i < 3; i++) {
            struct csvout_column_info ci;
            int found = 0;
            for (int j = 0; csvout_column_info(files[k], j, &ci) == 0; j++)
                if (strcmp(ci.name, everywhere[i]) == 0)
                    found = ci.required;
            assert_true(found);
        }
    assert_true(required >= 4 * 4);
}

/* Versions up to CSV_SCHEMA_VERSION are read; a newer one in any row is
** refused with one line naming the file and the version; a field that is
** no version is refused too. */
static void test_versions(void **state)
{
    (void)state;
    char text[512], err[512], want[600];
    struct csvin t;
    for (int v = 1; v <= CSV_SCHEMA_VERSION; v++) {
        snprintf(text, sizeof text, "schema_version,cell,repeat,status,chunks\n%d,1,1,ok,1\n", v);
        put_file(text);
        assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), 0);
        csvin_free(&t);
    }
    snprintf(text, sizeof text,
             "schema_version,cell,repeat,status,chunks\n1,1,1,ok,1\n%d,2,1,ok,1\n",
             CSV_SCHEMA_VERSION + 1);
    put_file(text);
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), -1);
    snprintf(want, sizeof want,
             "%s: schema_version %d is newer than this sqlsoak reads (%d); read it with a "
             "newer sqlsoak",
             path, CSV_SCHEMA_VERSION + 1, CSV_SCHEMA_VERSION);
    assert_string_equal(err, want);
    assert_null(t.cell);
    static const char *const bad[] = {"", "x", "0", "1.5", "-1"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(text, sizeof text, "schema_version,cell,repeat,status,chunks\n%s,1,1,ok,1\n",
                 bad[i]);
        put_file(text);
        assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), -1);
        snprintf(want, sizeof want, "%s line 2: schema_version \"%s\" is not a version", path,
                 bad[i]);
        assert_string_equal(err, want);
    }
}

/* A row with more or fewer fields than the header, a column named twice,
** a file that is not there: refused, one line. */
static void test_malformed(void **state)
{
    (void)state;
    char err[512], want[600];
    struct csvin t;
    put_file("schema_version,cell,repeat,status,chunks\n1,1,1,ok,1\n1,2,1,ok\n");
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s line 3: malformed row (expected 5 fields)", path);
    assert_string_equal(err, want);
    put_file("schema_version,cell,repeat,status,chunks\n1,1,1,ok,1,extra\n");
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s line 2: malformed row (expected 5 fields)", path);
    assert_string_equal(err, want);
    put_file("schema_version,cell,repeat,status,chunks,cell\n1,1,1,ok,1,1\n");
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: column cell appears twice in the header", path);
    assert_string_equal(err, want);
    put_file("");
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), -1);
    snprintf(want, sizeof want,
             "%s: not a sqlsoak summary.csv (its header has no schema_version column)", path);
    assert_string_equal(err, want);
    assert_int_equal(csvin_read("/nonexistent/summary.csv", CSV_SUMMARY, &t, err, sizeof err),
                     -1);
    assert_string_equal(err, "cannot read /nonexistent/summary.csv: No such file or directory");
}

/* csvin_read_whole reads the whole lines only, silently, and says where
** they end and whether a half line follows; csvin_read leaves that half
** line out too (with a warning). */
static void test_whole_lines(void **state)
{
    (void)state;
    char err[512];
    struct csvin t;
    off_t whole;
    int torn;
    put_file("schema_version,cell,repeat,status,chunks\n1,1,1,ok,1\n1,2,1,o");
    assert_int_equal(csvin_read_whole(path, CSV_SUMMARY, &t, &whole, &torn, err, sizeof err), 0);
    assert_int_equal(t.nrows, 1);
    assert_int_equal(whole, 52);
    assert_int_equal(torn, 1);
    csvin_free(&t);
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), 0);
    assert_int_equal(t.nrows, 1);
    csvin_free(&t);
    put_file("schema_version,cell,repeat,status,chunks\n1,1,1,ok,1\n");
    assert_int_equal(csvin_read_whole(path, CSV_SUMMARY, &t, &whole, &torn, err, sizeof err), 0);
    assert_int_equal(whole, 52);
    assert_int_equal(torn, 0);
    csvin_free(&t);
}

/* writes len bytes of text to path. */
static void put_bytes(const char *text, size_t len)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

/* A NUL byte in a whole line is refused, naming the file and its line
** (before, every reader stopped at it in silence); in a half-written last
** line (a power cut can leave zeros there) it goes with that line. */
static void test_nul_byte(void **state)
{
    (void)state;
    static const char text[] = "schema_version,cell,repeat,status,chunks\n1,1,1,ok,1\n"
                               "1,2,1,o\0k,1\n1,3,1,ok,1\n";
    char err[512], want[600];
    struct csvin t;
    off_t whole;
    int torn;
    put_bytes(text, sizeof text - 1);
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s line 3: a NUL byte: the file is damaged", path);
    assert_string_equal(err, want);
    assert_null(t.cell);
    assert_int_equal(csvin_read_whole(path, CSV_SUMMARY, &t, &whole, &torn, err, sizeof err), -1);
    assert_string_equal(err, want);
    static const char tail[] = "schema_version,cell,repeat,status,chunks\n1,1,1,ok,1\n\0\0\0\0";
    put_bytes(tail, sizeof tail - 1);
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), 0);
    assert_int_equal(t.nrows, 1);
    csvin_free(&t);
    assert_int_equal(csvin_read_whole(path, CSV_SUMMARY, &t, &whole, &torn, err, sizeof err), 0);
    assert_int_equal(t.nrows, 1);
    assert_int_equal(whole, 52);
    assert_int_equal(torn, 1);
    csvin_free(&t);
}

/* A FIFO, or a link to /dev/zero, is refused at once (before, a FIFO hung
** every reader and /dev/zero grew memory without end). */
static void test_not_regular(void **state)
{
    (void)state;
    char err[512], want[600];
    struct csvin t;
    alarm(10);              /* a reader that waits on the FIFO fails here */
    unlink(path);
    assert_int_equal(mkfifo(path, 0644), 0);
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: a FIFO, not a regular file: not read", path);
    assert_string_equal(err, want);
    unlink(path);
    assert_int_equal(symlink("/dev/zero", path), 0);
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s: a character device, not a regular file: not read", path);
    assert_string_equal(err, want);
    alarm(0);
}

/* A file larger than INFILE_MAX is refused before it is read (a sparse
** file: no disk is used). */
static void test_too_large(void **state)
{
    (void)state;
    char err[512], want[600];
    struct csvin t;
    put_file("schema_version,cell,repeat,status,chunks\n");
    assert_int_equal(truncate(path, (off_t)INFILE_MAX + 1), 0);
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), -1);
    snprintf(want, sizeof want,
             "%s: %lld bytes, more than the 1024 MiB a results file may hold: not read", path,
             (long long)INFILE_MAX + 1);
    assert_string_equal(err, want);
    /* README: the histograms of over 10,000 chunks fit, every bucket filled */
    assert_true(HIST_TEXT_MAX + 1024 < 100000);
    assert_true(INFILE_MAX / 100000 > 10000);
}

/* A text field a spreadsheet would take for a formula is written with a
** quote before it (csvout); reading gives back the text as it was. */
static void test_formula_round_trip(void **state)
{
    (void)state;
    static const char *const texts[] = {"=1+2", "=HYPERLINK(\"http://x\",\"y\")", "+1+2",
                                        "-2+3", "@SUM(A1)", "\tx", "\rx", "'=x", "''",
                                        "'", "'a,b", "-4000", "plain", ""};
    char text[8192], line[8192], err[512];
    struct csvin t;
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        struct summary_record s, got;
        fill_summary(&s, 1);
        snprintf(s.reason, sizeof s.reason, "%s", texts[i]);
        snprintf(s.id.sqlite_lib, sizeof s.id.sqlite_lib, "%s", texts[i]);
        int len = csvout_header(CSV_SUMMARY, text, sizeof text);
        int w = csvout_row(CSV_SUMMARY, &s, line, sizeof line);
        assert_true(len > 0 && w > 0);
        snprintf(text + len, sizeof text - (size_t)len, "%s", line);
        put_file(text);
        assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), 0);
        assert_int_equal(csvin_record(&t, CSV_SUMMARY, 0, &got), 0);
        assert_string_equal(got.reason, texts[i]);
        assert_string_equal(got.id.sqlite_lib, texts[i]);
        csvin_free(&t);
    }
    /* a file written by an older sqlsoak, without the quote, reads as it is */
    put_file("schema_version,cell,repeat,status,chunks,reason\n1,1,1,ok,1,=1+2\n"
             "1,2,1,ok,1,\"'a, b\"\n");
    assert_int_equal(csvin_read(path, CSV_SUMMARY, &t, err, sizeof err), 0);
    assert_string_equal(csvin_str(&t, CSV_SUMMARY, 0, COL_reason), "=1+2");
    assert_string_equal(csvin_str(&t, CSV_SUMMARY, 1, COL_reason), "'a, b");
    csvin_free(&t);
}

/* A column read from a file whose schema lacks it is a wrong id: it
** stops the program at once (assert), never reads back as NaN.  The same
** id read from its own file's schema is an absent field: NaN. */
static void test_wrong_file_column_aborts(void **state)
{
    (void)state;
    struct csvin t;
    memset(&t, 0, sizeof t);
    assert_true(isnan(csvin_num(&t, CSV_SUMMARY, 0, COL_read_p99_us_median)));
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        dup2(fd, 2);    /* the assert's line is expected */
        (void)csvin_num(&t, CSV_TRIALS, 0, COL_read_p99_us_median);
        _exit(0);
    }
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFSIGNALED(st));
    assert_int_equal(WTERMSIG(st), SIGABRT);
}

/* A field read as an integer only when it is a whole number in range. */
static void test_int(void **state)
{
    (void)state;
    char err[512];
    struct csvin t;
    put_file("schema_version,cell,repeat,chunk,histogram\n"
             "3,7,1,2,x\n"
             "3,,0.5,1e300,x\n"
             "3,nan,-3,9007199254740993,x\n");
    assert_int_equal(csvin_read(path, CSV_HISTOGRAMS, &t, err, sizeof err), 0);
    assert_int_equal(csvin_int(&t, CSV_HISTOGRAMS, 0, COL_cell, -1), 7);
    assert_int_equal(csvin_int(&t, CSV_HISTOGRAMS, 0, COL_chunk, -1), 2);
    assert_int_equal(csvin_int(&t, CSV_HISTOGRAMS, 1, COL_cell, -1), -1);     /* empty */
    assert_int_equal(csvin_int(&t, CSV_HISTOGRAMS, 1, COL_repeat, -1), -1);   /* 0.5 */
    assert_int_equal(csvin_int(&t, CSV_HISTOGRAMS, 1, COL_chunk, -1), -1);    /* 1e300 */
    assert_int_equal(csvin_int(&t, CSV_HISTOGRAMS, 2, COL_cell, -1), -1);     /* nan */
    assert_int_equal(csvin_int(&t, CSV_HISTOGRAMS, 2, COL_repeat, 0), -3);
    assert_int_equal(csvin_int(&t, CSV_HISTOGRAMS, 2, COL_chunk, -1), -1);    /* past 2^53 */
    assert_int_equal(csvin_int(&t, CSV_HISTOGRAMS, 9, COL_cell, 4), 4);       /* no such row */
    csvin_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrong_file_column_aborts),
        cmocka_unit_test_setup_teardown(test_round_trip, make_path, remove_path),
        cmocka_unit_test_setup_teardown(test_unknown_and_reordered, make_path, remove_path),
        cmocka_unit_test_setup_teardown(test_missing_optional, make_path, remove_path),
        cmocka_unit_test_setup_teardown(test_missing_required, make_path, remove_path),
        cmocka_unit_test_setup_teardown(test_versions, make_path, remove_path),
        cmocka_unit_test_setup_teardown(test_malformed, make_path, remove_path),
        cmocka_unit_test_setup_teardown(test_whole_lines, make_path, remove_path),
        cmocka_unit_test_setup_teardown(test_nul_byte, make_path, remove_path),
        cmocka_unit_test_setup_teardown(test_not_regular, make_path, remove_path),
        cmocka_unit_test_setup_teardown(test_too_large, make_path, remove_path),
        cmocka_unit_test_setup_teardown(test_formula_round_trip, make_path, remove_path),
        cmocka_unit_test_setup_teardown(test_int, make_path, remove_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
