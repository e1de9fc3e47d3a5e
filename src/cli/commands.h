/*
** commands: the table of sqlsoak's subcommands (name, the options word
** they answer to, their arguments, what they do, and the function that
** does it, each with the one signature), as Redis's command table.  The
** one list that dispatch, --help, the man page and shell completion all
** read: main parses the options the word names, the function acts.
*/
#ifndef SQLSOAK_COMMANDS_H
#define SQLSOAK_COMMANDS_H

#include "options.h"

#include <stddef.h>

struct command_doc {
    const char *name;             /* "run" */
    enum command cmd;             /* the options table's word for it */
    const char *args;             /* "[OPTIONS]", "RESULTS_DIR", ... */
    const char *what;             /* one line */
    /* the command: cfg parsed from argv (whole, for a command line to
    ** record); its exit status, with one line in err when it failed */
    int (*act)(const struct config *cfg, int argc, char **argv, char *err, size_t errlen);
    int positional;               /* takes arguments besides its options */
};

/* The i-th subcommand (0-based, in --help order), or NULL past the last. */
const struct command_doc *commands_at(int i);

/* The subcommand called name, or NULL. */
const struct command_doc *commands_find(const char *name);

/* The subcommand a mistyped name most likely meant (nearest.h), or NULL. */
const char *commands_nearest(const char *name);

#endif
