/*
** headlinelibs: the headline's sentences of the libraries' builds: the
** compile options in which a run's libraries differ (compileopt.h), those
** that can move a verdict between them beside it, and those that every
** cell set explicitly and read back, said to be equal; and the libraries
** that list no options, which are not compared.  The plan tells
** the same from the same text.
*/
#ifndef SQLSOAK_HEADLINELIBS_H
#define SQLSOAK_HEADLINELIBS_H

#include "dims.h"
#include "headlineint.h"

#include <stddef.h>

/* The compile options libraries (run.json's "libraries", a json_t array
** of entries with RUNKEY_LIB_PATH, _VERSION and _COMPILE_OPTIONS) differ
** in, as compileopt_differ tells them with set and moot, into out.
** Returns how many. */
int headlinelibs_options(const void *libraries, const int set[DIM_COUNT], int moot, char *out,
                         size_t n);

/* The libraries of libraries (as above) that list no compile options,
** as compileopt_unlisted names them, into out.  Returns how many. */
int headlinelibs_unlisted(const void *libraries, char *out, size_t n);

/* Adds the sentences of libraries (as above) for the run of in to h:
** none when the libraries do not differ in an option of the table. */
void headlinelibs_say(const void *libraries, const struct headline_input *in, struct headline *h);

#endif
