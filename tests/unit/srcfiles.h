/*
** srcfiles: the source files of src/'s folders, for the tests that read
** the code itself.  A file is named by its name alone (modules' names
** are unique across the folders); src_path finds it.
*/
#ifndef SQLSOAK_TEST_SRCFILES_H
#define SQLSOAK_TEST_SRCFILES_H

#include <glob.h>
#include <stdio.h>
#include <string.h>

/* The names ("soak.c") of the .c files in src/'s folders (and the .h with
** headers) into names
** (max of them, 64 bytes each); returns how many, or -1. */
static int src_files(char names[][64], int max, int headers)
{
    char pattern[4096];
    glob_t g;
    snprintf(pattern, sizeof pattern, "%s/src/*/*.%s", SQLSOAK_SOURCE_DIR, headers ? "[ch]" : "c");
    if (glob(pattern, 0, NULL, &g) != 0)
        return -1;
    int n = 0;
    for (size_t i = 0; i < g.gl_pathc && n < max; i++) {
        const char *slash = strrchr(g.gl_pathv[i], '/');
        snprintf(names[n++], 64, "%s", slash ? slash + 1 : g.gl_pathv[i]);
    }
    globfree(&g);
    return n;
}

/* The path of src file name ("soak.c") into path; 0, or -1 when no folder
** holds it. */
static int src_path(const char *name, char *path, size_t n)
{
    char pattern[4096];
    glob_t g;
    snprintf(pattern, sizeof pattern, "%s/src/*/%.63s", SQLSOAK_SOURCE_DIR, name);
    if (glob(pattern, 0, NULL, &g) != 0)
        return -1;
    int rc = g.gl_pathc == 1 ? 0 : -1;
    if (rc == 0)
        snprintf(path, n, "%s", g.gl_pathv[0]);
    globfree(&g);
    return rc;
}

#endif
