/*
** faultstate: the simulated storage behind faultvfs: for each file at
** risk, what is durable and what is still pending (writes, its directory
** entry, a truncation), what a sync makes durable on an honest or a lying
** device, and what a power cut leaves.  See faultvfs.h for the model;
** this device knows nothing of the shim above it.
**
** A file's state is keyed by path, not by open handle: SQLite closes and
** reopens journals, and what the operating system has not written yet
** outlives the handle that wrote it.  The real file always holds exactly
** the durable bytes except for truncations and deletions, which happen for
** real (SQLite looks at sizes and existence) and are undone at the cut
** from what is kept here.
*/
#ifndef SQLSOAK_FAULTSTATE_H
#define SQLSOAK_FAULTSTATE_H

#include <stdint.h>
#include <stdio.h>

/* The exit status of the process at the simulated power cut. */
#define FAULTVFS_CRASH_EXIT 86

struct faultvfs_file_state;

/* The simulated device: how it keeps what it is given (set before
** faultvfs_register()), and what it holds. */
struct faultstate {
    int sector_size;            /* torn-write granularity */
    int lying;                  /* the device acknowledges syncs it does not do */
    int powersafe;              /* powersafe overwrite: tears stay inside the write */
    FILE *trace;                /* when not NULL: one line per crash choice */
    int64_t pending_bytes;
    uint64_t rng;
    struct faultvfs_file_state *files;
};

struct pending {
    struct pending *next;
    int64_t off;
    int len;
    int submitted;              /* a sync asked for it: in a lying device's cache */
    unsigned char data[];
};

struct faultvfs_file_state {
    struct faultvfs_file_state *next;
    struct pending *head, *tail;
    /* directory entry: pending until the directory is synced */
    int created;                /* created since: removed at the cut */
    int unlinked;               /* deleted since: put back at the cut ... */
    unsigned char *unlinked_data;  /* ... with this content */
    int64_t unlinked_len;
    int dir_requested;          /* a directory sync was asked for, not yet done */
    /* truncation: pending until the file is synced */
    int truncated;
    int trunc_requested;        /* a sync was asked for, not yet done */
    int64_t trunc_size;         /* the durable size before it */
    int64_t trunc_min;          /* the smallest size truncated to since */
    unsigned char *trunc_saved; /* the durable bytes [trunc_min, trunc_size) */
    char path[];
};

/* The state of path, created when create is set; NULL if none (or out of
** memory). */
struct faultvfs_file_state *fstate_of(struct faultstate *dev, const char *path, int create);

/* Frees every state (at unregistering). */
void fstate_free_all(struct faultstate *dev);

/* A write kept pending: SQLITE_OK, or SQLITE_IOERR_NOMEM past the cap. */
int fstate_write(struct faultstate *dev, struct faultvfs_file_state *s, const void *buf, int n,
                 int64_t off);

/* Copies the pending bytes that fall in [off, off+n) over buf. */
void fstate_overlay(const struct faultvfs_file_state *s, void *buf, int n, int64_t off);

/* The end of the furthest pending write (0 when none). */
int64_t fstate_pending_end(const struct faultvfs_file_state *s);

/* The file was opened; existed: it was there before. */
void fstate_opened(struct faultstate *dev, struct faultvfs_file_state *s, int existed);

/* Before the real truncation of s's file to size. */
void fstate_truncating(struct faultstate *dev, struct faultvfs_file_state *s, int64_t size);

/* Before the real deletion of s's file. */
void fstate_deleting(struct faultstate *dev, struct faultvfs_file_state *s);

/* A sync of s's file (dir_sync: of its directory too, as SQLite's unix
** VFS does on the first sync of a journal or WAL it created), or, with s
** NULL, of path's directory alone (xDelete's dirSync).  SQLITE_OK or an
** I/O error code. */
int fstate_sync(struct faultstate *dev, struct faultvfs_file_state *s, int dir_sync,
                const char *path);

/* The power cut: leaves on disk what the model says survives, then
** _exit(FAULTVFS_CRASH_EXIT). */
void fstate_crash(struct faultstate *dev);

#endif
