/*
** historypage: `sqlsoak history --out DIR`: the history as a page,
** DIR/report.html, in report.html's frame (reportpage.h): the method,
** then a section for each cell of each series: its nights' figures, its
** graph (historyplot.h, drawn in DIR/series-S-cell-C/ with its data) and
** its changes in words.  See historypage.c.
*/
#ifndef SQLSOAK_HISTORYPAGE_H
#define SQLSOAK_HISTORYPAGE_H

#include "nights.h"

#include <stddef.h>
#include <stdio.h>

struct historypage {
    FILE *f;
    const char *dir;
    char tmp[4200];            /* the page until its end renames it */
    int undrawn;               /* graphs not drawn */
    char why[512];             /* why the first was not */
};

/* Opens dir's report.html (dir an existing folder) and writes its head
** and the method, naming db.  0, or -1 with err. */
int historypage_begin(struct historypage *p, const char *dir, const char *db, char *err,
                      size_t errlen);

/* c's section, its graph drawn first in its folder (made).  A graph not
** drawn is said so in its place and counted.  0, or -1 with err. */
int historypage_cell(struct historypage *p, const struct nights_cell *c, char *err,
                     size_t errlen);

/* Ends the page and puts it in place: 0, or -1 with err. */
int historypage_end(struct historypage *p, char *err, size_t errlen);

/* Drops the page unfinished: its temporary file removed, no report.html. */
void historypage_drop(struct historypage *p);

#endif
