/*
** oscache: the operating system's page cache over a database's files: how
** much of them is resident (mincore), and evicting them, so that a read
** phase reads from the storage the way an application on a small-RAM
** device does once its table outgrows RAM (fio's invalidate=1).
**
** Eviction is fdatasync, then posix_fadvise(POSIX_FADV_DONTNEED) over the
** whole file: no root needed, one file at a time.  Limits: the kernel drops
** only clean pages (hence the fdatasync first); a filesystem may ignore the
** advice (tmpfs keeps its pages: they are its storage); SQLite's own page
** cache (--cache-size) is the application's memory and is not touched.
** The residency probe maps the file in windows of OSCACHE_WINDOW bytes, so
** a file past 4 GiB is measured on a 32-bit system too; it reads no page.
*/
#ifndef SQLSOAK_OSCACHE_H
#define SQLSOAK_OSCACHE_H

#include <stdint.h>

#define OSCACHE_WINDOW ((int64_t)64 << 20)

/* Writes path's dirty pages back and asks the kernel to drop its cached
** ones.  0 (also when path does not exist), or -1 with errno set. */
int oscache_drop(const char *path);

/* Adds path's resident and total pages to *resident and *total (nothing
** for a missing or empty file).  0, or -1 with errno when the file cannot
** be mapped or probed. */
int oscache_resident(const char *path, int64_t *resident, int64_t *total);

/* The same over a database and its -wal (the pages a reader may fetch):
** oscache_drop on each, 0 or -1 with errno; and the percentage of their
** pages resident, NaN when it cannot be told.  The database itself is
** reached through db_fd, a descriptor the caller keeps open on it until
** its connections are closed: closing any descriptor of a file drops
** every POSIX lock the process holds on it (fcntl(2)), SQLite's included,
** and another process (a reader) would then take the writer's
** transaction for a crashed one and roll it back. */
int oscache_drop_db(int db_fd, const char *db);
double oscache_db_cached_pct(int db_fd, const char *db);

#endif
