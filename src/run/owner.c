/*
** owner: see owner.h.  POSIX record locks (fcntl): F_GETLK names the
** holder's pid, so nothing is ever written to the file and a process that
** is refused changes nothing.  The runner holds byte 0; its cell's process,
** which does not inherit record locks, takes byte 1, so that a cell's
** process outliving a killed runner for a moment (until its
** PR_SET_PDEATHSIG lands) still keeps a resume out.  A taker locks both.
** The descriptor is close-on-exec, and only the owner opens the file
** (closing any descriptor of it would drop the lock).  The file is made
** with O_EXCL by a fresh run, which so wins a race for the folder; with
** --detach, the terminal's process makes it and only its background
** process locks it, so the pid a loser hears is the one that runs.
*/
#include "owner.h"
#include "notice.h"
#include "spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int owner_fd = -1;

#define OWNER_ENDING_S 30        /* the longest wait for an ending holder */

/* Bytes [start, start + len) of the file. */
static void bytes(struct flock *fl, short type, off_t start, off_t len)
{
    memset(fl, 0, sizeof *fl);
    fl->l_type = type;
    fl->l_whence = SEEK_SET;
    fl->l_start = start;
    fl->l_len = len;
}

/* The pid holding a lock on bytes [start, start + len) of fd, 0 when none
** does. */
static pid_t holder_of(int fd, off_t start, off_t len)
{
    struct flock fl;
    bytes(&fl, F_WRLCK, start, len);
    if (fcntl(fd, F_GETLK, &fl) != 0 || fl.l_type == F_UNLCK)
        return 0;
    return fl.l_pid;
}

/* The pid holding a lock on fd, 0 when none does. */
static pid_t holder(int fd)
{
    return holder_of(fd, 0, 2);
}

#define PF_EXITING_FLAG 0x4u     /* the kernel's PF_EXITING: in do_exit */
#define SIGKILL_BIT 0x100ull     /* SIGKILL (9) in /proc/PID/status's masks */

/* Whether process pid is on its way out: exiting (/proc/PID/stat's flags
** have PF_EXITING, or its state is Z or X) or a SIGKILL pending on it.
** Its locks are gone a moment later: the kernel drops them as it ends. */
static int dying(pid_t pid)
{
    char path[64], line[512];
    unsigned flags = 0;
    char state = 0;
    int kill_pending = 0;
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    FILE *f = fopen(path, "re");
    if (!f)
        return 0;
    if (fgets(line, sizeof line, f)) {
        const char *p = strrchr(line, ')');   /* the name may hold spaces and ')' */
        if (p && sscanf(p + 1, " %c %*d %*d %*d %*d %*d %u", &state, &flags) != 2)
            state = 0;
    }
    fclose(f);
    snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
    if ((f = fopen(path, "re")) != NULL) {
        unsigned long long mask;
        while (fgets(line, sizeof line, f))
            if ((sscanf(line, "SigPnd: %llx", &mask) == 1 ||
                 sscanf(line, "ShdPnd: %llx", &mask) == 1) && (mask & SIGKILL_BIT))
                kill_pending = 1;
        fclose(f);
    }
    return state == 'Z' || state == 'X' || (flags & PF_EXITING_FLAG) || kill_pending;
}

/* Whether the lock on fd is held only by a run that is ending: its runner
** (byte 0) dying, or gone while its cell's process (byte 1) holds on, which
** PR_SET_PDEATHSIG (or the same SIGKILL) is ending. */
static int holder_ending(int fd)
{
    pid_t runner = holder_of(fd, 0, 1);
    return runner ? dying(runner) : holder_of(fd, 1, 1) > 0;
}

pid_t owner_holder_soon(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/.owner", dir);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    pid_t pid = 0;
    if (fd < 0)
        return 0;
    struct timespec tick = {0, 10 * 1000 * 1000};
    for (int i = 0; i < 500 && !(pid = holder(fd)); i++)
        nanosleep(&tick, NULL);
    close(fd);
    return pid;
}

/* Holds bytes 0 and 1 of fd, waiting for them when wait; then lets go of
** byte 1, the cell's process's.  0, or -1 (errno set). */
static int lock_owner(int fd, int wait)
{
    struct flock fl;
    bytes(&fl, F_WRLCK, 0, 2);
    int rc;
    while ((rc = fcntl(fd, wait ? F_SETLKW : F_SETLK, &fl)) != 0 && errno == EINTR)
        ;
    if (rc != 0)
        return -1;
    bytes(&fl, F_UNLCK, 1, 1);
    fcntl(fd, F_SETLK, &fl);
    owner_fd = fd;
    spawn_set_child_init(owner_hold_in_cell);   /* the cells' processes hold it too */
    return 0;
}

/* The refusal of a process that found dir owned by pid. */
static void still_going(const char *dir, pid_t pid, char *err, size_t errlen)
{
    snprintf(err, errlen, "%s: the run is still going (pid %ld): one process at a time", dir,
             (long)pid);
}

/* Opens (with fresh: creates, never opens) the lock file of dir.  Its
** descriptor, or -1 with err. */
static int open_lock_file(const char *dir, int fresh, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/.owner", dir);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | (fresh ? O_EXCL : 0), 0644);
    int e = errno;
    pid_t pid;
    if (fd < 0 && e == EEXIST && (pid = owner_holder_soon(dir)) > 0)
        still_going(dir, pid, err, errlen);
    else if (fd < 0 && e == EEXIST)
        snprintf(err, errlen, "%s: another sqlsoak took this folder at the same moment", dir);
    else if (fd < 0)
        snprintf(err, errlen, "%s: %s", path, strerror(e));
    return fd;
}

int owner_claim(const char *dir, char *err, size_t errlen)
{
    return open_lock_file(dir, 1, err, errlen);
}

/* Takes the lock of fd, waiting (up to OWNER_ENDING_S, saying so on
** stderr) while its holder is ending (holder_ending): straight after a
** kill -9 of a run, its cell's process may hold it for a moment.  0, or
** -1 (errno set). */
static int lock_when_ended(const char *dir, int fd)
{
    struct timespec tick = {0, 10 * 1000 * 1000};
    pid_t pid, said = 0;
    for (int i = 0; i < OWNER_ENDING_S * 100; i++) {
        if (lock_owner(fd, 0) == 0)
            return 0;
        if ((errno != EACCES && errno != EAGAIN) || !holder_ending(fd))
            break;
        if ((pid = holder(fd)) > 0 && pid != said)
            notice_line("sqlsoak: %s: the run's process %ld is ending: waiting for it",
                        dir, (long)(said = pid));
        nanosleep(&tick, NULL);
    }
    return lock_owner(fd, 0);
}

int owner_take(const char *dir, int fresh, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/.owner", dir);
    int fd = open_lock_file(dir, fresh, err, errlen);
    if (fd < 0)
        return -1;
    if (lock_when_ended(dir, fd) != 0) {
        if (errno == EACCES || errno == EAGAIN)
            still_going(dir, holder(fd), err, errlen);
        else
            snprintf(err, errlen, "%s: cannot lock: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

int owner_take_over(int fd)
{
    return lock_owner(fd, 1);
}

void owner_hold_in_cell(void)
{
    struct flock fl;
    bytes(&fl, F_WRLCK, 1, 1);
    if (owner_fd >= 0)
        fcntl(owner_fd, F_SETLK, &fl);
}

pid_t owner_holder(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/.owner", dir);
    /* O_NONBLOCK: an .owner that is a FIFO must not hold status up */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    pid_t pid = holder(fd);
    close(fd);
    return pid;
}
