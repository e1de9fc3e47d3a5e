# wal.gp: the WAL's course, from timeline.csv: the -wal file's size at the
# end of each interval against wall-clock time, and each checkpoint as a
# cross at the size it left.  SQLite reuses a WAL from its start once a
# checkpoint has copied it all and no reader needs it, so a bounded WAL
# is a flat band; a WAL a reader holds back (a pinned snapshot) climbs
# with the table.  In a matrix the points take their cell's colour, and a
# dashed line in it marks where each cell began (_cells.gp).
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_base.gp'
load '_cells.gp'
TL = DATA.'/timeline.tsv'
MARKS = DATA.'/chunkmarks.tsv'
stats DATA.'/axis.tsv' using (XL = strcol('label'), 0) nooutput
stats TL using (column('t_end')) nooutput
XMAX = STATS_max
XEND = XMAX                     # for _cells.gp's names
NAME = "wal"
is(p) = (strcol('phase') eq p)
WALPLOT = (NK > 1 \
    ? "TL using ((column('t') + column('t_end')) / 2):(unmeasured('wal') ? NaN : column('wal')):(kc(column('k'))) with points pt 7 ps 0.4 lc variable title '-wal file at an interval''s end, by cell'" \
    : "TL using ((column('t') + column('t_end')) / 2):(unmeasured('wal') ? NaN : column('wal')) with points pt 7 ps 0.4 lc rgb '#1f77b4' title '-wal file at an interval''s end'")
CKPTPLOT = "TL using 't_end':(is('checkpoint') && !unmeasured('wal') ? column('wal') : NaN) with points pt 2 ps 1.2 lw 1.5 lc rgb '#000000' title 'after a checkpoint'"
MARKPLOT = "MARKS using 't':(0):(0):(1) axes x1y2 with vectors nohead lc rgb '#c8c8c8' title 'chunk starts'"
# a run without a checkpoint phase (no --checkpoint) has no cross to draw
stats TL using (is('checkpoint') && !unmeasured('wal') ? 1 : 0) nooutput
PLOTS = MARKPLOT.", ".WALPLOT.(STATS_sum > 0 ? ", ".CKPTPLOT : "")
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    load '_cells.gp'
    set title "The WAL as it went: the size of the -wal file\n".DESC font "sans,12"
    set key top left font "sans,10" opaque box
    set y2range [0:1]
    unset y2tics
    set yrange [0:*]
    set xrange [0:XMAX]
    set format y "%g"
    set xlabel XL
    set ylabel "-wal file (MB)"
    plot @PLOTS
}
set output
