# write.gp: the write rate per chunk (rows/s, as the tables give it)
# against rows in the table, one colour per cell (per run in a
# comparison): a line, or its repeats thin under their median, bold.
# When the run has the 2014 test's shape its published curve is drawn
# too, and both in its unit:
# seconds per million rows written (each of its chunks was a million).
# Draws write.png/.svg (linear) and write_log.png/.svg (log-log).
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_style.gp'
refplot = (strlen(REF) > 0)
REFTITLE = "2014 test (SATA, published)"
if (refplot) {
    KN = KN + 1
    KEYLEN = (strlen(REFTITLE) > KEYLEN ? strlen(REFTITLE) : KEYLEN)
}
load '_key.gp'
# the figure drawn: rows/s, or seconds per million rows beside the 2014 curve
fig(c) = (refplot ? column('write_s') * 1e6 / column('chunk_rows') : column('write_rows_per_s'))
WHAT = (refplot ? "Write time per million rows" : "Write rate per chunk")
TITLE = (MODE eq "compare" ? WHAT." across runs" : WHAT)
set title TITLE."\n".DESC noenhanced font "sans,12"
set ylabel (refplot ? "write time per million rows (s, incl. COMMIT)" \
                    : "write rows/s per chunk (incl. COMMIT)")
# the extremes of what is drawn, for the log axis
YLO = 1e300; YHI = 0
do for [i=1:N] {
    stats series(i) using (fig(0)) nooutput
    YLO = (STATS_min > 0 && STATS_min < YLO ? STATS_min : YLO)
    YHI = (STATS_max > YHI ? STATS_max : YHI)
}
if (refplot) {
    stats REF using 'write_s' nooutput
    YLO = (STATS_min < YLO ? STATS_min : YLO)
    YHI = (STATS_max > YHI ? STATS_max : YHI)
}
# the 2014 curve runs to 100M rows: shown over this run's own rows (RMAX,
# from _rowtics.gp) only, so that a shorter run is not squeezed into the
# left edge
do for [log=0:1] {
    ROWLOG = log
    load '_rowtics.gp'
    # rates as 1.5M, 500.0k (a six-digit tick pushed the label off); seconds as they are
    set format y (refplot ? "%g" : "%.1s%c")
    if (log) { set logscale xy; load '_logtics.gp'; NAME = "write_log" } \
    else { unset logscale; set yrange [0:*]; set ytics autofreq; NAME = "write" }
    if (refplot) { set xrange [(log ? RMAX / 2e3 : 0):RMAX * 1.02] } \
    else { if (log) { set xrange [RMIN / 1.2:RMAX * 1.2] } else { set xrange [0:*] } }
    do for [fmt=1:2] {
        if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
        # the 2014 curve after the rest (an empty file name is gnuplot's last
        # file, opened even by a loop of no turns: no loop for it)
        if (refplot) {
            plot for [j=1:NREPS] series(rep(j)) using 'rows':(fig(0)) with lines lt BT[B[rep(j)]] \
                    lw THIN notitle, \
                for [k=1:NB] bundle(k) using 'rows':(fig(0)) with linespoints lt BT[k] lw bw(k) \
                    title BL[k], \
                keyentry with lines lc rgb "#777777" dt 1 lw THIN title NOTET, \
                REF using 'rows':'write_s' with linespoints lc rgb "black" dt 2 pt 4 lw 2 \
                title REFTITLE
        } else {
            plot for [j=1:NREPS] series(rep(j)) using 'rows':(fig(0)) with lines lt BT[B[rep(j)]] \
                    lw THIN notitle, \
                for [k=1:NB] bundle(k) using 'rows':(fig(0)) with linespoints lt BT[k] lw bw(k) \
                    title BL[k], \
                keyentry with lines lc rgb "#777777" dt 1 lw THIN title NOTET
        }
    }
}
set output
