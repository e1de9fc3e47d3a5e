/*
** preset: named experiments as lists of options (the table --help, the
** man page and the completions list; the options --preset applies are
** its shipped job file's, equal to the table's: see preset.c).  A preset
** is applied before the user's own options, so explicit options override
** it.
*/
#ifndef SQLSOAK_PRESET_H
#define SQLSOAK_PRESET_H

/* The preset's options as a NULL-terminated argv ("--rows=100M", ...),
** or NULL when there is no preset of that name.  Static storage. */
const char *const *preset_args(const char *name);

/* "2014, txn, ..." for messages and --help.  Static storage. */
const char *preset_names(void);

/* The i-th preset's name and one line on what it runs (static storage).
** Returns 1, or 0 past the last one. */
int preset_doc(int i, const char **name, const char **what);

/* Prints each preset, what it reproduces and its options, to stdout. */
void preset_help(void);

#endif
