# _key.gp: plot area on the left, the legend in a column on the right, as
# wide as its longest label needs, so that no label is cut at the image's
# edge (a fixed column cut "SQLite 3.40.1 · 4k pages · delete · f").
# In: N, L[i], W, KEYFONT (from _style.gp).
# Out: KEYR, the right edge of the plot area (a screen fraction): a script
# laying out panels itself keeps them left of it.
KEYPT = (N > 16 ? 8 : 10)
KEYLEN = 0
do for [i=1:N] { KEYLEN = (strlen(L[i]) > KEYLEN ? strlen(L[i]) : KEYLEN) }
# a label at 0.75 em a character (DejaVu Sans draws 0.6; gnuplot sizes
# the box by bytes, two for a "·"), its sample, gaps and the box
KEYW = (KEYLEN * 0.75 * KEYPT + 70.0) / W
KEYMIN = (N > 8 ? 0.29 : 0.21)
KEYW = (KEYW < KEYMIN ? KEYMIN : KEYW > 0.5 ? 0.5 : KEYW)
KEYR = 0.99 - KEYW
set lmargin at screen 0.07
set rmargin at screen KEYR
set key at screen KEYR + 0.01, screen 0.88 left top Left reverse \
    font KEYFONT spacing 1.0 samplen 2.5 width 2 box lc rgb "#cccccc"
