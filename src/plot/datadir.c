/*
** datadir: finds the gnuplot scripts, the reference data and the presets;
** see datadir.h for the places, in order.  Nothing is cached: each call looks again, which
** costs a few stat calls once per plot.
*/
#include "datadir.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef SQLSOAK_DATADIR
#error "SQLSOAK_DATADIR (PREFIX/share/sqlsoak) is set by the Makefile"
#endif

#define NPLACES 5

/* The folder holding the running executable, without a trailing slash
** ("" for /).  0, or -1 when /proc/self/exe cannot be read. */
static int exe_dir(char *out, size_t n)
{
    ssize_t len = readlink("/proc/self/exe", out, n - 1);
    if (len <= 0 || (size_t)len >= n - 1)
        return -1;
    out[len] = 0;
    char *slash = strrchr(out, '/');
    if (!slash)
        return -1;
    *slash = 0;
    return 0;
}

/* Strips the last component of path in place ("/a/b" -> "/a", "/a" -> ""). */
static void parent(char *path)
{
    char *slash = strrchr(path, '/');
    if (slash)
        *slash = 0;
}

/* Place i: its scripts folder and the folder its reference data hangs
** from, into plots and root (n bytes each).  Returns 1, 0 when place i
** does not apply here (no $SQLSOAK_PLOTS_DIR, no readable executable, or
** the others once $SQLSOAK_PLOTS_DIR is set), -1 past the last place. */
static int place(int i, char *plots, char *root, size_t n)
{
    const char *env = getenv("SQLSOAK_PLOTS_DIR");
    char dir[4096];
    if (i >= NPLACES)
        return -1;
    if (env && *env) {
        if (i != 0)
            return 0;
        snprintf(plots, n, "%s", env);
        snprintf(root, n, "%s/..", env);
        return 1;
    }
    if (i == 0)
        return 0;
    if (i == 4) {
        snprintf(root, n, "%s", SQLSOAK_DATADIR);
    } else {
        if (exe_dir(dir, sizeof dir) != 0)
            return 0;
        parent(dir);
        if (i == 2)
            parent(dir);
        if (i == 3)
            snprintf(root, n, "%s/share/sqlsoak", dir);
        else
            snprintf(root, n, "%s", dir);
    }
    snprintf(plots, n, "%s/plots", root);
    return 1;
}

/* 1 when folder dir holds at least one .gp file. */
static int has_scripts(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int found = 0;
    while (d && !found && (e = readdir(d))) {
        size_t len = strlen(e->d_name);
        found = len > 3 && strcmp(e->d_name + len - 3, ".gp") == 0;
    }
    if (d)
        closedir(d);
    return found;
}

/* The first place holding scripts: its folders into plots and root. */
static int first_place(char *plots, char *root, size_t n)
{
    int r;
    for (int i = 0; (r = place(i, plots, root, n)) >= 0; i++)
        if (r == 1 && has_scripts(plots))
            return 0;
    return -1;
}

int datadir_plots(char *out, size_t n)
{
    char plots[4200], root[4200];
    if (first_place(plots, root, sizeof root) != 0)
        return -1;
    return snprintf(out, n, "%s", plots) < (int)n ? 0 : -1;
}

/* The file name in folder kind of the place the scripts came from (a
** checkout's data/KIND, an installation's KIND) into out.  0, or -1 with
** where it looked into out: "R/data/KIND or R/KIND", "" with no place. */
static int datafile(const char *kind, const char *name, char *out, size_t n)
{
    static const char *const sub[] = {"data/", ""};
    char plots[4200], root[4200];
    struct stat st;
    out[0] = 0;
    if (first_place(plots, root, sizeof root) != 0)
        return -1;
    for (size_t k = 0; k < sizeof sub / sizeof *sub; k++) {
        int len = snprintf(out, n, "%s/%s%s/%s", root, sub[k], kind, name);
        if (len > 0 && (size_t)len < n && stat(out, &st) == 0 && S_ISREG(st.st_mode))
            return 0;
    }
    snprintf(out, n, "%s/data/%s or %s/%s", root, kind, root, kind);
    return -1;
}

int datadir_reference(const char *name, char *out, size_t n)
{
    return datafile("reference", name, out, n);
}

int datadir_data(const char *kind, const char *name, char *out, size_t n)
{
    return datafile(kind, name, out, n);
}

int datadir_preset(const char *name, char *out, size_t n)
{
    char file[256];
    if (snprintf(file, sizeof file, "%s.conf", name) >= (int)sizeof file || strchr(name, '/')) {
        snprintf(out, n, "sqlsoak's presets folder");
        return -1;
    }
    if (datafile("presets", file, out, n) == 0)
        return 0;
    if (!out[0]) {
        char places[8192];
        snprintf(out, n, "sqlsoak's data folders: none of %s holds its plot scripts",
                 datadir_places(places, sizeof places));
    }
    return -1;
}

const char *datadir_places(char *out, size_t n)
{
    char plots[4200], root[4200];
    size_t len = 0;
    int r;
    out[0] = 0;
    for (int i = 0; (r = place(i, plots, root, sizeof root)) >= 0; i++) {
        if (r == 0 || len >= n)
            continue;
        int w = snprintf(out + len, n - len, "%s%s", len ? ", " : "", plots);
        len += w > 0 ? (size_t)w : 0;
    }
    return out;
}
