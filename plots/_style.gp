# _style.gp: loaded by every scaling graph script of plots/.  Loads
# _base.gp (arguments, data format, look), then reads the list of lines
# (series.tsv) into arrays.
load '_base.gp'
SERIES = DATA.'/series.tsv'
series(i) = sprintf('%s/s-%d.tsv', DATA, i)

# The lines: label, group (cell), variant (library or run).
stats SERIES using 0 nooutput
N = STATS_records
if (N < 1) {
    print "no lines to draw in ".SERIES
    exit status 2
}
array L[N]
array G[N]
array V[N]
do for [i=1:N] {
    stats SERIES every ::i-1::i-1 using (L[i] = strcol('label'), G[i] = column('group'), \
        V[i] = column('variant'), 0) nooutput
}

# 10 colours (COLOURS, _base.gp) × 3 dash patterns and point shapes: 30
# lines stay distinct.
do for [i=1:30] {
    set linetype i lc rgb word(COLOURS, (i-1)%10+1) dt 1+(i-1)/10 lw 1.6 \
        pt int(word("7 5 9", (i-1)/10+1)) ps 0.7
}
set linetype cycle 30

KEYFONT = (N > 16 ? "sans,8" : "sans,10")
set xlabel "rows in the table"
