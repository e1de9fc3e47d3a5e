# txn.gp: a paced writer's transaction latencies (--write-rate), each from
# when the transaction was due to its COMMIT's return, against rows in the
# table: a panel each for p50, p99, p99.9 and the slowest, a colour per
# cell; a cell of the closed-loop writer has no due times, and no line.
if (ARGC < 4) {
    print "usage: gnuplot -c ".ARG0." DATA_DIR OUT_DIR DESCRIPTION MODE [REF2014]"
    exit status 2
}
DATA = ARG1; OUT = ARG2; DESC = ARG3; MODE = ARG4; REF = (ARGC >= 5 ? ARG5 : "")
load '_style.gp'
NP = 4
array LC[NP] = ["txn_p50_us", "txn_p99_us", "txn_p999_us", "txn_max_us"]
array LN[NP] = ["p50", "p99", "p99.9", "slowest"]
# the bundles that were paced: only they are named in the legend
array PACED[NB]
do for [k=1:NB] {
    stats bundle(k) using (pos0('txn_p50_us')) nooutput
    PACED[k] = (STATS_max > 0)
}
NCOL = 2
ROWTICS = 5
load '_rowtics.gp'
NAME = "txn"
TITLE = "Paced writes: transaction latency from when each was due"
do for [fmt=1:2] {
    if (fmt == 1) { load '_png.gp' } else { load '_svg.gp' }
    set multiplot title TITLE."\n".DESC font "sans,12"
    KEYH = 0.31
    load '_key.gp'
    set logscale y
    PW = (KEYR - 0.07) / NCOL
    do for [p=1:NP] {
        col = LC[p]
        x0 = 0.07 + ((p-1)%NCOL) * PW
        y0 = 0.49 - ((p-1)/NCOL) * 0.40
        set lmargin at screen x0 + 0.04
        set rmargin at screen x0 + PW - 0.01
        set bmargin at screen y0
        set tmargin at screen y0 + 0.31
        set title LN[p]." transaction latency" font "sans,11"
        set ylabel ((p-1)%NCOL == 0 ? "latency (µs)" : "")
        set xlabel (p > NCOL ? "rows in the table" : "")
        if (p > 1) { unset key }
        set yrange [*:*]
        LO = 1e300; HI = 0
        do for [i=1:N] {
            stats series(i) using (pos0(col)) nooutput
            HI = (STATS_max > HI ? STATS_max : HI)
            stats series(i) using (posbig(col)) nooutput
            LO = (STATS_min < LO ? STATS_min : LO)
        }
        if (HI > 0) { YLO = (LO < HI ? LO : HI / 1.5); YHI = HI; load '_logtics.gp' }
        plot for [j=1:NREPS] series(rep(j)) using 'rows':col with lines lt BT[B[rep(j)]] \
                lw THIN notitle, \
            for [k=1:NB] bundle(k) using 'rows':col with linespoints lt BT[k] lw bw(k) \
                title (PACED[k] ? BL[k] : ""), \
            keyentry with lines lc rgb "#777777" dt 1 lw THIN title NOTET
    }
    unset multiplot
}
set output
