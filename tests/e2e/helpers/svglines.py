"""svglines.py FILE [--colours N] [--medians N] [--thin N]: the data lines
of a gnuplot SVG graph and how they are drawn.

Prints one line per plot that drew a line: its legend title ('-' for
none), its stroke width, its colours and whether it is dashed.  With the
options, fails unless the graph shows what plots/_style.gp promises of a
run with repeats (or a comparison):
  --colours N   the data lines take N colours, no more (one per cell, or
                per run in a comparison)
  --medians N   N lines are named in the legend, each bold (a width at
                least twice the thin lines'), each of a single colour
  --thin N      N lines are thin and unnamed, each of a median's colour,
                as many of each colour as that colour has medians times
                N / medians (every repeat of every cell)
The legend's own entry that explains thin and bold (grey) is left out."""
import re
import sys

GREY = 'rgb(119, 119, 119)'
PLOT = re.compile(r'<g id="gnuplot_plot_\d+[a-z]*"[^>]*><title>(.*?)</title>')
PATH = re.compile(r"<path stroke='(rgb\([^)]*\))'( stroke-dasharray='[^']*')?\s+d='([^']*)'")
WIDTH = re.compile(r'stroke-width="([\d.]+)"')


def lines(svg):
    """Each plot that drew a path of two points or more: (title, width,
    colours, dashed)."""
    out = []
    for m in PLOT.finditer(svg):
        # the plot's group, to its close (its key entry's text is a group
        # of its own inside it)
        depth, end = 1, len(svg)
        for g in re.finditer(r'<g[ >]|</g>', svg[m.end():]):
            depth += -1 if g[0] == '</g>' else 1
            if depth == 0:
                end = m.end() + g.start()
                break
        title, body = m[1], svg[m.end():end]
        colours, dashed, width = set(), False, None
        for p in PATH.finditer(body):
            if p[3].count('L') < 1:
                continue
            colours.add(re.sub(r'\s+', ' ', p[1]).replace('( ', '('))
            dashed |= bool(p[2])
            # the width of the group the path is drawn in: the last before it
            ws = WIDTH.findall(body[:p.start()])
            width = float(ws[-1]) if ws else None
        if colours:
            out.append((title if not title.startswith('gnuplot_plot_') else '-', width,
                        sorted(colours), dashed))
    return out


def main(argv):
    path = argv[1]
    want = {k: int(argv[i + 1]) for i, k in enumerate(argv) if k.startswith('--')}
    found = [x for x in lines(open(path, encoding='utf-8').read()) if x[2] != [GREY]]
    for t, w, c, d in found:
        print('%s\t%s\t%s%s' % (t, w, ' '.join(c), '\tdashed' if d else ''))
    errors = []
    medians = [x for x in found if x[0] != '-']
    thin = [x for x in found if x[0] == '-']
    colours = set(c for x in found for c in x[2])
    if '--colours' in want and len(colours) != want['--colours']:
        errors.append('%d colours, not %d: %s' % (len(colours), want['--colours'],
                                                  ' '.join(sorted(colours))))
    if '--medians' in want:
        if len(medians) != want['--medians']:
            errors.append('%d lines named, not %d' % (len(medians), want['--medians']))
        for t, w, c, d in medians:
            if len(c) != 1:
                errors.append("median '%s' is drawn in %d colours" % (t, len(c)))
            if thin and not all(w >= 2 * x[1] for x in thin):
                errors.append("median '%s' (width %s) is not bold beside the repeats" % (t, w))
    if '--thin' in want:
        if len(thin) != want['--thin']:
            errors.append('%d thin lines, not %d' % (len(thin), want['--thin']))
        per = want['--thin'] // max(len(medians), 1)
        for col in set(c for x in medians for c in x[2]):
            n = sum(1 for x in thin if x[2] == [col])
            m = sum(1 for x in medians if x[2] == [col])
            if n != per * m:
                errors.append('%d thin lines in %s, not %d' % (n, col, per * m))
        for t, w, c, d in thin:
            if not any(c == x[2] for x in medians):
                errors.append('a thin line in %s, the colour of no median' % ' '.join(c))
    for e in errors:
        print('%s: %s' % (path, e))
    return 1 if errors else 0


sys.exit(main(sys.argv))
