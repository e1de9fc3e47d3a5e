/*
** binom: the Clopper-Pearson upper bound.  See binom.h.
*/
#include "binom.h"

#include <math.h>

/* P(X <= k) for X ~ Binomial(n, p), 0 < p < 1, summed in logs. */
static double cdf(int64_t k, int64_t n, double p)
{
    double lp = log(p), lq = log1p(-p), sum = 0, ln1 = lgamma((double)n + 1);
    for (int64_t i = 0; i <= k; i++)
        sum += exp(ln1 - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) + (double)i * lp +
                   (double)(n - i) * lq);
    return sum;
}

double binom_upper(int64_t k, int64_t n, double conf)
{
    double alpha = 1 - conf;
    if (n < 1 || k < 0 || !(alpha > 0 && alpha < 1))
        return NAN;
    if (k >= n)
        return 1;
    if (k == 0)
        return 1 - pow(alpha, 1.0 / (double)n);
    /* the cdf falls as p grows: bisect for cdf(p) = alpha */
    double lo = (double)k / (double)n, hi = 1;
    for (int it = 0; it < 100 && hi - lo > 1e-12; it++) {
        double mid = (lo + hi) / 2;
        if (cdf(k, n, mid) > alpha)
            lo = mid;
        else
            hi = mid;
    }
    return hi;
}
