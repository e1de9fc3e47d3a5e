/*
** html: the pieces report.html is written in: text escaped, an element
** around it, a table's heading, cell and key-value row.  Every string
** taken from a file or from the user goes through html_esc.
*/
#ifndef SQLSOAK_HTML_H
#define SQLSOAK_HTML_H

#include <stdio.h>

/* s to f with & < > " ' as entities; nothing for NULL. */
void html_esc(FILE *f, const char *s);

/* <tr><th>k</th><td>v</td></tr>, both escaped. */
void html_row(FILE *f, const char *k, const char *v);

/* <td CLS>v</td>, v escaped; cls is the attribute text, "" or " class=n". */
void html_cell(FILE *f, const char *cls, const char *v);

/* <tag>s</tag>, s escaped. */
void html_tagged(FILE *f, const char *tag, const char *s);

/* <th>h</th>, h escaped. */
void html_head(FILE *f, const char *h);

/* A heading in a reader's words, with its summary.csv name as the title
** (shown on hover). */
void html_head_named(FILE *f, const char *h, const char *csv);

#endif
