/*
** modes: the word tables.  See modes.h.
*/
#include "modes.h"

#include <stddef.h>

const char *const journal_names[] = {"delete", "truncate", "persist", "memory", "wal", "off", NULL};
const char *const sync_names[] = {"off", "normal", "full", "extra", NULL};
const char *const locking_names[] = {"normal", "exclusive", NULL};
const char *const key_order_names[] = {"seq", "random", NULL};
const char *const read_from_names[] = {"all", "chunk", NULL};
const char *const os_cache_names[] = {"keep", "drop", NULL};
const char *const auto_vacuum_names[] = {"none", "full", "incremental", NULL};
const char *const delete_keys_names[] = {"oldest", "uniform", NULL};
const char *const analyze_names[] = {"off", "optimize", "full", NULL};
const char *const secure_delete_names[] = {"off", "on", "fast", NULL};
const char *const device_names[] = {"honest", "lying", NULL};
const char *const on_off_names[] = {"off", "on", NULL};
const char *const interleave_names[] = {"off", "chunk", "auto", NULL};
const char *const arrival_names[] = {"even", "poisson", NULL};
const char *const report_format_names[] = {"markdown", "json", NULL};
const char *const checkpoint_names[] = {"auto", "passive", "full", "restart", "truncate", NULL};
const char *const key_type_names[] = {"int", "text", NULL};
const char *const table_names[] = {"rowid", "without-rowid", NULL};
const char *const index_names[] = {"none", "value", NULL};
