/*
** soak: runs one cell: a fresh database, its settings applied and read
** back, then the chunk loop of timed write and read phases.
*/
#ifndef SQLSOAK_SOAK_H
#define SQLSOAK_SOAK_H

#include "soakenv.h"

/* Runs the cell, or with env->prior continues it on its kept database;
** fills *res (always, whatever the outcome) and returns its status.  The
** database is closed, never deleted: the runner deletes it (when
** res->db_marked, and only while it is still the file res->db_mark
** identifies) once the cell is recorded, so that a crash in between
** leaves it for `sqlsoak resume`. */
int soak_cell(const struct soak_env *env, struct cell_result *res);

#endif
