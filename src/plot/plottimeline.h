/*
** plottimeline: the data of the graphs of a night's course: the timeline
** (rows/s and reads/s over wall-clock time, chunk starts, stalls) and the
** device's temperature and CPU clock beside the write rate.  See
** plottimeline.c.
*/
#ifndef SQLSOAK_PLOTTIMELINE_H
#define SQLSOAK_PLOTTIMELINE_H

#include "plotdata.h"

#include <stddef.h>

/* Writes the files into datadir from r (its chunks and its timeline.csv,
** empty in folders of an older sqlsoak); returns the graphs_need bits of what they
** hold (GRAPHS_TIMELINE, GRAPHS_WAL, GRAPHS_TEMP, GRAPHS_CLOCK), or -1 with err. */
int plottimeline_write(const char *datadir, const struct plotdata_run *r, char *err, size_t errlen);

/* The run's length in seconds, from its first interval or chunk to its
** last: what its time axis spans; NAN for folders of an older sqlsoak,
** with no clock. */
double plottimeline_span_s(const struct plotdata_run *r);

#endif
