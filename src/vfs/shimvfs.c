/*
** shimvfs: see shimvfs.h.
*/
#include "shimvfs.h"

#include <string.h>

#define REALVFS(v) (((struct shimvfs *)(v))->real)

static int sv_open(sqlite3_vfs *v, const char *name, sqlite3_file *f, int flags, int *out)
{
    return REALVFS(v)->xOpen(REALVFS(v), name, f, flags, out);
}
static int sv_delete(sqlite3_vfs *v, const char *name, int dir_sync)
{
    return REALVFS(v)->xDelete(REALVFS(v), name, dir_sync);
}
static int sv_access(sqlite3_vfs *v, const char *name, int flags, int *out)
{
    return REALVFS(v)->xAccess(REALVFS(v), name, flags, out);
}
static int sv_full_pathname(sqlite3_vfs *v, const char *name, int n, char *out)
{
    return REALVFS(v)->xFullPathname(REALVFS(v), name, n, out);
}
static void *sv_dlopen(sqlite3_vfs *v, const char *name)
{
    return REALVFS(v)->xDlOpen(REALVFS(v), name);
}
static void sv_dlerror(sqlite3_vfs *v, int n, char *out)
{
    REALVFS(v)->xDlError(REALVFS(v), n, out);
}
static void (*sv_dlsym(sqlite3_vfs *v, void *h, const char *name))(void)
{
    return REALVFS(v)->xDlSym(REALVFS(v), h, name);
}
static void sv_dlclose(sqlite3_vfs *v, void *h) { REALVFS(v)->xDlClose(REALVFS(v), h); }
static int sv_randomness(sqlite3_vfs *v, int n, char *out)
{
    return REALVFS(v)->xRandomness(REALVFS(v), n, out);
}
static int sv_sleep(sqlite3_vfs *v, int us) { return REALVFS(v)->xSleep(REALVFS(v), us); }
static int sv_current_time(sqlite3_vfs *v, double *out)
{
    return REALVFS(v)->xCurrentTime(REALVFS(v), out);
}
static int sv_get_last_error(sqlite3_vfs *v, int n, char *out)
{
    return REALVFS(v)->xGetLastError ? REALVFS(v)->xGetLastError(REALVFS(v), n, out) : 0;
}
static int sv_current_time_int64(sqlite3_vfs *v, sqlite3_int64 *out)
{
    return REALVFS(v)->xCurrentTimeInt64(REALVFS(v), out);
}

void shimvfs_fill(struct shimvfs *v, sqlite3_vfs *real, const char *name, int file_size)
{
    memset(&v->base, 0, sizeof v->base);
    v->real = real;
    v->base.iVersion = real->iVersion >= 2 ? 2 : 1;
    v->base.szOsFile = file_size + real->szOsFile;
    v->base.mxPathname = real->mxPathname;
    v->base.zName = name;
    v->base.xOpen = sv_open;
    v->base.xDelete = sv_delete;
    v->base.xAccess = sv_access;
    v->base.xFullPathname = sv_full_pathname;
    v->base.xDlOpen = sv_dlopen;
    v->base.xDlError = sv_dlerror;
    v->base.xDlSym = sv_dlsym;
    v->base.xDlClose = sv_dlclose;
    v->base.xRandomness = sv_randomness;
    v->base.xSleep = sv_sleep;
    v->base.xCurrentTime = sv_current_time;
    v->base.xGetLastError = sv_get_last_error;
    if (v->base.iVersion >= 2 && real->xCurrentTimeInt64)
        v->base.xCurrentTimeInt64 = sv_current_time_int64;
}
