/*
** detach: see detach.h.
*/
#include "detach.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int detach_to_log(const char *out, const char *prog, char *err, size_t n)
{
    char log[4200];
    snprintf(log, sizeof log, "%s/run.log", out);
    int fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    int nul = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (fd < 0 || nul < 0) {
        snprintf(err, n, "cannot write %s: %s", fd < 0 ? log : "/dev/null", strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, n, "fork: %s", strerror(errno));
        close(fd);
        close(nul);
        return -1;
    }
    if (pid > 0) {
        close(fd);
        close(nul);
        printf("sqlsoak runs in the background as pid %ld; its output goes to %s\n"
               "  %s status %s     how far it got, and whether it is still going\n",
               (long)pid, log, prog, out);
        fflush(stdout);
        return 1;
    }
    setsid();
    if (dup2(nul, STDIN_FILENO) < 0 || dup2(fd, STDOUT_FILENO) < 0 ||
        dup2(fd, STDERR_FILENO) < 0)
        _exit(1);
    close(fd);
    close(nul);
    return 0;
}
