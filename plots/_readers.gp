# _readers.gp: loaded by readers.gp and busy.gp after _style.gp: the lines
# of the cells that ran reader processes (readers.tsv: their series'
# numbers), and their data files.
# Out: NR, R[k] the series number of line k, rd(i) series i's data file.
rd(i) = sprintf('%s/rd-%d.tsv', DATA, i)
stats DATA.'/readers.tsv' using 0 nooutput
NR = STATS_records
if (NR < 1) {
    print "no cell ran readers in ".DATA.'/readers.tsv'
    exit status 2
}
array R[NR]
do for [k=1:NR] {
    stats DATA.'/readers.tsv' every ::k-1::k-1 using (R[k] = column('series'), 0) nooutput
}
