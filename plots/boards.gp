# boards.gp: one cell of a plan on boards and cards side by side
# (sqlsoak history --out): a column per series in the ranking's order, the
# lowest median first, its median write cost as a bar (boards.tsv: x its
# rank, label its series, note its verdict against the first, write_cost)
# and each run's write cost as a dot on it (board_runs.tsv: x, write_cost),
# its verdict against the first written above.
# The y axis starts at 0: a ratio reads as the heights' ratio.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014 [OUTPUTS]]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_base.gp'
BOARDS = DATA.'/boards.tsv'
RUNS = DATA.'/board_runs.tsv'
stats BOARDS using 'x' nooutput
N = STATS_records
stats RUNS using 'write_cost' nooutput
YMAX = (STATS_max > 0 ? STATS_max : 1)
# each series under its bar; its verdict above it, as a label, not a tic:
# a tic's label is a format, which "beyond 10%" is not
array XL[N]
do for [i=1:N] { stats BOARDS every ::i-1::i-1 using (XL[i] = strcol('label'), 0) nooutput }
NAME = "boards"
W = 1280
H = 720
unset key
set xrange [0.4:N+0.6]
set yrange [0:1.15*YMAX]
set ylabel "write cost (us/row)"
set xtics () norotate font "sans,9"
do for [i=1:N] { set xtics add (XL[i] i) }
set bmargin 6
set lmargin 12
set style fill solid 0.35 border lc rgb "#1f77b4"
set boxwidth 0.6
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    set title "Median write cost (bar) and each run's (dots)\n".DESC font "sans,12"
    plot BOARDS using 'x':'write_cost' with boxes lc rgb "#1f77b4", \
         RUNS using 'x':'write_cost' with points pt 7 ps 1.4 lc rgb "#d62728", \
         BOARDS using 'x':(1.07*YMAX):(strcol('note')) with labels font "sans,10"
}
set output
