# heatmap.gp: sustained write rows/s (heatmap_write) and read ops/s
# (heatmap_read) over the two settings that vary most (heat.tsv names
# them: page size × journal mode in a pages × journal matrix), one panel
# per combination of the others (library, ...).  Cells not measured show
# their status.
# Draws only the outputs named in ARG6 (a run without reads has no read map).
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014 [OUTPUTS]]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
DRAW = (ARGC >= 6 ? ARG6 : "")
load '_style.gp'
LIST = DATA.'/heat.tsv'
panel(p) = sprintf('%s/heat-%d.tsv', DATA, p)
stats LIST using 0 nooutput
P = STATS_records
array PT[P]
do for [p=1:P] { stats LIST every ::p-1::p-1 using (PT[p] = strcol('title'), 0) nooutput }
stats LIST every ::0::0 using (XNAME = strcol('xname'), YNAME = strcol('yname'), 0) nooutput
NC = ceil(sqrt(P))
NR = ceil(1.0 * P / NC)
# Room left of each panel for its y tick labels, as wide as the longest
# (gnuplot puts the axis' label left of them by its own estimate of their
# width: 9 pixels a character at 11 points, _base.gp's keycolpx): a fixed
# margin put "without-rowid" and the label "table kind" past the edge
YLLEN = 0
do for [p=1:P] {
    stats panel(p) using (YLLEN = (strlen(strcol('ylab')) > YLLEN ? strlen(strcol('ylab')) : YLLEN), 0) nooutput
}
HLR = (YLLEN * ceil(0.8 * 11) + 24.0) / W
HLR = (HLR < 0.05 ? 0.05 : HLR)
HX0 = 0.035                   # the y axis' label, left of the first column
HPW = (0.86 - HX0) / NC       # a column: its labels' room and its panel
set palette defined (0 "#f7fbff", 1 "#9ecae1", 2 "#4292c6")
set style fill solid 1.0 border lc rgb "white"
set xlabel XNAME
set format x "%g"
set grid noxtics noytics
unset key
do for [m=1:2] {
    COL = (m == 1 ? "write" : "read")
    TXT = COL."_txt"
    NAME = "heatmap_".COL
    if (!draws(NAME)) { continue }
    WHAT = (m == 1 ? "Sustained write rate (rows/s)" : "Sustained point-read rate (reads/s)")
    # One colour scale for every panel (stats obeys ranges: clear them).
    set autoscale xy
    CMAX = 0
    XMAX = 0
    YMAX = 0
    array MEASURED[P]
    do for [p=1:P] {
        # one column at a time: two would fit a line, and warn on few points
        stats panel(p) using 'x' nooutput
        XMAX = (STATS_max > XMAX ? STATS_max : XMAX)
        stats panel(p) using 'y' nooutput
        YMAX = (STATS_max > YMAX ? STATS_max : YMAX)
        # a panel of unsupported cells only has no number at all: count it as 0
        stats panel(p) using (num0(COL)) nooutput
        if (STATS_max > CMAX) { CMAX = STATS_max }
        MEASURED[p] = (STATS_max > 0)
    }
    set cbrange [0:(CMAX > 0 ? CMAX : 1)]
    set xrange [-0.5:XMAX+0.5]
    set yrange [-0.5:YMAX+0.5]
    set format cb "%.1s%c"
    set cblabel WHAT
    do for [fmt=1:2] {
        if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
        set multiplot title WHAT." by ".XNAME." × ".YNAME."\n".DESC font "sans,12"
        do for [p=1:P] {
            c = (p-1) % NC
            r = (p-1) / NC
            set lmargin at screen HX0 + c * HPW + HLR
            set rmargin at screen HX0 + (c+1) * HPW - 0.02
            set tmargin at screen 0.86 - r * 0.80 / NR
            set bmargin at screen 0.86 - (r+1) * 0.80 / NR + 0.12
            set title PT[p] font "sans,11"
            set ylabel (c == 0 ? YNAME : "")
            # the scale right of the panels, its labels and title inside the canvas
            if (p == P) { set colorbox user origin screen 0.88, screen 0.1 size screen 0.02, screen 0.7 } \
            else { unset colorbox }
            # the colour layer only where a cell has a number: gnuplot warns
            # of a layer with no valid point
            if (MEASURED[p]) {
                plot panel(p) using 'x':'y':(0.5):(0.5) with boxxyerror fc rgb "#d9d9d9", \
                     panel(p) using 'x':'y':(0.5):(0.5):(column(COL)) with boxxyerror fc palette, \
                     panel(p) using 'x':'y':(strcol('status') eq 'ok' ? strcol(TXT) : strcol('status')):xtic(strcol('xlab')):ytic(strcol('ylab')) \
                         with labels font "sans,10"
            } else {
                plot panel(p) using 'x':'y':(0.5):(0.5) with boxxyerror fc rgb "#d9d9d9", \
                     panel(p) using 'x':'y':(strcol('status')):xtic(strcol('xlab')):ytic(strcol('ylab')) \
                         with labels font "sans,10"
            }
        }
        unset multiplot
    }
}
set output
