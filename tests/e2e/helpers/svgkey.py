"""svgkey.py FILE: the legend of a gnuplot SVG graph held against its
points.

Prints one line per plot: its legend title ('-' for none), the colour of
its legend sample, the colours of its points and how many crosses it drew.
gnuplot writes a plot's legend entry (its text, then its sample) first in
the plot's group, then its points: the first point after the text is the
sample.

Fails, naming the graph and the colour, unless every colour of a filled
point (pt 7) is a legend sample's, and every sample of a filled point is
the colour of points drawn: a legend's dot in red beside points drawn in
blue tells the reader the wrong series."""
import re
import sys

PLOT = re.compile(r'<g id="gnuplot_plot_\d+[a-z]*"[^>]*><title>(.*?)</title>')
USE = re.compile(r"<use xlink:href='#gpPt(\d+)' transform='[^']*' color='(rgb\([^)]*\))'/>")


def norm(c):
    return re.sub(r'\s+', '', c)


def plots(svg):
    """Each plot: (title, sample, points, crosses), sample a (point type,
    colour) or None, points the colours of its filled points."""
    out = []
    starts = [m for m in PLOT.finditer(svg)]
    for i, m in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(svg)
        body = svg[m.end():end]
        title = m[1] if not m[1].startswith('gnuplot_plot_') else '-'
        text = body.find('<text>')
        sample, points, crosses = None, [], 0
        for u in USE.finditer(body):
            pt, colour = int(u[1]), norm(u[2])
            if text >= 0 and sample is None and u.start() > text:
                sample = (pt, colour)
                continue
            if pt == 6:
                points.append(colour)
            elif pt == 1:
                crosses += 1
        out.append((title, sample, points, crosses))
    return out


def main(path):
    found = plots(open(path, encoding='utf-8').read())
    errors = []
    drawn = set(c for _, _, pts, _ in found for c in pts)
    keyed = set(s[1] for _, s, _, _ in found if s and s[0] == 6)
    for title, sample, pts, crosses in found:
        print('%s\t%s\t%s\t%d' % (title, sample[1] if sample else '-',
                                  ' '.join(sorted(set(pts))) or '-', crosses))
    for c in sorted(drawn - keyed):
        errors.append('points drawn in %s, a colour the legend shows no sample of' % c)
    for c in sorted(keyed - drawn):
        errors.append('a legend sample in %s, the colour of no point drawn' % c)
    for e in errors:
        print('%s: %s' % (path, e))
    return 1 if errors else 0


sys.exit(main(sys.argv[1]))
