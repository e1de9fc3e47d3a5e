/*
** cmd_report: `sqlsoak report [--format markdown|json] DIR`: a run's or a
** comparison's folder on stdout, as markdown (mdreport) or JSON
** (jsonreport).
*/
#ifndef SQLSOAK_CMD_REPORT_H
#define SQLSOAK_CMD_REPORT_H

#include "config.h"

#include <stddef.h>

/* The command.  0; 1 when stdout could not be written; 2 on bad input
** (one line in err, nothing written). */
int cmd_report(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
