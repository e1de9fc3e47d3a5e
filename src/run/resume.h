/*
** resume: an interrupted or killed run carried on, the work of `sqlsoak
** resume OUT_DIR` (cmd_resume.h).
*/
#ifndef SQLSOAK_RESUME_H
#define SQLSOAK_RESUME_H

#include "config.h"
#include "ending.h"

#include <stddef.h>

/* args: the resume command's own options, the results folder in pos[0];
** draw: what draws the graphs once the run ends (plot_run).  Returns the
** exit status: 2 (with err) when the folder cannot be resumed, and nothing
** was changed; else as `sqlsoak run`. */
int resume_run(const struct config *args, run_draw_fn *draw, char *err, size_t errlen);

#endif
