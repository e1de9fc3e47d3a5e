/*
** mdreport: `sqlsoak report --format markdown DIR`: a results folder's
** answer as GitHub-flavoured markdown on stdout, for pasting into an issue
** or a forum post (hyperfine's --export-markdown is the model): a heading
** naming the run, what ran where, the headline, and the summary table.
*/
#ifndef SQLSOAK_MDREPORT_H
#define SQLSOAK_MDREPORT_H

#include "options.h"
#include "plotdata.h"

#include <stddef.h>
#include <stdio.h>

/* The summary table of r: a row per summary row (a cell's repeat), the
** settings that vary between them, the figures a reader came for and the
** status; the settings every row shares stated above it. */
void mdreport_table(FILE *f, const struct plotdata_run *r);

/* The command.  0; 2 on bad input (one line in err, nothing written). */
int mdreport_main(const struct config *cfg, char *err, size_t n);

#endif
