/*
** jsonreport: `sqlsoak report --format json DIR`: a results folder's
** answer as one JSON object, for a program:
**
**   {"kind": "run", "name": "night", "description": "5M rows in chunks
**    of 500k · host ...", "headline": ["Scaling (...): ...", ...],
**    "summary": {summary.json's object}}
**
**   {"kind": "comparison", "name": "cmp", "baseline": "a",
**    "matches": [{"match": 1, "run": "a", "cell": 1, "repeat": 1,
**                 "status": "ok", "ratios": {"write": {"median": 1.0,
**                 "lo": 1.0, "hi": 1.0, "text": "1.00x ..."}, ...}}]}
**
** A figure not measured is null.
*/
#ifndef SQLSOAK_JSONREPORT_H
#define SQLSOAK_JSONREPORT_H

#include "cmpfile.h"

#include <stddef.h>
#include <stdio.h>

/* The run folder dir on f.  0, or 2 with a line in err (nothing written). */
int jsonreport_run(FILE *f, const char *dir, char *err, size_t errlen);

/* The comparison c on f.  0, or 1 when it could not be written. */
int jsonreport_compare(FILE *f, const struct cmpfile *c);

#endif
