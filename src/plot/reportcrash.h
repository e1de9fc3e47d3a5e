/*
** reportcrash: a crash folder's part of report.html: the model of a
** simulated power loss, a table of outcomes per group of cells (journal
** modes down, synchronous settings across) and the crash graphs.
*/
#ifndef SQLSOAK_REPORTCRASH_H
#define SQLSOAK_REPORTCRASH_H

#include "plotdata.h"

#include <stdio.h>

/* r's durability section, its graphs drawn with have. */
void reportcrash_write(FILE *f, const struct plotdata_run *r, unsigned have);

#endif
