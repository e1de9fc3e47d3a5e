# _logtics.gp: the y tics of a logarithmic axis from YLO to YHI, loaded by
# a graph after _rowtics.gp (for rowlab).  gnuplot's own ticks are the
# powers of ten only: data between 0.24 and 0.43 got the labels 0.1 and 1,
# neither beside a point.  Here the ticks over one decade or less are
# 1, 1.2, 1.5, 1.75, 2, 2.5, 3, 3.5, 4, 5 ... 9 × 10^k (no two more than
# 1.25 apart), 1, 2, 3 and 5 × 10^k over up to two and a half, 1, 2 and 5
# up to five, the powers of ten beyond; the axis runs past the data by
# 1.4 each way (a span of at least 1.96 = 1.25 cubed), so that at least
# three ticks label it.
# In: YLO, YHI (positive; YLO <= YHI).  Sets the y range and tics.
if (YHI <= 0) { YLO = 1; YHI = 1 }
if (YLO <= 0) { YLO = YHI / 10 }
YLO = YLO / 1.4; YHI = YHI * 1.4
set yrange [YLO:YHI]
set ytics ()
unset mytics
E0 = floor(log10(YLO)); E1 = ceil(log10(YHI))
DEC = log10(YHI / YLO)
YMS = (DEC > 5 ? "1" : DEC > 2.5 ? "1 2 5" : DEC > 1 ? "1 2 3 5" : "1 1.2 1.5 1.75 2 2.5 3 3.5 4 5 6 7 8 9")
do for [e=E0:E1] {
    do for [m in YMS] {
        t = real(m) * 10.0**e
        if (t >= YLO && t <= YHI) { set ytics add (rowlab(t) t) }
    }
}
