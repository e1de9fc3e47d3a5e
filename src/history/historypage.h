/*
** historypage: `sqlsoak history --out DIR`: the history as a page,
** DIR/report.html, in report.html's frame (reportpage.h): the method,
** then a section for each cell of each series: its nights' figures, its
** graph (historyplot.h, drawn in DIR/series-S-cell-C/ with its data) and
** its changes in words; then each plan's cell that more than one series
** ran, their boards side by side (boards.h).  See historypage.c.
*/
#ifndef SQLSOAK_HISTORYPAGE_H
#define SQLSOAK_HISTORYPAGE_H

#include "boards.h"
#include "nights.h"

#include <stddef.h>
#include <stdio.h>

struct historypage {
    FILE *f;
    const char *dir;
    char tmp[4200];            /* the page until its end renames it */
    int undrawn;               /* graphs not drawn */
    int sides;                 /* boards side by side, so far */
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

/* A plan's cell on boards side by side (boards.h): its series ranked in a
** table, each with its ratio to the first and its verdict, and its graph
** (historyplot.h) drawn first in DIR/side-K-cell-C/, K counting the sides
** of the page.  A graph not drawn is said so and counted.  0, or -1 with
** err. */
int historypage_side(struct historypage *p, const struct boards_side *s, char *err,
                     size_t errlen);

/* Ends the page and puts it in place: 0, or -1 with err. */
int historypage_end(struct historypage *p, char *err, size_t errlen);

/* Drops the page unfinished: its temporary file removed, no report.html. */
void historypage_drop(struct historypage *p);

#endif
