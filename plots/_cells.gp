# _cells.gp: in a matrix, where each run of a cell began, on a graph
# against time (timeline.gp, telemetry.gp): a dashed line and the run's
# name (cells.tsv's label, "cell 3 · repeat 2"), in its colour, so that
# the points coloured by run (lc variable, column k) say which run
# measured them.  One run: nothing (the graph keeps its phase colours).
# In: DATA (cells.tsv, written by plottimeline.c).
# Out: NK, the number of runs; linetypes 1-10 their colours.
CELLS = DATA.'/cells.tsv'
stats CELLS using 0 nooutput
NK = STATS_records
do for [i=1:10] { set linetype i lc rgb word(COLOURS, i) lw 1.6 }
set linetype cycle 10
unset arrow
unset label
if (NK > 1) {
    array CL[NK]
    array CT[NK]
    do for [k=1:NK] {
        stats CELLS every ::k-1::k-1 using (CL[k] = strcol('label'), CT[k] = column('t'), 0) nooutput
    }
    do for [k=1:NK] {
        set arrow k from CT[k], graph 0 to CT[k], graph 1 nohead dt 2 lw 1.2 lc (k - 1) % 10 + 1 front
        # names ("cell 3 · repeat 2") while they fit, on two staggered
        # rows: past 30 runs they would run together
        if (NK <= 30) {
            set label k CL[k] at CT[k], graph 1 offset char 0.3, char (-0.8 - 1.1 * ((k - 1) % 2)) \
                left tc lt ((k - 1) % 10 + 1) font "sans,8" front
        }
    }
}
