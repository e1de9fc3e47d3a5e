/*
** optiontable: the one table of every command-line option, in --help
** order: the rows --help lists before the matrix dimensions, the
** dimensions' own rows of dims.c as they are, the rows after them.  A row
** carries an option's name, type, where it lands in struct config, its
** default (as text, parsed like user input), its range, its help and the
** commands that take it; besides the rows, crash's own defaults and the
** help an option has under one command.  options.h's parsing, help and
** records and optionargs.h's values read the table through these lookups.
*/
#ifndef SQLSOAK_OPTIONTABLE_H
#define SQLSOAK_OPTIONTABLE_H

#include "config.h"
#include "value.h"

#include <stddef.h>

/* An option: its name and values, and where it lands in struct config. */
struct option_def {
    struct value_spec v;
    size_t off;                  /* offsetof(struct config, field) */
};

/* The number of options, every command's together. */
size_t optiontable_count(void);

/* Option i of every option, in --help order: the head rows, the
** dimensions of dims.c (made in buf), the tail rows.  NULL past the end. */
const struct option_def *optiontable_at(size_t i, struct option_def *buf);

/* The option of that name (len bytes of it) that cmd takes: two commands
** may each have a row of the same name.  NULL when cmd takes none. */
const struct option_def *optiontable_find(const char *name, size_t len, enum command cmd,
                                          struct option_def *buf);

/* The name of cmd's option that a mistyped name[0..len) most likely meant
** (nearest.h), or NULL. */
const char *optiontable_nearest(const char *name, size_t len, enum command cmd);

/* The help of option o under command cmd. */
const char *optiontable_help(const struct option_def *o, enum command cmd);

/* The default of option o under command cmd, as text (NULL: none). */
const char *optiontable_default(const struct option_def *o, enum command cmd);

/* sqlsoak crash's own defaults, set over the table's: the name of the i-th
** option, its value into *value; NULL past the last. */
const char *optiontable_crash_default(size_t i, const char **value);

#endif
