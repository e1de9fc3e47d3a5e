/*
** reportpage: report.html's frame: the page's head with its stylesheet
** (inline: the page travels alone) and its heading, written to a
** temporary file that its end syncs and renames into place, so that a
** reader never sees half a page.
*/
#ifndef SQLSOAK_REPORTPAGE_H
#define SQLSOAK_REPORTPAGE_H

#include <stddef.h>
#include <stdio.h>

/* Opens dir's report.html for writing, as a temporary file (its path into
** tmp) that reportpage_end renames, and writes the page's head and its
** heading, "sqlsoak KIND: NAME".  NULL on error (message on msg). */
FILE *reportpage_begin(const char *dir, const char *kind, const char *name, char *tmp,
                       size_t tn, FILE *msg);

/* Ends the page and puts it in place of dir/report.html: 0, or -1
** (message on msg). */
int reportpage_end(FILE *f, const char *dir, const char *tmp, FILE *msg);

#endif
