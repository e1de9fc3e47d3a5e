/*
** dbmark: see dbmark.h.
*/
#include "dbmark.h"
#include "dbfile.h"
#include "fdio.h"
#include "testhook.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* Records beyond this size are not a folder's: refused, not read. */
#define BOOK_MAX_BYTES (64L << 20)

/* statx where the kernel has it (the birth time); else lstat/fstat, with
** no birth time.  path NULL: the open file fd. */
static int identity(int fd, const char *path, struct dbmark *m)
{
    struct statx sx;
    struct stat st;
    memset(m, 0, sizeof *m);
    int rc = path ? statx(AT_FDCWD, path, AT_SYMLINK_NOFOLLOW, STATX_INO | STATX_BTIME, &sx)
                  : statx(fd, "", AT_EMPTY_PATH, STATX_INO | STATX_BTIME, &sx);
    if (rc == 0) {
        m->dev_major = sx.stx_dev_major;
        m->dev_minor = sx.stx_dev_minor;
        m->ino = sx.stx_ino;
        m->has_birth = (sx.stx_mask & STATX_BTIME) != 0;
        m->birth_s = m->has_birth ? sx.stx_btime.tv_sec : 0;
        m->birth_ns = m->has_birth ? sx.stx_btime.tv_nsec : 0;
        return 0;
    }
    if (errno != ENOSYS && errno != EPERM)      /* no statx here (old kernel, sandbox) */
        return -1;
    if ((path ? lstat(path, &st) : fstat(fd, &st)) != 0)
        return -1;
    m->dev_major = major(st.st_dev);
    m->dev_minor = minor(st.st_dev);
    m->ino = (uint64_t)st.st_ino;
    return 0;
}

int dbmark_of_fd(int fd, struct dbmark *m)
{
    return identity(fd, NULL, m);
}

int dbmark_of_path(const char *path, struct dbmark *m)
{
    return identity(-1, path, m);
}

/* The refusal of a create that found db (or its side file) there. */
static void refused(const char *db, int e, char *err, size_t errlen)
{
    if (e == EEXIST)
        snprintf(err, errlen, "%s exists and is not sqlsoak's: not touched", db);
    else
        snprintf(err, errlen, "cannot create %s: %s", db, strerror(e));
}

/* An unnamed file in db's folder (O_TMPFILE), when the filesystem makes
** one and /proc can name it later; else -1. */
static int unnamed_beside(const char *db)
{
    char dir[4200];
    snprintf(dir, sizeof dir, "%s", db);
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == dir)
        dir[1] = 0;
    else
        *slash = 0;
    if (testhook_no_tmpfile() || access("/proc/self/fd", X_OK) != 0)
        return -1;
    return open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
}

int dbmark_conceive(const char *db, struct dbmark_newborn *nb, struct dbmark *m, char *err,
                    size_t errlen)
{
    char side[4200];
    struct stat st;
    nb->fd = -1;
    /* db there already is refused before anything is made or recorded
    ** (linkat would refuse it too, but after the record) */
    snprintf(side, sizeof side, "%s", db);
    if (lstat(db, &st) == 0 || dbfile_side_exists(db, side, sizeof side)) {
        errno = EEXIST;
        refused(side, EEXIST, err, errlen);
        return -1;
    }
    nb->named = 0;
    if ((nb->fd = unnamed_beside(db)) < 0) {
        nb->named = 1;          /* no O_TMPFILE here: born under its name */
        nb->fd = open(db, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    }
    if (nb->fd < 0 || dbmark_of_fd(nb->fd, m) != 0) {
        int e = errno;
        refused(db, e, err, errlen);
        if (nb->fd >= 0) {
            close(nb->fd);
            if (nb->named)
                unlink(db);     /* made by the open above, a moment ago */
        }
        nb->fd = -1;
        errno = e;
        return -1;
    }
    return 0;
}

int dbmark_name(struct dbmark_newborn *nb, const char *db, char *err, size_t errlen)
{
    char self[64];
    int rc = 0, e = 0;
    snprintf(self, sizeof self, "/proc/self/fd/%d", nb->fd);
    /* linkat fails with EEXIST over any file: never over another's */
    if (!nb->named && linkat(AT_FDCWD, self, AT_FDCWD, db, AT_SYMLINK_FOLLOW) != 0) {
        e = errno;
        refused(db, e, err, errlen);
        rc = -1;
    }
    close(nb->fd);
    nb->fd = -1;
    errno = e;
    return rc;
}

void dbmark_abandon(struct dbmark_newborn *nb, const char *db)
{
    if (nb->fd < 0)
        return;
    close(nb->fd);
    if (nb->named)
        unlink(db);
    nb->fd = -1;
}

int dbmark_create(const char *db, struct dbmark *m, char *err, size_t errlen)
{
    struct dbmark_newborn nb;
    if (dbmark_conceive(db, &nb, m, err, errlen) != 0)
        return -1;
    return dbmark_name(&nb, db, err, errlen);
}

int dbmark_same(const struct dbmark *a, const struct dbmark *b)
{
    return a->dev_major == b->dev_major && a->dev_minor == b->dev_minor && a->ino == b->ino &&
           a->has_birth == b->has_birth && a->birth_s == b->birth_s && a->birth_ns == b->birth_ns;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* One line, one write: a kill never leaves half of it. */
static int note(int fd, const char *line, int len)
{
    if (len < 0 || len >= 512) {
        errno = ENAMETOOLONG;
        return -1;
    }
    if (fdio_write_full(fd, line, (size_t)len) != 0)
        return -1;
    return fdatasync(fd) == 0 || errno == EINVAL ? 0 : -1;   /* EINVAL: a pipe */
}

int dbmark_note_created(int fd, const char *db, const struct dbmark *m)
{
    char line[512], birth[48] = "-";
    if (m->has_birth)
        snprintf(birth, sizeof birth, "%" PRId64 ".%09" PRIu32, m->birth_s, m->birth_ns);
    int len = snprintf(line, sizeof line, "created %" PRIu32 ":%" PRIu32 " %" PRIu64 " %s %s\n",
                       m->dev_major, m->dev_minor, m->ino, birth, base_name(db));
    return note(fd, line, len);
}

int dbmark_note_deleted(int fd, const char *db)
{
    char line[512];
    return note(fd, line, snprintf(line, sizeof line, "deleted %s\n", base_name(db)));
}

int dbmark_remove(const char *db, const struct dbmark *m, int note_fd)
{
    struct dbmark now;
    if (dbmark_of_path(db, &now) != 0 || !dbmark_same(&now, m))
        return 0;
    /* recorded first: a kill in between keeps the file, and never leaves
    ** a proof standing for a file that is gone */
    if (note_fd >= 0)
        dbmark_note_deleted(note_fd, db);
    dbfile_remove(db);
    return 1;
}

/* ---- reading the records back ---- */

/* An unsigned decimal number at *p up to stop; advances *p past stop. */
static int number(const char **p, char stop, uint64_t max, uint64_t *v)
{
    const char *s = *p;
    uint64_t x = 0;
    if (*s < '0' || *s > '9')
        return -1;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (x > (max - (uint64_t)(*s - '0')) / 10)
            return -1;
        x = x * 10 + (uint64_t)(*s - '0');
    }
    if (*s != stop)
        return -1;
    *v = x;
    *p = s + 1;
    return 0;
}

static int name_ok(const char *s, size_t n)
{
    if (!*s || strlen(s) >= n)
        return 0;
    for (; *s; s++)
        if (*s == '/' || *s == ' ' || (unsigned char)*s < 0x20)
            return 0;
    return 1;
}

/* One record line (no newline) into *e; 0, or -1 when it does not parse. */
static int parse_line(const char *line, struct dbmark_entry *e)
{
    uint64_t maj, min, sec, ns;
    memset(e, 0, sizeof *e);
    if (strncmp(line, "deleted ", 8) == 0) {
        e->deleted = 1;
        line += 8;
    } else if (strncmp(line, "created ", 8) == 0) {
        const char *p = line + 8;
        if (number(&p, ':', UINT32_MAX, &maj) || number(&p, ' ', UINT32_MAX, &min) ||
            number(&p, ' ', UINT64_MAX, &e->mark.ino))
            return -1;
        if (strncmp(p, "- ", 2) == 0) {
            p += 2;
        } else {
            if (number(&p, '.', INT64_MAX, &sec))
                return -1;
            const char *frac = p;
            if (number(&p, ' ', 999999999, &ns) || p - frac != 10)
                return -1;      /* nanoseconds: nine digits (and the space), as written */
            e->mark.has_birth = 1;
            e->mark.birth_s = (int64_t)sec;
            e->mark.birth_ns = (uint32_t)ns;
        }
        e->mark.dev_major = (uint32_t)maj;
        e->mark.dev_minor = (uint32_t)min;
        line = p;
    } else {
        return -1;
    }
    if (!name_ok(line, sizeof e->name))
        return -1;
    snprintf(e->name, sizeof e->name, "%s", line);
    return 0;
}

static int add(struct dbmark_book *b, const struct dbmark_entry *e)
{
    if (b->n == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 16;
        struct dbmark_entry *v = realloc(b->v, cap * sizeof *v);
        if (!v)
            return -1;
        b->v = v;
        b->cap = cap;
    }
    b->v[b->n++] = *e;
    return 0;
}

/* The whole lines of text (len bytes) into b; a torn last line is left out. */
static int parse_text(char *text, size_t len, struct dbmark_book *b)
{
    size_t start = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] != '\n')
            continue;
        struct dbmark_entry e;
        text[i] = 0;
        if (strlen(text + start) == i - start && parse_line(text + start, &e) == 0 &&
            add(b, &e) != 0)
            return -1;
        start = i + 1;
    }
    return 0;
}

/* Adds the records of fd, read to its end, to *b.  0, or -1 with errno. */
static int book_read(int fd, struct dbmark_book *b)
{
    size_t len = 0, cap = 4096;
    char *text = malloc(cap);
    for (;;) {
        if (!text)
            return -1;
        if (len == cap) {
            char *t = cap < (size_t)BOOK_MAX_BYTES ? realloc(text, cap * 2) : NULL;
            if (!t) {
                free(text);
                errno = EFBIG;
                return -1;
            }
            text = t;
            cap *= 2;
        }
        ssize_t got = read(fd, text + len, cap - len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            free(text);
            return -1;
        }
        if (got == 0)
            break;
        len += (size_t)got;
    }
    int rc = parse_text(text, len, b);
    free(text);
    return rc;
}

int dbmark_book_load(const char *out, struct dbmark_book *b, char *err, size_t errlen)
{
    char path[4200];
    struct stat st;
    memset(b, 0, sizeof *b);
    snprintf(path, sizeof path, "%s/%s", out, DBMARK_FILE);
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT) {
        b->missing = 1;
        return 0;
    }
    const char *why = NULL;
    if (fd < 0 || fstat(fd, &st) != 0)
        why = strerror(errno);
    else if (!S_ISREG(st.st_mode))
        why = "not a regular file";
    else if (st.st_size > BOOK_MAX_BYTES)
        why = "too large to be sqlsoak's";
    else if (book_read(fd, b) != 0)
        why = strerror(errno);
    if (fd >= 0)
        close(fd);
    if (why) {
        snprintf(err, errlen, "%s: %s: cannot resume", path, why);
        dbmark_book_free(b);
        return -1;
    }
    return 0;
}

const struct dbmark *dbmark_book_find(const struct dbmark_book *b, const char *db)
{
    const char *name = base_name(db);
    for (size_t i = b->n; i-- > 0;)
        if (strcmp(b->v[i].name, name) == 0)
            return b->v[i].deleted ? NULL : &b->v[i].mark;
    return NULL;
}

void dbmark_book_free(struct dbmark_book *b)
{
    free(b->v);
    b->v = NULL;
    b->n = b->cap = 0;
}
