/*
** detach: see detach.h.
*/
#include "detach.h"
#include "owner.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int detach_to_log(const char *out, const char *prog, int owner_fd, char *err, size_t errlen)
{
    char log[4200];
    int ready[2] = {-1, -1};
    snprintf(log, sizeof log, "%s/run.log", out);
    int fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    int nul = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fd < 0 || nul < 0 || pipe2(ready, O_CLOEXEC) != 0) {
        snprintf(err, errlen, "cannot write %s: %s",
                 fd < 0 ? log : nul < 0 ? "/dev/null" : "a pipe",
                 strerror(errno));
        if (fd >= 0)
            close(fd);
        if (nul >= 0)
            close(nul);
        close(owner_fd);
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close(fd);
        close(nul);
        close(ready[0]);
        close(ready[1]);
        close(owner_fd);
        return -1;
    }
    if (pid > 0) {
        char c;
        ssize_t got;
        close(fd);
        close(nul);
        close(ready[1]);
        while ((got = read(ready[0], &c, 1)) < 0 && errno == EINTR)
            ;
        close(ready[0]);
        close(owner_fd);        /* the background process holds the lock by now */
        if (got != 1) {
            snprintf(err, errlen, "the background process ended before it took %s: see %s", out,
                     log);
            return -1;
        }
        printf("sqlsoak runs in the background as pid %ld; its output goes to %s\n"
               "  %s status %s     how far it got, and whether it is still going\n",
               (long)pid, log, prog, out);
        fflush(stdout);
        return 1;
    }
    close(ready[0]);
    if (owner_take_over(owner_fd) != 0 || write(ready[1], "", 1) != 1)
        _exit(1);
    close(ready[1]);
    setsid();
    if (dup2(nul, STDIN_FILENO) < 0 || dup2(fd, STDOUT_FILENO) < 0 ||
        dup2(fd, STDERR_FILENO) < 0)
        _exit(1);
    close(fd);
    close(nul);
    return 0;
}
