# _readers.gp: loaded by readers.gp and busy.gp after _style.gp: the lines
# of the cells that ran reader processes (readers.tsv: their series'
# numbers and bundles) and their bundles (rbundles.tsv: each the median
# over a cell's repeats, rdm-K.tsv), and their data files.
# Out: NR, R[k] the series number of line k; rrep(j), j = 1..NRREPS, the
# lines drawn thin (indexes into R); NRB, RBN[k], RBL[k], RBT[k], RBR[k] the
# bundles (number, label, line type, repeats); rd(i) series i's data
# file, rdm(k) bundle k's; rbw(k) bundle k's line width; RNOTET (as
# _style.gp's NOTET); KN and KEYLEN for
# _key.gp (a script with more entries per bundle sets its own).
rd(i) = sprintf('%s/rd-%d.tsv', DATA, i)
rdm(k) = sprintf('%s/rdm-%d.tsv', DATA, RBN[k])
stats DATA.'/readers.tsv' using 0 nooutput
NR = STATS_records
if (NR < 1) {
    print "no cell ran readers in ".DATA.'/readers.tsv'
    exit status 2
}
array R[NR]
array RB[NR]
do for [k=1:NR] {
    stats DATA.'/readers.tsv' every ::k-1::k-1 using (R[k] = int(column('series')), \
        RB[k] = int(column('bundle')), 0) nooutput
}
stats DATA.'/rbundles.tsv' using 0 nooutput
NRB = STATS_records
array RBN[NRB]
array RBL[NRB]
array RBT[NRB]
array RBR[NRB]
do for [k=1:NRB] {
    stats DATA.'/rbundles.tsv' every ::k-1::k-1 using (RBN[k] = int(column('bundle')), \
        RBL[k] = strcol('label'), RBT[k] = int(column('lt')), RBR[k] = int(column('repeats')), \
        0) nooutput
}
# the line type of line k (of R): its bundle's
rlt(k) = BT[RB[k]]
rbw(k) = (RBR[k] > 1 ? BOLD : LW)
RREPS = ""
do for [k=1:NR] {
    do for [j=1:NRB] { if (RBN[j] == RB[k] && RBR[j] > 1) { RREPS = RREPS." ".k } }
}
NRREPS = words(RREPS)
rrep(j) = (j <= NRREPS ? int(word(RREPS, j)) : 1)   # 1 in a loop of no turns (_style.gp)
RANYREP = (NRREPS > 0)
RNOTET = (RANYREP ? NOTE : "")
KN = NRB + RANYREP
KEYLEN = (RANYREP ? strlen(NOTE) : 0)
do for [k=1:NRB] { KEYLEN = (strlen(RBL[k]) > KEYLEN ? strlen(RBL[k]) : KEYLEN) }
