# _base.gp: loaded by every graph script of plots/ (through _style.gp for
# the scaling graphs): checks the arguments, sets how data files are read
# and the look shared by every graph.
# Arguments of every script (gnuplot -c SCRIPT ...):
#   ARG1 data folder written by sqlsoak (series.tsv, s-N.tsv, ...)
#   ARG2 folder to draw into        ARG3 description of what was run
#   ARG4 "run", "compare" or "crash" ARG5 the 2014 reference curve (.tsv) or ""
#   ARG6 the outputs to draw, space-separated (sqlsoak's graph list decides
#        which have data: a script drawing two files draws only those named)
# Paths are only ever used as string values, never spliced into commands.
# Each script copies its arguments before loading this file (load hides
# them):  DATA OUT DESC MODE REF, and DRAW when it draws more than one file.
if (!exists("DATA") || !exists("OUT") || strlen(DATA) == 0 || strlen(OUT) == 0) {
    print "usage: gnuplot -c SCRIPT DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014 [OUTPUTS]]"
    exit status 2
}
if (!exists("DRAW")) { DRAW = "" }
# Whether output name is to be drawn (every output when ARG6 was not given).
draws(name) = (strlen(DRAW) == 0 || strstrt(" ".DRAW." ", " ".name." ") > 0)
set encoding utf8
set datafile separator "\t"
set datafile columnheaders
set datafile missing "NaN"
# A field empty or NaN is a figure not measured.  gnuplot 6 skips a whole
# record whose using expression reads such a field with column(), even
# under a test (5.4 gives NaN): read it through these, which look at the
# text first, so that stats always sees every record.
#   unmeasured(c)  column c is empty or NaN
#   num0(c)        the number in column c, 0 when unmeasured
#   pos0(c)        the number when positive, else 0
#   posbig(c)      the number when positive, else 1e300 (for a minimum)
unmeasured(c) = (strcol(c) eq '' || strcol(c) eq 'NaN')
num0(c) = (unmeasured(c) ? 0 : column(c))
pos0(c) = (unmeasured(c) ? 0 : (column(c) > 0 ? column(c) : 0))
posbig(c) = (unmeasured(c) ? 1e300 : (column(c) > 0 ? column(c) : 1e300))

W = 1280
H = 800
FONT = "sans,11"
set termoption noenhanced
set grid lc rgb "#dddddd" lw 1
set border lc rgb "#444444"
set key noenhanced
# the colours of lines and cells, in order
COLOURS = "#1f77b4 #d62728 #2ca02c #ff7f0e #9467bd #8c564b #e377c2 #17becf #7f7f7f #bcbd22"
# Line widths: a line of its own; a repeat of a cell (thin, under its
# median); the median over a cell's repeats (bold)
LW = 1.6
THIN = 0.8
BOLD = 3.2
# The width in pixels gnuplot gives a legend column of labels len
# characters long at pt points: its width of a character (cairo's, in the
# PNG: ceil(0.8 pt), 8, 7 and 6 pixels at 10, 8 and 7 points; the SVG's is
# less) for each character and 7.5 more (the sample, the gaps, the box),
# with 8% to spare for another release's metrics.
keycolpx(len, pt) = (len + 7.5) * ceil(0.8 * pt) * 1.08
