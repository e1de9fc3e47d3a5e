/*
** cmd_merge: see cmd_merge.h.  Every share is checked whole before the
** folder is made (merge.c), so the command is the join itself.
*/
#include "cmd_merge.h"
#include "merge.h"

int cmd_merge(const struct config *cfg, int argc, char **argv, char *err, size_t errlen)
{
    (void)argc, (void)argv;
    return merge_join(cfg, err, errlen);
}
