/*
** optionargs: argv-style options applied to a struct config.  Each is
** found among optiontable's rows for its command and its value parsed
** strictly (value.h) into its field: a flag, a text, a comma list whose
** every item is checked and none listed twice, --repeat's auto[:MAX].
** options_parse applies with it the defaults, a preset's and a job file's
** lines, and the command line, in that order.
*/
#ifndef SQLSOAK_OPTIONARGS_H
#define SQLSOAK_OPTIONARGS_H

#include "config.h"
#include "optiontable.h"

#include <stddef.h>

/* Sets option o of cfg from val, text as a user gives it: a list replaces
** the one before it.  0, or -1 with a one-line message in err. */
int optionargs_set(struct config *cfg, const struct option_def *o, const char *val, char *err,
                   size_t errlen);

/* Applies argv-style options of command cmd; positional arguments go to
** cfg->pos when pos_ok, else they are an error.  --help sets *want_help
** (when not NULL).  0, or -1 with a one-line message in err. */
int optionargs_apply(struct config *cfg, enum command cmd, int argc, char **argv, int pos_ok,
                     int *want_help, char *err, size_t errlen);

#endif
