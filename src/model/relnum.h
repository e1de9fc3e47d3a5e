/*
** relnum: a SQLite release number ("3.6.23.1") as an order: its parts
** compared as numbers, so that 3.7.17 comes before 3.8.0 and 3.10.0 after
** 3.9.3.  A name that is no release number (a library's path) comes after
** every release; two names of one release ("3.7.8 (/a/lib.so)" and "3.7.8
** (/b/lib.so)": one release built twice) are equal, and keep the order
** they were given in.
*/
#ifndef SQLSOAK_RELNUM_H
#define SQLSOAK_RELNUM_H

/* <0, 0, >0 as release x comes before, with or after release y. */
int relnum_compare(const char *x, const char *y);

/* Indexes order[0..n) into names (each 160 bytes) sorted by release,
** stably: indexes of one release keep their order in order[]. */
void relnum_order(const char (*names)[160], int n, int *order);

#endif
