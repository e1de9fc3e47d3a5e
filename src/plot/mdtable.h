/*
** mdtable: a GitHub-flavoured markdown table, for pasting into an issue
** or a forum post.  A header row, the separator row (right-aligned
** columns marked ---:), then rows of the header's column count.  Every
** field is escaped: a | becomes \| and a \ becomes \\, so no value can
** split a cell, and a line break becomes a space, so none can end a row.
*/
#ifndef SQLSOAK_MDTABLE_H
#define SQLSOAK_MDTABLE_H

#include <stddef.h>
#include <stdio.h>

/* s as a table cell's text into buf (2 * strlen(s) + 1 bytes always
** suffice).  Returns buf; a text too long for buf is cut at a whole
** character's escape. */
const char *mdtable_cell(const char *s, char *buf, size_t n);

/* One row of n cells, escaped, on f: "| a | b |\n". */
void mdtable_row(FILE *f, const char *const *cells, int n);

/* The header row of n headings, then the separator row: right[i] marks a
** column of numbers, aligned right. */
void mdtable_header(FILE *f, const char *const *heads, const int *right, int n);

#endif
