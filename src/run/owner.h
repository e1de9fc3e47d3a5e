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
** still going (pid N)" when another process holds it (with fresh, or made
** the file a moment before: its pid, once it holds the lock).  A holder
** that is ending (exiting, SIGKILL pending, or a cell's process whose
** runner is gone) is waited for, up to 30 s, with a line on stderr. */
int owner_take(const char *dir, int fresh, char *err, size_t errlen);

/* Creates DIR/.owner, as owner_take with fresh, but takes no lock: for a
** run that goes on in the background (--detach), whose background process
** takes it (owner_take_over), so that the only pid ever named as the
** holder is that process's.  The descriptor, or -1 with one line in err. */
int owner_claim(const char *dir, char *err, size_t errlen);

/* In a process forked after owner_claim (or by an owner, once the parent
** has closed its descriptor): holds the lock on fd, the descriptor
** inherited, waiting while the parent still holds it.  0, or -1 (errno
** set). */
int owner_take_over(int fd);

/* In the cell's process (forked by the owner): holds the folder too, until
** it ends. */
void owner_hold_in_cell(void);

/* The pid of the process holding dir's lock, 0 when none does, -1 when
** dir has no lock file. */
pid_t owner_holder(const char *dir);

/* As owner_holder, for a folder a run is making: a run takes the lock a
** moment after it made the lock file (with --detach, its background
** process does, once the terminal's lets go), so this waits for a holder,
** up to 5 s.  0 when none came or there is no lock file. */
pid_t owner_holder_soon(const char *dir);

#endif
