# _key.gp: plot area on the left, the legend in a column on the right.
set lmargin at screen 0.07
set rmargin at screen (N > 8 ? 0.70 : 0.78)
set key at screen (N > 8 ? 0.71 : 0.79), screen 0.88 left top Left reverse \
    font KEYFONT spacing 1.0 samplen 2.5 box lc rgb "#cccccc"
