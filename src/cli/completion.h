/*
** completion: prints the bash, zsh and fish completion scripts for
** sqlsoak, generated from the command and option tables and the presets
** (`sqlsoak --completion bash|zsh|fish`; make writes them to
** build/sqlsoak.bash, build/_sqlsoak and build/sqlsoak.fish).
*/
#ifndef SQLSOAK_COMPLETION_H
#define SQLSOAK_COMPLETION_H

#include <stdio.h>

/* Writes the script of shell ("bash", "zsh" or "fish") to f.  Returns 0,
** 1 for an unknown shell, or -1 when writing failed. */
int completion_print(const char *shell, FILE *f);

#endif
