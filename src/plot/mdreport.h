/*
** mdreport: a results folder's answer as GitHub-flavoured markdown, for
** pasting into an issue or a forum post (hyperfine's --export-markdown is
** the model): a heading naming the run, what ran where, the headline, and
** the summary table with each cell's ratios and verdicts against the
** baseline cell; of a comparison folder, its matched cells with their
** ratios over the baseline run.
*/
#ifndef SQLSOAK_MDREPORT_H
#define SQLSOAK_MDREPORT_H

#include "cmpfile.h"
#include "plotdata.h"

#include <stddef.h>
#include <stdio.h>

/* The summary table of r: a row per summary row (a cell's repeat), the
** settings that vary between them, the figures a reader came for and the
** status; the settings every row shares stated above it. */
void mdreport_table(FILE *f, const struct plotdata_run *r);

/* The table of a comparison folder's matched cells on f. */
void mdreport_compare(FILE *f, const struct cmpfile *c);

/* The run folder dir as markdown on f.  0, or 2 with a line in err when
** it is no readable results folder (nothing written). */
int mdreport_run(FILE *f, const char *dir, char *err, size_t errlen);

#endif
