/*
** dbfile: see dbfile.h.
*/
#include "dbfile.h"

#include <stdio.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

/* A database passes 2 and 4 GiB: with a 32-bit off_t (32-bit ARM and x86
** without -D_FILE_OFFSET_BITS=64) stat() fails on it with EOVERFLOW and its
** size would read as 0. */
_Static_assert(sizeof(off_t) == 8, "off_t must be 64 bits: build with -D_FILE_OFFSET_BITS=64");
/* run.json's times and timeline.csv's wall clock outlive 2038 on a
** 32-bit board too. */
_Static_assert(sizeof(time_t) == 8, "time_t must be 64 bits: build with -D_TIME_BITS=64");

const char *const dbfile_sides[] = {"-journal", "-wal", "-shm", NULL};

int dbfile_side(const char *db, const char *suffix, char *buf, size_t n)
{
    int len = snprintf(buf, n, "%s%s", db, suffix);
    return len >= 0 && (size_t)len < n ? 0 : -1;
}

int dbfile_side_exists(const char *db, char *buf, size_t n)
{
    for (int i = 0; dbfile_sides[i]; i++)
        if (dbfile_side(db, dbfile_sides[i], buf, n) == 0 && access(buf, F_OK) == 0)
            return 1;
    return 0;
}

void dbfile_remove(const char *db)
{
    char side[4200];
    unlink(db);
    for (int i = 0; dbfile_sides[i]; i++)
        if (dbfile_side(db, dbfile_sides[i], side, sizeof side) == 0)
            unlink(side);
}
