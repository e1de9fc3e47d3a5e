/*
** cmd_compare: `sqlsoak compare DIR DIR... --out DIR` overlays results
** folders from different machines or storage, cell by cell (compare.h).
*/
#ifndef SQLSOAK_CMD_COMPARE_H
#define SQLSOAK_CMD_COMPARE_H

#include "config.h"

#include <stddef.h>

/* The exit status: 0 when at least one cell matched and everything was
** written; 1 when no cell matched (comparison.csv and report.html say so)
** or a graph or file could not be written; 2 on bad input, a folder given
** twice included (one line in err, nothing created). */
int cmd_compare(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
