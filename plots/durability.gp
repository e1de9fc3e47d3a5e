# durability.gp: a crash run (sqlsoak crash).  One row per cell (journal
# mode × synchronous, per library, page size, device... when they vary): on the
# left what its simulated power cuts left of the database, as a bar of
# intact / lost / corrupt shares of the trials with their counts; on the
# right, in the same row, the write rate of the same cell measured
# without a cut.  Draws durability.png/.svg.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_base.gp'
LIST = DATA.'/durability.tsv'
stats LIST using 0 nooutput
NR = STATS_records
if (NR < 1) {
    print "durability.gp: no cells to draw in ".LIST
    exit status 2
}
# Per row: its label, group, note, and whether it was measured.  The write
# rate is read as text: a "NaN" (not measured) must not drop the row.
array LB[NR]
array GR[NR]
array NOTE[NR]
array WS[NR]
array OK[NR]
do for [i=1:NR] {
    stats LIST every ::i-1::i-1 using (LB[i] = strcol('label'), GR[i] = column('group'), \
        NOTE[i] = strcol('note'), WS[i] = strcol('write'), OK[i] = (strcol('status') eq 'ok'), 0) nooutput
}
WMAX = 0
NOTRUN = 0
LMAX = 0
do for [i=1:NR] {
    # a missing value may read back as "" or "NaN"
    if (strlen(WS[i]) > 0 && WS[i] ne "NaN") { if (real(WS[i]) > WMAX) { WMAX = real(WS[i]) } }
    if (!OK[i]) { NOTRUN = NOTRUN + 1 }
    if (strlen(LB[i]) > LMAX) { LMAX = strlen(LB[i]) }
}

NAME = "durability"
C_INTACT = "#59a14f"
C_LOST = "#f28e2b"
C_CORRUPT = "#e15759"
C_NOTRUN = "#c8c8c8"
C_WRITE = "#4e79a7"
BH = 0.36                       # half the height of a bar, in rows
# Rows keep their height however many cells ran: the page grows instead.
RH = 30
H = (220 + RH * NR > H ? 220 + RH * NR : H)
TM = 1 - 150.0 / H
BM = 75.0 / H
LM = (LMAX * 7.0 + 24) / W
LM = (LM < 0.10 ? 0.10 : LM)
MID = 0.60                      # left panel's right edge; its notes follow
RL = 0.78                       # right panel
# The key's titles side by side when the left panel is wide enough for
# them (long cell labels narrow it), else one under another.
KEY_VERTICAL = ((MID - LM) * W <= 1000)
RR = 0.96

# At most four round steps (1, 2, 5 × 10^k) on the write rate's axis,
# labelled 250k, 1.5M...: autoscaled tics crowd a panel this narrow.
WSTEP = (WMAX > 0 ? 10**floor(log10(WMAX / 3)) : 1)
WSTEP = (WMAX / WSTEP > 17.5 ? 10 * WSTEP : (WMAX / WSTEP > 7 ? 5 * WSTEP : \
        (WMAX / WSTEP > 3.5 ? 2 * WSTEP : WSTEP)))
rate(v) = (v >= 1e6 ? sprintf("%gM", v / 1e6) : (v >= 1e3 ? sprintf("%gk", v / 1e3) : sprintf("%g", v)))

set style fill solid 1.0 noborder
set yrange [NR-0.5:-0.5]
set grid xtics noytics
set xtics out nomirror
unset mytics
# Lines between groups (library, page size...) of cells.
unset arrow
do for [i=2:NR] {
    if (GR[i] != GR[i-1]) {
        set arrow from graph 0, first i-1.5 to graph 1, first i-1.5 nohead lc rgb "#888888" dt 2
    }
}

do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    set multiplot title "Durability under simulated power cuts, next to the write rate of the same cell\n".DESC font "sans,12"
    # Left: the outcome of the trials.
    set lmargin at screen LM
    set rmargin at screen MID
    set tmargin at screen TM
    set bmargin at screen BM
    set xrange [0:100]
    set format x "%g%%"
    set xtics 20
    set mxtics 2
    set xlabel "share of the cell's power cuts (trials); <x%: 95% upper bound of an outcome not seen"
    set ytics scale 0 font "sans,10" ()
    do for [i=1:NR] { set ytics add (LB[i] i-1) }
    set key at screen LM, screen TM + 12.0 / H left bottom horizontal maxcols 4 Left reverse \
        font "sans,10" samplen 1.5 width 1 noautotitle
    if (KEY_VERTICAL) { set key vertical }
    unset label
    do for [i=1:NR] {
        if (strlen(NOTE[i]) > 0) {
            set label i NOTE[i] at graph 1, first i-1 offset 0.8, 0 left font "sans,9" tc rgb "#333333"
        }
    }
    plot LIST using (0):'row':(0):(column('p_intact')):(column('row')-BH):(column('row')+BH) \
             with boxxyerror fc rgb C_INTACT title "intact: every acknowledged commit there", \
         LIST using (0):'row':(column('p_intact')):(column('p_intact')+column('p_lost')):(column('row')-BH):(column('row')+BH) \
             with boxxyerror fc rgb C_LOST title "acknowledged commits lost", \
         LIST using (0):'row':(column('p_intact')+column('p_lost')):(column('p_intact')+column('p_lost')+column('p_corrupt')):(column('row')-BH):(column('row')+BH) \
             with boxxyerror fc rgb C_CORRUPT title "corrupt: integrity check or data verification failed", \
         LIST using (0):'row':(0):(strcol('status') eq 'ok' ? 0 : 100):(column('row')-BH):(column('row')+BH) \
             with boxxyerror fc rgb C_NOTRUN title (NOTRUN > 0 ? "not measured" : ""), \
         LIST using (column('p_intact')/2):'row':(strcol('intact_txt')) with labels font "sans,10" tc rgb "white" notitle, \
         LIST using (column('p_intact')+column('p_lost')/2):'row':(strcol('lost_txt')) with labels font "sans,10" tc rgb "white" notitle, \
         LIST using (column('p_intact')+column('p_lost')+column('p_corrupt')/2):'row':(strcol('corrupt_txt')) with labels font "sans,10" tc rgb "white" notitle, \
         LIST using (1):'row':(strcol('notrun')) with labels left font "sans,9" tc rgb "#333333" notitle
    unset label
    # Right: the write rate, same rows, no labels of its own.
    set lmargin at screen RL
    set rmargin at screen RR
    set xrange [0:(WMAX > 0 ? WMAX * 1.22 : 1)]
    set format x "%.0s%c"
    set xtics ()
    do for [k=0:int(WMAX / WSTEP)] { set xtics add (rate(k * WSTEP) k * WSTEP) }
    unset mxtics
    unset ytics
    set xlabel "write rows/s without a cut (median)"
    unset key
    plot LIST using (0):'row':(0):(column('write')):(column('row')-BH):(column('row')+BH) \
             with boxxyerror fc rgb C_WRITE, \
         LIST using 'write':'row':(strcol('write_txt')) with labels left offset 0.5, 0 font "sans,9" tc rgb "#333333", \
         LIST using (0):'row':(strcol('status') eq 'ok' ? '' : 'not measured') with labels left offset 0.5, 0 font "sans,9" tc rgb "#777777"
    unset multiplot
}
set output
