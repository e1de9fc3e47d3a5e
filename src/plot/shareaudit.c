/*
** shareaudit: what merge checks in a share's folder before it joins it,
** so that a damaged or hand-edited share is refused rather than copied:
**   - run.json was written by this sqlsoak (its version and schema) and
**     says the run finished: ok, or failed when a cell failed;
**   - every results file holds whole lines only (no half line of a write
**     cut short, no NUL byte, no CR of a CR LF line end: sqlsoak writes
**     LF alone, so a CR is an edit) under a header this sqlsoak reads
**     (csvupgrade_fits, as resume requires);
**   - summary.csv holds one row per cell of run.json, each once, with the
**     same status, reason, chunks, rows, verify failures and wall_s;
**     summary.json is what summaryjson makes of summary.csv, field by
**     field;
**   - chunks.csv holds each cell's chunks 0, 1, ... once each
**     (chunkplan_sequence), as many as its summary row counts, each
**     holding the rows, inserts, reads, updates and deletes the plan gives it
**     (chunkplan_differs, resume's check), and no chunk of a cell without
**     a row;
**   - histograms.csv holds one row of each recorded chunk, and no other
**     (but the chunk a failed cell was in, whose row of chunks.csv never
**     landed);
**   - the figures the row of a cell that did not fail takes from its
**     chunks and their histograms are what cellstats (the code that made
**     them) gives from those, within the rounding of chunks.csv's
**     figures.
** Not derived, so not compared: db_bytes (the file's size once the cell
** closed it), verify_s (timed after the chunks); the columns that compare
** cells (noise.h), which merge fills again over every share.
*/
#include "shareaudit.h"
#include "cellname.h"
#include "chunkplan.h"
#include "csvin.h"
#include "csvupgrade.h"
#include "cellstats.h"
#include "colid.h"
#include "histfile.h"
#include "infile.h"
#include "modes.h"
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
    char *text = NULL;
    size_t n = 0;
    int cr = infile_read(path, &text, &n, err, errlen) == 0 && memchr(text, '\r', n);
    free(text);
    const char *bad = torn ? "its last line is cut short" :
                      !csvupgrade_fits(t, f) ? "its columns are not ones this sqlsoak reads" :
                      cr ? "its lines end in CR LF, sqlsoak's in LF alone (an edit)" : NULL;
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

/* The end of the CSV field that starts at p (a comma, a newline or NUL). */
static const char *field_end(const char *p)
{
    int quoted = 0;
    for (; *p && (quoted || (*p != ',' && *p != '\n')); p++)
        quoted ^= *p == '"';
    return p;
}

/* Fields x (as summary.csv holds it) and y (as its chunks give it) agree:
** the same text, or numbers within `units` units of x's last decimal and
** a share rel of x: the chunks' figures were rounded when chunks.csv was
** written, and a sum over k chunks strays by k half units. */
static int same_figure(const char *x, size_t xl, const char *y, size_t yl, double units,
                       double rel)
{
    if (xl == yl && memcmp(x, y, xl) == 0)
        return 1;
    char *xe, *ye;
    double a = strtod(x, &xe), b = strtod(y, &ye);
    if (xl == 0 || yl == 0 || xe != x + xl || ye != y + yl)
        return 0;
    const char *dot = memchr(x, '.', xl);
    double unit = dot ? pow(10, -(double)(x + xl - dot - 1)) : 1;
    return fabs(a - b) <= unit * units * 1.001 + fabs(a) * rel;
}

/* The name of the first column where rows a and b (summary.csv's of a
** cell of k chunks) disagree, or NULL. */
static const char *first_difference(const char *a, const char *b, int64_t k)
{
    for (int field = 0; *a && *b; field++) {
        const char *ae = field_end(a), *be = field_end(b);
        const char *name = csvout_column_name(CSV_SUMMARY, field);
        /* the readers' rate is their ops over a span the chunks give as
        ** ops over a rounded rate: it strays by those roundings together,
        ** parts in a million in the runs measured; a part in a thousand
        ** leaves room.  The last chunk's write rate over the first's is a
        ** ratio of two rates chunks.csv rounds to four digits, half a unit
        ** of the fourth each: a part in a thousand together (0.9670 given
        ** by 166.8/s over 172.4/s as 0.9675).  Every other figure is a
        ** chunk's own, or a sum of theirs (k half units). */
        int rounded_twice = name && (strcmp(name, colid_name(COL_reader_ops_per_s)) == 0 ||
                             strcmp(name, colid_name(COL_write_last_over_first)) == 0);
        double rel = rounded_twice ? 1e-3 : 1e-9;
        if (!same_figure(a, (size_t)(ae - a), b, (size_t)(be - b), 1 + (double)k / 2, rel))
            return name ? name : "?";
        a = *ae == ',' ? ae + 1 : ae;
        b = *be == ',' ? be + 1 : be;
        if (*ae != ',' || *be != ',')
            return *ae == *be ? NULL : "?";
    }
    return NULL;
}

/* The first of rec's columns that its cell's entry c in run.json records
** otherwise (cellentry.h: they are written from one record), or NULL. */
static const char *entry_differs(const json_t *c, const struct summary_record *rec)
{
    static const struct {
        const char *key;
        enum colid col;
    } count[] = {
        {RUNKEY_CELL_CELL, COL_cell},     {RUNKEY_CELL_REPEAT, COL_repeat},
        {RUNKEY_CELL_CHUNKS, COL_chunks}, {RUNKEY_CELL_ROWS, COL_rows},
        {RUNKEY_CELL_VERIFY_FAILURES, COL_verify_failures},
    };
    const int64_t have[] = {rec->id.cell, rec->id.repeat, rec->chunks, rec->rows,
                            rec->verify_failures};
    for (size_t k = 0; k < sizeof count / sizeof *count; k++) {
        const json_t *v = json_object_get(c, count[k].key);
        if (!json_is_integer(v) || json_integer_value(v) != have[k])
            return colid_name(count[k].col);
    }
    const char *status = json_string_value(json_object_get(c, RUNKEY_CELL_STATUS));
    const char *reason = json_string_value(json_object_get(c, RUNKEY_CELL_REASON));
    if (!status || strcmp(status, rec->status) != 0)
        return colid_name(COL_status);
    if (!reason || strcmp(reason, rec->reason) != 0)
        return colid_name(COL_reason);
    /* wall_s: summary.csv's to its 3 decimals, run.json's whole */
    const json_t *wall = json_object_get(c, RUNKEY_CELL_WALL_S);
    char a[64] = "", b[64] = "";
    if (!isnan(rec->wall_s))
        snprintf(a, sizeof a, "%.3f", rec->wall_s);
    if (json_is_number(wall))
        snprintf(b, sizeof b, "%.17g", json_number_value(wall));
    return same_figure(a, strlen(a), b, strlen(b), 1, 1e-9) ? NULL : colid_name(COL_wall_s);
}

/* summary.csv's rows against run.json's cells. */
static int check_statuses(const char *dir, const json_t *rj, const struct summary_record *rec,
                          int nrec, char *err, size_t errlen)
{
    const json_t *cells = json_object_get(rj, RUNKEY_CELLS);
    int failed = 0, rc = 0;
    if ((int)json_array_size(cells) != nrec) {
        snprintf(err, errlen, "%s: summary.csv has %d rows, run.json %zu cells", dir, nrec,
                 json_array_size(cells));
        return -1;
    }
    for (int i = 0; rc == 0 && i < nrec; i++) {
        for (int k = 0; rc == 0 && k < i; k++)
            if (rec[k].id.cell == rec[i].id.cell && rec[k].id.repeat == rec[i].id.repeat) {
                snprintf(err, errlen, "%s/summary.csv: %s has two rows", dir, NAME(rec[i].id));
                rc = -1;
            }
        const char *col = entry_differs(json_array_get(cells, (size_t)i), &rec[i]);
        if (rc == 0 && col) {
            snprintf(err, errlen, "%s: summary.csv's row %d (%s, %s): its %s is not run.json's",
                     dir, i + 1, NAME(rec[i].id), rec[i].status, col);
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
    return rc;
}

/* The key of the first member of object a that b lacks or holds
** otherwise, depth levels into members that are objects (1: a cell's
** figure, not its "figures"); NULL when there is none. */
static const char *first_key_differing(const json_t *a, const json_t *b, int depth)
{
    const char *key, *inner;
    const json_t *v;
    json_object_foreach((json_t *)a, key, v) {
        const json_t *w = json_object_get(b, key);
        if (json_equal(v, w))
            continue;
        return depth > 0 && json_is_object(v) && json_is_object(w) &&
                       (inner = first_key_differing(v, w, depth - 1)) ?
                   inner : key;
    }
    return NULL;
}

/* summary.json is what summaryjson makes of summary.csv (its writer's
** code), every cell's every field and the findings. */
static int check_summary_json(const char *dir, const struct summary_record *rec, int nrec,
                              char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/summary.json", dir);
    json_t *has = infile_json(path, err, errlen), *due = NULL;
    if (!has || !(due = summaryjson_build(dir, err, errlen))) {
        json_decref(has);
        return -1;
    }
    int rc = 0;
    if (!json_equal(has, due)) {
        const json_t *hc = json_object_get(has, SUMMARYJSON_CELLS);
        const json_t *dc = json_object_get(due, SUMMARYJSON_CELLS);
        const char *key = NULL;
        int i = 0;
        for (; i < nrec && !key; i++)
            key = first_key_differing(json_array_get(dc, (size_t)i),
                                      json_array_get(hc, (size_t)i), 1);
        if (key)
            snprintf(err, errlen, "%s: %s: its %s is not summary.csv's", path, NAME(rec[i - 1].id),
                     key);
        else
            snprintf(err, errlen, "%s: its %s is not what summary.csv gives", path,
                     (key = first_key_differing(due, has, 0)) ? key : "cells");
        rc = -1;
    }
    json_decref(has);
    json_decref(due);
    return rc;
}

/* rec's figures against its chunks (rows r of t whose ids are rec's, in
** order: chunkplan_sequence has checked it) and their histograms: 0, or
** -1 with err. */
static int check_cell(const char *dir, const struct summary_record *rec, const struct csvin *t,
                      const struct ids *id, const struct chunkplan *plan, char *err,
                      size_t errlen)
{
    struct cellstats s;
    struct chunk_record cr;
    int64_t k = 0, last_rows = 0, verify_failures = 0;
    int rc = cellstats_init(&s, rec->chunks > 0 ? rec->chunks : 1);
    for (int r = 0; rc == 0 && r < t->nrows; r++) {
        char detail[160];
        const char *what;
        if (id[r].cell != rec->id.cell || id[r].repeat != rec->id.repeat)
            continue;
        if (csvin_record(t, CSV_CHUNKS, r, &cr) != 0 || k >= rec->chunks ||
            cellstats_add(&s, &cr, cr.ph[PHASE_WRITE].ops == plan->chunk) != 0) {
            snprintf(err, errlen,
                     "%s/chunks.csv: line %d: %s's chunk %lld where chunk %lld of %lld "
                     "was due", dir, r + 2, NAME(rec->id), (long long)cr.chunk, (long long)k,
                     (long long)rec->chunks);
            rc = -1;
        } else if ((what = chunkplan_differs(plan, &cr, detail, sizeof detail))) {
            snprintf(err, errlen, "%s/chunks.csv: line %d: chunk %lld of %s does not hold the %s "
                     "the plan gives it (%s)", dir, r + 2, (long long)cr.chunk, NAME(rec->id), what,
                     detail);
            rc = -1;
        }
        last_rows = cr.rows;
        verify_failures += cr.verify_failures;
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
    off_t whole;
    if (rc == 0 && k > 0 &&
        histfile_restore(dir, rec->id.cell, rec->id.repeat, k, &s.lat, s.rd.lat, &s.txn, &whole,
                         err, errlen) != 0)
        rc = -1;
    if (rc == 0 && measured && k > 0) {
        static struct summary_record derived;
        static char a[65536], b[65536];
        derived = *rec;
        cellstats_summarise(&s, &derived);
        /* --verify's failures, found after the chunks, add to theirs */
        const char *bad = rec->verify_failures < verify_failures ? colid_name(COL_verify_failures) :
                          csvout_row(CSV_SUMMARY, rec, a, sizeof a) < 0 ||
                                  csvout_row(CSV_SUMMARY, &derived, b, sizeof b) < 0 ?
                              "a field" : first_difference(a, b, k);
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

/* The chunks of rec that may have a histogram: its recorded ones, and
** the one a failed cell was in, written before the row of chunks.csv
** that never landed (histfile.h). */
static int64_t with_histogram(const struct summary_record *rec)
{
    return rec->chunks + cellstatus_failed(cellstatus_of(rec->status));
}

/* histograms.csv: no row but of a chunk that may have one, none twice
** (check_cell finds each recorded chunk's). */
static int check_histograms(const char *dir, const struct summary_record *rec, int nrec,
                            char *err, size_t errlen)
{
    struct csvin t;
    if (read_whole(dir, CSV_HISTOGRAMS, &t, err, errlen) != 0)
        return -1;
    int64_t *first = calloc((size_t)nrec + 1, sizeof *first);   /* each cell's in seen */
    for (int i = 0; first && i < nrec; i++)
        first[i + 1] = first[i] + with_histogram(&rec[i]);
    unsigned char *seen = first ? calloc((size_t)first[nrec] + 1, 1) : NULL;
    int rc = seen ? 0 : -1;
    if (!seen)
        snprintf(err, errlen, "out of memory");
    for (int r = 0; rc == 0 && r < t.nrows; r++) {
        struct ids h = {csvin_int(&t, CSV_HISTOGRAMS, r, COL_cell, -1),
                        csvin_int(&t, CSV_HISTOGRAMS, r, COL_repeat, -1)};
        int64_t chunk = csvin_int(&t, CSV_HISTOGRAMS, r, COL_chunk, -1);
        int i = 0;
        while (i < nrec && (rec[i].id.cell != h.cell || rec[i].id.repeat != h.repeat))
            i++;
        int known = i < nrec && chunk >= 0 && chunk < with_histogram(&rec[i]);
        if (!known || seen[first[i] + chunk]++) {
            snprintf(err, errlen, "%s/histograms.csv: line %d: %s histogram of chunk %s of %s",
                     dir, r + 2, known ? "a second" : "a", csvin_str(&t, CSV_HISTOGRAMS, r,
                                                                     COL_chunk), NAME(h));
            if (!known)
                snprintf(err + strlen(err), errlen - strlen(err), ", which chunks.csv lacks");
            rc = -1;
        }
    }
    free(seen);
    free(first);
    csvin_free(&t);
    return rc;
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
    const json_t *o = json_object_get(rj, RUNKEY_OPTIONS);
    const json_t *reads = json_object_get(o, RUNKEY_OPT_READS);
    const char *keys = json_string_value(json_object_get(o, RUNKEY_OPT_DELETE_KEYS));
    /* --reads is a count, or the one word it takes ("chunk": a chunk's rows) */
    struct chunkplan plan = {json_integer_value(json_object_get(o, RUNKEY_OPT_ROWS)),
                             json_integer_value(json_object_get(o, RUNKEY_OPT_CHUNK)),
                             json_is_integer(reads) ? json_integer_value(reads) : -1, -1};
    for (int k = 0; keys && delete_keys_names[k]; k++)
        if (strcmp(keys, delete_keys_names[k]) == 0)
            plan.delete_keys = k;
    char path[4200];
    snprintf(path, sizeof path, "%s/chunks.csv", dir);
    if (rc == 0 && !(plan.rows > 0 && plan.chunk > 0 && plan.delete_keys >= 0)) {
        snprintf(err, errlen, "%s/run.json: its options give no --rows, --chunk and "
                 "--delete-keys", dir);
        rc = -1;
    }
    if (rc == 0)
        rc = chunkplan_sequence(&t, path, err, errlen);
    for (int i = 0; rc == 0 && i < nrec; i++)
        rc = check_cell(dir, &rec[i], &t, id, &plan, err, errlen);
    free(id);
    csvin_free(&t);
    return rc;
}

int shareaudit_check(const char *dir, const json_t *rj, char *err, size_t errlen)
{
    struct csvin t;
    if (check_run(dir, rj, err, errlen) != 0)
        return -1;
    /* the file merge copies without reading its rows: whole, and readable */
    if (read_whole(dir, CSV_TIMELINE, &t, err, errlen) != 0)
        return -1;
    csvin_free(&t);
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
        rc = check_histograms(dir, rec, nrec, err, errlen);
    if (rc == 0)
        rc = check_chunks(dir, rj, rec, nrec, err, errlen);
    /* last: its findings are made from the files checked before */
    if (rc == 0)
        rc = check_summary_json(dir, rec, nrec, err, errlen);
    free(rec);
    return rc;
}
