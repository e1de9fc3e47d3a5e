/*
** Unit tests of dbmark, on real files in a fresh folder: a file's identity
** is the same by its path and by an open descriptor, and another file put
** in its place has another; a database is created only where neither it
** nor a side file of its name is; records written read back, the last of a name
** wins, a deletion cancels the proof, a torn or foreign line proves
** nothing; dbmark_remove deletes the very file recorded (with its side
** files) and keeps any other; a database conceived has no name until it
** is named, with the identity it was conceived with, and is never named
** over a file put there meanwhile; a folder without records is an older one,
** and records that are not a regular file are refused.
*/
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "dbmark.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/test_dbmark.XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    char cmd[128];
    (void)state;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* dir/name into buf. */
static const char *at(const char *name, char *buf, size_t n)
{
    snprintf(buf, n, "%s/%s", dir, name);
    return buf;
}

static void put(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
}

/* The records in dir/.databases, as text, read back. */
static void load(const char *text, struct dbmark_book *b)
{
    char path[128], err[256];
    put(at(DBMARK_FILE, path, sizeof path), text);
    assert_int_equal(dbmark_book_load(dir, b, err, sizeof err), 0);
    assert_false(b->missing);
}

static void test_identity(void **state)
{
    char a[128], b[128];
    struct dbmark by_path, by_fd, other;
    (void)state;
    put(at("a.db", a, sizeof a), "x");
    int fd = open(a, O_RDONLY);
    assert_true(fd >= 0);
    assert_int_equal(dbmark_of_path(a, &by_path), 0);
    assert_int_equal(dbmark_of_fd(fd, &by_fd), 0);
    close(fd);
    assert_true(dbmark_same(&by_path, &by_fd));
    /* another file renamed into its place: made while a.db lived, so on
    ** another inode */
    put(at("b.db", b, sizeof b), "x");
    assert_int_equal(rename(b, a), 0);
    assert_int_equal(dbmark_of_path(a, &other), 0);
    assert_false(dbmark_same(&by_path, &other));
    assert_int_equal(dbmark_of_path(b, &other), -1);
}

static void test_create(void **state)
{
    char a[128], side[160], why[400], want[400];
    struct dbmark m, now;
    (void)state;
    at("a.db", a, sizeof a);
    assert_int_equal(dbmark_create(a, &m, why, sizeof why), 0);
    assert_int_equal(dbmark_of_path(a, &now), 0);
    assert_true(dbmark_same(&m, &now));
    /* never over a file, nor beside a side file of its name */
    assert_int_equal(dbmark_create(a, &m, why, sizeof why), -1);
    assert_int_equal(errno, EEXIST);
    snprintf(want, sizeof want, "%s exists and is not sqlsoak's: not touched", a);
    assert_string_equal(why, want);
    unlink(a);
    snprintf(side, sizeof side, "%s-wal", a);
    put(side, "w");
    assert_int_equal(dbmark_create(a, &m, why, sizeof why), -1);
    assert_int_equal(errno, EEXIST);
    snprintf(want, sizeof want, "%s exists and is not sqlsoak's: not touched", side);
    assert_string_equal(why, want);
    assert_int_equal(access(a, F_OK), -1);
    assert_int_equal(dbmark_create("/nonexistent/a.db", &m, why, sizeof why), -1);
    assert_string_equal(why, "cannot create /nonexistent/a.db: No such file or directory");
}

static void test_conceive(void **state)
{
    char db[128], why[256];
    struct dbmark_newborn nb;
    struct dbmark m, now;
    (void)state;
    at("c.db", db, sizeof db);
    assert_int_equal(dbmark_conceive(db, &nb, &m, why, sizeof why), 0);
    assert_true(nb.named || access(db, F_OK) != 0);     /* unnamed, where O_TMPFILE is */
    assert_int_equal(dbmark_name(&nb, db, why, sizeof why), 0);
    assert_int_equal(dbmark_of_path(db, &now), 0);
    assert_true(dbmark_same(&m, &now));
    /* another file takes the name between conception and naming: kept */
    at("d.db", db, sizeof db);
    assert_int_equal(dbmark_conceive(db, &nb, &m, why, sizeof why), 0);
    if (!nb.named) {
        put(db, "theirs");
        assert_int_equal(dbmark_name(&nb, db, why, sizeof why), -1);
        assert_int_equal(errno, EEXIST);
        assert_int_equal(dbmark_of_path(db, &now), 0);
        assert_false(dbmark_same(&m, &now));
        struct stat st;
        assert_int_equal(stat(db, &st), 0);
        assert_int_equal(st.st_size, 6);
    } else {
        dbmark_abandon(&nb, db);
        assert_int_equal(access(db, F_OK), -1);
    }
}

static void test_records(void **state)
{
    char a[128], path[128], err[256];
    struct dbmark m, got;
    struct dbmark_book b;
    (void)state;
    put(at("a.db", a, sizeof a), "x");
    assert_int_equal(dbmark_of_path(a, &m), 0);
    int fd = open(at(DBMARK_FILE, path, sizeof path), O_WRONLY | O_CREAT | O_APPEND, 0644);
    assert_true(fd >= 0);
    assert_int_equal(dbmark_note_created(fd, a, &m), 0);
    close(fd);
    assert_int_equal(dbmark_book_load(dir, &b, err, sizeof err), 0);
    assert_int_equal(b.n, 1);
    assert_string_equal(b.v[0].name, "a.db");
    assert_non_null(dbmark_book_find(&b, a));
    got = *dbmark_book_find(&b, "/elsewhere/a.db");     /* by the file's name in --db-dir */
    assert_true(dbmark_same(&got, &m));
    assert_null(dbmark_book_find(&b, "b.db"));
    dbmark_book_free(&b);
}

static void test_lines(void **state)
{
    struct dbmark_book b;
    (void)state;
    /* the last record of a name wins; a deletion leaves no proof */
    load("created 254:0 12 1796116175.200436048 a.db\n"
         "created 254:0 13 - b.db\n"
         "deleted a.db\n"
         "created 8:1 99 5.000000001 c.db\n"
         "created 8:1 100 6.000000002 c.db\n", &b);
    assert_null(dbmark_book_find(&b, "a.db"));
    const struct dbmark *m = dbmark_book_find(&b, "b.db");
    assert_non_null(m);
    assert_int_equal(m->ino, 13);
    assert_false(m->has_birth);
    m = dbmark_book_find(&b, "c.db");
    assert_non_null(m);
    assert_int_equal(m->dev_major, 8);
    assert_int_equal(m->dev_minor, 1);
    assert_int_equal(m->ino, 100);
    assert_true(m->has_birth);
    assert_int_equal(m->birth_s, 6);
    assert_int_equal(m->birth_ns, 2);
    dbmark_book_free(&b);
    /* lines that are not records, and a torn last line, prove nothing */
    static const char *const bad[] = {
        "created 254:0 12 1.5 a.db\n",              /* nanoseconds: nine digits */
        "created 254 12 - a.db\n",
        "created 254:0 x - a.db\n",
        "created 254:0 12 - \n",
        "created 254:0 12 - ../a.db\n",
        "created 254:0 12 - a b.db\n",
        "created 254:0 12 1.1000000000 a.db\n",
        "created 254:0 99999999999999999999 - a.db\n",
        "removed a.db\n",
        "created 254:0 12 - a.db",                   /* torn: no newline */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        load(bad[i], &b);
        assert_int_equal(b.n, 0);
        dbmark_book_free(&b);
    }
    /* a NUL inside a line: not a record */
    char path[128], err[256];
    int fd = open(at(DBMARK_FILE, path, sizeof path), O_WRONLY | O_TRUNC);
    assert_int_equal(write(fd, "created 254:0 12 - a\0.db\n", 25), 25);
    close(fd);
    assert_int_equal(dbmark_book_load(dir, &b, err, sizeof err), 0);
    assert_int_equal(b.n, 0);
    dbmark_book_free(&b);
}

static void test_remove(void **state)
{
    char a[128], side[160], b[128];
    struct dbmark m;
    (void)state;
    put(at("a.db", a, sizeof a), "x");
    snprintf(side, sizeof side, "%s-journal", a);
    put(side, "j");
    assert_int_equal(dbmark_of_path(a, &m), 0);
    /* another file in its place: kept, with its side file */
    put(at("b.db", b, sizeof b), "other");
    assert_int_equal(rename(b, a), 0);
    assert_int_equal(dbmark_remove(a, &m, -1), 0);
    assert_int_equal(access(a, F_OK), 0);
    assert_int_equal(access(side, F_OK), 0);
    /* the very file recorded: deleted, with its side file, the deletion
    ** recorded first */
    char path[128], text[64] = "";
    int fd = open(at(DBMARK_FILE, path, sizeof path), O_RDWR | O_CREAT | O_APPEND, 0644);
    assert_true(fd >= 0);
    assert_int_equal(dbmark_of_path(a, &m), 0);
    assert_int_equal(dbmark_remove(a, &m, fd), 1);
    assert_int_equal(access(a, F_OK), -1);
    assert_int_equal(access(side, F_OK), -1);
    assert_int_equal(pread(fd, text, sizeof text - 1, 0), 13);
    assert_string_equal(text, "deleted a.db\n");
    close(fd);
    /* gone: nothing to delete */
    assert_int_equal(dbmark_remove(a, &m, -1), 0);
}

static void test_folders(void **state)
{
    char path[128], err[256];
    struct dbmark_book b;
    (void)state;
    assert_int_equal(dbmark_book_load(dir, &b, err, sizeof err), 0);
    assert_true(b.missing);
    dbmark_book_free(&b);
    assert_int_equal(mkfifo(at(DBMARK_FILE, path, sizeof path), 0644), 0);
    assert_int_equal(dbmark_book_load(dir, &b, err, sizeof err), -1);
    char want[300];
    snprintf(want, sizeof want, "%s: not a regular file: cannot resume", path);
    assert_string_equal(err, want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_identity, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_create, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_conceive, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_records, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_lines, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_remove, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(test_folders, make_dir, remove_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
