/*
** heldrate: the one rate a cell is ranked, compared, held against the
** device and shown by, of its writes or its reads: what it sustained
** over its full chunks (records.h; summary.csv's *_sustained), so a
** chunk that paid a checkpoint or a COMMIT counts with its time.  A
** summary.csv older than those columns (schema_version 4 and before) has
** its median chunk's rate only: that is held instead, and the tables
** name the column they read, so such a folder still ranks, compares and
** renders, and says which it is.  Every finding and every table calls
** this, never the fallback itself.
*/
#ifndef SQLSOAK_HELDRATE_H
#define SQLSOAK_HELDRATE_H

#include "csvin.h"
#include "phase.h"
#include "records.h"

/* The rate of a phase's figures: sustained, else (an older file) the
** median chunk's; NaN when neither is above 0. */
double heldrate_of(const struct phase_summary *ps);

/* The same of summary.csv's row of t (or of a file of its columns, as
** comparison.csv), for PHASE_WRITE or PHASE_READ (asserted): the phases
** summary.csv has a sustained column of. */
double heldrate_at(const struct csvin *t, int row, enum phase_id p);

/* The column heldrate_at takes row's figure from, for a table's heading:
** the sustained one where the row has that figure, or none of either
** (a failed cell: the file's own column), else the median's. */
enum colid heldrate_column(const struct csvin *t, int row, enum phase_id p);

/* Both columns of p, the sustained one and the median's fallen back to. */
enum colid heldrate_sustained_column(enum phase_id p);
enum colid heldrate_median_column(enum phase_id p);

#endif
