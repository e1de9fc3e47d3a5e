/*
** historyplot: the graph of one cell of a series over its nights: the
** data files history.gp reads (tsvschema.h's nights, panels and changes)
** and the graph drawn from them by the graph list's history row, in a
** folder of its own; and a plan's cell on boards side by side, the same
** way.  See historyplot.c.
*/
#ifndef SQLSOAK_HISTORYPLOT_H
#define SQLSOAK_HISTORYPLOT_H

#include "boards.h"
#include "nights.h"

#include <stddef.h>

/* Writes c's data files into dir (an existing folder) and draws its graph
** there (history.png, history.svg), titled desc.  0 when drawn; 1 when
** not drawn (gnuplot missing, or its script failed), why in err; -1 when a
** data file could not be written, with err. */
int historyplot_draw(const struct nights_cell *c, const char *dir, const char *desc, char *err,
                     size_t errlen);

/* The same for a plan's cell on boards side by side: boards.tsv and
** board_runs.tsv, and boards.png, boards.svg (boards.gp). */
int historyplot_boards(const struct boards_side *s, const char *dir, const char *desc,
                       char *err, size_t errlen);

#endif
