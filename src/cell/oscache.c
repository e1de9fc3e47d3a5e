/*
** oscache: see oscache.h.
*/
#include "oscache.h"

#include "dbfile.h"

#include <math.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int drop_fd(int fd)
{
    int rc = fdatasync(fd);
    if (rc == 0)
        rc = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0 ? 0 : -1;
    return rc;
}

int oscache_drop(const char *path)
{
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT ? 0 : -1;
    int rc = drop_fd(fd);
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

/* oscache_resident of the file open on fd. */
static int resident_fd(int fd, int64_t *resident, int64_t *total)
{
    const int64_t page = sysconf(_SC_PAGESIZE);
    struct stat st;
    if (fstat(fd, &st) != 0)
        return -1;
    int64_t size = (int64_t)st.st_size;
    unsigned char *vec = malloc((size_t)(OSCACHE_WINDOW / page));
    int rc = vec ? 0 : -1;
    for (int64_t off = 0; rc == 0 && off < size; off += OSCACHE_WINDOW) {
        size_t len = (size_t)(size - off < OSCACHE_WINDOW ? size - off : OSCACHE_WINDOW);
        void *p = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, (off_t)off);
        if (p == MAP_FAILED) {
            rc = -1;
            break;
        }
        size_t pages = (len + (size_t)page - 1) / (size_t)page;
        if (mincore(p, len, vec) == 0) {
            for (size_t i = 0; i < pages; i++)
                *resident += vec[i] & 1;
            *total += (int64_t)pages;
        } else {
            rc = -1;
        }
        munmap(p, len);
    }
    int e = errno;
    free(vec);
    errno = e;
    return rc;
}

int oscache_resident(const char *path, int64_t *resident, int64_t *total)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT ? 0 : -1;
    int rc = resident_fd(fd, resident, total);
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

int oscache_drop_db(int db_fd, const char *db)
{
    char wal[4200];
    if (dbfile_side(db, "-wal", wal, sizeof wal) != 0)
        return -1;
    return drop_fd(db_fd) == 0 && oscache_drop(wal) == 0 ? 0 : -1;
}

double oscache_db_cached_pct(int db_fd, const char *db)
{
    char wal[4200];
    int64_t resident = 0, total = 0;
    if (dbfile_side(db, "-wal", wal, sizeof wal) != 0 ||
        resident_fd(db_fd, &resident, &total) != 0 ||
        oscache_resident(wal, &resident, &total) != 0 || total == 0)
        return NAN;
    return 100.0 * (double)resident / (double)total;
}
