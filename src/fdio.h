/*
** fdio: whole reads and writes on a file descriptor, retried across
** short transfers and EINTR (pipes between a cell and the runner, CSV
** appends).
*/
#ifndef SQLSOAK_FDIO_H
#define SQLSOAK_FDIO_H

#include <stddef.h>

/* Reads exactly n bytes; 0, or -1 on error or end of file first. */
int fdio_read_full(int fd, void *buf, size_t n);

/* Writes exactly n bytes; 0, or -1 with errno set. */
int fdio_write_full(int fd, const void *buf, size_t n);

#endif
