# spread.gp: for a matrix in which one setting varies, the rate against
# that setting with its spread: per value a box from the first to the
# third quartile, a line at the median and whiskers to the slowest and the
# fastest chunk, over the chunks of all repeats; each chunk is a dot to
# the right of its box (the repeats side by side, in order).  A panel for
# write rows/s, and one for read ops/s when the run read.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_base.gp'
BOXES = DATA.'/spread.tsv'
PTS = DATA.'/spread-pts.tsv'
PANELS = DATA.'/spread-panels.tsv'
stats PANELS using 0 nooutput
P = STATS_records
array PN[P]
array AX[P]
do for [p=1:P] { stats PANELS every ::p-1::p-1 using (PN[p] = strcol('panel'), AX[p] = strcol('axis'), 0) nooutput }
stats BOXES using 'x' nooutput
XMAX = STATS_max
NAME = "spread"
set xrange [-0.6:XMAX+0.7]
set yrange [0:*]
set format y "%.1s%c"
set style fill solid 0.35 border
set boxwidth 0.34 absolute
unset key
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    set multiplot layout P,1 title "Rate against ".AX[1]." with its spread: quartiles, median, slowest and fastest chunk of all repeats\n".DESC font "sans,12"
    do for [p=1:P] {
        C = (PN[p] eq "write" ? "w" : "r")
        set ylabel (PN[p] eq "write" ? "write rows/s per chunk" : "read ops/s per chunk")
        set xlabel (p == P ? AX[p] : "")
        plot BOXES using 'x':(column(C.'_q1')):(column(C.'_min')):(column(C.'_max')):(column(C.'_q3')):xtic(strcol('label')) \
                 with candlesticks lc rgb "#1f77b4" lw 1.5 whiskerbars 0.6, \
             BOXES using 'x':(column(C.'_med')):(column(C.'_med')):(column(C.'_med')):(column(C.'_med')) \
                 with candlesticks lc rgb "#d62728" lw 2.5, \
             PTS using 'x':(column(PN[p])) with points pt 7 ps 0.45 lc rgb "#555555"
    }
    unset multiplot
}
set output
