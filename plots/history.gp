# history.gp: one cell of a series of runs (sqlsoak history --out), run
# after run in the order they started: a panel per figure listed in
# panels.tsv (those measured: write cost, read p50 and p99, the probe's
# sync and random-read rates), its values from nights.tsv, and a dashed
# red line before each run a figure changed at (changes.tsv), marked with
# its ratio after to before.  The y axes start at 0: a change reads as
# the step it is, not as a wiggle blown up.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014 [OUTPUTS]]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_base.gp'
NIGHTS = DATA.'/nights.tsv'
PANELS = DATA.'/panels.tsv'
CHANGES = DATA.'/changes.tsv'
stats PANELS using 0 nooutput
P = STATS_records
array PC[P]
array PN[P]
do for [p=1:P] { stats PANELS every ::p-1::p-1 using (PC[p] = strcol('column'), PN[p] = strcol('name'), 0) nooutput }
stats NIGHTS using 'x' nooutput
N = STATS_max
# changes.tsv has a row per change, and none in a steady series (stats
# then only warns, leaving no STATS_records)
undefine STATS_*
stats CHANGES using 0 nooutput
NCH = (exists("STATS_records") ? STATS_records : 0)
array YMAX[P]
do for [p=1:P] {
    stats NIGHTS using (column(PC[p])) nooutput
    YMAX[p] = (STATS_max > 0 ? STATS_max : 1)
}
# each run's start under its point, on the lowest panel
array XL[N]
do for [i=1:N] { stats NIGHTS every ::i-1::i-1 using (XL[i] = strcol('label'), 0) nooutput }
NAME = "history"
H = 220 * P + 120
unset key
set xrange [0.5:N+0.5]
set format y "%g"
# the panels' axes aligned, whatever their figures' widths
set lmargin 12
set rmargin 4
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    set multiplot layout P,1 title "Run after run, with the changes found\n".DESC font "sans,12"
    do for [p=1:P] {
        set ylabel PN[p]
        set yrange [0:1.25*YMAX[p]]
        if (p == P) {
            set xtics () rotate by 30 right
            do for [i=1:N] { set xtics add (XL[i] i) }
            set xlabel "run, by its start"
        } else {
            set xtics 1 norotate format ""
            set xlabel ""
        }
        if (NCH > 0) {
            plot NIGHTS using 'x':(column(PC[p])) with linespoints lw LW pt 7 ps 1.2 lc rgb "#1f77b4", \
                 CHANGES using (strcol('column') eq PC[p] ? column('x') - 0.5 : NaN):(0):(0):(1.15*YMAX[p]) with vectors nohead dt 2 lw 2 lc rgb "#d62728", \
                 CHANGES using (strcol('column') eq PC[p] ? column('x') - 0.5 : NaN):(1.18*YMAX[p]):(strcol('label')) with labels left offset 0.5,0 tc rgb "#d62728"
        } else {
            plot NIGHTS using 'x':(column(PC[p])) with linespoints lw LW pt 7 ps 1.2 lc rgb "#1f77b4"
        }
    }
    unset multiplot
}
set output
