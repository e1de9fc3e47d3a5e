# _cells.gp: in a matrix, where each run of a cell began, on a graph
# against time (timeline.gp, telemetry.gp): a dashed line and the run's
# name (cells.tsv's label, "cell 3 · repeat 2"), in its cell's colour (one
# per cell, its repeats alike: cells.tsv's colour), so that the points
# coloured by cell (lc variable, kc(column('k'))) say which cell measured
# them.  One run: nothing (the graph keeps its phase colours).
# In: DATA (cells.tsv, written by plottimeline.c); XEND, the end of the
# time axis, when known; CELLKEYED, when set, the runs the graph draws
# (" 2 5 ": those with points on it), the only ones marked and named.
# Out: NK, the number of runs; kc(k), the linetype of run k's colour;
# linetypes 1-10 the colours; CELLKEYS, the legend's entries of the
# colours (", keyentry ..." each, "" for one run): points drawn `lc
# variable` take no title, since gnuplot would draw their legend's sample
# in the plot's own colour, not in any cell's.
CELLS = DATA.'/cells.tsv'
stats CELLS using 0 nooutput
NK = STATS_records
kc(k) = (NK > 1 ? (CC[int(k)] - 1) % 10 + 1 : 1)
do for [i=1:10] { set linetype i lc rgb word(COLOURS, i) lw 1.6 }
set linetype cycle 10
unset arrow
unset label
# gnuplot gives each entry of a horizontal legend the width of its
# longest (keycolpx, _base.gp); a row of entries more pushes the panel down,
# clear of the title
keycols(len) = (int(0.89 * W / keycolpx(len, 10)) < 1 ? 1 : int(0.89 * W / keycolpx(len, 10)))
keytop(n, len) = 0.905 - ceil(1.0 * n / keycols(len)) * 20.0 / H
CELLKEYS = ""
NCELLKEYS = 0
CELLKEYLEN = 0
if (NK > 1) {
    array CL[NK]
    array CT[NK]
    array CC[NK]
    do for [k=1:NK] {
        stats CELLS every ::k-1::k-1 using (CL[k] = strcol('label'), CT[k] = column('t'), \
            CC[k] = int(column('colour')), 0) nooutput
    }
    keyed(k) = (!exists("CELLKEYED") || strstrt(CELLKEYED, sprintf(" %d ", k)) > 0)
    # a run the graph draws nothing of (CELLKEYED) is neither marked nor
    # named: the graph's time axis may begin after it
    do for [k=1:NK] { if (keyed(k)) {
        set arrow k from CT[k], graph 0 to CT[k], graph 1 nohead dt 2 lw 1.2 lc kc(k) front
        # names ("cell 3 · repeat 2") while they fit, on two staggered
        # rows: past 30 runs they would run together; a name that would
        # run past the axis' end (XEND, when the script knows it) stands
        # left of its line, not past the edge of the image (8-point text,
        # some 5.5 pixels a character, on a plot some 0.85 of the image
        # wide)
        row = -0.8 - 1.1 * ((k - 1) % 2)
        if (NK <= 30 && exists("XEND") && \
            CT[k] > XEND * (1 - (strlen(CL[k]) * 5.5 + 8) / (0.85 * W))) {
            set label k CL[k] at CT[k], graph 1 offset char -0.3, char row right \
                tc lt kc(k) font "sans,8" front
        } else { if (NK <= 30) {
            set label k CL[k] at CT[k], graph 1 offset char 0.3, char row left \
                tc lt kc(k) font "sans,8" front
        } }
    } }
    # a legend entry per colour, in the points' own: "cell 2", or the
    # cells sharing it past ten ("cell 1, cell 11", "cell 1, cell 11, …")
    cellof(s) = (strstrt(s, " · ") > 0 ? s[1:strstrt(s, " · ") - 1] : s)
    do for [c=1:10] {
        KT = ""
        KTN = 0
        do for [k=1:NK] {
            if (keyed(k) && kc(k) == c && strstrt(", ".KT.",", ", ".cellof(CL[k]).",") == 0) {
                KTN = KTN + 1
                KT = (KTN <= 2 ? KT.(KTN > 1 ? ", " : "").cellof(CL[k]) \
                    : KTN == 3 ? KT.", …" : KT)
            }
        }
        if (strlen(KT)) {
            NCELLKEYS = NCELLKEYS + 1
            CELLKEYLEN = (strlen(KT) > CELLKEYLEN ? strlen(KT) : CELLKEYLEN)
            CELLKEYS = CELLKEYS.sprintf(", keyentry with points pt 7 ps 0.8 lc rgb '%s' title '%s'", \
                word(COLOURS, c), KT)
        }
    }
}
