/*
** plotreaders: the reader processes' figures (--readers) as readers.gp and
** busy.gp draw them (what the writer's COMMITs cost them is a finding of
** the headline: readwait.h).
**
** Each cell that ran readers (some chunk with reader_ops > 0) is a line:
** rd-N.tsv holds series N's chunks (plotdata.h's series, in their order),
** readers.tsv lists those lines (series, label, bundle); rdm-K.tsv holds
** the median over bundle K's repeats, chunk by chunk, and rbundles.tsv
** lists those bundles (plotdata_write_medians' list).  A folder whose reader columns are empty
** or absent (--readers 0, a folder of an earlier release) has none, and
** the graphs are not drawn.
*/
#ifndef SQLSOAK_PLOTREADERS_H
#define SQLSOAK_PLOTREADERS_H

#include "plotdata.h"

#include <stddef.h>

/* Writes rd-N.tsv for each of the n series that ran readers, and
** readers.tsv; rdm-K.tsv and rbundles.tsv for their bundles
** (plotdata_bundle has been called).  Returns 1 when some did, 0 when none did (nothing is
** written), -1 with err. */
int plotreaders_write(const char *datadir, const struct plotdata_series *s, int n, char *err,
                      size_t errlen);

#endif
