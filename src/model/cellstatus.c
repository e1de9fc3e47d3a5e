/*
** cellstatus: the words of enum cell_status.  See cellstatus.h.
*/
#include "cellstatus.h"

#include <stddef.h>

const char *const status_names[] = {"ok", "unsupported", "failed", "skipped", "interrupted",
                                    "disk_full", "io_error", "locked", "verify_failed",
                                    "warmup", "hung", "overloaded", NULL};
