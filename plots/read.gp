# read.gp: point reads against rows in the table: seconds per chunk's reads
# (top) and reads per second (bottom), one colour per cell (per run in a
# comparison): a line, or its repeats thin under their median, bold.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_style.gp'
load '_rowtics.gp'
NAME = "read"
TITLE = (MODE eq "compare" ? "Point reads across runs" : "Point reads")
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    set multiplot title TITLE."\n".DESC font "sans,12"
    KEYH = 0.36          # the top panel's height: the legend stands beside it
    load '_key.gp'
    set tmargin at screen 0.88
    set bmargin at screen 0.52
    set ylabel "read time per chunk (s)"
    set micro                 # 180.0µ: %g's "0.00018" reached past the left margin
    set format y "%.1s%c"
    set xlabel ""
    set yrange [0:*]
    plot for [j=1:NREPS] series(rep(j)) using 'rows':'read_s' with lines lt BT[B[rep(j)]] \
            lw THIN notitle, \
        for [k=1:NB] bundle(k) using 'rows':'read_s' with linespoints lt BT[k] lw bw(k) \
            title BL[k], \
        keyentry with lines lc rgb "#777777" dt 1 lw THIN title NOTET
    set tmargin at screen 0.47
    set bmargin at screen 0.08
    set xlabel "rows in the table"
    set ylabel "reads per second"
    set format y "%.1s%c"     # 160.0k: a six-digit tick pushed the label off the page
    unset key
    plot for [j=1:NREPS] series(rep(j)) using 'rows':'read_ops_per_s' with lines \
            lt BT[B[rep(j)]] lw THIN notitle, \
        for [k=1:NB] bundle(k) using 'rows':'read_ops_per_s' with linespoints lt BT[k] \
            lw bw(k) notitle
    unset multiplot
}
set output
