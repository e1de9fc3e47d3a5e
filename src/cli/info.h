/*
** info: the `sqlsoak info` subcommand: what each SQLite library is and can do.
*/
#ifndef SQLSOAK_INFO_H
#define SQLSOAK_INFO_H

#include "options.h"
#include <stddef.h>

/* Prints each library of cfg->sqlite_lib with its probed capabilities.
** Returns the exit status (2 with a message in err for a bad library). */
int info_main(const struct config *cfg, char *err, size_t errlen);

#endif
