/*
** beside: the results folders beside a run's --out (the folders in its
** parent: data/runs/ by default), where a run finds what earlier runs on
** the same storage measured, and the test of "the same storage" that
** their run.json records (its storage's device, type and mount point).
*/
#ifndef SQLSOAK_BESIDE_H
#define SQLSOAK_BESIDE_H

#include "sysinfo.h"

#include <stddef.h>

/* Calls fn(dir, ctx) for each folder beside out (neither out itself nor a
** name starting with a dot), in the order the folder lists them, until fn
** returns nonzero.  Returns that value, or 0. */
int beside_each(const char *out, int (*fn)(const char *dir, void *ctx), void *ctx);

/* 1 when rec (a run.json's "storage" object, json_t *) names the same
** filesystem as st: device, type and mount point. */
int beside_same_storage(const void *rec, const struct storage_info *st);

#endif
