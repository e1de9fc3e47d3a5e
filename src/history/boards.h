/*
** boards: boards and cards side by side: for runs of the same plan, the
** series of different hosts or storage ranked by one figure, each with a
** verdict against the first; see boards.c.
*/
#ifndef SQLSOAK_BOARDS_H
#define SQLSOAK_BOARDS_H

#include "resultsdb.h"

#include <jansson.h>
#include <stddef.h>

/* Prints the ranking of every plan that more than one series ran, as
** markdown, or appends it to json (an array) when json is not NULL.
** floor: the least spread of nights (changepoint.h).  0, or -1 with err. */
int boards_rank(struct resultsdb *r, double floor, json_t *json, char *err, size_t errlen);

#endif
