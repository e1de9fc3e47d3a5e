# _cells.gp: in a matrix, where each run of a cell began, on a graph
# against time (timeline.gp, telemetry.gp): a dashed line and the run's
# name (cells.tsv's label, "cell 3 · repeat 2"), in its cell's colour (one
# per cell, its repeats alike: cells.tsv's colour), so that the points
# coloured by cell (lc variable, kc(column('k'))) say which cell measured
# them.  One run: nothing (the graph keeps its phase colours).
# In: DATA (cells.tsv, written by plottimeline.c); XEND, the end of the
# time axis, when known.
# Out: NK, the number of runs; kc(k), the linetype of run k's colour;
# linetypes 1-10 the colours.
CELLS = DATA.'/cells.tsv'
stats CELLS using 0 nooutput
NK = STATS_records
kc(k) = (NK > 1 ? (CC[int(k)] - 1) % 10 + 1 : 1)
do for [i=1:10] { set linetype i lc rgb word(COLOURS, i) lw 1.6 }
set linetype cycle 10
unset arrow
unset label
if (NK > 1) {
    array CL[NK]
    array CT[NK]
    array CC[NK]
    do for [k=1:NK] {
        stats CELLS every ::k-1::k-1 using (CL[k] = strcol('label'), CT[k] = column('t'), \
            CC[k] = int(column('colour')), 0) nooutput
    }
    do for [k=1:NK] {
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
    }
}
