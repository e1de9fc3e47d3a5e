/*
** digits: a CSV number as report.html shows it, for a reader rather than
** a parser: thousands separated by commas ("1,670,700", "128,770,048"),
** and no fraction on a figure of four digits or more, whose last digit is
** already noise.  A smaller figure keeps the text the CSV gave it
** ("7.648", "100.0"); a field that is not a plain number ("1.00x",
** "NaN", "") is returned as it is.
*/
#ifndef SQLSOAK_DIGITS_H
#define SQLSOAK_DIGITS_H

#include <stddef.h>

/* The text of csv for a reader, in buf (n bytes, cut to fit).  Returns
** buf. */
const char *digits_grouped(const char *csv, char *buf, size_t n);

/* A row count as the options take it and the axes label it: "5M",
** "500k", or grouped ("12,345") when no decimal suffix is exact.
** Returns buf. */
const char *digits_rows(long long rows, char *buf, size_t n);

#endif
