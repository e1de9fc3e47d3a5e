/*
** plot: runs gnuplot on the scripts of plots/.  Every path reaches gnuplot
** as an argument of `gnuplot -c` (ARG1, ARG2...), never through a shell or
** spliced into a command, so a folder named with quotes or a semicolon can
** neither break a plot nor run a gnuplot command.
*/
#include "plot.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SQLSOAK_PLOTS_DIR
#define SQLSOAK_PLOTS_DIR "plots"
#endif

/* The plots/ folder: $SQLSOAK_PLOTS_DIR, else the one this build came from. */
static const char *plots_dir(void)
{
    const char *env = getenv("SQLSOAK_PLOTS_DIR");
    return env && *env ? env : SQLSOAK_PLOTS_DIR;
}

/* 1 when an executable named name is on $PATH. */
static int on_path(const char *name)
{
    const char *path = getenv("PATH");
    char buf[4096];
    while (path && *path) {
        const char *colon = strchr(path, ':');
        size_t len = colon ? (size_t)(colon - path) : strlen(path);
        snprintf(buf, sizeof buf, "%.*s/%s", (int)len, path, name);
        if (access(buf, X_OK) == 0)
            return 1;
        path = colon ? colon + 1 : NULL;
    }
    return 0;
}

/* Runs gnuplot -c script args...; returns its exit status, or -1. */
static int gnuplot(const char *script, const char *const *args, int nargs)
{
    const char *argv[16];
    int n = 0;
    argv[n++] = "gnuplot";
    argv[n++] = "-c";
    argv[n++] = script;
    for (int i = 0; i < nargs && n < 15; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    pid_t pid = fork();
    if (pid == 0) {
        execvp("gnuplot", (char *const *)argv);
        _exit(127);
    }
    int st;
    if (pid < 0 || waitpid(pid, &st, 0) < 0)
        return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int has_suffix(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

int plot_run(const char *dir, FILE *msg)
{
    if (!on_path("gnuplot")) {
        fprintf(msg, "gnuplot not found: no graphs drawn.  Install gnuplot-nox, then run: "
                     "sqlsoak plot '%s'\n", dir);
        return 1;
    }
    char outdir[4200];
    snprintf(outdir, sizeof outdir, "%s/plots", dir);
    if (mkdir(outdir, 0755) != 0 && errno != EEXIST) {
        fprintf(msg, "cannot create %s: %s\n", outdir, strerror(errno));
        return -1;
    }
    DIR *d = opendir(plots_dir());
    if (!d) {
        fprintf(msg, "cannot open the plot scripts in %s: %s\n", plots_dir(), strerror(errno));
        return -1;
    }
    struct dirent *e;
    int failed = 0, drawn = 0;
    while ((e = readdir(d))) {
        char script[4200];
        if (!has_suffix(e->d_name, ".gp") || e->d_name[0] == '_')
            continue;
        snprintf(script, sizeof script, "%s/%s", plots_dir(), e->d_name);
        const char *args[] = {dir, outdir};
        if (gnuplot(script, args, 2) != 0) {
            fprintf(msg, "plot %s failed\n", e->d_name);
            failed = 1;
        } else {
            drawn++;
        }
    }
    closedir(d);
    if (drawn)
        fprintf(msg, "graphs: %s/\n", outdir);
    return failed ? -1 : 0;
}
