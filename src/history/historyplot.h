/*
** historyplot: the graph of one cell of a series over its nights: the
** data files history.gp reads (tsvschema.h's nights, panels and changes)
** and the graph drawn from them by the graph list's history row, in a
** folder of its own.  See historyplot.c.
*/
#ifndef SQLSOAK_HISTORYPLOT_H
#define SQLSOAK_HISTORYPLOT_H

#include "nights.h"

#include <stddef.h>

/* Writes c's data files into dir (an existing folder) and draws its graph
** there (history.png, history.svg), titled desc.  0 when drawn; 1 when
** not drawn (gnuplot missing, or its script failed), why in err; -1 when a
** data file could not be written, with err. */
int historyplot_draw(const struct nights_cell *c, const char *dir, const char *desc, char *err,
                     size_t errlen);

#endif
