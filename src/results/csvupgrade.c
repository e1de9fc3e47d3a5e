/*
** csvupgrade: a results file of an older sqlsoak given this one's header,
** so that resume can append rows to it.
**
** A schema version adds columns and never reorders them, so an older
** file's header is this sqlsoak's with columns left out.  Such a file is
** rewritten (to NAME.tmp, synced, then renamed over it) with the whole
** header and each row's fields exactly as they were; a column it lacks is
** empty (the feature was off), or for a matrix dimension the value files
** that predate it mean (dims.h's `absent`: --busy-timeout's 5000), so that
** a cell's rows before and after the resume name the same settings.  Each
** row keeps its schema_version, the version that wrote it.
*/
#include "csvupgrade.h"
#include "dims.h"
#include "fdio.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CSVOUT_MAX_COLUMNS 1024   /* more than any file has (asserted) */

/* map[i]: the file's column of f's column i, or -1.  1 when every one of
** the file's columns is one of f's, in f's order; else 0. */
static int column_map(const struct csvin *t, enum csv_file f, int *map)
{
    int nc = csvout_ncolumns(f), k = 0;
    assert(nc <= CSVOUT_MAX_COLUMNS);
    for (int i = 0; i < nc; i++) {
        map[i] = k < t->ncols && strcmp(t->name[k], csvout_column_name(f, i)) == 0 ? k : -1;
        k += map[i] >= 0;
    }
    return t->ncols >= 1 && k == t->ncols;
}

int csvupgrade_fits(const struct csvin *t, enum csv_file f)
{
    int map[CSVOUT_MAX_COLUMNS];
    return column_map(t, f, map);
}

/* What a row lacking f's column i holds. */
static const char *missing_field(enum csv_file f, int i)
{
    int d = dims_find(csvout_column_name(f, i));
    return d >= 0 && dim_table[d].absent ? dim_table[d].absent : "";
}

/* Row of t under f's whole header into *buf (grown as needed).  Its
** length, or -1 when out of memory. */
static int upgraded_row(const struct csvin *t, enum csv_file f, const int *map, int row,
                        char **buf, size_t *cap)
{
    int nc = csvout_ncolumns(f);
    size_t need = (size_t)nc + 2;
    for (int i = 0; i < nc; i++)
        need += strlen(map[i] >= 0 ? t->cell[(size_t)row * (size_t)t->ncols + (size_t)map[i]]
                                   : missing_field(f, i)) * 2 + 4;
    if (need > *cap) {
        char *p = realloc(*buf, need);
        if (!p)
            return -1;
        *buf = p;
        *cap = need;
    }
    size_t len = 0;
    for (int i = 0; i < nc; i++) {
        if (i)
            (*buf)[len++] = ',';
        const char *v = map[i] >= 0 ? t->cell[(size_t)row * (size_t)t->ncols + (size_t)map[i]]
                                    : missing_field(f, i);
        int w = csvout_text(v, *buf + len, *cap - len);
        if (w < 0)
            return -1;
        len += (size_t)w;
    }
    (*buf)[len++] = '\n';
    return (int)len;
}

/* t's rows under f's whole header into fd.  0, or -1 with errno. */
static int write_upgraded(int fd, const struct csvin *t, enum csv_file f, const int *map)
{
    char head[16384];
    char *line = NULL;
    size_t cap = 0;
    int hl = csvout_header(f, head, sizeof head), rc = 0;
    if (hl < 0 || fdio_write_full(fd, head, (size_t)hl) != 0)
        return -1;
    for (int i = 0; rc == 0 && i < t->nrows; i++) {
        int ll = upgraded_row(t, f, map, i, &line, &cap);
        if (ll < 0) {
            errno = ENOMEM;
            rc = -1;
        } else {
            rc = fdio_write_full(fd, line, (size_t)ll);
        }
    }
    free(line);
    return rc == 0 ? fsync(fd) : -1;
}

/* write_upgraded's arguments, for fdio_replace. */
struct upgrade {
    const struct csvin *t;
    enum csv_file f;
    const int *map;
};

static int write_upgrade(int fd, void *arg)
{
    const struct upgrade *u = arg;
    return write_upgraded(fd, u->t, u->f, u->map);
}

int csvupgrade_file(const char *dir, enum csv_file f, char *err, size_t errlen)
{
    char path[4200], tmp[4300];
    struct csvin t;
    off_t whole;
    int torn;
    snprintf(path, sizeof path, "%s/%s", dir, csvout_file_name(f));
    if (csvin_read_whole(path, f, &t, &whole, &torn, err, errlen))
        return -1;
    int map[CSVOUT_MAX_COLUMNS];
    if (t.ncols == csvout_ncolumns(f) || !column_map(&t, f, map)) {
        int same = t.ncols == csvout_ncolumns(f) && column_map(&t, f, map);
        csvin_free(&t);
        if (!same)
            snprintf(err, errlen, "%s: its columns are not those of any sqlsoak's", path);
        return same ? 0 : -1;
    }
    struct upgrade u = {&t, f, map};
    int made, rc = fdio_replace(path, write_upgrade, &u, &made), e = errno;
    if (rc != 0) {
        snprintf(tmp, sizeof tmp, "%s.tmp", path);
        snprintf(err, errlen, "cannot give %s this sqlsoak's columns: %s: %s", path,
                 made ? path : tmp, strerror(e));
    }
    csvin_free(&t);
    errno = e;                  /* the caller tells a full disk by it */
    return rc;
}
