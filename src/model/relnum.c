/*
** relnum: a release number's order.  See relnum.h.
*/
#include "relnum.h"

#include <stdlib.h>

int relnum_compare(const char *x, const char *y)
{
    for (;;) {
        char *ex, *ey;
        long a = strtol(x, &ex, 10), b = strtol(y, &ey, 10);
        if (ex == x || ey == y)
            return (ex == x) - (ey == y);
        if (a != b)
            return a < b ? -1 : 1;
        /* 3.6.23 before 3.6.23.1: the number that ends first */
        if (*ex != '.' || *ey != '.')
            return (*ex == '.') - (*ey == '.');
        x = ex + 1;
        y = ey + 1;
    }
}

void relnum_order(const char (*names)[160], int n, int *order)
{
    for (int i = 1; i < n; i++)     /* a few libraries: insertion sort, stable */
        for (int j = i; j > 0 && relnum_compare(names[order[j]], names[order[j - 1]]) < 0; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}
