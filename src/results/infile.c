/*
** infile: see infile.h.
*/
#include "infile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What a file that is not regular is, for the message. */
static const char *kind_of(mode_t m)
{
    return S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device"
         : S_ISBLK(m)  ? "a block device" : S_ISDIR(m) ? "a folder"
         : S_ISSOCK(m) ? "a socket" : "not a file";
}

/* Reads up to size bytes of fd into buf: the number read (less when the
** file shrank), or -1 with errno. */
static ssize_t read_upto(int fd, char *buf, size_t size)
{
    size_t got = 0;
    while (got < size) {
        ssize_t k = read(fd, buf + got, size - got);
        if (k < 0 && errno == EINTR)
            continue;
        if (k < 0)
            return -1;
        if (k == 0)
            break;
        got += (size_t)k;
    }
    return (ssize_t)got;
}

int infile_read(const char *path, char **buf, size_t *len, char *err, size_t errlen)
{
    struct stat st;
    int e = 0;
    *buf = NULL;
    *len = 0;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &st) != 0) {
        e = errno;
        snprintf(err, errlen, "cannot read %s: %s", path, strerror(e));
    } else if (!S_ISREG(st.st_mode)) {
        e = EINVAL;
        snprintf(err, errlen, "%s: %s, not a regular file: not read", path, kind_of(st.st_mode));
    } else if ((unsigned long long)st.st_size > INFILE_MAX) {
        e = EFBIG;
        snprintf(err, errlen,
                 "%s: %lld bytes, more than the %zu MiB a results file may hold: not read",
                 path, (long long)st.st_size, INFILE_MAX >> 20);
    } else if (!(*buf = malloc((size_t)st.st_size + 1))) {
        e = ENOMEM;
        snprintf(err, errlen, "out of memory reading %s", path);
    } else {
        ssize_t got = read_upto(fd, *buf, (size_t)st.st_size);
        if (got < 0) {
            e = errno;
            snprintf(err, errlen, "cannot read %s: %s", path, strerror(e));
            free(*buf);
            *buf = NULL;
        } else {
            (*buf)[got] = 0;
            *len = (size_t)got;
        }
    }
    if (fd >= 0)
        close(fd);
    errno = e;
    return *buf ? 0 : -1;
}

int infile_absent(const char *path)
{
    return access(path, F_OK) != 0 && errno == ENOENT;
}

json_t *infile_json(const char *path, char *err, size_t errlen)
{
    char *buf;
    size_t len;
    json_error_t je;
    if (infile_read(path, &buf, &len, err, errlen))
        return NULL;
    json_t *j = json_loadb(buf, len, 0, &je);
    free(buf);
    if (!j)
        snprintf(err, errlen, "%s line %d: %s", path, je.line, je.text);
    return j;
}
