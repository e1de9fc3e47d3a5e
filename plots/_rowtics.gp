# _rowtics.gp: the x tics of a row-count axis, loaded by the scaling graphs
# after _style.gp.  gnuplot's own ticks with a "%.1s%c" format printed
# "500.0k1.0M" in a narrow panel, and with "%.0s%c" a 2M-row axis read
# "1M 1M 1M 2M 2M": a format cannot know the step.  So the step is chosen
# here from the largest row count (1, 2, 2.5 or 5 × 10^k, at most ROWTICS
# steps: fewer for narrow panels), and every label is written with as many
# digits as its value needs ("1.25M"): no two labels are the same, and
# they stay short enough not to run into each other.
# On a logarithmic axis (ROWLOG = 1) the ticks are 1, 2 and 5 × 10^k (only
# the powers of ten over more than four decades).
# In: N, series(i) (from _style.gp); ROWTICS (default 6), ROWLOG (default 0).
# Out: RMIN, RMAX, the smallest and largest row count drawn.
if (!exists("ROWTICS")) { ROWTICS = 6 }
if (!exists("ROWLOG")) { ROWLOG = 0 }
rowlab(x) = (x >= 1e6 ? sprintf("%gM", x / 1e6) : x >= 1e3 ? sprintf("%gk", x / 1e3) \
             : sprintf("%g", x))
RMIN = 1e300; RMAX = 0
do for [i=1:N] {
    stats series(i) using 'rows' nooutput
    RMAX = (STATS_max > RMAX ? STATS_max : RMAX)
    RMIN = (STATS_min < RMIN ? STATS_min : RMIN)
}
if (RMAX <= 0) { RMAX = 1; RMIN = 1 }
set xtics ()
unset mxtics
if (ROWLOG) {
    E0 = floor(log10(RMIN)); E1 = ceil(log10(RMAX))
    MS = (E1 - E0 > 4 ? "1" : "1 2 5")
    do for [e=E0:E1] {
        do for [m in MS] {
            t = int(m) * 10.0**e
            if (t >= RMIN / 1.5 && t <= RMAX * 1.5) { set xtics add (rowlab(t) t) }
        }
    }
} else {
    RAW = RMAX / ROWTICS
    MAG = 10.0**floor(log10(RAW))
    F = RAW / MAG
    STEP = (F <= 1 ? 1 : F <= 2 ? 2 : F <= 2.5 ? 2.5 : F <= 5 ? 5 : 10) * MAG
    # a row count is whole: a step below one row would repeat labels
    STEP = (STEP < 1 ? 1 : STEP)
    do for [k=0:ceil(RMAX / STEP)] { set xtics add (rowlab(k * STEP) k * STEP) }
}
