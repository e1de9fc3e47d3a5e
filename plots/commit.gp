# commit.gp: rows per transaction (--commit-every) against sustained write
# rows/s, log-log, one line per remaining setting.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_style.gp'
LIST = DATA.'/commit.tsv'
line(k) = sprintf('%s/commit-%d.tsv', DATA, k)
stats LIST using 0 nooutput
NL = STATS_records
# the lines' labels, where _key.gp measures them (in place of the series')
array L[NL]
do for [k=1:NL] { stats LIST every ::k-1::k-1 using (L[k] = strcol('label'), 0) nooutput }
NAME = "commit"
KN = NL
KEYLEN = 0
do for [k=1:NL] { KEYLEN = (strlen(L[k]) > KEYLEN ? strlen(L[k]) : KEYLEN) }
load '_key.gp'
set logscale xy
set format x "%g"
set format y "%.0s%c"
set xlabel "rows per transaction (--commit-every)"
set ylabel "sustained write rate (rows/s)"
set title "Transaction size against write rate\n".DESC font "sans,12"
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    plot for [k=1:NL] line(k) using 'commit_every':'write_rows_per_s' with linespoints lt k lw 2 title L[k]
}
set output
