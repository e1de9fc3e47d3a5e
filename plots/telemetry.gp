# telemetry.gp: the device against the write rate, one point per chunk at
# its end in wall-clock time: the hottest thermal zone (telemetry_temp) and
# the CPU clock (telemetry_clock) on the right axis, the chunk's write rate
# on the left.  Draws only the outputs named in ARG6 (those measured).  In
# a matrix the rate's points take their cell's colour, named in the
# legend, and a dashed line marks where each cell began (_cells.gp).
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014 [OUTPUTS]]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
DRAW = (ARGC >= 6 ? ARG6 : "")
load '_base.gp'
T = DATA.'/telemetry.tsv'
stats T using 't' nooutput
XEND = STATS_max                # the axis ends there or later: for _cells.gp's names
load '_cells.gp'
stats DATA.'/axis.tsv' using (XL = strcol('label'), 0) nooutput
set xlabel XL
set ylabel "write rate of the chunk (rows/s)"
set format y "%.1s%c"
set yrange [0:*]
set y2tics
set ytics nomirror
set key below font "sans,10"
set bmargin 5            # the key under the x label, not over it
# the rate's points: in a matrix in their cells' colours, each named in the
# legend in its own (_cells.gp), not under one sample of one colour
RATEPLOT = (NK > 1 \
    ? "T using 't':'write_rows_per_s':(kc(column('k'))) with points pt 7 ps 0.6 lc variable notitle".CELLKEYS \
    : "T using 't':'write_rows_per_s' with points pt 7 ps 0.6 lc rgb word(COLOURS, 1) title 'write rows/s (left)'")
do for [k=1:2] {
    NAME = word("telemetry_temp telemetry_clock", k)
    COL = word("temp_c cpu_mhz", k)
    if (draws(NAME)) {
        if (k == 2) { set y2label "CPU clock (MHz)" } else { set y2label "hottest thermal zone (°C)" }
        # headroom above the highest value: a steady line stays off the border
        stats T using COL nooutput
        set y2range [0:STATS_max * 1.15]
        set title (k == 1 ? "Temperature and write rate" : "CPU clock and write rate")."\n".DESC \
            font "sans,12"
        do for [fmt=1:2] {
            if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
            # the device's line first: the rate's points stay visible on it;
            # black, the colour of no cell
            plot T using 't':COL axes x1y2 with lines lw 2 lc rgb "#000000" \
                    title (k == 1 ? "°C (right)" : "MHz (right)"), \
                @RATEPLOT
        }
    }
}
set output
