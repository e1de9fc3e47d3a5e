# _png.gp: the PNG output of the graph NAME (set by the caller).
set terminal pngcairo size W,H font FONT noenhanced background rgb "white"
set output OUT.'/'.NAME.'.png'
