/*
** plotheat: the data of the graphs drawn from summary rows: the heatmaps
** and the commit-size lines.  See plotheat.c.
*/
#ifndef SQLSOAK_PLOTHEAT_H
#define SQLSOAK_PLOTHEAT_H

#include "plotdata.h"

#include <stddef.h>

/* Each returns the number of panels or lines written (0: nothing to
** draw), or -1 with err. */
int plotheat_write_heat(const char *datadir, const struct plotdata_run *r, char *err,
                        size_t errlen);
int plotheat_write_commit(const char *datadir, const struct plotdata_run *r, char *err,
                          size_t errlen);

#endif
