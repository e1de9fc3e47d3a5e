# latency.gp: read latencies against rows in the table, one panel per
# figure listed in latency.tsv (src/model/latency.c's table: the percentiles, the
# maximum, the mean), one colour per cell (per run in a comparison): a
# line, or its repeats thin under their median, bold.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_style.gp'
PANELS = DATA.'/latency.tsv'
stats PANELS using 0 nooutput
NP = STATS_records
array LC[NP]
array LN[NP]
do for [p=1:NP] {
    stats PANELS every ::p-1::p-1 using (LC[p] = strcol('column'), LN[p] = strcol('name'), 0) nooutput
}
NCOL = (NP + 1) / 2             # two rows of panels
ROWTICS = (NCOL > 2 ? 3 : 5)    # narrow panels, fewer ticks
load '_rowtics.gp'
NAME = "latency"
TITLE = (MODE eq "compare" ? "Read latency across runs" : "Read latency per chunk")
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    set multiplot title TITLE."\n".DESC font "sans,12"
    KEYH = 0.31          # a panel's height: the legend stands beside the first
    load '_key.gp'
    set logscale y
    PW = (KEYR - 0.07) / NCOL       # a panel's width, left of the legend
    do for [p=1:NP] {
        col = LC[p]
        x0 = 0.07 + ((p-1)%NCOL) * PW
        # the bottom row high enough for its x axis' label
        y0 = 0.49 - ((p-1)/NCOL) * 0.40
        set lmargin at screen x0 + 0.04
        set rmargin at screen x0 + PW - 0.01
        set bmargin at screen y0
        set tmargin at screen y0 + 0.31
        set title LN[p]." latency" font "sans,11"
        set ylabel ((p-1)%NCOL == 0 ? "latency (µs)" : "")
        set xlabel (p > NCOL ? "rows in the table" : "")
        if (p > 1) { unset key }
        # percentiles are bucket midpoints: a small run can give one value
        # everywhere, an empty log range gnuplot warns about; pad it
        # (stats obeys the range left by the panel before: clear it first;
        # a missing value counts as 0 so that stats always has records)
        set yrange [*:*]
        LO = 1e300; HI = 0
        do for [i=1:N] {
            stats series(i) using (pos0(col)) nooutput
            HI = (STATS_max > HI ? STATS_max : HI)
            stats series(i) using (posbig(col)) nooutput
            LO = (STATS_min < LO ? STATS_min : LO)
        }
        # ticks beside the data, not gnuplot's powers of ten alone (1 and 10
        # for a p50 between 1.5 and 5 µs)
        if (HI > 0) { YLO = (LO < HI ? LO : HI / 1.5); YHI = HI; load '_logtics.gp' }
        if (HI > 0) {
            plot for [j=1:NREPS] series(rep(j)) using 'rows':col with lines lt BT[B[rep(j)]] \
                    lw THIN notitle, \
                for [k=1:NB] bundle(k) using 'rows':col with linespoints lt BT[k] lw bw(k) \
                    title BL[k], \
                keyentry with lines lc rgb "#777777" dt 1 lw THIN title NOTET
        } else {
            # a percentile that chunks.csv lacks (a folder of another
            # schema): gnuplot refuses a panel with no point, so say so
            unset logscale y
            set xrange [0:1]; set yrange [0:1]
            set format x ""; set format y ""
            set label 1 "not in chunks.csv" at graph 0.5, 0.5 center
            plot NaN notitle
            unset label 1
            set xrange [*:*]
            set format x "%.1s%c"; set format y "% h"
            set ytics autofreq
            set logscale y
        }
    }
    unset multiplot
}
set output
