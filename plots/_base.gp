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

W = 1280
H = 800
FONT = "sans,11"
set termoption noenhanced
set grid lc rgb "#dddddd" lw 1
set border lc rgb "#444444"
set key noenhanced
