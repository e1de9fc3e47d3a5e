/*
** compare: `sqlsoak compare DIR DIR... --out DIR` overlays results folders
** from different machines or storage, cell by cell.
*/
#ifndef SQLSOAK_COMPARE_H
#define SQLSOAK_COMPARE_H

#include "config.h"
#include "plotdata.h"

#include <stddef.h>

/* Matches, writes comparison.csv, the overlays (none with no_plot,
** compare's --no-plot) and report.html, each matched cell against
** runs[base].  Returns 0, 1 when no cell matched or something could not
** be written, or PLOT_STOPPED when a stop signal ended the drawing (no
** report then). */
int compare_write(struct plotdata_run *runs, int nr, int base, const char *out, int no_plot,
                  char *err, size_t errlen);

/* Whether folders a and b are the same (also through other paths or
** symbolic links): a folder compared with itself matches every cell. */
int compare_same_folder(const char *a, const char *b);

/* The run --baseline names (a folder as given, the same folder by another
** path, a run's name, or its place among the folders, from 1), or the
** first; -1 with err, naming the choices, when it names none. */
int compare_baseline_of(const struct config *cfg, const struct plotdata_run *runs, int nr,
                        char *err, size_t errlen);

/* r's chunks.csv: each cell's chunks numbered 0, 1, ... none missing and
** none twice (chunkplan.h), as many as its row of summary.csv counts: a
** chunk deleted or copied by hand would move every chunk after it to
** another table size.  0, or -1 with one line in err. */
int compare_check_chunks(const struct plotdata_run *r, char *err, size_t errlen);

#endif
