/*
** shareaudit: what merge checks in a share's folder before it joins it,
** so that a damaged or hand-edited share is refused rather than copied:
**   - run.json was written by this sqlsoak (its version and schema) and
**     says the run finished: ok, or failed when a cell failed;
**   - every results file holds whole lines only (no half line of a write
**     cut short, no NUL byte) under a header this sqlsoak reads
**     (csvupgrade_fits, as resume requires);
**   - summary.csv holds one row per cell of run.json, each once, with the
**     same status; summary.json (made from summary.csv) says the same;
**   - chunks.csv holds each cell's chunks 0, 1, ... once each, as many as
**     its summary row counts, and no chunk of a cell without a row; the
**     figures the row of a cell that did not fail takes from its chunks
**     are what cellstats (the code that made them) gives from those
**     chunks, within the rounding of chunks.csv's figures.
** The latency percentiles and the readers' figures come from the
** histograms as well, and are not compared.
*/
#include "shareaudit.h"
#include "cellname.h"
#include "csvin.h"
#include "csvupgrade.h"
#include "cellstats.h"
#include "colid.h"
#include "infile.h"
#include "runkey.h"
#include "cellstatus.h"
#include "summaryjson.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ids {
    int64_t cell, repeat;
};

/* A cell's run as a message names it, its repeat always (cellname.h): a
** name each use, in the enclosing block's storage. */
#define NAME(id) cellname((char[CELLNAME_MAX]){0}, CELLNAME_MAX, (id).cell, (id).repeat, 0)

/* dir/file f read whole: 0, or -1 with err (torn: a half line at its end). */
static int read_whole(const char *dir, enum csv_file f, struct csvin *t, char *err, size_t errlen)
{
    char path[4200];
    off_t len;
    int torn = 0;
    snprintf(path, sizeof path, "%s/%s", dir, csvout_file_name(f));
    if (csvin_read_whole(path, f, t, &len, &torn, err, errlen) != 0)
        return -1;
    const char *bad = torn ? "its last line is cut short" :
                      !csvupgrade_fits(t, f) ? "its columns are not ones this sqlsoak reads" : NULL;
    if (bad) {
        snprintf(err, errlen, "%s: %s: cannot merge", path, bad);
        csvin_free(t);
        return -1;
    }
    return 0;
}

/* run.json's version, schema and status.  0, or -1 with err. */
static int check_run(const char *dir, const json_t *rj, char *err, size_t errlen)
{
    const char *v = json_string_value(json_object_get(rj, RUNKEY_VERSION));
    const char *st = json_string_value(json_object_get(rj, RUNKEY_STATUS));
    if (!v || strcmp(v, SQLSOAK_VERSION) != 0 ||
        json_integer_value(json_object_get(rj, RUNKEY_SCHEMA_VERSION)) != 1) {
        snprintf(err, errlen, "%s: run.json says sqlsoak %s wrote it, this is %s: merge its shares "
                 "with the sqlsoak that ran them", dir, v ? v : "?", SQLSOAK_VERSION);
        return -1;
    }
    if (!st || (strcmp(st, "ok") != 0 && strcmp(st, "failed") != 0)) {
        snprintf(err, errlen, "%s: run.json says the run ended %s, not finished: resume it first",
                 dir,
                 st ? st : "?");
        return -1;
    }
    return 0;
}

/* summary.csv's rows against run.json's cells and summary.json's. */
static int check_statuses(const char *dir, const json_t *rj, const struct summary_record *rec,
                          int nrec, char *err, size_t errlen)
{
    char path[4200], why[4400];
    const json_t *cells = json_object_get(rj, RUNKEY_CELLS);
    int failed = 0;
    if ((int)json_array_size(cells) != nrec) {
        snprintf(err, errlen, "%s: summary.csv has %d rows, run.json %zu cells", dir, nrec,
                 json_array_size(cells));
        return -1;
    }
    snprintf(path, sizeof path, "%s/summary.json", dir);
    json_t *sj = infile_json(path, why, sizeof why);
    const json_t *jcells = json_object_get(sj, SUMMARYJSON_CELLS);
    int rc = 0;
    if (!sj || (int)json_array_size(jcells) != nrec) {
        snprintf(err, errlen, "%s", sj ? "" : why);
        if (sj)
            snprintf(err, errlen, "%s: %zu cells, summary.csv %d rows", path,
                     json_array_size(jcells),
                     nrec);
        rc = -1;
    }
    for (int i = 0; rc == 0 && i < nrec; i++) {
        const json_t *c = json_array_get(cells, (size_t)i), *j = json_array_get(jcells, (size_t)i);
        const char *cs = json_string_value(json_object_get(c, RUNKEY_CELL_STATUS));
        const char *js = json_string_value(json_object_get(j, colid_name(COL_status)));
        for (int k = 0; rc == 0 && k < i; k++)
            if (rec[k].id.cell == rec[i].id.cell && rec[k].id.repeat == rec[i].id.repeat) {
                snprintf(err, errlen, "%s/summary.csv: %s has two rows", dir, NAME(rec[i].id));
                rc = -1;
            }
        const char *which = NULL;
        if (json_integer_value(json_object_get(c, RUNKEY_CELL_CELL)) != rec[i].id.cell ||
            json_integer_value(json_object_get(c, RUNKEY_CELL_REPEAT)) != rec[i].id.repeat ||
            !cs || strcmp(cs, rec[i].status) != 0)
            which = "run.json";
        else if (json_integer_value(json_object_get(j, colid_name(COL_cell))) != rec[i].id.cell ||
                 json_integer_value(json_object_get(j, colid_name(COL_repeat))) != rec[i].id.repeat ||
                 !js || strcmp(js, rec[i].status) != 0)
            which = "summary.json";
        if (rc == 0 && which) {
            snprintf(err, errlen, "%s: summary.csv's row %d (%s, %s) is not %s's", dir, i + 1,
                     NAME(rec[i].id), rec[i].status, which);
            rc = -1;
        }
        failed |= cellstatus_failed(cellstatus_of(rec[i].status));
    }
    const char *st = json_string_value(json_object_get(rj, RUNKEY_STATUS));
    if (rc == 0 && (strcmp(st, "failed") == 0) != failed) {
        snprintf(err, errlen, "%s: run.json says %s, summary.csv %s", dir, st,
                 failed ? "that a cell failed" : "that no cell failed");
        rc = -1;
    }
    json_decref(sj);
    return rc;
}

/* The end of the CSV field that starts at p (a comma, a newline or NUL). */
static const char *field_end(const char *p)
{
    int quoted = 0;
    for (; *p && (quoted || (*p != ',' && *p != '\n')); p++)
        quoted ^= *p == '"';
    return p;
}

/* Fields x (as summary.csv holds it) and y (as its chunks give it) agree:
** the same text, or numbers within one unit of x's last decimal (the
** chunks' figures were rounded so when chunks.csv was written). */
static int same_figure(const char *x, size_t xl, const char *y, size_t yl)
{
    if (xl == yl && memcmp(x, y, xl) == 0)
        return 1;
    char *xe, *ye;
    double a = strtod(x, &xe), b = strtod(y, &ye);
    if (xl == 0 || yl == 0 || xe != x + xl || ye != y + yl)
        return 0;
    const char *dot = memchr(x, '.', xl);
    double unit = dot ? pow(10, -(double)(x + xl - dot - 1)) : 1;
    return fabs(a - b) <= unit * 1.001 + fabs(a) * 1e-9;
}

/* The name of the first column where rows a and b disagree, or NULL. */
static const char *first_difference(const char *a, const char *b)
{
    for (int field = 0; *a && *b; field++) {
        const char *ae = field_end(a), *be = field_end(b);
        if (!same_figure(a, (size_t)(ae - a), b, (size_t)(be - b))) {
            const char *name = csvout_column_name(CSV_SUMMARY, field);
            return name ? name : "?";
        }
        a = *ae == ',' ? ae + 1 : ae;
        b = *be == ',' ? be + 1 : be;
        if (*ae != ',' || *be != ',')
            return *ae == *be ? NULL : "?";
    }
    return NULL;
}

/* rec's figures against its chunks (rows r of t whose ids are rec's),
** in order: 0, or -1 with err. */
static int check_cell(const char *dir, const struct summary_record *rec, const struct csvin *t,
                      const struct ids *id, int64_t chunk_rows, char *err, size_t errlen)
{
    struct cellstats s;
    struct chunk_record cr;
    int64_t k = 0, last_rows = 0;
    int rc = cellstats_init(&s, rec->chunks > 0 ? rec->chunks : 1);
    for (int r = 0; rc == 0 && r < t->nrows; r++) {
        if (id[r].cell != rec->id.cell || id[r].repeat != rec->id.repeat)
            continue;
        if (csvin_record(t, CSV_CHUNKS, r, &cr) != 0 || cr.chunk != k || k >= rec->chunks ||
            cellstats_add(&s, &cr, cr.ph[PHASE_WRITE].ops == chunk_rows) != 0) {
            snprintf(err, errlen,
                     "%s/chunks.csv: line %d: %s's chunk %lld where chunk %lld of %lld "
                     "was due", dir, r + 2, NAME(rec->id), (long long)cr.chunk, (long long)k,
                     (long long)rec->chunks);
            rc = -1;
        }
        last_rows = cr.rows;
        k++;
    }
    /* a cell that failed may have its figures cleared (a hung cell's are):
    ** only its chunks are checked */
    int measured = !cellstatus_failed(cellstatus_of(rec->status));
    if (rc == 0 && (k != rec->chunks || (measured && k > 0 && last_rows != rec->rows))) {
        snprintf(err, errlen, "%s: summary.csv's %s counts %lld chunks and %lld rows, chunks.csv "
                 "holds %lld chunks and %lld rows", dir, NAME(rec->id), (long long)rec->chunks,
                 (long long)rec->rows, (long long)k, (long long)last_rows);
        rc = -1;
    }
    if (rc == 0 && measured && k > 0) {
        static struct summary_record derived;
        static char a[65536], b[65536];
        derived = *rec;
        cellstats_summarise(&s, &derived);
        /* from the histograms, not the chunks' rows */
        memcpy(derived.ph[PHASE_READ].us, rec->ph[PHASE_READ].us, sizeof derived.ph[0].us);
        derived.rd = rec->rd;
        const char *bad = csvout_row(CSV_SUMMARY, rec, a, sizeof a) < 0 ||
                                  csvout_row(CSV_SUMMARY, &derived, b, sizeof b) < 0 ?
                              "a field" : first_difference(a, b);
        if (bad) {
            snprintf(err, errlen, "%s/summary.csv: %s: %s is not what its chunks give", dir,
                     NAME(rec->id), bad);
            rc = -1;
        }
    }
    cellstats_free(&s);
    return rc;
}

/* Zeroed room for one item of size bytes a row of t (the caller frees
** it), or NULL with err. */
static void *per_row(const struct csvin *t, size_t size, char *err, size_t errlen)
{
    void *p = calloc((size_t)t->nrows + 1, size);
    if (!p)
        snprintf(err, errlen, "out of memory");
    return p;
}

/* chunks.csv against the summary's rows. */
static int check_chunks(const char *dir, const json_t *rj, const struct summary_record *rec,
                        int nrec, char *err, size_t errlen)
{
    struct csvin t;
    if (read_whole(dir, CSV_CHUNKS, &t, err, errlen) != 0)
        return -1;
    struct ids *id = per_row(&t, sizeof *id, err, errlen);
    int rc = id ? 0 : -1;
    for (int r = 0; rc == 0 && r < t.nrows; r++) {
        id[r].cell = csvin_int(&t, CSV_CHUNKS, r, COL_cell, -1);
        id[r].repeat = csvin_int(&t, CSV_CHUNKS, r, COL_repeat, -1);
        int have = 0;
        for (int i = 0; !have && i < nrec; i++)
            have = rec[i].id.cell == id[r].cell && rec[i].id.repeat == id[r].repeat;
        if (!have) {
            snprintf(err, errlen, "%s/chunks.csv: line %d: a chunk of %s, which summary.csv has no "
                     "row of", dir, r + 2, NAME(id[r]));
            rc = -1;
        }
    }
    json_int_t chunk_rows = json_integer_value(json_object_get(json_object_get(rj, RUNKEY_OPTIONS),
                                                               RUNKEY_OPT_CHUNK));
    for (int i = 0; rc == 0 && i < nrec; i++)
        rc = check_cell(dir, &rec[i], &t, id, chunk_rows, err, errlen);
    free(id);
    csvin_free(&t);
    return rc;
}

int shareaudit_check(const char *dir, const json_t *rj, char *err, size_t errlen)
{
    struct csvin t;
    if (check_run(dir, rj, err, errlen) != 0)
        return -1;
    /* the files merge copies without reading their rows: whole, and readable */
    static const enum csv_file copied[] = {CSV_HISTOGRAMS, CSV_TIMELINE};
    for (size_t i = 0; i < sizeof copied / sizeof *copied; i++) {
        if (read_whole(dir, copied[i], &t, err, errlen) != 0)
            return -1;
        csvin_free(&t);
    }
    if (read_whole(dir, CSV_SUMMARY, &t, err, errlen) != 0)
        return -1;
    struct summary_record *rec = per_row(&t, sizeof *rec, err, errlen);
    int rc = rec ? 0 : -1;
    for (int r = 0; rc == 0 && r < t.nrows; r++)
        rc = csvin_record(&t, CSV_SUMMARY, r, &rec[r]);
    int nrec = t.nrows;
    csvin_free(&t);
    if (rc == 0)
        rc = check_statuses(dir, rj, rec, nrec, err, errlen);
    if (rc == 0)
        rc = check_chunks(dir, rj, rec, nrec, err, errlen);
    free(rec);
    return rc;
}
