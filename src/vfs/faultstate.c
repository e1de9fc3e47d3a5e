/*
** faultstate: the simulated storage behind faultvfs.  See faultstate.h.
*/
#include "faultstate.h"
#include "rng.h"
#include "sqlapi.h"

#include <assert.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_PENDING_BYTES ((int64_t)512 << 20)
/* A lying device honours one sync in this many. */
#define LYING_HONOURS_ONE_IN 2

/* ---- states ---- */

struct faultvfs_file_state *fstate_of(struct faultstate *dev, const char *path, int create)
{
    struct faultvfs_file_state *s;
    for (s = dev->files; s; s = s->next)
        if (strcmp(s->path, path) == 0)
            return s;
    if (!create || !(s = calloc(1, sizeof *s + strlen(path) + 1)))
        return NULL;
    strcpy(s->path, path);
    s->next = dev->files;
    dev->files = s;
    return s;
}

static void drop_pending(struct faultstate *dev, struct faultvfs_file_state *s)
{
    struct pending *p = s->head, *next;
    for (; p; p = next) {
        next = p->next;
        dev->pending_bytes -= p->len;
        free(p);
    }
    s->head = s->tail = NULL;
    assert(dev->pending_bytes >= 0);     /* each pending byte counted once */
}

static void clear_truncation(struct faultvfs_file_state *s)
{
    free(s->trunc_saved);
    s->trunc_saved = NULL;
    s->truncated = s->trunc_requested = 0;
}

static void clear_unlinked(struct faultvfs_file_state *s)
{
    free(s->unlinked_data);
    s->unlinked_data = NULL;
    s->unlinked_len = 0;
    s->unlinked = 0;
}

void fstate_free_all(struct faultstate *dev)
{
    struct faultvfs_file_state *s, *next;
    for (s = dev->files; s; s = next) {
        next = s->next;
        drop_pending(dev, s);
        clear_truncation(s);
        clear_unlinked(s);
        free(s);
    }
    dev->files = NULL;
    assert(dev->pending_bytes == 0);     /* every pending write was a file's */
}

/* ---- writes ---- */

int fstate_write(struct faultstate *dev, struct faultvfs_file_state *s, const void *buf, int n,
                 int64_t off)
{
    assert(n >= 0 && off >= 0);
    assert((s->head == NULL) == (s->tail == NULL));
    struct pending *p = malloc(sizeof *p + (size_t)n);
    if (!p || dev->pending_bytes + n > MAX_PENDING_BYTES) {
        free(p);
        return SQLITE_IOERR_NOMEM;
    }
    p->next = NULL;
    p->off = off;
    p->len = n;
    p->submitted = 0;
    memcpy(p->data, buf, (size_t)n);
    if (s->tail)
        s->tail->next = p;
    else
        s->head = p;
    s->tail = p;
    dev->pending_bytes += n;
    return SQLITE_OK;
}

void fstate_overlay(const struct faultvfs_file_state *s, void *buf, int n, int64_t off)
{
    for (const struct pending *p = s->head; p; p = p->next) {
        int64_t lo = p->off > off ? p->off : off;
        int64_t hi = p->off + p->len < off + n ? p->off + p->len : off + n;
        if (lo < hi)
            memcpy((char *)buf + (lo - off), p->data + (lo - p->off), (size_t)(hi - lo));
    }
}

int64_t fstate_pending_end(const struct faultvfs_file_state *s)
{
    int64_t end = 0;
    for (const struct pending *p = s->head; p; p = p->next)
        if (p->off + p->len > end)
            end = p->off + p->len;
    return end;
}

static int put(int fd, const void *buf, size_t n, int64_t off)
{
    while (n > 0) {
        ssize_t w = pwrite(fd, buf, n, (off_t)off);
        if (w <= 0)
            return -1;
        buf = (const char *)buf + w;
        n -= (size_t)w;
        off += w;
    }
    return 0;
}

/* The bytes [off, off+n) of path (fewer past its end) into a new buffer. */
static unsigned char *slurp(const char *path, int64_t off, int64_t n, int64_t *got)
{
    unsigned char *buf = malloc(n > 0 ? (size_t)n : 1);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    *got = 0;
    if (buf && fd >= 0)
        while (*got < n) {
            ssize_t r = pread(fd, buf + *got, (size_t)(n - *got), (off_t)(off + *got));
            if (r <= 0)
                break;
            *got += r;
        }
    if (fd >= 0)
        close(fd);
    return buf;
}

static int64_t size_of(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (int64_t)st.st_size : 0;
}

/* ---- directory entries and truncations ---- */

void fstate_opened(struct faultstate *dev, struct faultvfs_file_state *s, int existed)
{
    (void)dev;
    if (!existed)
        s->created = 1;
}

/* Only a durable directory entry's truncation needs undoing: the content
** of a file whose entry is pending is dropped at the cut anyway. */
void fstate_truncating(struct faultstate *dev, struct faultvfs_file_state *s, int64_t size)
{
    (void)dev;
    if (s->created || s->unlinked)
        return;
    int64_t cur = size_of(s->path);
    if (!s->truncated) {
        s->truncated = 1;
        s->trunc_size = s->trunc_min = cur;
    }
    assert(s->trunc_min <= s->trunc_size);  /* trunc_saved holds what lay between */
    if (size < s->trunc_min) {
        int64_t got, keep = s->trunc_size - s->trunc_min;
        unsigned char *head = slurp(s->path, size, s->trunc_min - size, &got);
        unsigned char *all = head ? realloc(head, (size_t)(s->trunc_min - size + keep) + 1) : NULL;
        if (!all) {
            free(head);
            return;
        }
        if (got < s->trunc_min - size)
            memset(all + got, 0, (size_t)(s->trunc_min - size - got));
        if (keep > 0)
            memcpy(all + (s->trunc_min - size), s->trunc_saved, (size_t)keep);
        free(s->trunc_saved);
        s->trunc_saved = all;
        s->trunc_min = size;
    }
}

void fstate_deleting(struct faultstate *dev, struct faultvfs_file_state *s)
{
    drop_pending(dev, s);            /* unsynced writes go with the file */
    if (s->created) {
        s->created = 0;             /* never durable: gone is what a cut leaves */
        return;
    }
    if (s->unlinked || access(s->path, F_OK) != 0)
        return;                     /* already gone: nothing to bring back */
    s->unlinked_data = slurp(s->path, 0, size_of(s->path), &s->unlinked_len);
    s->unlinked = s->unlinked_data != NULL;
}

static int same_dir(const char *a, const char *b)
{
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    size_t la = sa ? (size_t)(sa - a) : 0, lb = sb ? (size_t)(sb - b) : 0;
    return la == lb && strncmp(a, b, la) == 0;
}

static uint64_t next_rand(struct faultstate *dev)
{
    dev->rng += 0x9e3779b97f4a7c15ULL;
    return rng_mix64(dev->rng);
}

/* The device carries out every sync asked for so far: submitted writes
** reach the file, requested truncations and directory entries become
** durable. */
static int flush_device(struct faultstate *dev)
{
    int rc = SQLITE_OK;
    for (struct faultvfs_file_state *s = dev->files; s; s = s->next) {
        if (s->head && s->head->submitted) {
            int fd = open(s->path, O_WRONLY | O_CLOEXEC);
            struct pending *p;
            while ((p = s->head) && p->submitted) {
                if (fd < 0 || (p->len && put(fd, p->data, (size_t)p->len, p->off)))
                    rc = SQLITE_IOERR_FSYNC;
                s->head = p->next;
                dev->pending_bytes -= p->len;
                free(p);
            }
            if (!s->head)
                s->tail = NULL;
            /* a file's writes are submitted in order: none left is */
            assert(!s->head || !s->head->submitted);
            if (fd >= 0)
                close(fd);
        }
        if (s->trunc_requested)
            clear_truncation(s);
        if (s->dir_requested) {
            if (s->unlinked)
                clear_truncation(s);   /* of the file that is gone */
            clear_unlinked(s);
            s->created = 0;
            s->dir_requested = 0;
        }
    }
    return rc;
}

int fstate_sync(struct faultstate *dev, struct faultvfs_file_state *s, int dir_sync,
                const char *path)
{
    if (s) {
        for (struct pending *p = s->head; p; p = p->next)
            p->submitted = 1;
        s->trunc_requested = s->truncated;
        path = s->path;
    }
    if (dir_sync)
        for (struct faultvfs_file_state *o = dev->files; o; o = o->next)
            if (same_dir(o->path, path) && (o->created || o->unlinked))
                o->dir_requested = 1;
    if (dev->lying && next_rand(dev) % LYING_HONOURS_ONE_IN != 0)
        return SQLITE_OK;       /* acknowledged, not done */
    int rc = flush_device(dev);
    assert(dev->pending_bytes >= 0);
    return rc;
}

/* ---- the cut ---- */

/* One pending write meets the power cut: applied whole, dropped, or torn
** sector by sector into new data, old data or garbage.  Garbage stays
** inside the bytes written under powersafe overwrite, else it may fill
** each sector the write touched. */
static void crash_write(struct faultstate *dev, int fd, const char *path, const struct pending *p)
{
    static const char *const what[] = {"written", "dropped", "torn"};
    int choice = (int)(next_rand(dev) % 3);
    if (dev->trace)
        fprintf(dev->trace, "crash %s: %d bytes at %lld %s%s\n", path, p->len, (long long)p->off,
                what[choice], p->submitted ? " (synced, not flushed)" : "");
    if (choice == 0) {
        put(fd, p->data, (size_t)p->len, p->off);
        return;
    }
    if (choice == 1)
        return;
    int64_t ss = dev->sector_size, end = p->off + p->len, eof = end;
    assert(ss > 0 && ss <= 65536);     /* as faultvfs_register bounds it: junk[] holds one */
    struct stat st;
    if (fstat(fd, &st) == 0 && (int64_t)st.st_size > eof)
        eof = (int64_t)st.st_size;      /* garbage never grows the file */
    for (int64_t sec = p->off / ss * ss; sec < end; sec += ss) {
        int64_t lo = sec > p->off ? sec : p->off, hi = sec + ss < end ? sec + ss : end;
        int part = (int)(next_rand(dev) % 3);
        unsigned char junk[65536];
        if (part == 0) {
            put(fd, p->data + (lo - p->off), (size_t)(hi - lo), lo);
        } else if (part == 2) {
            if (!dev->powersafe) {
                lo = sec;
                hi = sec + ss < eof ? sec + ss : eof;
            }
            for (int64_t i = 0; i < hi - lo; i++)
                junk[i] = (unsigned char)next_rand(dev);
            put(fd, junk, (size_t)(hi - lo), lo);
        }
    }
}

/* A pending directory entry or truncation is undone.  Returns 1 when the
** file's pending writes went with its entry. */
static int crash_metadata(struct faultstate *dev, struct faultvfs_file_state *s)
{
    int gone = 0;
    if (s->unlinked) {
        int fd = open(s->path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd >= 0) {
            put(fd, s->unlinked_data, (size_t)s->unlinked_len, 0);
            close(fd);
        }
        if (dev->trace)
            fprintf(dev->trace, "crash %s: deletion undone: back with %lld bytes\n", s->path,
                    (long long)s->unlinked_len);
        gone = 1;
    } else if (s->created) {
        unlink(s->path);
        if (dev->trace)
            fprintf(dev->trace, "crash %s: creation undone: removed\n", s->path);
        gone = 1;
    }
    if (s->truncated) {
        int fd = open(s->path, O_WRONLY | O_CLOEXEC);
        if (fd >= 0) {
            if (s->trunc_size > s->trunc_min)
                put(fd, s->trunc_saved, (size_t)(s->trunc_size - s->trunc_min), s->trunc_min);
            if (ftruncate(fd, (off_t)s->trunc_size) != 0)
                (void)0;        /* nothing more to do at a power cut */
            close(fd);
        }
        if (dev->trace)
            fprintf(dev->trace, "crash %s: truncation undone: back to %lld bytes\n", s->path,
                    (long long)s->trunc_size);
    }
    return gone;
}

/* A truncation undone takes the writes past its new end with it: they
** went to space the file got after it, which the durable file does not
** hold. */
static void clip_to_truncation(struct faultstate *dev, struct faultvfs_file_state *s)
{
    for (struct pending *p = s->head; p; p = p->next)
        if (p->len && p->off + p->len > s->trunc_min) {
            int keep = p->off >= s->trunc_min ? 0 : (int)(s->trunc_min - p->off);
            if (dev->trace)
                fprintf(dev->trace, "crash %s: %d bytes at %lld dropped with the truncation\n",
                        s->path, p->len - keep, (long long)(p->off + keep));
            p->len = keep;
        }
}

void fstate_crash(struct faultstate *dev)
{
    for (struct faultvfs_file_state *s = dev->files; s; s = s->next) {
        int truncated = s->truncated;
        if (crash_metadata(dev, s) || !s->head)
            continue;
        if (truncated)
            clip_to_truncation(dev, s);
        int fd = open(s->path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0)
            continue;
        for (struct pending *p = s->head; p; p = p->next)
            if (p->len)
                crash_write(dev, fd, s->path, p);
        close(fd);
    }
    if (dev->trace)
        fflush(dev->trace);
    _exit(FAULTVFS_CRASH_EXIT);
}
