/*
** mdtable: GitHub-flavoured markdown tables.  See mdtable.h.
*/
#include "mdtable.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

const char *mdtable_cell(const char *s, char *buf, size_t n)
{
    size_t k = 0;
    assert(n > 0);
    for (; *s; s++) {
        char c = *s == '\n' || *s == '\r' ? ' ' : *s;
        int esc = c == '|' || c == '\\';
        if (k + (size_t)esc + 1 >= n)
            break;
        if (esc)
            buf[k++] = '\\';
        buf[k++] = c;
    }
    buf[k] = 0;
    return buf;
}

void mdtable_row(FILE *f, const char *const *cells, int n)
{
    fputc('|', f);
    for (int i = 0; i < n; i++) {
        size_t len = 2 * strlen(cells[i]) + 1;
        char *buf = malloc(len);
        fprintf(f, " %s |", buf ? mdtable_cell(cells[i], buf, len) : "");
        free(buf);
    }
    fputc('\n', f);
}

void mdtable_header(FILE *f, const char *const *heads, const int *right, int n)
{
    mdtable_row(f, heads, n);
    fputc('|', f);
    for (int i = 0; i < n; i++)
        fputs(right[i] ? " ---: |" : " --- |", f);
    fputc('\n', f);
}
