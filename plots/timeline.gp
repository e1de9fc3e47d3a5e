# timeline.gp: the run as it went, from timeline.csv: rows inserted per
# second (top) and reads per second (bottom) in each interval, against
# wall-clock time; grey lines where a chunk's write phase began; black
# bars at zero over stretches without a row inserted and over COMMITs that
# lasted a whole interval or more (black: no cell's colour).  In a matrix
# the points take their cell's colour, named in the legend, and a dashed
# line in it marks where each cell began (_cells.gp).
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
stats TL using (strcol('phase') eq "read" ? (num0('rate') > 0 ? 1 : 0) : 0) nooutput
READS = (STATS_sum > 0)         # a run with --reads 0: the write panel only
stats TL using 'stall' nooutput
STALLS = (STATS_sum > 0)
NAME = "timeline"
is(p) = (strcol('phase') eq p)
set format y "%.1s%c"
# the top panel's plots (macros: expanded when the loop below is read)
MARKPLOT = "MARKS using 't':(0):(0):(1) axes x1y2 with vectors nohead lc rgb '#c8c8c8' title 'chunk starts'"
WRITEPLOT = (NK > 1 \
    ? "TL using ((column('t') + column('t_end')) / 2):(is('write') ? column('rate') : NaN):(kc(column('k'))) with points pt 7 ps 0.4 lc variable notitle" \
    : "TL using ((column('t') + column('t_end')) / 2):(is('write') ? column('rate') : NaN) with points pt 7 ps 0.4 lc rgb '#1f77b4' title 'write phase'")
READPLOT = (NK > 1 \
    ? "TL using ((column('t') + column('t_end')) / 2):(is('read') ? column('rate') : NaN):(kc(column('k'))) with points pt 7 ps 0.4 lc variable notitle" \
    : "TL using ((column('t') + column('t_end')) / 2):(is('read') ? column('rate') : NaN) with points pt 7 ps 0.4 lc rgb '#ff7f0e' title 'read phase'")
STALLPLOT = "TL using 't':(column('stall') > 0 ? 0 : NaN):(column('t_end') - column('t')):(0) with vectors nohead lw 8 lc rgb '#000000' title 'no row inserted / COMMIT'"
# a stall is a black bar over its interval; a run without one has none.  In
# a matrix the top panel's legend names the cells' colours (for both panels)
TOPPLOTS = MARKPLOT.", ".WRITEPLOT.CELLKEYS.(STALLS ? ", ".STALLPLOT : "")
# the legend over the top panel, in as many rows as it needs (_cells.gp)
KN = 1 + (NK > 1 ? NCELLKEYS : 1) + STALLS
KEYLEN = (STALLS ? strlen("no row inserted / COMMIT") : strlen("chunk starts"))
KEYLEN = (NK > 1 && CELLKEYLEN > KEYLEN ? CELLKEYLEN : KEYLEN)
KEYCOLS = keycols(KEYLEN)
TOP = keytop(KN, KEYLEN)
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    load '_cells.gp'     # again: the bottom panel of the PNG took the names away
    set multiplot title "The run as it went: rates in each interval\n".DESC font "sans,12"
    set lmargin at screen 0.08
    set rmargin at screen 0.97
    # keys above each panel, never over a point
    set key at screen 0.97, screen 0.905 right top horizontal maxcols KEYCOLS font "sans,10" \
        noopaque nobox
    set y2range [0:1]
    unset y2tics
    set yrange [0:*]
    set xrange [0:XMAX]
    set bmargin at screen (READS ? 0.50 : 0.08)
    set tmargin at screen TOP
    set format x (READS ? "" : "%g")
    set xlabel (READS ? "" : XL)
    set ylabel "rows inserted per second"
    plot @TOPPLOTS
    if (!READS) { unset multiplot; continue }
    set bmargin at screen 0.08
    set tmargin at screen 0.46
    set format x "%g"
    set xlabel XL
    set ylabel "reads per second"
    set key at screen 0.97, screen 0.465 right bottom horizontal
    unset label      # the cells' names once, over the top panel
    plot MARKS using 't':(0):(0):(1) axes x1y2 with vectors nohead lc rgb "#c8c8c8" notitle, @READPLOT
    unset multiplot
}
set output
