# readers.gp: the reader processes beside the writer (--readers), a colour
# per cell that ran them (its repeats thin under their median, bold),
# against rows in the table: their p99 latency
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
        plot for [j=1:NRREPS] rd(R[rrep(j)]) using 'rows':'p99_us' with lines lt rlt(rrep(j)) \
                lw THIN notitle, \
            for [k=1:NRB] rdm(k) using 'rows':'p99_us' with linespoints lt RBT[k] lw rbw(k) \
                title RBL[k], \
            keyentry with lines lc rgb "#777777" dt 1 lw THIN title RNOTET
    }
}
if (draws("readers_commit")) {
    NAME = "readers_commit"
    # three entries a cell, each its label and what the writer was doing
    KN = 3 * NRB + RANYREP
    KEYLEN = (RANYREP ? strlen(NOTE) : 0)
    do for [k=1:NRB] {
        KEYLEN = (strlen(RBL[k]." · during COMMIT") > KEYLEN ? strlen(RBL[k]." · during COMMIT") : KEYLEN)
    }
    do for [fmt=1:2] {
        if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
        set title "Readers' reads per second by what the writer was doing\n".DESC font "sans,12"
        load '_key.gp'
        set ylabel "readers' reads per second"
        set format y "%.1s%c"
        plot for [j=1:NRREPS] rd(R[rrep(j)]) using 'rows':'commit_per_s' with lines \
                lt rlt(rrep(j)) dt 1 lw THIN notitle, \
            for [j=1:NRREPS] rd(R[rrep(j)]) using 'rows':'write_per_s' with lines \
                lt rlt(rrep(j)) dt 2 lw THIN notitle, \
            for [j=1:NRREPS] rd(R[rrep(j)]) using 'rows':'read_per_s' with lines \
                lt rlt(rrep(j)) dt 3 lw THIN notitle, \
            for [k=1:NRB] rdm(k) using 'rows':'commit_per_s' with linespoints lt RBT[k] dt 1 \
                lw rbw(k) title RBL[k]." · during COMMIT", \
            for [k=1:NRB] rdm(k) using 'rows':'write_per_s' with linespoints lt RBT[k] dt 2 \
                lw rbw(k) title RBL[k]." · inserting", \
            for [k=1:NRB] rdm(k) using 'rows':'read_per_s' with linespoints lt RBT[k] dt 3 \
                lw rbw(k) title RBL[k]." · its reads", \
            keyentry with lines lc rgb "#777777" dt 1 lw THIN title RNOTET
    }
}
set output
