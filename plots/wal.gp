# wal.gp: the WAL's course, from timeline.csv: the -wal file's size at the
# end of each interval against wall-clock time, and each interval in which
# a checkpoint ran (the checkpoint phase's, or SQLite's automatic one at a
# COMMIT: timeline.tsv's ckpt) as a cross at the size it left.  SQLite
# reuses a WAL from its start once a checkpoint has copied it all and no
# reader needs it, so a bounded WAL is a flat band; a WAL a reader holds
# back (a pinned snapshot) climbs with the table.  In a matrix the points
# take their cell's colour, named in the legend, and a dashed line in it
# marks where each cell began (_cells.gp); the legend stands above the
# plot, clear of the points and of the cells' names, and the time axis
# begins with the first cell in WAL.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_base.gp'
TL = DATA.'/timeline.tsv'
# the runs with a -wal file, which the legend names (_cells.gp)
CELLKEYED = " "
stats TL using (unmeasured('wal') || strstrt(CELLKEYED, sprintf(" %d ", column('k'))) ? 0 : \
    (CELLKEYED = CELLKEYED.sprintf("%d ", column('k')), 0)) nooutput
load '_cells.gp'
MARKS = DATA.'/chunkmarks.tsv'
stats DATA.'/axis.tsv' using (XL = strcol('label'), 0) nooutput
stats TL using (column('t_end')) nooutput
XMAX = STATS_max
# the axis begins with the first run with a -wal file: a rollback journal's
# cells before it would be an empty stretch
stats TL using (unmeasured('wal') ? XMAX : column('t')) nooutput
XMIN = STATS_min
XEND = XMAX                     # for _cells.gp's names
NAME = "wal"
WALPLOT = (NK > 1 \
    ? "TL using ((column('t') + column('t_end')) / 2):(unmeasured('wal') ? NaN : column('wal')):(kc(column('k'))) with points pt 7 ps 0.4 lc variable notitle" \
    : "TL using ((column('t') + column('t_end')) / 2):(unmeasured('wal') ? NaN : column('wal')) with points pt 7 ps 0.4 lc rgb '#1f77b4' title '-wal file at an interval''s end'")
CKPTPLOT = "TL using 't_end':(column('ckpt') > 0 && !unmeasured('wal') ? column('wal') : NaN) with points pt 2 ps 1.2 lw 1.5 lc rgb '#000000' title 'a checkpoint in the interval'"
MARKPLOT = "MARKS using 't':(0):(0):(1) axes x1y2 with vectors nohead lc rgb '#c8c8c8' title 'chunk starts'"
# a run without a checkpoint (its WAL never reached --wal-autocheckpoint's
# pages, and no --checkpoint) has no cross to draw
stats TL using (column('ckpt') > 0 && !unmeasured('wal') ? 1 : 0) nooutput
CKPTS = (STATS_sum > 0)
PLOTS = MARKPLOT.", ".WALPLOT.CELLKEYS.(CKPTS ? ", ".CKPTPLOT : "")
# the legend above the plot, in as many rows as it needs (_cells.gp)
KN = 1 + (NK > 1 ? NCELLKEYS : 1) + CKPTS
KEYLEN = strlen("-wal file at an interval's end")     # the longest of the others
KEYLEN = (NK > 1 && CELLKEYLEN > KEYLEN ? CELLKEYLEN : KEYLEN)
KEYCOLS = keycols(KEYLEN)
TOP = keytop(KN, KEYLEN)
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    load '_cells.gp'
    # the title at the top of the image, over the legend
    set multiplot title "The WAL as it went: the size of the -wal file\n".DESC font "sans,12"
    set lmargin at screen 0.08
    set rmargin at screen 0.97
    set tmargin at screen TOP
    set key at screen 0.97, screen 0.905 right top horizontal maxcols KEYCOLS font "sans,10" \
        noopaque nobox
    set y2range [0:1]
    unset y2tics
    set yrange [0:*]
    set xrange [XMIN:XMAX]
    set format y "%g"
    set xlabel XL
    set ylabel "-wal file (MB)"
    plot @PLOTS
    unset multiplot
}
set output
