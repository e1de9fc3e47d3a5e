# versions.gp: the same cell across SQLite libraries (plot) or across runs
# (compare), overlaid: write rows/s per chunk, one panel per cell (its
# repeats together: groups.tsv's panels), one colour per library or run,
# its repeats thin under their median, bold.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_style.gp'
GL = DATA.'/groups.tsv'
VL = DATA.'/variants.tsv'
stats GL using 0 nooutput
NG = STATS_records
stats VL using 0 nooutput
NV = STATS_records
array GT[NG]
array GV[NG]
array VT[NV]
do for [g=1:NG] { stats GL every ::g-1::g-1 using (GT[g] = strcol('title'), GV[g] = column('variants'), 0) nooutput }
do for [v=1:NV] { stats VL every ::v-1::v-1 using (VT[v] = strcol('label'), 0) nooutput }
# The panels: cells with more than one library or run.
K = 0
array PG[NG]
do for [g=1:NG] { if (GV[g] > 1) { K = K + 1; PG[K] = g } }
if (K == 0) { print "versions.gp: no cell ran on more than one library or run"; exit status 0 }
NC = ceil(sqrt(K))
NR = ceil(1.0 * K / NC)
# the legend, right of the panels, as wide as its longest label needs (a
# fixed place cut long run names off); the panels share what is left
VLEN = (ANYREP ? strlen(NOTE) : 0)
do for [v=1:NV] { VLEN = (strlen(VT[v]) > VLEN ? strlen(VT[v]) : VLEN) }
KEYW = keycolpx(VLEN, 10) / W
KEYW = (KEYW < 0.14 ? 0.14 : KEYW > 0.5 ? 0.5 : KEYW)
KEYX = 0.995 - KEYW
PWID = (KEYX - 0.03) / NC
NAME = "versions"
# word j of a list of numbers, as a number (1 past its end: a plot's
# options are read once even in a loop of no turns)
nth(s, j) = (j <= words(s) ? int(word(s, j)) : 1)
WHAT = (MODE eq "compare" ? "The same cells across runs" : "The same cells across SQLite versions")
set format y "%.1s%c"   # one decimal: a linear axis of a few M would repeat "2M"
set yrange [0:*]          # rates from zero: a cropped axis exaggerates a gap
ROWTICS = (NC > 2 ? 4 : 6)   # narrow panels: fewer, wider-spaced ticks
load '_rowtics.gp'
set xtics out nomirror
set ytics out nomirror
set autoscale yfix
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    set multiplot title WHAT.": write rows/s per chunk\n".DESC font "sans,12"
    do for [k=1:K] {
        g = PG[k]
        IDX = ""            # the panel's repeats, drawn thin
        BIDX = ""           # and its bundles
        do for [i=1:N] { if (BP[B[i]] == g && BR[B[i]] > 1) { IDX = IDX." ".i } }
        do for [b=1:NB] { if (BP[b] == g) { BIDX = BIDX." ".b } }
        c = (k-1) % NC
        r = (k-1) / NC
        # each panel's cell: room on its left for its own tick labels
        # ("800.0k", drawn larger in PNG), clear of the panel before
        set lmargin at screen 0.02 + c * PWID + 0.055
        set rmargin at screen 0.02 + (c+1) * PWID - 0.02
        set tmargin at screen 0.87 - r * 0.81 / NR
        set bmargin at screen 0.87 - (r+1) * 0.81 / NR + 0.10
        set title GT[g] font "sans,10"
        set ylabel (c == 0 ? "rows/s" : "")
        set xlabel (r == NR-1 ? "rows in the table" : "")
        # the legend on the first panel only (its entries, no data, first)
        if (k == 1) {
            set key at screen KEYX, screen 0.87 left top Left reverse font "sans,10" \
                samplen 2.5 width 2 box lc rgb "#cccccc"
            plot for [v=1:NV] keyentry with linespoints lt v title VT[v], \
                keyentry with lines lc rgb "#777777" dt 1 lw THIN title NOTET, \
                for [j=1:words(IDX)] series(nth(IDX, j)) using 'rows':'write_rows_per_s' \
                    with lines lt V[nth(IDX, j)] lw THIN notitle, \
                for [j=1:words(BIDX)] bundle(nth(BIDX, j)) using 'rows':'write_rows_per_s' \
                    with linespoints lt BV[nth(BIDX, j)] lw bw(nth(BIDX, j)) notitle
        } else {
            unset key
            plot for [j=1:words(IDX)] series(nth(IDX, j)) using 'rows':'write_rows_per_s' \
                    with lines lt V[nth(IDX, j)] lw THIN notitle, \
                for [j=1:words(BIDX)] bundle(nth(BIDX, j)) using 'rows':'write_rows_per_s' \
                    with linespoints lt BV[nth(BIDX, j)] lw bw(nth(BIDX, j)) notitle
        }
    }
    unset multiplot
}
set output
