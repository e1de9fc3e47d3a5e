/*
** faultvfs: the fault-injecting VFS shim, the methods SQLite calls.  See
** faultvfs.h for the model; faultstate.c keeps the simulated storage.
*/
#include "faultvfs.h"
#include "faultstate.h"
#include "shimvfs.h"

#include <assert.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>
#include <time.h>

#define AT_RISK (SQLITE_OPEN_MAIN_DB | SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_WAL)
/* SQLite's unix VFS syncs the directory on the first sync of a journal or
** WAL it opened with SQLITE_OPEN_CREATE (and on xDelete's dirSync only). */
#define DIR_SYNCED (SQLITE_OPEN_MAIN_JOURNAL | SQLITE_OPEN_WAL)

struct fault_file {
    const sqlite3_io_methods *pMethods;   /* first: this is a sqlite3_file */
    struct faultvfs *fv;
    struct faultvfs_file_state *st;       /* NULL: not at risk (temp files) */
    int dir_sync;                         /* the next sync syncs the directory too */
    sqlite3_file *real;                   /* just past this struct */
};

/* Counts one write or sync; cuts the power when its turn has come. */
static void event(struct faultvfs *fv)
{
    if (fv->crash_at && faultvfs_events(fv) + 1 == fv->crash_at)
        fstate_crash(&fv->dev);
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

static int ff_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 off)
{
    struct faultvfs_file_state *s = FF(f)->st;
    assert(n >= 0 && off >= 0);
    int rc = REAL(f)->pMethods->xRead(REAL(f), buf, n, off);
    if (!s || !s->head || (rc != SQLITE_OK && rc != SQLITE_IOERR_SHORT_READ))
        return rc;
    fstate_overlay(s, buf, n, off);
    if (rc == SQLITE_IOERR_SHORT_READ) {
        sqlite3_int64 real_size = 0;
        REAL(f)->pMethods->xFileSize(REAL(f), &real_size);
        int64_t end = fstate_pending_end(s), size = end > real_size ? end : real_size;
        if (off + n <= size)
            rc = SQLITE_OK;
    }
    return rc;
}

static int ff_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 off)
{
    struct faultvfs *fv = FF(f)->fv;
    struct faultvfs_file_state *s = FF(f)->st;
    assert(n >= 0 && off >= 0);
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
    return fstate_write(&fv->dev, s, buf, n, off);
}

static int ff_truncate(sqlite3_file *f, sqlite3_int64 size)
{
    struct faultvfs_file_state *s = FF(f)->st;
    if (s && FF(f)->fv->simulate) {
        /* pending bytes past the new end are gone; the cut may undo the rest */
        for (struct pending *p = s->head; p; p = p->next)
            if (p->off + p->len > size)
                p->len = p->off >= size ? 0 : (int)(size - p->off);
        fstate_truncating(&FF(f)->fv->dev, s, size);
    }
    return REAL(f)->pMethods->xTruncate(REAL(f), size);
}

static int ff_sync(sqlite3_file *f, int flags)
{
    struct faultvfs *fv = FF(f)->fv;
    struct faultvfs_file_state *s = FF(f)->st;
    if (!s)
        return REAL(f)->pMethods->xSync(REAL(f), flags);
    if (fv->sync_delay_ms > 0) {
        struct timespec ts = {(time_t)(fv->sync_delay_ms / 1000),
                              (long)(fv->sync_delay_ms % 1000) * 1000000};
        while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
            ;
    }
    event(fv);
    fv->syncs++;
    if (!fv->simulate)
        return REAL(f)->pMethods->xSync(REAL(f), flags);
    /* what a sync makes durable is all the sim tracks: no real fsync */
    int dir_sync = FF(f)->dir_sync;
    FF(f)->dir_sync = 0;
    return fstate_sync(&fv->dev, s, dir_sync, NULL);
}

static int ff_file_size(sqlite3_file *f, sqlite3_int64 *size)
{
    struct faultvfs_file_state *s = FF(f)->st;
    int rc = REAL(f)->pMethods->xFileSize(REAL(f), size);
    if (rc == SQLITE_OK && s && s->head && fstate_pending_end(s) > *size)
        *size = fstate_pending_end(s);
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
/* The simulated device's, as SQLite's test6.c does, so that SQLite and
** the model agree; the real file's otherwise. */
static int ff_sector_size(sqlite3_file *f)
{
    struct faultvfs *fv = FF(f)->fv;
    return fv->model_device ? fv->dev.sector_size : REAL(f)->pMethods->xSectorSize(REAL(f));
}
static int ff_device_characteristics(sqlite3_file *f)
{
    struct faultvfs *fv = FF(f)->fv;
    if (fv->model_device)
        return fv->dev.powersafe ? SQLITE_IOCAP_POWERSAFE_OVERWRITE : 0;
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
    int at_risk = name && (flags & AT_RISK);
    int existed = at_risk && fv->simulate && access(name, F_OK) == 0;
    int rc = fv->shim.real->xOpen(fv->shim.real, name, ff->real, flags, out);
    if (rc != SQLITE_OK || !ff->real->pMethods)
        return rc;
    if (at_risk && (ff->st = fstate_of(&fv->dev, name, 1)) && fv->simulate)
        fstate_opened(&fv->dev, ff->st, existed);
    assert(!ff->st || strcmp(ff->st->path, name) == 0);   /* one state per path */
    ff->dir_sync = (flags & SQLITE_OPEN_CREATE) && (flags & DIR_SYNCED);
    ff->pMethods = ff->real->pMethods->iVersion >= 2 ? &methods_v2 : &methods_v1;
    return SQLITE_OK;
}

static int fv_delete(sqlite3_vfs *v, const char *name, int dir_sync)
{
    struct faultvfs *fv = FV(v);
    struct faultvfs_file_state *s = fstate_of(&fv->dev, name, 0);
    if (!fv->simulate || !s)
        return fv->shim.real->xDelete(fv->shim.real, name, dir_sync);
    fstate_deleting(&fv->dev, s);
    /* the unlink happens; the directory sync is the model's */
    int rc = fv->shim.real->xDelete(fv->shim.real, name, 0);
    if (rc == SQLITE_OK && dir_sync)
        rc = fstate_sync(&fv->dev, NULL, 1, name);
    return rc;
}

int faultvfs_register(struct faultvfs *fv, const struct sqlapi *api)
{
    sqlite3_vfs *real = api->vfs_find(NULL);
    if (!real)
        return SQLITE_ERROR;
    fv->api = api;
    fv->dev.rng = fv->seed;
    fv->writes = fv->syncs = fv->dev.pending_bytes = 0;
    fv->dev.files = NULL;
    if (fv->dev.sector_size <= 0)
        fv->dev.sector_size = 512;
    if (fv->dev.sector_size > 65536)
        fv->dev.sector_size = 65536;
    shimvfs_fill(&fv->shim, real, FAULTVFS_NAME, (int)sizeof(struct fault_file));
    fv->shim.base.xOpen = fv_open;
    fv->shim.base.xDelete = fv_delete;
    return api->vfs_register(&fv->shim.base, 0);
}

void faultvfs_unregister(struct faultvfs *fv)
{
    if (fv->api)
        fv->api->vfs_unregister(&fv->shim.base);
    fstate_free_all(&fv->dev);
}

int64_t faultvfs_events(const struct faultvfs *fv)
{
    return fv->writes + fv->syncs;
}
