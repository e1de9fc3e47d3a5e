/*
** histfile: see histfile.h.
*/
#include "histfile.h"
#include "cellname.h"

#include "csvupgrade.h"
#include "csvout.h"

#include "fdio.h"

#include <errno.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The length of the header and the first `records` rows of path: the
** offset after that many line ends outside quotes (a quoted field may hold
** a newline).  0, or -1 when the file holds fewer. */
static int length_of_rows(const char *path, int records, off_t *len)
{
    FILE *f = fopen(path, "rbe");
    if (!f)
        return -1;
    int c, quoted = 0, lines = 0;
    off_t at = 0;
    while (lines < records + 1 && (c = getc(f)) != EOF) {
        at++;
        if (c == '"')
            quoted = !quoted;
        else if (c == '\n' && !quoted)
            lines++;
    }
    fclose(f);
    *len = at;
    return lines == records + 1 ? 0 : -1;
}

/* Whether row i of t is of (cell, repeat) and a chunk past `chunks`: a
** chunk whose row of chunks.csv never landed (a kill, or a full disk
** between the two appends). */
static int unrecorded(const struct csvin *t, int i, int64_t cell, int64_t repeat, int64_t chunks)
{
    return csvin_num(t, CSV_HISTOGRAMS, i, COL_cell) == (double)cell &&
           csvin_num(t, CSV_HISTOGRAMS, i, COL_repeat) == (double)repeat &&
           csvin_num(t, CSV_HISTOGRAMS, i, COL_chunk) >= (double)chunks;
}

static const enum colid reader_cols[HISTFILE_READER_HISTS] = {
    [READER_DURING_WRITE] = COL_reader_histogram_during_write,
    [READER_DURING_COMMIT] = COL_reader_histogram_during_commit,
    [READER_DURING_READ] = COL_reader_histogram_during_read,
    [READER_DURING_CHECKPOINT] = COL_reader_histogram_during_checkpoint,
    [RECORDS_READER_OTHER] = COL_reader_histogram_other,
};

/* Merges the readers' histograms of row i into readers[]; 0, or -1 when
** one is damaged. */
static int merge_readers(const struct csvin *t, int i, struct hist *readers)
{
    for (int b = 0; b < HISTFILE_READER_HISTS; b++) {
        const char *text = csvin_str(t, CSV_HISTOGRAMS, i, reader_cols[b]);
        struct hist h;
        if (!*text)
            continue;
        if (hist_from_text(&h, text))
            return -1;
        hist_merge(&readers[b], &h);
    }
    return 0;
}

/* Merges the paced writer's histogram of row i into *txn (an empty field:
** none); 0, or -1 when it is damaged. */
static int merge_txn(const struct csvin *t, int i, struct hist *txn)
{
    const char *text = csvin_str(t, CSV_HISTOGRAMS, i, COL_txn_histogram);
    struct hist h;
    if (!*text)
        return 0;
    if (hist_from_text(&h, text))
        return -1;
    hist_merge(txn, &h);
    return 0;
}

int histfile_restore(const char *dir, int64_t cell, int64_t repeat, int64_t chunks,
                     struct hist *out, struct hist *readers, struct hist *txn, off_t *whole,
                     char *err, size_t errlen)
{
    char path[4200], name[CELLNAME_MAX];
    struct csvin t;
    int torn;
    cellname(name, sizeof name, cell, repeat, 0);
    snprintf(path, sizeof path, "%s/histograms.csv", dir);
    if (csvin_read_whole(path, CSV_HISTOGRAMS, &t, whole, &torn, err, errlen))
        return -1;
    /* the last row of each chunk */
    int *row = malloc(sizeof *row * (size_t)(chunks > 0 ? chunks : 1));
    int rc = row && csvupgrade_fits(&t, CSV_HISTOGRAMS) ? 0 : -1;
    for (int64_t k = 0; row && k < chunks; k++)
        row[k] = -1;
    for (int i = 0; rc == 0 && i < t.nrows; i++) {
        /* a chunk number only when it is one (csvin_int): 0.5 is no chunk */
        int64_t k = csvin_int(&t, CSV_HISTOGRAMS, i, COL_chunk, -1);
        if (csvin_num(&t, CSV_HISTOGRAMS, i, COL_cell) == (double)cell &&
            csvin_num(&t, CSV_HISTOGRAMS, i, COL_repeat) == (double)repeat && k >= 0 &&
            k < chunks)
            row[k] = i;
    }
    if (rc)
        snprintf(err, errlen, "%s: not this sqlsoak's histograms.csv", path);
    /* rows of a chunk not recorded are the cell's last ones written: cut
    ** off when they end the file, so that each recorded chunk keeps one
    ** row (in lockstep other cells' rows may follow them: histfile_drop) */
    int keep = t.nrows, last = -1;     /* last: the cell's last recorded row */
    while (rc == 0 && keep > 0 && unrecorded(&t, keep - 1, cell, repeat, chunks))
        keep--;
    for (int64_t k = 0; rc == 0 && k < chunks; k++)
        last = row[k] > last ? row[k] : last;
    for (int i = 0; rc == 0 && i < last; i++)
        if (unrecorded(&t, i, cell, repeat, chunks)) {
            snprintf(err, errlen, "%s: a histogram of chunk %lld of %s before rows of recorded "
                             "chunks: the file is damaged",
                     path, (long long)csvin_num(&t, CSV_HISTOGRAMS, i, COL_chunk), name);
            rc = -1;
        }
    if (rc == 0 && keep < t.nrows && length_of_rows(path, keep, whole) != 0) {
        snprintf(err, errlen, "%s: cannot find the end of its row %d", path, keep);
        rc = -1;
    }
    hist_reset(out);
    for (int b = 0; readers && b < HISTFILE_READER_HISTS; b++)
        hist_reset(&readers[b]);
    if (txn)
        hist_reset(txn);
    for (int64_t k = 0; rc == 0 && k < chunks; k++) {
        struct hist h;
        if (row[k] < 0) {
            snprintf(err, errlen, "%s: no histogram of chunk %" PRId64 " of %s", path, k, name);
            rc = -1;
        } else if (hist_from_text(&h, csvin_str(&t, CSV_HISTOGRAMS, row[k], COL_histogram)) ||
                   (readers && merge_readers(&t, row[k], readers)) ||
                   (txn && merge_txn(&t, row[k], txn))) {
            snprintf(err, errlen, "%s: the histogram of chunk %" PRId64 " of %s is damaged", path,
                     k,
                     name);
            rc = -1;
        } else {
            hist_merge(out, &h);
        }
    }
    free(row);
    csvin_free(&t);
    return rc;
}

int histfile_append(int fd, const struct cell_id *id, int64_t chunk, const struct hist *h,
                    const struct hist *readers, const struct hist *txn)
{
    size_t n = 2 * sizeof(struct histogram_record);
    /* not calloc: the record is six histograms' room, each field is set */
    struct histogram_record *rec = malloc(sizeof *rec);
    char *line = malloc(n);
    int rc = -1;
    if (rec && line) {
        memset(rec, 0, offsetof(struct histogram_record, histogram));
        rec->id = *id;
        rec->chunk = chunk;
        hist_to_text(h, rec->histogram, sizeof rec->histogram);
        for (int b = 0; b < HISTFILE_READER_HISTS; b++)
            if (readers)
                hist_to_text(&readers[b], rec->reader_histogram[b],
                             sizeof rec->reader_histogram[b]);
            else
                rec->reader_histogram[b][0] = 0;
        if (txn)
            hist_to_text(txn, rec->txn_histogram, sizeof rec->txn_histogram);
        else
            rec->txn_histogram[0] = 0;
        int len = csvout_row(CSV_HISTOGRAMS, rec, line, n);
        rc = len < 0 ? -1 : csvout_append(fd, line, len);
    } else {
        errno = ENOMEM;
    }
    int e = errno;
    free(rec);
    free(line);
    errno = e;
    return rc;
}

/* Copies the header and the rows of t (as path holds them, up to whole)
** to fd, but those drop says.  0, or -1 with errno. */
static int copy_rows(const char *path, off_t whole, const struct csvin *t,
                     const struct histfile_run *drop, int n, int fd)
{
    char *skip = calloc((size_t)t->nrows + 1, 1), buf[1 << 16];
    if (!skip) {
        errno = ENOMEM;
        return -1;
    }
    for (int i = 0; i < t->nrows; i++)
        for (int j = 0; j < n; j++)
            skip[i] |= (char)unrecorded(t, i, drop[j].cell, drop[j].repeat, drop[j].chunks);
    FILE *f = fopen(path, "rbe");
    size_t len = 0;
    int c, quoted = 0, line = -1, rc = f ? 0 : -1;   /* line -1: the header */
    for (off_t at = 0; rc == 0 && at < whole && (c = getc(f)) != EOF; at++) {
        if (line < 0 || line >= t->nrows || !skip[line])
            buf[len++] = (char)c;
        if (c == '"')
            quoted = !quoted;
        else if (c == '\n' && !quoted)
            line++;
        if (len == sizeof buf || at + 1 == whole) {
            rc = fdio_write_full(fd, buf, len);
            len = 0;
        }
    }
    if (f)
        fclose(f);
    free(skip);
    return rc == 0 && len == 0 ? fsync(fd) : -1;
}

/* copy_rows' arguments, for fdio_replace. */
struct copy {
    const char *path;
    off_t whole;
    const struct csvin *t;
    const struct histfile_run *drop;
    int n;
};

static int copy_to(int fd, void *arg)
{
    const struct copy *c = arg;
    return copy_rows(c->path, c->whole, c->t, c->drop, c->n, fd);
}

int histfile_drop(const char *dir, const struct histfile_run *drop, int n, char *err,
                  size_t errlen)
{
    char path[4200];
    struct csvin t;
    off_t whole;
    int torn;
    snprintf(path, sizeof path, "%s/histograms.csv", dir);
    if (csvin_read_whole(path, CSV_HISTOGRAMS, &t, &whole, &torn, err, errlen))
        return -1;
    struct copy c = {path, whole, &t, drop, n};
    int made, rc = fdio_replace(path, copy_to, &c, &made), e = errno;
    if (rc != 0)
        snprintf(err, errlen, "cannot rewrite %s without the rows of unrecorded chunks: %s",
                 path, strerror(e));
    csvin_free(&t);
    errno = e;                  /* the caller tells a full disk by it */
    return rc;
}
