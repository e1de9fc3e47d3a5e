/*
** shimvfs: the methods a VFS shim passes straight to the VFS under it
** (access, full pathname, dlopen..., randomness, sleep, the clocks), so
** each shim (crash's faultvfs, the counting countvfs) writes only the
** methods it changes.  A shim's struct begins with struct shimvfs.
*/
#ifndef SQLSOAK_SHIMVFS_H
#define SQLSOAK_SHIMVFS_H

#include <sqlite3.h>

struct shimvfs {
    sqlite3_vfs base;           /* first: SQLite hands this pointer back */
    sqlite3_vfs *real;          /* the VFS under the shim */
};

/* Fills v->base as a shim named name over real whose files take
** file_size bytes of their own before the real file's: every method
** passes through, xOpen and xDelete included; the caller sets its own
** after.  Version 2 at most (xCurrentTimeInt64 only when real has it). */
void shimvfs_fill(struct shimvfs *v, sqlite3_vfs *real, const char *name, int file_size);

#endif
