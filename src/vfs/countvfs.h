/*
** countvfs: a pass-through VFS shim that counts what SQLite asks of the
** storage, by kind of file: bytes written, write calls and syncs of the
** database, its rollback journal, its WAL and any other file (temporary
** files, a super-journal), and the calls on the WAL's shared memory
** (-shm): maps, locks and barriers.  SQLite's ext/misc/vfsstat.c is the
** anchor; every other call passes straight to the VFS under it (the
** default one, or crash's fault shim), mmap (xFetch) included.
**
** The counts are the calls SQLite makes: the kernel's view of the same
** writes (/proc/self/io, whole pages, the journal's deleted pages never
** written back) is the io_write_bytes column beside them.
*/
#ifndef SQLSOAK_COUNTVFS_H
#define SQLSOAK_COUNTVFS_H

#include "shimvfs.h"
#include "sqlapi.h"

#include <stdint.h>

#define COUNTVFS_NAME "sqlsoak-count"

enum countvfs_kind { CV_DB, CV_JOURNAL, CV_WAL, CV_OTHER, CV_KINDS };

struct countvfs_counts {
    int64_t write_bytes[CV_KINDS], writes[CV_KINDS], syncs[CV_KINDS];
    int64_t shm_maps, shm_locks, shm_barriers;
};

struct countvfs {
    struct shimvfs shim;        /* first: SQLite hands this pointer back */
    const struct sqlapi *api;
    struct countvfs_counts c;   /* since countvfs_register */
};

/* Registers cv (not as the default) over the VFS named under (NULL: the
** default).  SQLITE_OK, or SQLite's error; counts start at 0. */
int countvfs_register(struct countvfs *cv, const struct sqlapi *api, const char *under);

void countvfs_unregister(struct countvfs *cv);

/* a - b, field by field, into *out. */
void countvfs_diff(const struct countvfs_counts *a, const struct countvfs_counts *b,
                   struct countvfs_counts *out);

#endif
