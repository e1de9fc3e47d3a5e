/*
** owner: one process at a time runs a results folder.  The process that
** runs or resumes it holds an exclusive lock on DIR/.owner (an empty file)
** for its whole life, and so does its cell's process; the kernel releases
** the lock when they are gone, however they ended, and tells others the
** holder's pid.
*/
#ifndef SQLSOAK_OWNER_H
#define SQLSOAK_OWNER_H

#include <stddef.h>
#include <sys/types.h>

/* Takes the lock of dir (creating DIR/.owner; with fresh, a file already
** there is an error, as for a folder just made for a run).  Returns the
** descriptor to keep open, or -1 with one line in err: "DIR: the run is
** still going (pid N)" when another process holds it. */
int owner_take(const char *dir, int fresh, char *err, size_t n);

/* In the cell's process (forked by the owner): holds the folder too, until
** it ends. */
void owner_hold_in_cell(void);

/* The pid of the process holding dir's lock, 0 when none does, -1 when
** dir has no lock file. */
pid_t owner_holder(const char *dir);

#endif
