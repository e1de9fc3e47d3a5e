# write.gp: write seconds per chunk against rows in the table, one line per
# cell, with the 2014 test's published curve when the run has its shape.
# Draws write.png/.svg (linear) and write_log.png/.svg (log-log).
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_style.gp'
load '_key.gp'
TITLE = (MODE eq "compare" ? "Write time per chunk across runs" : "Write time per chunk")
set title TITLE."\n".DESC noenhanced font "sans,12"
set ylabel "write time per chunk (s, incl. COMMIT)"
set yrange [0:*]
set xrange [0:*]
refplot = (strlen(REF) > 0)
# the 2014 curve runs to 100M rows: shown over this run's own rows (RMAX,
# from _rowtics.gp) only, so that a shorter run is not squeezed into the
# left edge
do for [log=0:1] {
    ROWLOG = log
    load '_rowtics.gp'
    if (log) { set logscale xy; set yrange [*:*]; NAME = "write_log" } \
    else { unset logscale; NAME = "write" }
    if (refplot) { set xrange [(log ? RMAX / 2e3 : 0):RMAX * 1.02] } \
    else { if (log) { set xrange [RMIN / 1.2:RMAX * 1.2] } else { set xrange [0:*] } }
    do for [fmt=1:2] {
        if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
        if (refplot) {
            plot for [i=1:N] series(i) using 'rows':'write_s' with linespoints lt i title L[i], \
                REF using 'rows':'write_s' with linespoints lc rgb "black" dt 2 pt 4 lw 2 \
                title "2014 test (SATA, published)"
        } else {
            plot for [i=1:N] series(i) using 'rows':'write_s' with linespoints lt i title L[i]
        }
    }
}
set output
