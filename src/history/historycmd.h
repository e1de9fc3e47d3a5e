/*
** historycmd: `sqlsoak history`, the results database read as series of
** nights: each series' figures over time and the nights they changed;
** see historycmd.c.
*/
#ifndef SQLSOAK_HISTORYCMD_H
#define SQLSOAK_HISTORYCMD_H

#include "config.h"

#include <stddef.h>

/* 0, 2 for bad input (no database, not one), 1 when writing failed. */
int historycmd_main(const struct config *cfg, char *err, size_t errlen);

#endif
