# readers.gp: the reader processes beside the writer (--readers), a line
# per cell that ran them, against rows in the table: their p99 latency
# (readers_p99), and their reads per second while the writer COMMITs,
# while it inserts and while it runs its own reads (readers_commit).
# Draws only the outputs named in ARG6.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014 [OUTPUTS]]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
DRAW = (ARGC >= 6 ? ARG6 : "")
load '_style.gp'
load '_rowtics.gp'
load '_readers.gp'
set yrange [0:*]
set offsets 0, 0, graph 0.08, 0   # headroom: a steady line stays off the border
if (draws("readers_p99")) {
    NAME = "readers_p99"
    do for [fmt=1:2] {
        if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
        set title "Readers' p99 latency while the table grows\n".DESC font "sans,12"
        load '_key.gp'
        set ylabel "readers' p99 latency (µs)"
        set format y "%g"
        plot for [k=1:NR] rd(R[k]) using 'rows':'p99_us' with linespoints lt R[k] \
            title L[R[k]]
    }
}
if (draws("readers_commit")) {
    NAME = "readers_commit"
    do for [fmt=1:2] {
        if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
        set title "Readers' reads per second by what the writer was doing\n".DESC font "sans,12"
        load '_key.gp'
        set ylabel "readers' reads per second"
        set format y "%.1s%c"
        plot for [k=1:NR] rd(R[k]) using 'rows':'commit_per_s' with linespoints lt R[k] dt 1 \
                title L[R[k]]." · during COMMIT", \
            for [k=1:NR] rd(R[k]) using 'rows':'write_per_s' with linespoints lt R[k] dt 2 \
                title L[R[k]]." · inserting", \
            for [k=1:NR] rd(R[k]) using 'rows':'read_per_s' with linespoints lt R[k] dt 3 \
                title L[R[k]]." · its reads"
    }
}
set output
