/*
** dbmark: the proof that sqlsoak created a database file, so that it
** deletes only files it made, never a file that merely has the name.
**
** When a cell creates its database (never over an existing file) it
** records the new file's identity before the file has its name: its
** device, its inode number and, where the filesystem keeps one, its birth
** time (a file made later in the same place, even on a reused inode, is
** born later).  A run's records are the lines of OUT/.databases, appended with
** one write(2) each:
**
**   created MAJOR:MINOR INODE BIRTH NAME    BIRTH: SECONDS.NANOSECONDS or -
**   deleted NAME                            written just before the unlink
**
** NAME is the file's name in --db-dir.  The last line of a name wins; a
** line that does not parse (torn by a power cut) proves nothing.  A file
** may be deleted only while its identity equals its "created" record, and
** its -journal, -wal and -shm with it.  Nothing here is called inside a
** timed phase.
*/
#ifndef SQLSOAK_DBMARK_H
#define SQLSOAK_DBMARK_H

#include <stddef.h>
#include <stdint.h>

/* The name of the records in a results folder. */
#define DBMARK_FILE ".databases"

/* A file's identity. */
struct dbmark {
    uint32_t dev_major, dev_minor;
    uint64_t ino;
    int has_birth;              /* the filesystem reports a birth time */
    int64_t birth_s;
    uint32_t birth_ns;
};

/* Creates the database file db, empty, never over an existing file, nor
** beside a side file of its name; its identity into *m.  0, or -1 with
** errno set (EEXIST: something is there) and in err one line naming the
** file ("PATH exists and is not sqlsoak's: not touched", or "cannot
** create PATH: reason"). */
int dbmark_create(const char *db, struct dbmark *m, char *err, size_t errlen);

/* dbmark_create in two steps, so that the record of the file is written
** before the file has its name: a kill between the two leaves no file
** that has no record.  dbmark_conceive makes the file unnamed (O_TMPFILE;
** where the filesystem has none, under its name at once, so that the
** window stays); its identity into *m.  dbmark_name then gives it its
** name (linkat, never over an existing file) and closes it; or
** dbmark_abandon drops it (unlinking it when it was born named).  Each 0,
** or -1 with errno and err, as dbmark_create. */
struct dbmark_newborn {
    int fd;
    int named;                  /* already under its name */
};
int dbmark_conceive(const char *db, struct dbmark_newborn *nb, struct dbmark *m, char *err,
                    size_t errlen);
int dbmark_name(struct dbmark_newborn *nb, const char *db, char *err, size_t errlen);
void dbmark_abandon(struct dbmark_newborn *nb, const char *db);

/* The identity of the open file fd, or of path (a symbolic link is
** itself, not what it points to), into *m.  0, or -1 with errno. */
int dbmark_of_fd(int fd, struct dbmark *m);
int dbmark_of_path(const char *path, struct dbmark *m);

/* 1 when a and b identify the same file. */
int dbmark_same(const struct dbmark *a, const struct dbmark *b);

/* Appends the record that db (a path; its last component is recorded) was
** created as m, and syncs it; or that it is about to be deleted.  0, or
** -1 with errno. */
int dbmark_note_created(int fd, const char *db, const struct dbmark *m);
int dbmark_note_deleted(int fd, const char *db);

/* Deletes db and its side files when db is the file m identifies,
** recording it first on note_fd (when >= 0).  1 when deleted; 0 when
** kept: db is gone, or is another file than m. */
int dbmark_remove(const char *db, const struct dbmark *m, int note_fd);

/* ---- the records of a folder, read back ---- */

struct dbmark_entry {
    char name[160];
    struct dbmark mark;
    int deleted;
};

struct dbmark_book {
    struct dbmark_entry *v;
    size_t n, cap;
    int missing;                /* no records at all: a folder of an older sqlsoak */
};

/* Reads the records of folder out (OUT/.databases) into *b.  0, with
** b->missing set when the folder has none; -1 with err when they cannot
** be read (not a regular file, say).  Free with dbmark_book_free. */
int dbmark_book_load(const char *out, struct dbmark_book *b, char *err, size_t errlen);

/* The identity db was created with, by its latest record; NULL when it
** has none or its latest record is its deletion. */
const struct dbmark *dbmark_book_find(const struct dbmark_book *b, const char *db);

void dbmark_book_free(struct dbmark_book *b);

#endif
