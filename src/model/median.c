/*
** median: see median.h.
*/
#include "median.h"

#include <math.h>

double median_of(double *v, int n)
{
    /* insertion sort: n is a cell's chunk count or a run's rounds, and NaN
    ** sorts last */
    for (int i = 1; i < n; i++) {
        double x = v[i];
        int j = i - 1;
        while (j >= 0 && (isnan(v[j]) || v[j] > x) && !isnan(x)) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
    int finite = 0;
    while (finite < n && !isnan(v[finite]))
        finite++;
    if (finite == 0)
        return NAN;
    return finite % 2 ? v[finite / 2] : (v[finite / 2 - 1] + v[finite / 2]) / 2;
}

double pooled_rate(const double *v, const unsigned char *pick, int n)
{
    double time = 0;
    int k = 0;
    for (int i = 0; i < n; i++)
        if ((!pick || pick[i]) && isfinite(v[i]) && v[i] > 0) {
            time += 1 / v[i];
            k++;
        }
    return k ? k / time : NAN;
}
