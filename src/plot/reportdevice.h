/*
** reportdevice: the storage device in report.html: what SQLite wrote by
** file and how much of it reached the device, the device's writes apart
** from the cells, and the device's own limits with each cell against
** them.
*/
#ifndef SQLSOAK_REPORTDEVICE_H
#define SQLSOAK_REPORTDEVICE_H

#include "plotdata.h"

#include <stdio.h>

/* The cells' wall time, in seconds, from which their rate is grown to an
** 8-hour night: an eighth of it.  A shorter run states its rate alone. */
#define REPORTDEVICE_NIGHT_MIN_S 3600.0

/* "Writes by file": each cell's bytes a row by the three counts, the
** device apart from the cells, and their rate of writes, grown to a
** night's when they ran REPORTDEVICE_NIGHT_MIN_S or more. */
void reportdevice_writes(FILE *f, const struct plotdata_run *r);

/* "How close to the device", from run.json's device_limits; nothing
** without them. */
void reportdevice_limits(FILE *f, const struct plotdata_run *r);

#endif
