/*
** libterms: the terms the libraries of a run measure on, told in its
** plan: the compile options in which they differ and that move the cost
** (compileopt.h), and, where a cell leaves the page cache to each
** library (--cache-size default), whether their own caches differ.
** Nothing is told of a run of one library.
*/
#ifndef SQLSOAK_LIBTERMS_H
#define SQLSOAK_LIBTERMS_H

#include "plan.h"
#include "sqlapi.h"

#include <stdio.h>

/* Prints to f the plan's lines of the terms of libraries libs[nlibs],
** which cells[ncells] run on, if any. */
void libterms_print_plan(const struct sqlapi *libs, int nlibs, const struct cell *cells,
                         int ncells, FILE *f);

#endif
