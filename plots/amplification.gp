# amplification.gp: bytes written to storage per row inserted against rows
# in the table (write amplification), one colour per cell (per run in a
# comparison): a line, or its repeats thin under their median, bold.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_style.gp'
load '_rowtics.gp'
load '_key.gp'
NAME = "amplification"
TITLE = (MODE eq "compare" ? "Write amplification across runs" : "Write amplification")
set title TITLE."\n".DESC font "sans,12"
set ylabel "bytes written to storage per row inserted (B)"
set yrange [0:*]
# 12.3k, not 12345: the plot's left margin is fixed (_key.gp), and a wide
# tick pushed the label off the page (a loaded machine's 2014 preset)
set format y "%.1s%c"
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    plot for [j=1:NREPS] series(rep(j)) using 'rows':'io_write_bytes_per_row' with lines \
            lt BT[B[rep(j)]] lw THIN notitle, \
        for [k=1:NB] bundle(k) using 'rows':'io_write_bytes_per_row' with linespoints lt BT[k] \
            lw bw(k) title BL[k], \
        keyentry with lines lc rgb "#777777" dt 1 lw THIN title NOTET
}
set output
