/*
** cellstatus: the words of enum cell_status.  See cellstatus.h.
*/
#include "cellstatus.h"

#include <stddef.h>
#include <string.h>

const char *const status_names[] = {"ok", "unsupported", "failed", "skipped", "interrupted",
                                    "disk_full", "io_error", "locked", "verify_failed",
                                    "warmup", "hung", "overloaded", NULL};

int cellstatus_of(const char *word)
{
    for (int i = 0; status_names[i]; i++)
        if (strcmp(status_names[i], word) == 0)
            return i;
    return -1;
}

int cellstatus_failed(int status)
{
    return status != ST_OK && status != ST_WARMUP && status != ST_UNSUPPORTED &&
           status != ST_SKIPPED && status != ST_INTERRUPTED && status != ST_OVERLOADED;
}
