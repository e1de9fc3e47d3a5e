/*
** notice: a line for the user on standard error, from any layer below
** main: a warning that does not end the command, a wait, a test hook's
** word.  An error that ends a command is not a notice: it goes back up
** in its caller's err buffer, and main prints it.  Besides main and this
** module, only the progress line (progress.h) writes to standard error
** (test_source.c holds the tree to it).
*/
#ifndef SQLSOAK_NOTICE_H
#define SQLSOAK_NOTICE_H

/* Writes the line fmt makes, and a newline, to standard error in one
** write(2): a cell, its readers and the runner share the terminal, and a
** line written whole is never cut by another's.  What stdio holds for
** standard error is flushed first, so the lines keep their order.  A
** longer line is cut to 4094 bytes. */
void notice_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
