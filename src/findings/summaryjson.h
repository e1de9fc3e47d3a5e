/*
** summaryjson: dir/summary.json, the figures of summary.csv typed and with
** their units, for a program that reads JSON rather than CSV.
**
**   {"schema_version": 4, "source": "summary.csv",
**    "findings": [{"kind": "update_cost", "text": "Updates (...): ...",
**                  "cell": 1, "figures": [{"name": "update_rows_per_s",
**                  "of": "cell 1", "value": 82212.4, "unit": "rows/s"}, ...]}],
**    "cells": [{"cell": 1, "repeat": 1, "settings": {"page_size": 4096,
**               "journal_mode": "wal", ...}, "status": "ok", "reason": "",
**               "figures": {"write_rows_per_s_median":
**                               {"value": 412345.6, "unit": "rows/s"}, ...}}]}
**
** One object per row of summary.csv (a cell's repeat), in its order.  A
** setting is a number when its column holds one (4096) and its word
** otherwise ("wal", "default"); the library is its path.  Every other
** column is a figure: an integer or a real as the column table types it,
** null where summary.csv's field is empty (not measured), its unit the
** column table's ("" for a count or a flag).  It is made from summary.csv
** as written, so the two always agree.  "findings" is the headline's
** (headline.h), in its order: each sentence with the figures it states
** (cell null when it is not one cell's); [] when the folder has none.
*/
#ifndef SQLSOAK_SUMMARYJSON_H
#define SQLSOAK_SUMMARYJSON_H

#include <stddef.h>

/* summary.json's key that another module reads: the cells' array.  Its
** other keys are summaryjson.c's own; a cell's are summary.csv's columns
** (colid.h).  None is run.json's (runkey.h). */
#define SUMMARYJSON_CELLS "cells"

/* summary.json's object (json_t *) from dir/summary.csv, which the caller
** frees with json_decref; NULL with a line in err. */
void *summaryjson_build(const char *dir, char *err, size_t errlen);

/* Writes dir/summary.json (atomically) from dir/summary.csv.  0, or -1
** with a line in err (errno set when the write failed). */
int summaryjson_write(const char *dir, char *err, size_t errlen);

#endif
