/*
** completion: prints the bash completion script for sqlsoak, generated
** from the command and option tables and the presets
** (`sqlsoak --completion bash`; make writes it to build/sqlsoak.bash).
*/
#ifndef SQLSOAK_COMPLETION_H
#define SQLSOAK_COMPLETION_H

#include <stdio.h>

/* Writes the script to f.  Returns 0, or -1 when writing failed. */
int completion_print(FILE *f);

#endif
