/*
** faultvfs: a VFS shim registered on a loaded SQLite library, wrapping
** that library's default VFS, to inject faults into the files of a
** database under test (main database, rollback journal, WAL).
**
** Three modes, chosen by the fields set before faultvfs_register():
**  - counting: every write and sync passes through and is counted
**    (faultvfs_events()), to size the crash points of a trial;
**  - I/O error: writes after ioerr_after fail with SQLITE_IOERR_WRITE;
**  - power loss (simulate): as in SQLite's own crash test VFS (test6.c),
**    writes since a file's last sync stay in memory, reads see them, and
**    xSync writes them through.  At event crash_at (the Nth write or sync,
**    counted together) each pending write is applied, dropped, or torn at
**    sector granularity (some sectors written, some not, some garbage:
**    with powersafe overwrite only inside the bytes that write covered,
**    without it anywhere in the sectors it touched), in order, and the
**    process exits at once with FAULTVFS_CRASH_EXIT.
**    Beyond test6.c, directory entries: a file's creation or deletion is
**    durable only once its directory is synced (xDelete's dirSync, or
**    the first sync of a journal or WAL opened with SQLITE_OPEN_CREATE,
**    where SQLite's unix VFS syncs the directory), a truncation only once
**    the file is synced; at the cut a pending deletion is undone (the
**    file is back with its durable content), a pending creation removes
**    the file, a pending truncation is undone.
**    An honest device carries out each sync at once.  A lying one
**    acknowledges every sync but carries it out only one time in two
**    (drawn from the seed); the writes, truncations and directory entries
**    of one it did not carry out wait in its cache for the next it does,
**    and at the cut meet the same fate as unsynced writes.
**    With model_device, xSectorSize and xDeviceCharacteristics report
**    sector_size and powersafe (as test6.c does), so that SQLite and the
**    model agree.
** Only version-1 VFS and io methods are required of the library; newer
** methods (shared memory for WAL, mmap fetch) pass through when present.
** All state hangs off struct faultvfs: no globals.  Not thread-safe.
*/
#ifndef SQLSOAK_FAULTVFS_H
#define SQLSOAK_FAULTVFS_H

#include "sqlapi.h"
#include "faultstate.h"
#include "shimvfs.h"

#include <stdint.h>
#include <stdio.h>

#define FAULTVFS_NAME "sqlsoak-fault"

struct faultvfs {
    struct shimvfs shim;        /* first: SQLite hands this pointer back */
    const struct sqlapi *api;
    /* set before faultvfs_register() */
    int64_t ioerr_after;        /* fail writes after this many; -1 never */
    int simulate;               /* keep unsynced writes in memory */
    int64_t crash_at;           /* 1-based event to crash at; 0 never */
    uint64_t seed;              /* of the crash's choices */
    struct faultstate dev;      /* the device: set its sector_size, lying, powersafe
                                   and trace */
    int model_device;           /* report sector_size and powersafe to SQLite */
    int64_t sync_delay_ms;      /* each sync of a file under test waits this long
                                   first: slow storage (a test hook); 0 none */
    /* counters and state */
    int64_t writes, syncs;
};

/* Registers fv (its settings filled in) on api's library under
** FAULTVFS_NAME, wrapping the default VFS.  Returns SQLITE_OK or an error
** code.  fv must outlive every connection that uses it. */
int faultvfs_register(struct faultvfs *fv, const struct sqlapi *api);

/* Unregisters and frees the pending writes. */
void faultvfs_unregister(struct faultvfs *fv);

/* Writes plus syncs so far. */
int64_t faultvfs_events(const struct faultvfs *fv);

#endif
