# amplification.gp: bytes written to storage per row inserted against rows
# in the table (write amplification), one line per cell.
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
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    plot for [i=1:N] series(i) using 'rows':'io_write_bytes_per_row' with linespoints lt i title L[i]
}
set output
