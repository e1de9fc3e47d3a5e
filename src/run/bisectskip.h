/*
** bisectskip: whether a run of a --bisect plan (bisect.h) is skipped,
** from the records so far: the ends of the ladder always run; a middle
** runs when both ends of its interval ran and differ, in writes or in
** reads, by verdict.h's one rule over their rounds.  It reads nothing but
** the plan and the records, so a resumed run decides as the first did.
*/
#ifndef SQLSOAK_BISECTSKIP_H
#define SQLSOAK_BISECTSKIP_H

#include "plan.h"
#include "records.h"

#include <stddef.h>

/* 1 when run idx of cells[0..ncells) is skipped, with its reason ("bisect:
** 3.7.8 and 3.7.10, the ends of its interval, show no difference: ...") in buf;
** 0 when it runs. */
int bisectskip_why(const struct config *cfg, const struct cell *cells, int ncells, int idx,
                   const struct summary_record *recs, int nrecs, char *buf, size_t n);

#endif
