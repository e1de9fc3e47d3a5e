# _style.gp: loaded by every scaling graph script of plots/.  Loads
# _base.gp (arguments, data format, look), then reads the lines
# (series.tsv: a repeat of a cell each) and their bundles (bundles.tsv: a
# cell of a run each, with its repeats) into arrays.
# A bundle is drawn in its own line type (a colour per cell, or per run in
# a comparison): its repeats thin, under the median over them, chunk by
# chunk (b-K.tsv), bold and named once in the legend.  A cell run once is
# one line, of the usual width.
# Out: N, L[i], G[i], V[i], B[i] (the lines); NB, BN[k], BL[k], BT[k],
# BR[k], BP[k], BV[k] (the bundles: number, label, line type, repeats,
# panel, variant); rep(j), j = 1..NREPS, the lines drawn thin; ANYREP (1 when
# there are some), NOTE and NOTET, the legend's line that says so; KN and KEYLEN,
# the legend's entries and its longest label (for _key.gp).
load '_base.gp'
SERIES = DATA.'/series.tsv'
BUNDLES = DATA.'/bundles.tsv'
series(i) = sprintf('%s/s-%d.tsv', DATA, i)
bundle(k) = sprintf('%s/b-%d.tsv', DATA, BN[k])

# The lines: label, group (cell), variant (library or run), bundle.
stats SERIES using 0 nooutput
N = STATS_records
if (N < 1) {
    print "no lines to draw in ".SERIES
    exit status 2
}
array L[N]
array G[N]
array V[N]
array B[N]
do for [i=1:N] {
    stats SERIES every ::i-1::i-1 using (L[i] = strcol('label'), G[i] = int(column('group')), \
        V[i] = int(column('variant')), B[i] = int(column('bundle')), 0) nooutput
}
stats BUNDLES using 0 nooutput
NB = STATS_records
array BN[NB]
array BL[NB]
array BT[NB]
array BR[NB]
array BP[NB]
array BV[NB]
do for [k=1:NB] {
    stats BUNDLES every ::k-1::k-1 using (BN[k] = int(column('bundle')), BL[k] = strcol('label'), \
        BT[k] = int(column('lt')), BR[k] = int(column('repeats')), BP[k] = int(column('panel')), \
        BV[k] = int(column('variant')), 0) nooutput
}
# bundles.tsv lists every bundle, in order: line i's is row B[i].  The
# lines drawn thin: rep(j), j = 1..NREPS (a loop over words, never over
# an empty string: gnuplot would take it for one word; and a plot's
# options are read once even in a loop of no turns: rep(1) is a line then)
REPS = ""
do for [i=1:N] { if (BR[B[i]] > 1) { REPS = REPS." ".i } }
NREPS = words(REPS)
rep(j) = (j <= NREPS ? int(word(REPS, j)) : 1)
ANYREP = (NREPS > 0)
NOTE = "thin: each repeat, bold: their median"
# its title, when there are repeats ("": no entry; a loop of no turns
# would still give its title a place in the legend)
NOTET = (ANYREP ? NOTE : "")
# a bundle's line width: bold for a median of repeats
bw(k) = (BR[k] > 1 ? BOLD : LW)
KN = NB + ANYREP
KEYLEN = (ANYREP ? strlen(NOTE) : 0)
do for [k=1:NB] { KEYLEN = (strlen(BL[k]) > KEYLEN ? strlen(BL[k]) : KEYLEN) }

# 10 colours (COLOURS, _base.gp) × 5 dash patterns and point shapes: 50
# line types stay distinct (plotdata.h's PLOTDATA_LTS).
do for [i=1:50] {
    set linetype i lc rgb word(COLOURS, (i-1)%10+1) dt 1+(i-1)/10 lw LW \
        pt int(word("7 5 9 11 13", (i-1)/10+1)) ps 0.7
}
set linetype cycle 50

set xlabel "rows in the table"
