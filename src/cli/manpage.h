/*
** manpage: prints sqlsoak(1), generated from the command and option
** tables (`sqlsoak --man`; make writes it to build/sqlsoak.1).
*/
#ifndef SQLSOAK_MANPAGE_H
#define SQLSOAK_MANPAGE_H

#include <stdio.h>

/* Writes the page, in roff, to f.  Returns 0, or -1 when writing failed. */
int manpage_print(FILE *f);

#endif
