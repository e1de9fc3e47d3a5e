/*
** fdio: whole reads and writes on a file descriptor, retried across
** short transfers and EINTR (pipes between a cell and the runner, CSV
** appends).
*/
#ifndef SQLSOAK_FDIO_H
#define SQLSOAK_FDIO_H

#include <stddef.h>
#include <stdint.h>

/* Reads exactly n bytes; 0, or -1 on error or end of file first. */
int fdio_read_full(int fd, void *buf, size_t n);

/* As fdio_read_full, waiting no later than deadline_ns (clock_now_ns();
** 0: no deadline): 1 when it came first (what was read is lost). */
int fdio_read_by(int fd, void *buf, size_t n, uint64_t deadline_ns);

/* As fdio_read_full, calling due(arg) before each part is read: a part
** is read once it returns 0; any other value is returned at once (what
** was read is lost).  For a reader that decides itself how long a
** writer may take between the parts of a message larger than a pipe. */
int fdio_read_when(int fd, void *buf, size_t n, int (*due)(void *arg), void *arg);

/* Writes exactly n bytes; 0, or -1 with errno set. */
int fdio_write_full(int fd, const void *buf, size_t n);

/* Whether errno e of a failed write means the disk (or the quota, or the
** file-size limit) is full: resumable once there is room. */
int fdio_disk_full(int e);

/* path replaced whole: fill(fd, arg) writes a new path.tmp (made with
** O_EXCL: a file of that name is not ours to overwrite), which is then
** closed and renamed over path.  0, or -1 with errno (the .tmp removed,
** path as it was); *made says whether path.tmp had been made. */
int fdio_replace(const char *path, int (*fill)(int fd, void *arg), void *arg, int *made);

#endif
