/*
** cmd_resume: `sqlsoak resume RESULTS_DIR`: carry on an interrupted or
** killed run from its last chunk (resume.h).
*/
#ifndef SQLSOAK_CMD_RESUME_H
#define SQLSOAK_CMD_RESUME_H

#include "config.h"

#include <stddef.h>

/* The results folder in cfg->pos[0].  Returns the exit status: 2 (with
** err) when the folder cannot be resumed, and nothing was changed; else
** as `sqlsoak run`. */
int cmd_resume(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);

#endif
