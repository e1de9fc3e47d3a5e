/*
** faultvfs: the fault-injecting VFS shim.  See faultvfs.h for the model.
**
** A file's at-risk state lives in a faultvfs_file_state keyed by path, not
** in the open handle: SQLite closes and reopens journals, and the pages an
** operating system has not written yet outlive the handle that wrote them.
*/
#include "faultvfs.h"
#include "rng.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define AT_RISK (SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_WAL)
#define MAX_PENDING_BYTES ((int64_t)512 << 20)

struct pending {
    struct pending *next;
    int64_t off;
    int len;
    unsigned char data[];
};

struct faultvfs_file_state {
    struct faultvfs_file_state *next;
    struct pending *head, *tail;
    char path[];
};

struct fault_file {
    const sqlite3_io_methods *pMethods;   /* first: this is a sqlite3_file */
    struct faultvfs *fv;
    struct faultvfs_file_state *st;       /* NULL: not at risk (temp files) */
    sqlite3_file *real;                   /* just past this struct */
};

/* ---- file states ---- */

static struct faultvfs_file_state *state_of(struct faultvfs *fv, const char *path, int create)
{
    struct faultvfs_file_state *s;
    for (s = fv->files; s; s = s->next)
        if (strcmp(s->path, path) == 0)
            return s;
    if (!create || !(s = calloc(1, sizeof *s + strlen(path) + 1)))
        return NULL;
    strcpy(s->path, path);
    s->next = fv->files;
    fv->files = s;
    return s;
}

static void drop_pending(struct faultvfs *fv, struct faultvfs_file_state *s)
{
    struct pending *p = s->head, *next;
    for (; p; p = next) {
        next = p->next;
        fv->pending_bytes -= p->len;
        free(p);
    }
    s->head = s->tail = NULL;
}

/* ---- the crash ---- */

static uint64_t next_rand(struct faultvfs *fv)
{
    fv->rng += 0x9e3779b97f4a7c15ULL;
    return rng_mix64(fv->rng);
}

static void put(int fd, const void *buf, size_t n, int64_t off)
{
    while (n > 0) {
        ssize_t w = pwrite(fd, buf, n, (off_t)off);
        if (w <= 0)
            return;
        buf = (const char *)buf + w;
        n -= (size_t)w;
        off += w;
    }
}

/* One pending write meets the power cut: applied whole, dropped, or torn
** sector by sector into new data, old data or garbage. */
static void crash_write(struct faultvfs *fv, int fd, const char *path, const struct pending *p)
{
    static const char *const what[] = {"written", "dropped", "torn"};
    int choice = (int)(next_rand(fv) % 3);
    if (fv->trace)
        fprintf(fv->trace, "crash %s: %d bytes at %lld %s\n", path, p->len, (long long)p->off,
                what[choice]);
    if (choice == 0) {
        put(fd, p->data, (size_t)p->len, p->off);
        return;
    }
    if (choice == 1)
        return;
    int64_t ss = fv->sector_size, end = p->off + p->len;
    for (int64_t sec = p->off / ss * ss; sec < end; sec += ss) {
        int64_t lo = sec > p->off ? sec : p->off, hi = sec + ss < end ? sec + ss : end;
        int part = (int)(next_rand(fv) % 3);
        unsigned char junk[65536];
        if (part == 0) {
            put(fd, p->data + (lo - p->off), (size_t)(hi - lo), lo);
        } else if (part == 2) {
            for (int64_t i = 0; i < hi - lo; i++)
                junk[i] = (unsigned char)next_rand(fv);
            put(fd, junk, (size_t)(hi - lo), lo);
        }
    }
}

static void crash_now(struct faultvfs *fv)
{
    for (struct faultvfs_file_state *s = fv->files; s; s = s->next) {
        if (!s->head)
            continue;
        int fd = open(s->path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0)
            continue;
        for (struct pending *p = s->head; p; p = p->next)
            crash_write(fv, fd, s->path, p);
        close(fd);
    }
    if (fv->trace)
        fflush(fv->trace);
    _exit(FAULTVFS_CRASH_EXIT);
}

/* Counts one write or sync; crashes when its turn has come. */
static void event(struct faultvfs *fv)
{
    if (fv->crash_at && faultvfs_events(fv) + 1 == fv->crash_at)
        crash_now(fv);
}

/* ---- io methods ---- */

#define FF(f) ((struct fault_file *)(f))
#define REAL(f) (FF(f)->real)

static int ff_close(sqlite3_file *f)
{
    int rc = REAL(f)->pMethods->xClose(REAL(f));
    FF(f)->pMethods = NULL;
    return rc;
}

static int64_t pending_end(const struct faultvfs_file_state *s)
{
    int64_t end = 0;
    for (const struct pending *p = s->head; p; p = p->next)
        if (p->off + p->len > end)
            end = p->off + p->len;
    return end;
}

static int ff_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 off)
{
    struct faultvfs_file_state *s = FF(f)->st;
    int rc = REAL(f)->pMethods->xRead(REAL(f), buf, n, off);
    if (!s || !s->head || (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ))
        return rc;
    for (const struct pending *p = s->head; p; p = p->next) {
        int64_t lo = p->off > off ? p->off : off;
        int64_t hi = p->off + p->len < off + n ? p->off + p->len : off + n;
        if (lo < hi)
            memcpy((char *)buf + (lo - off), p->data + (lo - p->off), (size_t)(hi - lo));
    }
    if (rc == SQLITE_IOERR_SHORT_READ) {
        sqlite3_int64 real_size = 0;
        REAL(f)->pMethods->xFileSize(REAL(f), &real_size);
        int64_t size = pending_end(s) > real_size ? pending_end(s) : real_size;
        if (off + n <= size)
            rc = SQLITE_OK;
    }
    return rc;
}

static int ff_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 off)
{
    struct faultvfs *fv = FF(f)->fv;
    struct faultvfs_file_state *s = FF(f)->st;
    if (!s)
        return REAL(f)->pMethods->xWrite(REAL(f), buf, n, off);
    event(fv);
    fv->writes++;
    if (fv->ioerr_after >= 0 && fv->writes > fv->ioerr_after) {
        errno = EIO;                  /* what the OS would say of a failing disk */
        return SQLITE_IOERR_WRITE;
    }
    if (!fv->simulate)
        return REAL(f)->pMethods->xWrite(REAL(f), buf, n, off);
    struct pending *p = malloc(sizeof *p + (size_t)n);
    if (!p || fv->pending_bytes + n > MAX_PENDING_BYTES) {
        free(p);
        return SQLITE_IOERR_NOMEM;
    }
    p->next = NULL;
    p->off = off;
    p->len = n;
    memcpy(p->data, buf, (size_t)n);
    if (s->tail)
        s->tail->next = p;
    else
        s->head = p;
    s->tail = p;
    fv->pending_bytes += n;
    return SQLITE_OK;
}

static int ff_truncate(sqlite3_file *f, sqlite3_int64 size)
{
    struct faultvfs_file_state *s = FF(f)->st;
    if (s) {
        /* durable at once: pending bytes past the new end are gone */
        for (struct pending *p = s->head; p; p = p->next)
            if (p->off + p->len > size)
                p->len = p->off >= size ? 0 : (int)(size - p->off);
    }
    return REAL(f)->pMethods->xTruncate(REAL(f), size);
}

static int ff_sync(sqlite3_file *f, int flags)
{
    struct faultvfs *fv = FF(f)->fv;
    struct faultvfs_file_state *s = FF(f)->st;
    if (!s)
        return REAL(f)->pMethods->xSync(REAL(f), flags);
    event(fv);
    fv->syncs++;
    if (!fv->simulate)
        return REAL(f)->pMethods->xSync(REAL(f), flags);
    /* what a sync makes durable is all the sim tracks: no real fsync */
    for (struct pending *p = s->head; p; p = p->next) {
        int rc = p->len ? REAL(f)->pMethods->xWrite(REAL(f), p->data, p->len, p->off) : SQLITE_OK;
        if (rc != SQLITE_OK)
            return rc;
    }
    drop_pending(fv, s);
    return SQLITE_OK;
}

static int ff_file_size(sqlite3_file *f, sqlite3_int64 *size)
{
    struct faultvfs_file_state *s = FF(f)->st;
    int rc = REAL(f)->pMethods->xFileSize(REAL(f), size);
    if (rc == SQLITE_OK && s && s->head && pending_end(s) > *size)
        *size = pending_end(s);
    return rc;
}

/* The rest pass straight through. */
static int ff_lock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xLock(REAL(f), l); }
static int ff_unlock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xUnlock(REAL(f), l); }
static int ff_check_reserved(sqlite3_file *f, int *out)
{
    return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out);
}
static int ff_file_control(sqlite3_file *f, int op, void *arg)
{
    return REAL(f)->pMethods->xFileControl(REAL(f), op, arg);
}
static int ff_sector_size(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int ff_device_characteristics(sqlite3_file *f)
{
    return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f));
}
static int ff_shm_map(sqlite3_file *f, int pg, int sz, int ext, void volatile **pp)
{
    return REAL(f)->pMethods->xShmMap(REAL(f), pg, sz, ext, pp);
}
static int ff_shm_lock(sqlite3_file *f, int off, int n, int flags)
{
    return REAL(f)->pMethods->xShmLock(REAL(f), off, n, flags);
}
static void ff_shm_barrier(sqlite3_file *f) { REAL(f)->pMethods->xShmBarrier(REAL(f)); }
static int ff_shm_unmap(sqlite3_file *f, int del)
{
    return REAL(f)->pMethods->xShmUnmap(REAL(f), del);
}

/* One table per io-methods version: a file offers no more than the real
** VFS's file does (version 1 has no shared memory, so no WAL). */
#define V1 ff_close, ff_read, ff_write, ff_truncate, ff_sync, ff_file_size, ff_lock, \
           ff_unlock, ff_check_reserved, ff_file_control, ff_sector_size,          \
           ff_device_characteristics
static const sqlite3_io_methods methods_v1 = {1, V1, NULL, NULL, NULL, NULL, NULL, NULL};
static const sqlite3_io_methods methods_v2 = {2, V1, ff_shm_map, ff_shm_lock, ff_shm_barrier,
                                              ff_shm_unmap, NULL, NULL};

/* ---- VFS methods ---- */

#define FV(v) ((struct faultvfs *)(v))

static int fv_open(sqlite3_vfs *v, const char *name, sqlite3_file *f, int flags, int *out)
{
    struct faultvfs *fv = FV(v);
    struct fault_file *ff = FF(f);
    memset(ff, 0, sizeof *ff);
    ff->fv = fv;
    ff->real = (sqlite3_file *)(ff + 1);
    int rc = fv->real->xOpen(fv->real, name, ff->real, flags, out);
    if (rc != SQLITE_OK || !ff->real->pMethods)
        return rc;
    if (name && (flags & AT_RISK))
        ff->st = state_of(fv, name, 1);
    ff->pMethods = ff->real->pMethods->iVersion >= 2 ? &methods_v2 : &methods_v1;
    return SQLITE_OK;
}

static int fv_delete(sqlite3_vfs *v, const char *name, int dir_sync)
{
    struct faultvfs_file_state *s = state_of(FV(v), name, 0);
    if (s)
        drop_pending(FV(v), s);       /* deletion is durable at once */
    return FV(v)->real->xDelete(FV(v)->real, name, dir_sync);
}

static int fv_access(sqlite3_vfs *v, const char *name, int flags, int *out)
{
    return FV(v)->real->xAccess(FV(v)->real, name, flags, out);
}
static int fv_full_pathname(sqlite3_vfs *v, const char *name, int n, char *out)
{
    return FV(v)->real->xFullPathname(FV(v)->real, name, n, out);
}
static void *fv_dlopen(sqlite3_vfs *v, const char *name)
{
    return FV(v)->real->xDlOpen(FV(v)->real, name);
}
static void fv_dlerror(sqlite3_vfs *v, int n, char *out)
{
    FV(v)->real->xDlError(FV(v)->real, n, out);
}
static void (*fv_dlsym(sqlite3_vfs *v, void *h, const char *name))(void)
{
    return FV(v)->real->xDlSym(FV(v)->real, h, name);
}
static void fv_dlclose(sqlite3_vfs *v, void *h) { FV(v)->real->xDlClose(FV(v)->real, h); }
static int fv_randomness(sqlite3_vfs *v, int n, char *out)
{
    return FV(v)->real->xRandomness(FV(v)->real, n, out);
}
static int fv_sleep(sqlite3_vfs *v, int us) { return FV(v)->real->xSleep(FV(v)->real, us); }
static int fv_current_time(sqlite3_vfs *v, double *out)
{
    return FV(v)->real->xCurrentTime(FV(v)->real, out);
}
static int fv_get_last_error(sqlite3_vfs *v, int n, char *out)
{
    return FV(v)->real->xGetLastError ? FV(v)->real->xGetLastError(FV(v)->real, n, out) : 0;
}
static int fv_current_time_int64(sqlite3_vfs *v, sqlite3_int64 *out)
{
    return FV(v)->real->xCurrentTimeInt64(FV(v)->real, out);
}

int faultvfs_register(struct faultvfs *fv, const struct sqlapi *api)
{
    sqlite3_vfs *real = api->vfs_find(NULL);
    if (!real)
        return SQLITE_ERROR;
    memset(&fv->base, 0, sizeof fv->base);
    fv->real = real;
    fv->api = api;
    fv->rng = fv->seed;
    fv->writes = fv->syncs = fv->pending_bytes = 0;
    fv->files = NULL;
    if (fv->sector_size <= 0)
        fv->sector_size = 512;
    if (fv->sector_size > 65536)
        fv->sector_size = 65536;
    fv->base.iVersion = real->iVersion >= 2 ? 2 : 1;
    fv->base.szOsFile = (int)sizeof(struct fault_file) + real->szOsFile;
    fv->base.mxPathname = real->mxPathname;
    fv->base.zName = FAULTVFS_NAME;
    fv->base.xOpen = fv_open;
    fv->base.xDelete = fv_delete;
    fv->base.xAccess = fv_access;
    fv->base.xFullPathname = fv_full_pathname;
    fv->base.xDlOpen = fv_dlopen;
    fv->base.xDlError = fv_dlerror;
    fv->base.xDlSym = fv_dlsym;
    fv->base.xDlClose = fv_dlclose;
    fv->base.xRandomness = fv_randomness;
    fv->base.xSleep = fv_sleep;
    fv->base.xCurrentTime = fv_current_time;
    fv->base.xGetLastError = fv_get_last_error;
    if (fv->base.iVersion >= 2)
        fv->base.xCurrentTimeInt64 = fv_current_time_int64;
    return api->vfs_register(&fv->base, 0);
}

void faultvfs_unregister(struct faultvfs *fv)
{
    struct faultvfs_file_state *s, *next;
    if (fv->api)
        fv->api->vfs_unregister(&fv->base);
    for (s = fv->files; s; s = next) {
        next = s->next;
        drop_pending(fv, s);
        free(s);
    }
    fv->files = NULL;
}

int64_t faultvfs_events(const struct faultvfs *fv)
{
    return fv->writes + fv->syncs;
}
