/*
** countvfs: see countvfs.h.
*/
#include "countvfs.h"

#include <string.h>

struct count_file {
    const sqlite3_io_methods *pMethods;   /* first: this is a sqlite3_file */
    struct countvfs *cv;
    int kind;
    sqlite3_file *real;                   /* just past this struct */
};

#define CF(f) ((struct count_file *)(f))
#define REAL(f) (CF(f)->real)

static int cf_close(sqlite3_file *f)
{
    int rc = REAL(f)->pMethods->xClose(REAL(f));
    CF(f)->pMethods = NULL;
    return rc;
}
static int cf_read(sqlite3_file *f, void *buf, int n, sqlite3_int64 off)
{
    return REAL(f)->pMethods->xRead(REAL(f), buf, n, off);
}
static int cf_write(sqlite3_file *f, const void *buf, int n, sqlite3_int64 off)
{
    struct countvfs_counts *c = &CF(f)->cv->c;
    c->writes[CF(f)->kind]++;
    c->write_bytes[CF(f)->kind] += n;
    return REAL(f)->pMethods->xWrite(REAL(f), buf, n, off);
}
static int cf_truncate(sqlite3_file *f, sqlite3_int64 size)
{
    return REAL(f)->pMethods->xTruncate(REAL(f), size);
}
static int cf_sync(sqlite3_file *f, int flags)
{
    CF(f)->cv->c.syncs[CF(f)->kind]++;
    return REAL(f)->pMethods->xSync(REAL(f), flags);
}
static int cf_file_size(sqlite3_file *f, sqlite3_int64 *size)
{
    return REAL(f)->pMethods->xFileSize(REAL(f), size);
}
static int cf_lock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xLock(REAL(f), l); }
static int cf_unlock(sqlite3_file *f, int l) { return REAL(f)->pMethods->xUnlock(REAL(f), l); }
static int cf_check_reserved(sqlite3_file *f, int *out)
{
    return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out);
}
static int cf_file_control(sqlite3_file *f, int op, void *arg)
{
    return REAL(f)->pMethods->xFileControl(REAL(f), op, arg);
}
static int cf_sector_size(sqlite3_file *f) { return REAL(f)->pMethods->xSectorSize(REAL(f)); }
static int cf_device_characteristics(sqlite3_file *f)
{
    return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f));
}
static int cf_shm_map(sqlite3_file *f, int pg, int sz, int ext, void volatile **pp)
{
    CF(f)->cv->c.shm_maps++;
    return REAL(f)->pMethods->xShmMap(REAL(f), pg, sz, ext, pp);
}
static int cf_shm_lock(sqlite3_file *f, int off, int n, int flags)
{
    CF(f)->cv->c.shm_locks++;
    return REAL(f)->pMethods->xShmLock(REAL(f), off, n, flags);
}
static void cf_shm_barrier(sqlite3_file *f)
{
    CF(f)->cv->c.shm_barriers++;
    REAL(f)->pMethods->xShmBarrier(REAL(f));
}
static int cf_shm_unmap(sqlite3_file *f, int del)
{
    return REAL(f)->pMethods->xShmUnmap(REAL(f), del);
}
static int cf_fetch(sqlite3_file *f, sqlite3_int64 off, int n, void **pp)
{
    return REAL(f)->pMethods->xFetch(REAL(f), off, n, pp);
}
static int cf_unfetch(sqlite3_file *f, sqlite3_int64 off, void *p)
{
    return REAL(f)->pMethods->xUnfetch(REAL(f), off, p);
}

/* One table per io-methods version: a file offers what the real file
** does, no more (version 3's xFetch is mmap, which --mmap-size measures). */
#define V1 cf_close, cf_read, cf_write, cf_truncate, cf_sync, cf_file_size, cf_lock, \
           cf_unlock, cf_check_reserved, cf_file_control, cf_sector_size,          \
           cf_device_characteristics
#define V2 cf_shm_map, cf_shm_lock, cf_shm_barrier, cf_shm_unmap
static const sqlite3_io_methods methods_v1 = {1, V1, NULL, NULL, NULL, NULL, NULL, NULL};
static const sqlite3_io_methods methods_v2 = {2, V1, V2, NULL, NULL};
static const sqlite3_io_methods methods_v3 = {3, V1, V2, cf_fetch, cf_unfetch};

static int kind_of(int flags)
{
    return (flags & SQLITE_OPEN_MAIN_DB)        ? CV_DB
           : (flags & SQLITE_OPEN_MAIN_JOURNAL) ? CV_JOURNAL
           : (flags & SQLITE_OPEN_WAL)          ? CV_WAL
                                                : CV_OTHER;
}

static int cv_open(sqlite3_vfs *v, const char *name, sqlite3_file *f, int flags, int *out)
{
    struct countvfs *cv = (struct countvfs *)v;
    struct count_file *cf = CF(f);
    memset(cf, 0, sizeof *cf);
    cf->cv = cv;
    cf->kind = kind_of(flags);
    cf->real = (sqlite3_file *)(cf + 1);
    int rc = cv->shim.real->xOpen(cv->shim.real, name, cf->real, flags, out);
    if (rc != SQLITE_OK || !cf->real->pMethods)
        return rc;
    int version = cf->real->pMethods->iVersion;
    cf->pMethods = version >= 3 ? &methods_v3 : version >= 2 ? &methods_v2 : &methods_v1;
    return SQLITE_OK;
}

int countvfs_register(struct countvfs *cv, const struct sqlapi *api, const char *under)
{
    sqlite3_vfs *real = api->vfs_find(under);
    if (!real)
        return SQLITE_ERROR;
    memset(&cv->c, 0, sizeof cv->c);
    cv->api = api;
    shimvfs_fill(&cv->shim, real, COUNTVFS_NAME, (int)sizeof(struct count_file));
    cv->shim.base.xOpen = cv_open;
    return api->vfs_register(&cv->shim.base, 0);
}

void countvfs_unregister(struct countvfs *cv)
{
    if (cv->api)
        cv->api->vfs_unregister(&cv->shim.base);
    cv->api = NULL;
}

void countvfs_diff(const struct countvfs_counts *a, const struct countvfs_counts *b,
                   struct countvfs_counts *out)
{
    for (int k = 0; k < CV_KINDS; k++) {
        out->write_bytes[k] = a->write_bytes[k] - b->write_bytes[k];
        out->writes[k] = a->writes[k] - b->writes[k];
        out->syncs[k] = a->syncs[k] - b->syncs[k];
    }
    out->shm_maps = a->shm_maps - b->shm_maps;
    out->shm_locks = a->shm_locks - b->shm_locks;
    out->shm_barriers = a->shm_barriers - b->shm_barriers;
}
