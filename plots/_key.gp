# _key.gp: plot area on the left, the legend in a column on the right, as
# wide as its longest label needs, so that no label is cut at the image's
# edge (a fixed column cut "SQLite 3.40.1 · 4k pages · delete · f").  More
# lines than the panel's height holds take more columns, and the column
# is as wide as they are (gnuplot wraps them itself, past the edge).
# Lines too long for that at 10 points are set at 8, then 7.
# In: N, L[i], W, H (from _style.gp); KEYH, the height of the panel the
# legend stands beside (a screen fraction; default 0.78).  Sets KEYFONT.
# Out: KEYR, the right edge of the plot area (a screen fraction): a script
# laying out panels itself keeps them left of it.
KEYLEN = 0
do for [i=1:N] { KEYLEN = (strlen(L[i]) > KEYLEN ? strlen(L[i]) : KEYLEN) }
if (!exists("KEYH")) { KEYH = 0.78 }
KEYMIN = (N > 8 ? 0.29 : 0.21)
# the largest of 10, 8 and 7 points (8 at most past 16 lines) whose
# columns fit in half the width
do for [pt in "10 8 7"] {
    KEYPT = int(pt)
    if (KEYPT <= (N > 16 ? 8 : 10)) {
        # the rows that height holds, counted short of gnuplot's own spacing
        KEYROWS = int(KEYH * H / (KEYPT * 1.7))
        KEYROWS = (KEYROWS < 1 ? 1 : KEYROWS)
        KEYCOLS = int(ceil(1.0 * N / KEYROWS))
        # a label at 0.75 em a character (DejaVu Sans draws 0.6; gnuplot
        # sizes the box by bytes, two for a "·"), its sample, gaps, the box
        KEYW = KEYCOLS * (KEYLEN * 0.75 * KEYPT + 70.0) / W
        if (KEYW <= 0.5) { break }
    }
}
KEYFONT = sprintf("sans,%d", KEYPT)
KEYW = (KEYW < KEYMIN ? KEYMIN : KEYW > 0.5 ? 0.5 : KEYW)
KEYR = 0.99 - KEYW
set lmargin at screen 0.07
set rmargin at screen KEYR
set key at screen KEYR + 0.01, screen 0.88 left top Left reverse \
    font KEYFONT spacing 1.0 samplen 2.5 width 2 box lc rgb "#cccccc"
# the rows of each column, when there are several (a script's own lines
# beyond the N, as the 2014 curve, then find room in one column)
if (KEYCOLS > 1) { set key maxrows int(ceil(1.0 * N / KEYCOLS)) } else { set key maxrows auto }
