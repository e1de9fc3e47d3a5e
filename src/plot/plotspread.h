/*
** plotspread: the data of the spread graph, drawn for a matrix in which
** exactly one dimension of dims.h (the library counts) varies, with two
** values or more: the rate against that dimension as a box and whiskers
** per value (min, quartiles, median, max of the chunk rates of all its
** repeats), the chunks themselves beside the box, so that "is 4k fastest?"
** is answered with its uncertainty.
*/
#ifndef SQLSOAK_PLOTSPREAD_H
#define SQLSOAK_PLOTSPREAD_H

#include "plotdata.h"

#include <stddef.h>

/* The dimension that varies over r's measured cells when exactly one
** does, with two values or more; -1 otherwise. */
int plotspread_dimension(const struct plotdata_run *r);

/* Writes spread.tsv (a row per value, in the order listed), spread-pts.tsv
** (a row per chunk) and spread-panels.tsv (the panels: write, and read
** when some chunk read) into datadir.  Returns the number of values (0:
** no spread graph for this run), or -1 with err. */
int plotspread_write(const char *datadir, const struct plotdata_run *r, char *err, size_t errlen);

#endif
