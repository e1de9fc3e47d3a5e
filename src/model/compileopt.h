/*
** compileopt: the compile options of SQLite that move what a cell costs,
** one table, and the sentence that names those in which a run's libraries
** differ.
**
** A row is an option as PRAGMA compile_options lists it (without
** "SQLITE_"), why it moves the cost, the verdicts it can affect, and the
** dimension whose explicit setting makes it moot for a cell (a setting
** every cell sets and reads back: the libraries then run on equal terms,
** whatever their builds).  An option a library does not list has that
** release's built-in value, written "-"; a library that lists no options
** at all (before 3.6.23, or built without the list) is left out of the
** comparison, and named so (compileopt_unlisted).
*/
#ifndef SQLSOAK_COMPILEOPT_H
#define SQLSOAK_COMPILEOPT_H

#include "dims.h"

#include <stddef.h>
#include <stdint.h>

struct compileopt {
    const char *name;        /* "SECURE_DELETE" */
    const char *why;         /* how it moves the cost, in a phrase */
    const char *verdicts;    /* the verdicts it can affect: "updates and deletes" */
    int dim;                 /* the dimension that sets it per cell; -1: none can */
    const char *builtin;     /* its value when not listed, where every release has had
                             ** the same; NULL: "-", the release's own */
};

extern const struct compileopt compileopt_table[];
extern const int compileopt_count;

/* One library as the comparison sees it: its version ("3.40.1"), its
** path (what names it when another library has the same version), and
** its compile options as it lists them ("SECURE_DELETE",
** "DEFAULT_CACHE_SIZE=-2000"); nopts 0: it lists none. */
struct compileopt_lib {
    const char *version;
    const char *path;
    const char *const *opts;
    int nopts;
};

/* The name of library i of libs in a sentence: its version, or its path
** when another has the same version. */
const char *compileopt_lib_name(const struct compileopt_lib *libs, int nlibs, int i);

/* The value of option o in a library's list into buf: "V" of "NAME=V",
** "on" of a bare "NAME", "-" when not listed.  Returns buf. */
const char *compileopt_value(const struct compileopt *o, const struct compileopt_lib *lib,
                             char *buf, size_t n);

/* Marks set[] for a run's cells: compileopt_set_init sets every
** dimension that is a pragma, compileopt_set_mark, called for each cell's
** values v, clears those the cell leaves to the library ("default"). */
void compileopt_set_init(int set[DIM_COUNT]);
void compileopt_set_mark(int set[DIM_COUNT], const int64_t v[DIM_COUNT]);

/* The options of the table in which the libraries that list theirs
** differ, as one text into out.  With moot 0, those that can move the
** cost in this run, "NAME (3.40.1 on, 3.7.8 -): why, can move VERDICTS",
** joined by "; "; with moot 1, those whose dimension every cell sets
** explicitly (set[d]), and so equal, "NAME (3.40.1 on, 3.7.8 -; PRAGMA
** secure_delete)", joined by ", ".  Returns how many (0: out is ""). */
int compileopt_differ(const struct compileopt_lib *libs, int nlibs, const int set[DIM_COUNT],
                      int moot, char *out, size_t n);

/* The libraries that list no compile options, named, into out: "3.6.22
** lists no compile options: not compared" ("3.6.22 and 3.6.20 list ...").
** Returns how many (0: out is ""). */
int compileopt_unlisted(const struct compileopt_lib *libs, int nlibs, char *out, size_t n);

#endif
