/*
** folder: the checks and creation of the folders a run writes to.
** sqlsoak creates folders only after every check has passed, and never
** removes one it did not create.
*/
#ifndef SQLSOAK_FOLDER_H
#define SQLSOAK_FOLDER_H

#include <stddef.h>

/* 1 when path is a folder holding at least one entry, else 0. */
int folder_has_entries(const char *path);

/* The longest path sqlsoak makes inside a folder it writes to, relative
** to it: a database's -journal file, with the longest results folder's
** name in it (plots/data/... of a results folder are shorter). */
#define FOLDER_LONGEST_NAME 128

/* Checks that path is, or could be created as, a writable folder: it is
** a writable folder, or it does not exist and its nearest existing
** ancestor is a writable folder; and that it and every file sqlsoak makes
** in it fit the kernel's limits (NAME_MAX a component, PATH_MAX the whole
** made absolute, FOLDER_LONGEST_NAME bytes added).  Creates nothing.
** Returns 0, or -1 with "<what> <path>: <why>" in err. */
int folder_check_writable(const char *what, const char *path, char *err, size_t errlen);

/* The nearest existing ancestor of path (path itself if it exists) into
** out. */
void folder_existing_ancestor(const char *path, char *out, size_t n);

/* 1 when path (which need not exist) is dir or inside it, each resolved
** by realpath (path through its nearest existing ancestor, the rest
** appended), else 0; 0 when dir cannot be resolved. */
int folder_inside(const char *path, const char *dir);

/* mkdir -p.  Returns 0, or -1 with a message in err. */
int folder_mkdirs(const char *path, char *err, size_t errlen);

/* The last component of path, ignoring trailing slashes (static storage
** is not used: returns a pointer into path, or "" for "/"). */
const char *folder_basename(const char *path);

/* name with every character outside [A-Za-z0-9._-] replaced by '_', into
** out (for file names made from user input). */
void folder_safe_name(const char *name, char *out, size_t n);

#endif
