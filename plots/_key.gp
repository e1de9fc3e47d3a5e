# _key.gp: plot area on the left, the legend in a column on the right, as
# wide as its longest label needs, so that no label is cut at the image's
# edge (a fixed column cut "SQLite 3.40.1 · 4k pages · delete · f").  More
# entries than the panel's height holds take more columns, and the legend
# is as wide as they are (gnuplot wraps them itself, past the edge).
# Labels too long for that at 10 points are set at 8, then 7.
# In: KN, the legend's entries, and KEYLEN, its longest label's length
# (from _style.gp, or the script's own); W, H; KEYH, the height of the
# panel the legend stands beside (a screen fraction; default 0.78).
# Sets KEYFONT.  Out: KEYR, the right edge of the plot area (a screen
# fraction): a script laying out panels itself keeps them left of it.
if (!exists("KEYH")) { KEYH = 0.78 }
KEYMIN = (KN > 8 ? 0.29 : 0.21)
# the largest of 10, 8 and 7 points (8 at most past 16 entries) whose
# columns fit in half the width; the legend stands 0.01 right of the plot
do for [pt in "10 8 7"] {
    KEYPT = int(pt)
    if (KEYPT <= (KN > 16 ? 8 : 10)) {
        # the rows that height holds, counted short of gnuplot's own spacing
        KEYROWS = int(KEYH * H / (KEYPT * 1.7))
        KEYROWS = (KEYROWS < 1 ? 1 : KEYROWS)
        KEYCOLS = int(ceil(1.0 * KN / KEYROWS))
        KEYW = (KEYCOLS * keycolpx(KEYLEN, KEYPT) + 0.01 * W) / W
        if (KEYW <= 0.5) { break }
    }
}
KEYFONT = sprintf("sans,%d", KEYPT)
# past half the width, the plot narrows further rather than cut a label
KEYW = (KEYW < KEYMIN ? KEYMIN : KEYW > 0.75 ? 0.75 : KEYW)
KEYR = 0.995 - KEYW
set lmargin at screen 0.07
set rmargin at screen KEYR
set key at screen KEYR + 0.01, screen 0.88 left top Left reverse \
    font KEYFONT spacing 1.0 samplen 2.5 width 2 box lc rgb "#cccccc"
if (KEYCOLS > 1) { set key maxrows int(ceil(1.0 * KN / KEYCOLS)) } else { set key maxrows auto }
