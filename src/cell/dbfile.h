/*
** dbfile: a database file under test and the side files SQLite makes
** beside it (-journal, -wal, -shm).  sqlsoak only ever removes these for
** a database it created itself.
*/
#ifndef SQLSOAK_DBFILE_H
#define SQLSOAK_DBFILE_H

#include <stddef.h>

/* NULL-terminated: "-journal", "-wal", "-shm". */
extern const char *const dbfile_sides[];

/* The path of db's side file (suffix from dbfile_sides) into buf; 0, or -1
** when it does not fit. */
int dbfile_side(const char *db, const char *suffix, char *buf, size_t n);

/* The first side file of db that exists, into buf; 1 when one does, else 0. */
int dbfile_side_exists(const char *db, char *buf, size_t n);

/* Removes db and its side files (those that exist). */
void dbfile_remove(const char *db);

#endif
