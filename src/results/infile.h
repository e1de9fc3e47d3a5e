/*
** infile: a file of a results folder read whole, with care, for the
** commands that read folders back (status, plot, compare, resume).  A
** folder may have been copied, hand-edited or damaged, so:
**   - only a regular file is read, found directly or through symbolic
**     links: a FIFO, a device (/dev/zero), a socket or a folder is refused
**     with one line.  The file is opened with O_NONBLOCK, so opening a
**     FIFO never waits for a writer, and fstat'ed before a byte is read;
**   - a file larger than INFILE_MAX is refused before it is read, so
**     memory stays bounded.  1 GiB holds 1.6 million rows of chunks.csv
**     (0.65 KB a chunk), 250,000 of histograms.csv (4 KB a chunk with
**     500,000 reads; under 100 KB, every bucket filled) and 3.5 million
**     of timeline.csv (0.3 KB an interval: 40 days at the default second,
**     10 hours at the shortest, 10 ms); 8 hours of 100M rows in 1M-row
**     chunks write 65 KB, under 1 MB and about 9 MB of them;
**   - what is read is the size fstat gave: a file that grows while it is
**     read (a run still appending) is read up to that size.
** A NUL byte is not this module's business: csvin refuses it by line.
*/
#ifndef SQLSOAK_INFILE_H
#define SQLSOAK_INFILE_H

#include <jansson.h>
#include <stddef.h>

#define INFILE_MAX ((size_t)1 << 30)

/* Reads the regular file path whole.  0, with *buf (its len bytes and a
** NUL after them; the caller frees it) and *len; or -1 with one line
** naming path in err and errno set (ENOENT: there is no such file), *buf
** NULL. */
int infile_read(const char *path, char **buf, size_t *len, char *err, size_t errlen);

/* 1 when nothing is at path (or only a symbolic link to nothing): an
** optional file that was never written; else 0, and reading it must
** succeed. */
int infile_absent(const char *path);

/* path, read as infile_read does, parsed as JSON: the value (the caller
** json_decref's it), or NULL with one line naming path in err. */
json_t *infile_json(const char *path, char *err, size_t errlen);

#endif
