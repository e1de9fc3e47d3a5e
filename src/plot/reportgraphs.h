/*
** reportgraphs: the graphs in report.html: each graph of the graph list
** (graphs.h) drawn for a mode, inside the page as a data: URI with its
** caption, and each not drawn with why.
*/
#ifndef SQLSOAK_REPORTGRAPHS_H
#define SQLSOAK_REPORTGRAPHS_H

#include <stdio.h>

/* The graphs of dir/plots drawn for mode (GRAPHS_RUN, GRAPHS_CRASH,
** GRAPHS_COMPARE) with have (enum graphs_need bits), and those not; a
** graph against time captioned with the run's length, span_s seconds
** (NAN: unknown). */
void reportgraphs_write(FILE *f, const char *dir, unsigned mode, unsigned have, double span_s);

#endif
