/*
** changepoint: binary segmentation with a t-test; see changepoint.h.
*/
#include "changepoint.h"

#include <math.h>

/* The regularised incomplete beta function I_x(a, b), by its continued
** fraction (Lentz's method), converging for x < (a + 1) / (a + b + 2);
** the other side through I_x(a, b) = 1 - I_{1-x}(b, a). */
static double beta_fraction(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    d = fabs(d) < tiny ? tiny : d;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 300; m++) {
        double m2 = 2.0 * m;
        double aa = m * (b - m) * x / ((a - 1 + m2) * (a + m2));
        for (int half = 0; half < 2; half++) {
            d = 1 + aa * d;
            d = fabs(d) < tiny ? tiny : d;
            c = 1 + aa / c;
            c = fabs(c) < tiny ? tiny : c;
            d = 1 / d;
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2));
        }
        if (fabs(d * c - 1) < 1e-14)
            break;
    }
    return h;
}

static double beta_regularised(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2))
        return front * beta_fraction(a, b, x) / a;
    return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double changepoint_t_cdf(double t, double df)
{
    if (isinf(t))
        return t > 0 ? 1 : 0;
    double tail = 0.5 * beta_regularised(df / 2, 0.5, df / (df + t * t));
    return t > 0 ? 1 - tail : tail;
}

double changepoint_t_quantile(double q, double df)
{
    /* 64 halvings of 2e6 leave less than 1e-12: a double's precision here */
    double lo = -1e6, hi = 1e6;
    for (int i = 0; i < 64; i++) {
        double mid = (lo + hi) / 2;
        if (changepoint_t_cdf(mid, df) < q)
            lo = mid;
        else
            hi = mid;
    }
    return (lo + hi) / 2;
}

/* The split of x[a..b) at s (a < s < b, b - a >= 3): its change into
** *cp, its p-value not penalised, and with interval its 95% interval
** (NaN without: a quantile costs a search, paid for the chosen split
** alone); returns its |t|. */
static double split_at(const double *x, int a, int b, int s, double floor, int interval,
                       struct changepoint *cp)
{
    double m1 = 0, m2 = 0, ss = 0;
    int n1 = s - a, n2 = b - s;
    for (int i = a; i < s; i++)
        m1 += x[i];
    for (int i = s; i < b; i++)
        m2 += x[i];
    m1 /= n1;
    m2 /= n2;
    for (int i = a; i < b; i++) {
        double dev = x[i] - (i < s ? m1 : m2);
        ss += dev * dev;
    }
    double df = b - a - 2, diff = m2 - m1;
    double sd = fmax(sqrt(ss / df), floor);
    double se = sd * sqrt(1.0 / n1 + 1.0 / n2);
    double t = se > 0 ? fabs(diff) / se : diff != 0 ? INFINITY : 0;
    double half = !interval ? NAN : isinf(t) ? 0 : changepoint_t_quantile(0.975, df) * se;
    *cp = (struct changepoint){s, exp(diff), exp(diff - half), exp(diff + half),
                               2 * (1 - changepoint_t_cdf(t, df))};
    return t;
}

int changepoint_at(const double *x, int n, int at, double floor, struct changepoint *cp)
{
    if (n < 3 || at < 1 || at >= n)
        return 0;
    split_at(x, 0, n, at, floor, 1, cp);
    return 1;
}

/* The best split of x[a..b) into *cp, its p-value times the splits
** tried.  0 when the segment is too short to split. */
static int best_split(const double *x, int a, int b, double floor, struct changepoint *cp)
{
    double best = -1;
    int at = a + 1;
    if (b - a < 3)
        return 0;
    for (int s = a + 1; s < b; s++) {
        struct changepoint here;
        double t = split_at(x, a, b, s, floor, 0, &here);
        if (t > best) {
            best = t;
            at = s;
        }
    }
    split_at(x, a, b, at, floor, 1, cp);
    cp->p = fmin(1, cp->p * (b - a - 1));
    return 1;
}

static int segment(const double *x, int a, int b, double alpha, double min_change,
                   double floor, struct changepoint *out, int max, int count)
{
    struct changepoint cp;
    if (count >= max || !best_split(x, a, b, floor, &cp) || cp.p >= alpha ||
        fabs(log(cp.ratio)) < log1p(min_change))
        return count;
    count = segment(x, a, cp.at, alpha, min_change, floor, out, max, count);
    if (count < max)
        out[count++] = cp;
    return segment(x, cp.at, b, alpha, min_change, floor, out, max, count);
}

int changepoint_find(const double *x, int n, double alpha, double min_change, double floor,
                     struct changepoint *out, int max)
{
    return segment(x, 0, n, alpha, min_change, floor, out, max, 0);
}
