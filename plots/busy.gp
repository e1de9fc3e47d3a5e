# busy.gp: the reader processes' busy waits (--readers), a colour per cell
# that ran them (its repeats thin under their median, bold), against rows
# in the table: the SQLITE_BUSY answers their
# locks met per chunk (top), and the milliseconds they spent in their busy
# handlers (bottom).  Output: readers_busy.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014 [OUTPUTS]]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_style.gp'
load '_rowtics.gp'
load '_readers.gp'
NAME = "readers_busy"
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    set multiplot title "Readers' busy waits\n".DESC font "sans,12"
    load '_key.gp'
    set tmargin at screen 0.88
    set bmargin at screen 0.52
    set ylabel "SQLITE_BUSY answers per chunk"
    set format y "%g"
    set xlabel ""
    set yrange [0:*]
    set offsets 0, 0, graph 0.08, 0   # headroom: a steady line stays off the border
    plot for [j=1:NRREPS] rd(R[rrep(j)]) using 'rows':'busy' with lines lt rlt(rrep(j)) \
            lw THIN notitle, \
        for [k=1:NRB] rdm(k) using 'rows':'busy' with linespoints lt RBT[k] lw rbw(k) \
            title RBL[k], \
        keyentry with lines lc rgb "#777777" dt 1 lw THIN title RNOTET
    set tmargin at screen 0.47
    set bmargin at screen 0.08
    set xlabel "rows in the table"
    set ylabel "ms in busy handlers per chunk"
    unset key
    plot for [j=1:NRREPS] rd(R[rrep(j)]) using 'rows':'wait_ms' with lines lt rlt(rrep(j)) \
            lw THIN notitle, \
        for [k=1:NRB] rdm(k) using 'rows':'wait_ms' with linespoints lt RBT[k] lw rbw(k) \
            notitle
    unset multiplot
}
set output
