/*
** Unit tests of the one schema table (csvout) against what depends on it:
**
** - tests/unit/schema_vN.txt records, for schema_version N, the exact
**   header of every file.  The columns csvout writes today must be those
**   recorded for CSV_SCHEMA_VERSION: a change of columns without a new
**   version would let an older sqlsoak misread the new files.
** - docs/results.md's column tables (### Identity columns, ### chunks.csv,
**   ### summary.csv, ### trials.csv, ### durability.csv) name every
**   column with the table's unit, and no column the schema lacks.
** - every column has a meaning, and the graphs it names exist in plots/.
** - every column id of colid.h is a column of some file, under its name
**   (a column of the table without an id does not compile).
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "csvout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The source tree: the build names plots/ in it. */
#define SOURCE_DIR SQLSOAK_SOURCE_DIR    /* the checkout, from the Makefile */
#define SQLSOAK_PLOTS_DIR SOURCE_DIR "/plots"

static const enum csv_file files[] = {CSV_CHUNKS, CSV_SUMMARY, CSV_TRIALS, CSV_DURABILITY,
                                       CSV_HISTOGRAMS, CSV_TIMELINE};
#define NFILES (sizeof files / sizeof *files)

/* The columns csvout writes today must be those recorded for
** CSV_SCHEMA_VERSION. */
static void test_recorded_columns(void **state)
{
    (void)state;
    char path[512], line[8192];
    snprintf(path, sizeof path, "%s/tests/unit/schema_v%d.txt", SOURCE_DIR, CSV_SCHEMA_VERSION);
    FILE *rec = fopen(path, "r");
    if (!rec) {
        print_error("no recorded columns for CSV_SCHEMA_VERSION %d: write %s (one line per "
                    "file: its name, a space, its header)\n",
                    CSV_SCHEMA_VERSION, path);
        fail();
    }
    int seen[NFILES] = {0}, bad = 0;
    while (fgets(line, sizeof line, rec)) {
        line[strcspn(line, "\n")] = 0;
        if (!*line || *line == '#')
            continue;
        char *sp = strchr(line, ' ');
        assert_non_null(sp);
        *sp = 0;
        size_t k = 0;
        while (k < NFILES && strcmp(csvout_file_name(files[k]), line) != 0)
            k++;
        if (k == NFILES) {
            print_error("%s names %s, which sqlsoak no longer writes\n", path, line);
            bad = 1;
            continue;
        }
        char head[8192];
        assert_true(csvout_header(files[k], head, sizeof head) > 0);
        head[strcspn(head, "\n")] = 0;
        seen[k] = 1;
        if (strcmp(head, sp + 1) != 0) {
            /* (cmocka cuts one message at 1 KiB: the parts go separately) */
            print_error("the columns of %s differ from those recorded for schema_version %d "
                        "in %s:\n",
                        line, CSV_SCHEMA_VERSION, path);
            print_error("  recorded %s\n", sp + 1);
            print_error("  written  %s\n", head);
            print_error("Readers of version %d would misread these files: bump "
                        "CSV_SCHEMA_VERSION in src/results/csvschema.h and record every file's new "
                        "header in tests/unit/schema_v%d.txt (leave schema_v%d.txt as it "
                        "is).\n",
                        CSV_SCHEMA_VERSION, CSV_SCHEMA_VERSION + 1, CSV_SCHEMA_VERSION);
            bad = 1;
        }
    }
    fclose(rec);
    for (size_t k = 0; k < NFILES; k++)
        if (!seen[k]) {
            print_error("%s records no header for %s\n", path, csvout_file_name(files[k]));
            bad = 1;
        }
    if (bad)
        fail();
}

/* Every schema version up to the current one has its recorded list: they
** are what the fixtures and older folders are read as. */
static void test_older_versions_recorded(void **state)
{
    (void)state;
    for (int v = 1; v <= CSV_SCHEMA_VERSION; v++) {
        char path[512];
        snprintf(path, sizeof path, "%s/tests/unit/schema_v%d.txt", SOURCE_DIR, v);
        if (access(path, R_OK) != 0) {
            print_error("%s is missing: a recorded schema is never removed\n", path);
            fail();
        }
    }
}

/* A column as docs/results.md's tables list it. */
struct doc_col {
    char name[64];
    char unit[64];
    int table;          /* index into files[], or -1 for the identity table */
    int used;
};

/* Copies the text between the first '|' and the next into cell (trimmed);
** returns a pointer to that next '|', or NULL. */
static const char *table_cell(const char *p, char *cell, size_t n)
{
    while (*p == ' ')
        p++;
    const char *end = strchr(p, '|');
    if (!end)
        return NULL;
    size_t len = (size_t)(end - p);
    while (len && p[len - 1] == ' ')
        len--;
    snprintf(cell, n, "%.*s", (int)len, p);
    return end;
}

/* Reads the column tables of page (a path under the source folder) into
** d[n..]; returns how many d holds then. */
static int read_page(const char *page, struct doc_col *d, int n, int max)
{
    char path[512], line[4096];
    snprintf(path, sizeof path, "%s/%s", SOURCE_DIR, page);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    int table = -2;             /* -2: not in a column table */
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "#", 1) == 0) {
            table = -2;
            if (strncmp(line, "### Identity columns", 20) == 0)
                table = -1;
            for (size_t k = 0; k < NFILES; k++) {
                char head[64];
                snprintf(head, sizeof head, "### %s\n", csvout_file_name(files[k]));
                if (strcmp(line, head) == 0)
                    table = (int)k;
            }
            continue;
        }
        if (table == -2 || strncmp(line, "| `", 3) != 0)
            continue;
        char names[1024], unit[64];
        const char *p = table_cell(line + 1, names, sizeof names);
        assert_non_null(p);
        assert_non_null(table_cell(p + 1, unit, sizeof unit));
        /* the first cell: one or more `name`s */
        for (char *q = strchr(names, '`'); q; q = strchr(q, '`')) {
            char *e = strchr(q + 1, '`');
            assert_non_null(e);
            assert_true(n < max);
            snprintf(d[n].name, sizeof d[n].name, "%.*s", (int)(e - q - 1), q + 1);
            snprintf(d[n].unit, sizeof d[n].unit, "%s", unit);
            d[n].table = table;
            d[n].used = 0;
            n++;
            q = e + 1;
        }
    }
    fclose(f);
    return n;
}

/* The column tables of the pages that hold them: docs/results.md, and
** docs/durability.md for crash's files. */
static int read_readme(struct doc_col *d, int max)
{
    return read_page("docs/durability.md", d, read_page("docs/results.md", d, 0, max), max);
}

static struct doc_col *find_doc(struct doc_col *d, int n, int table, const char *name)
{
    for (int i = 0; i < n; i++)
        if (d[i].table == table && strcmp(d[i].name, name) == 0)
            return &d[i];
    return NULL;
}

/* the column tables of docs/ and the schema name the same columns, with the same
** units. */
static void test_readme_tables(void **state)
{
    (void)state;
    static struct doc_col d[512];
    int n = read_readme(d, 512), bad = 0;
    assert_true(n > 0);
    for (size_t k = 0; k < NFILES; k++) {
        struct csvout_column_info ci;
        for (int i = 0; csvout_column_info(files[k], i, &ci) == 0; i++) {
            struct doc_col *c = find_doc(d, n, (int)k, ci.name);
            struct doc_col *id = find_doc(d, n, -1, ci.name);
            if (c && id) {
                print_error("docs/*.md lists %s both as an identity column and in ### %s\n",
                            ci.name, csvout_file_name(files[k]));
                bad = 1;
            }
            if (!c)
                c = id;
            if (!c) {
                print_error("docs/*.md has no row for column %s of %s: add\n"
                            "| `%s` | %s | %s |\nto its ### %s table\n",
                            ci.name, csvout_file_name(files[k]), ci.name, ci.unit ? ci.unit : "",
                            ci.meaning ? ci.meaning : "", csvout_file_name(files[k]));
                bad = 1;
                continue;
            }
            c->used = 1;
            if (ci.unit && strcmp(c->unit, ci.unit) != 0) {
                print_error("%s column %s: docs/*.md's unit is \"%s\", the schema's \"%s\"\n",
                            csvout_file_name(files[k]), ci.name, c->unit, ci.unit);
                bad = 1;
            }
        }
    }
    for (int i = 0; i < n; i++) {
        /* an identity column must open every file */
        if (d[i].table == -1)
            for (size_t k = 0; k < NFILES; k++) {
                int found = 0;
                for (int j = 0; j < csvout_ncolumns(files[k]); j++)
                    found |= strcmp(csvout_column_name(files[k], j), d[i].name) == 0;
                if (!found) {
                    print_error("docs/*.md's identity column %s is not a column of %s\n",
                                d[i].name, csvout_file_name(files[k]));
                    bad = 1;
                }
            }
        else if (!d[i].used) {
            print_error("docs/*.md's ### %s table names %s, which the schema lacks\n",
                        csvout_file_name(files[d[i].table]), d[i].name);
            bad = 1;
        }
    }
    if (bad)
        fail();
}

/* Every column has a unit and a meaning in the table (identity columns
** through their table keyed by name), and the graphs it names exist. */
static void test_every_column_described(void **state)
{
    (void)state;
    int bad = 0;
    for (size_t k = 0; k < NFILES; k++) {
        struct csvout_column_info ci;
        for (int i = 0; csvout_column_info(files[k], i, &ci) == 0; i++) {
            if (!ci.unit || !ci.meaning || !*ci.meaning) {
                print_error("column %s of %s has no unit and meaning in src/results/csvschema.c (an "
                            "identity column: add it to id_meta)\n",
                            ci.name, csvout_file_name(files[k]));
                bad = 1;
            }
            char graphs[256];
            snprintf(graphs, sizeof graphs, "%s", ci.graphs);
            for (char *g = strtok(graphs, " "); g; g = strtok(NULL, " ")) {
                char path[512];
                snprintf(path, sizeof path, "%s/%s.gp", SQLSOAK_PLOTS_DIR, g);
                if (access(path, R_OK) != 0) {
                    print_error("column %s of %s names graph %s: no %s\n", ci.name,
                                csvout_file_name(files[k]), g, path);
                    bad = 1;
                }
            }
        }
        assert_int_equal(csvout_column_info(files[k], -1, &ci), -1);
        assert_null(ci.name);
        assert_int_equal(csvout_column_info(files[k], csvout_ncolumns(files[k]), &ci), -1);
    }
    if (bad)
        fail();
}

static void test_every_id_a_column(void **state)
{
    (void)state;
    for (int c = 0; c < COL_COUNT; c++) {
        int files_with = 0;
        for (size_t f = 0; f < NFILES; f++) {
            int i = csvout_column_of(files[f], (enum colid)c);
            if (i < 0)
                continue;
            files_with++;
            assert_string_equal(csvout_column_name(files[f], i), colid_name((enum colid)c));
        }
        if (!files_with)
            fail_msg("COL_%s is a column of no file", colid_name((enum colid)c));
    }
    assert_int_equal(csvout_column_of(CSV_TRIALS, COL_read_p99_us_median), -1);
    /* chunk follows the identity, whose last column is read_from */
    assert_int_equal(csvout_column_of(CSV_CHUNKS, COL_chunk),
                     csvout_column_of(CSV_CHUNKS, COL_read_from) + 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_recorded_columns),
        cmocka_unit_test(test_older_versions_recorded),
        cmocka_unit_test(test_readme_tables),
        cmocka_unit_test(test_every_column_described),
        cmocka_unit_test(test_every_id_a_column),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
