/*
** timeline: intervals of a cell's phases into timeline.csv.  See timeline.h.
*/
#include "timeline.h"

#include "cellstatus.h"
#include "clock.h"
#include "csvupgrade.h"
#include "infile.h"
#include "testhook.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>


void timeline_open(struct timeline *tl, int fd, const struct cell_id *id, int64_t interval_ms)
{
    memset(tl, 0, sizeof *tl);
    tl->fd = fd;
    tl->id = *id;
    tl->dt = (uint64_t)(interval_ms > 0 ? interval_ms : 1000) * 1000000u;
    struct timespec wall;
    clock_gettime(CLOCK_REALTIME, &wall);
    uint64_t mono = clock_now_ns();
    tl->wall_off = (double)wall.tv_sec + wall.tv_nsec / 1e9 - mono / 1e9;
    tl->end = UINT64_MAX;
    tl->wal_max = NAN;
    tl->stall_row = -1;
    testhook_write_stall(&tl->stall_row, &tl->stall_ns);
    tl->slow_ns = testhook_write_slow_ns(id->sqlite_lib);
}

void timeline_live(struct timeline *tl, void (*live)(void *ctx, int64_t done, uint64_t now),
                   void *ctx)
{
    tl->live = live;
    tl->live_ctx = ctx;
}

static void sleep_ns(uint64_t ns)
{
    struct timespec ts = {(time_t)(ns / 1000000000u), (long)(ns % 1000000000u)};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

void timeline_wal(struct timeline *tl, const char *path)
{
    tl->wal_path = path;
}

double timeline_wall(const struct timeline *tl, uint64_t t)
{
    return t / 1e9 + tl->wall_off;
}

void timeline_chunk(struct timeline *tl, int64_t chunk)
{
    tl->chunk = chunk;
    tl->wal_max = NAN;
    tl->stall_max = tl->commit_max = 0;
    tl->commits = 0;
}

/* The counting VFS's figures from the last row's end to upto, into r;
** upto is then the last row's end. */
static void vfs_take(struct timeline *tl, const struct countvfs_counts *upto,
                     struct timeline_record *r)
{
    struct countvfs_counts d;
    countvfs_diff(upto, &tl->vfs_mark, &d);
    for (int k = 0; k < VFS_FILES; k++) {
        r->vfs_write_bytes[k] = (double)d.write_bytes[k];
        r->vfs_syncs[k] = (double)d.syncs[k];
    }
    tl->vfs_mark = *upto;
}

/* One row: [start, start + span) of the current phase, its counting VFS
** figures those up to upto (the counters then). */
static void emit(struct timeline *tl, int phase, uint64_t start, uint64_t span, int64_t ops,
                 uint64_t max_lat, const struct countvfs_counts *upto)
{
    if (tl->fd < 0)
        return;
    struct timeline_record r;
    char line[2048];
    csvout_clear(CSV_TIMELINE, &r);
    if (tl->vfs)
        vfs_take(tl, upto, &r);
    r.id = tl->id;
    r.chunk = tl->chunk;
    snprintf(r.phase, sizeof r.phase, "%s", phase_table[phase].name);
    r.start_unix_s = timeline_wall(tl, start);
    r.span_s = span / 1e9;
    r.ops = ops;
    r.read_max_us = phase_table[phase].latency && ops > 0 ? max_lat / 1e3 : NAN;
    if (tl->page) {
        uint64_t rmax;
        int64_t rops = sharedpage_take(tl->page, tl->readers, &rmax);
        r.reader_ops = (double)rops;
        r.reader_max_us = rops ? rmax / 1e3 : NAN;
    }
    struct stat st;
    if (tl->wal_path) {     /* no file: SQLite removed it at the last close, or none yet */
        r.wal_bytes = stat(tl->wal_path, &st) == 0 ? (double)st.st_size : 0;
        if (!(r.wal_bytes <= tl->wal_max))
            tl->wal_max = r.wal_bytes;
    }
    int len = csvout_row(CSV_TIMELINE, &r, line, sizeof line);
    if (len > 0 && csvout_append(tl->fd, line, len) != 0) {
        /* mid-phase: the phase goes on, the chunk is not recorded */
        tl->err = errno;
        tl->fd = -1;
    }
}

/* timeline_flush, the counting VFS's counters at now being upto. */
static void flush_at(struct timeline *tl, uint64_t now, const struct countvfs_counts *upto)
{
    if (now < tl->end)
        return;
    emit(tl, tl->phase, tl->start, tl->end - tl->start, tl->ops, tl->max_lat, upto);
    uint64_t idle = (now - tl->end) / tl->dt;   /* whole intervals without progress */
    if (idle)
        emit(tl, tl->phase, tl->end, idle * tl->dt, 0, 0, upto);
    tl->start = tl->end + idle * tl->dt;
    tl->end = tl->start + tl->dt;
    tl->done += tl->ops;
    tl->ops = 0;
    tl->max_lat = 0;
    if (tl->live)
        tl->live(tl->live_ctx, tl->done, now);
}

void timeline_flush(struct timeline *tl, uint64_t now)
{
    flush_at(tl, now, tl->vfs);
}

uint64_t timeline_begin(struct timeline *tl, enum phase_id phase, int64_t count)
{
    uint64_t now = clock_now_ns();
    tl->phase = phase;
    tl->start = tl->last_tick = tl->begun = now;
    tl->end = now + tl->dt;
    tl->ops = 0;
    tl->done = 0;
    tl->max_lat = 0;
    tl->last_count = count;
    if (tl->vfs)
        tl->vfs_mark = *tl->vfs;    /* a phase's rows hold its own writes alone */
    return now;
}

/* Progress seen at clock now (the counting VFS's counters then upto):
** the gap before it, the intervals passed, then its operations, counted
** in the interval they ended in. */
static void progress(struct timeline *tl, uint64_t now, int64_t count,
                     const struct countvfs_counts *upto)
{
    uint64_t gap = now - tl->last_tick;
    if (tl->phase == PHASE_WRITE && gap > tl->stall_max)
        tl->stall_max = gap;
    flush_at(tl, now, upto);
    tl->ops += count - tl->last_count;
    tl->last_count = count;
    tl->last_tick = now;
}

void timeline_tick(struct timeline *tl, int64_t count)
{
    progress(tl, clock_now_ns(), count, tl->vfs);
    if (tl->stall_row >= 0 && count >= tl->stall_row && tl->phase == PHASE_WRITE) {
        tl->stall_row = -1;
        sleep_ns(tl->stall_ns);
    }
    if (tl->slow_ns && tl->phase == PHASE_WRITE)
        sleep_ns(tl->slow_ns);
}

void timeline_idle(struct timeline *tl, uint64_t now)
{
    flush_at(tl, now, tl->vfs);
    tl->last_tick = now;
}

uint64_t timeline_commit(struct timeline *tl, int64_t count, uint64_t tc)
{
    uint64_t now = clock_now_ns(), d = now - tc;
    progress(tl, tc, count, &tl->vfs_tc);
    if (d > tl->stall_max)
        tl->stall_max = d;
    if (d > tl->commit_max)
        tl->commit_max = d;
    tl->commits++;
    if (d >= tl->dt) {
        /* the write interval up to the COMMIT, the COMMIT, then a new grid */
        if (tc > tl->start || tl->ops)
            emit(tl, PHASE_WRITE, tl->start, tc - tl->start, tl->ops, 0, &tl->vfs_tc);
        emit(tl, PHASE_COMMIT, tc, d, 1, 0, tl->vfs);
        tl->start = now;
        tl->end = now + tl->dt;
        tl->done += tl->ops;
        tl->ops = 0;
    } else {
        timeline_flush(tl, now);
    }
    tl->last_tick = now;
    return d;
}

uint64_t timeline_end(struct timeline *tl, int64_t count)
{
    uint64_t now = clock_now_ns();
    if (!phase_table[tl->phase].latency)    /* a phase that counts by timeline_read */
        progress(tl, now, count, tl->vfs);
    else
        timeline_flush(tl, now);
    /* a phase with nothing to do (--reads 0) leaves no row */
    if (tl->ops || tl->start > tl->begun)
        emit(tl, tl->phase, tl->start, now - tl->start, tl->ops, tl->max_lat, tl->vfs);
    tl->end = UINT64_MAX;
    tl->ops = 0;
    return now;
}

void timeline_figures(const struct timeline *tl, double *stall_ms, double *commit_ms)
{
    *stall_ms = tl->stall_max / 1e6;
    *commit_ms = tl->commits ? tl->commit_max / 1e6 : NAN;
}

/* "cell|repeat" or "cell|repeat|chunk" of row i of t, into buf. */
static void key_of(const struct csvin *t, enum csv_file f, int i, int with_chunk, char *buf,
                   size_t n)
{
    snprintf(buf, n, "%s|%s%s%s", csvin_str(t, f, i, COL_cell), csvin_str(t, f, i, COL_repeat),
             with_chunk ? "|" : "", with_chunk ? csvin_str(t, f, i, COL_chunk) : "");
}

#define KEYLEN 64
static int key_cmp(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The sorted keys of every row of path (schema f) but those whose status
** is skip (NULL: none skipped); NULL when it cannot be read (err). */
static char (*keys_of(const char *path, enum csv_file f, int with_chunk, const char *skip,
                      int *nk, char *err, size_t errlen))[KEYLEN]
{
    struct csvin t;
    int m = 0;
    if (csvin_read(path, f, &t, err, errlen))
        return NULL;
    char (*k)[KEYLEN] = calloc((size_t)t.nrows + 1, KEYLEN);
    for (int i = 0; k && i < t.nrows; i++)
        if (!skip || strcmp(csvin_str(&t, f, i, COL_status), skip) != 0)
            key_of(&t, f, i, with_chunk, k[m++], KEYLEN);
    if (k)
        qsort(k, (size_t)m, KEYLEN, key_cmp);
    else
        snprintf(err, errlen, "out of memory");
    *nk = m;
    csvin_free(&t);
    return k;
}

/* dir/timeline.csv as resume finds it, before anything changes: its whole
** lines into *t (empty when the file is missing, or empty: killed between
** creating it and writing its header), with exactly the columns this
** sqlsoak writes; and no timeline.csv.tmp that is not a regular file
** (resume writes there).  0, or -1 with err and t empty. */
static int read_timeline(const char *dir, struct csvin *t, char *err, size_t errlen)
{
    char path[4200];
    struct stat st;
    off_t whole;
    int torn;
    memset(t, 0, sizeof *t);
    snprintf(path, sizeof path, "%s/timeline.csv.tmp", dir);
    if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: not a regular file: not touched", path);
        return -1;
    }
    snprintf(path, sizeof path, "%s/timeline.csv", dir);
    if (infile_absent(path) || (stat(path, &st) == 0 && S_ISREG(st.st_mode) && !st.st_size))
        return 0;
    if (csvin_read_whole(path, CSV_TIMELINE, t, &whole, &torn, err, errlen))
        return -1;
    if (!csvupgrade_fits(t, CSV_TIMELINE)) {
        snprintf(err, errlen, "%s: its columns are not those this sqlsoak writes", path);
        csvin_free(t);
        return -1;
    }
    return 0;
}

int timeline_resume(const char *dir, char *err, size_t errlen)
{
    char path[4200], tmp[4300], line[4096];
    int nchunk = 0, ncell = 0, fd = -1;
    struct csvin t;
    memset(&t, 0, sizeof t);
    snprintf(path, sizeof path, "%s/chunks.csv", dir);
    char(*chunks)[KEYLEN] = keys_of(path, CSV_CHUNKS, 1, NULL, &nchunk, err, errlen);
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    /* a hung cell's verify was cut short: resume runs it again */
    char(*cells)[KEYLEN] =
        chunks ? keys_of(path, CSV_SUMMARY, 0, status_names[ST_HUNG], &ncell, err, errlen) : NULL;
    snprintf(path, sizeof path, "%s/timeline.csv", dir);
    snprintf(tmp, sizeof tmp, "%s/timeline.csv.tmp", dir);
    if (!cells || read_timeline(dir, &t, err, errlen))
        goto out;
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    int hl = csvout_header(CSV_TIMELINE, line, sizeof line), bad = fd < 0;
    bad = bad || csvout_append(fd, line, hl) != 0;
    for (int i = 0; !bad && i < t.nrows; i++) {
        char k[KEYLEN];
        struct timeline_record r;
        key_of(&t, CSV_TIMELINE, i, 1, k, sizeof k);
        if (!bsearch(k, chunks, (size_t)nchunk, KEYLEN, key_cmp))
            continue;
        key_of(&t, CSV_TIMELINE, i, 0, k, sizeof k);
        if (strcmp(csvin_str(&t, CSV_TIMELINE, i, COL_phase), phase_table[PHASE_VERIFY].name) == 0 &&
            !bsearch(k, cells, (size_t)ncell, KEYLEN, key_cmp))
            continue;
        csvin_record(&t, CSV_TIMELINE, i, &r);
        int ll = csvout_row(CSV_TIMELINE, &r, line, sizeof line);
        bad = ll < 0 || csvout_append(fd, line, ll) != 0;
    }
    bad = bad || fsync(fd) != 0;
    if (fd >= 0 && close(fd) != 0)
        bad = 1;
    if (bad || rename(tmp, path) != 0) {
        int e = errno;          /* the caller tells a full disk by it */
        snprintf(err, errlen, "cannot rewrite %s: %s", path, strerror(e));
        unlink(tmp);
        errno = e;
        fd = -1;
        goto out;
    }
    if ((fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)) < 0)
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
out:
    csvin_free(&t);
    free(chunks);
    free(cells);
    return fd;
}

int timeline_resumable(const char *dir, char *err, size_t errlen)
{
    struct csvin t;
    int rc = read_timeline(dir, &t, err, errlen);
    csvin_free(&t);
    return rc;
}
