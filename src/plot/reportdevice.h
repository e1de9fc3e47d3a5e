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

/* "Writes by file": each cell's bytes a row by the three counts, the
** device apart from the cells, and the night's writes at that rate. */
void reportdevice_writes(FILE *f, const struct plotdata_run *r);

/* "How close to the device", from run.json's device_limits; nothing
** without them. */
void reportdevice_limits(FILE *f, const struct plotdata_run *r);

#endif
