/*
** fdio: see fdio.h.
*/
#include "fdio.h"
#include "clock.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <unistd.h>

/* 0 once fd is readable, 1 at deadline_ns, -1 on error. */
static int readable_by(int fd, uint64_t deadline_ns)
{
    for (;;) {
        uint64_t now = clock_now_ns();
        if (now >= deadline_ns)
            return 1;
        uint64_t ms = (deadline_ns - now + 999999) / 1000000;
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int r = poll(&p, 1, ms > 60000 ? 60000 : (int)ms);
        if (r > 0)
            return 0;
        if (r < 0 && errno != EINTR)
            return -1;
    }
}

int fdio_read_full(int fd, void *buf, size_t n)
{
    return fdio_read_when(fd, buf, n, NULL, NULL);
}

struct readable_wait {
    int fd;
    uint64_t deadline_ns;
};

static int readable_due(void *arg)
{
    struct readable_wait *w = arg;
    return readable_by(w->fd, w->deadline_ns);
}

int fdio_read_by(int fd, void *buf, size_t n, uint64_t deadline_ns)
{
    struct readable_wait w = {fd, deadline_ns};
    return fdio_read_when(fd, buf, n, deadline_ns ? readable_due : NULL, &w);
}

int fdio_read_when(int fd, void *buf, size_t n, int (*due)(void *arg), void *arg)
{
    size_t got = 0;
    while (got < n) {
        int w = due ? due(arg) : 0;
        if (w != 0)
            return w;
        ssize_t k = read(fd, (char *)buf + got, n - got);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        got += (size_t)k;
    }
    return 0;
}

int fdio_write_full(int fd, const void *buf, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t k = write(fd, (const char *)buf + done, n - done);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        done += (size_t)k;
    }
    return 0;
}

int fdio_disk_full(int e)
{
    return e == ENOSPC || e == EDQUOT || e == EFBIG;
}

int fdio_replace(const char *path, int (*fill)(int fd, void *arg), void *arg, int *made)
{
    char tmp[4352];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        errno = ENAMETOOLONG;
        *made = 0;
        return -1;
    }
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    int rc = fd < 0 ? -1 : fill(fd, arg), e = errno;
    *made = fd >= 0;
    if (fd >= 0 && close(fd) != 0 && rc == 0) {
        rc = -1;
        e = errno;
    }
    if (rc == 0 && rename(tmp, path) != 0) {
        rc = -1;
        e = errno;
    }
    if (rc != 0 && fd >= 0)
        unlink(tmp);
    errno = e;
    return rc;
}
