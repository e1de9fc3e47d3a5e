# _svg.gp: the SVG output of the graph NAME (set by the caller).
set terminal svg size W,H font FONT noenhanced background rgb "white"
set output OUT.'/'.NAME.'.svg'
