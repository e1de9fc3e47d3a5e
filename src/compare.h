/*
** compare: `sqlsoak compare DIR DIR... --out DIR` overlays results folders
** from different machines or storage, cell by cell.
*/
#ifndef SQLSOAK_COMPARE_H
#define SQLSOAK_COMPARE_H

#include "options.h"

#include <stddef.h>

/* The exit status: 0, 1 (graphs failed), 2 (bad input: nothing created). */
int compare_main(const struct config *cfg, char *err, size_t n);

#endif
