"""svgcheck.py FILE...: the geometry of gnuplot's SVG graphs (images.bash).
svgcheck.py --yticks FILE: the labels of its first panel's left axis.

Fails, naming the graph and what is wrong, when
  - a text (a legend entry, a title, a tick label) runs past the canvas:
    a legend cut at the image's edge;
  - two panels' frames overlap, or a panel's text (its tick labels, its
    title) lies inside another panel's frame or within CLEAR pixels of
    it: one panel drawn over another.
A text's width is estimated from its length (0.6 em a character, DejaVu
Sans' average, which cairo's PNG draws: 10-point key text ran 6.1 pixels
a character).  A legend's box cut open at the edge fails too.

The PNG drawn beside FILE.svg (FILE.png), when there is one, is measured
too: gnuplot sizes a legend by its terminal's width of a character, and
cairo's is wider than the SVG's (8 pixels at 10 points against 7), so a
legend whole in the SVG was cut in the PNG that report.html shows.  Its
outermost pixels all round must be the background: anything drawn
there (a legend's box or a label running off the image) fails, named by
the edge and where along it.  gnuplot itself reads the PNG (libgd: no
imaging library is needed)."""
import html
import os
import re
import struct
import subprocess
import sys
import tempfile

EM = 0.6
# a panel's text closer than this to another panel's frame reads as the
# other's (and PNG, whose fonts cairo draws larger, puts it on its data)
CLEAR = 10
TEXT = re.compile(r'<g (transform="translate\(([-\d.]+),([-\d.]+)\)( rotate\((-?[\d.]+)\))?"[^>]*)>'
                  r'\s*<text>(.*?)</text>', re.S)
# a frame: the border, one closed rectangle in the border's colour (#444444)
FRAME = re.compile(r"stroke='rgb\( 68,  68,  68\)'\s+d='M([-\d.]+),([-\d.]+) L([-\d.]+),([-\d.]+) "
                   r"L([-\d.]+),([-\d.]+) L([-\d.]+),([-\d.]+) L[-\d.]+,[-\d.]+ Z")
# a legend's box (#cccccc): gnuplot clips it at the canvas, leaving it open
KEYBOX = re.compile(r"stroke='rgb\(204, 204, 204\)'\s+d='([^']*)'")
PLOT = re.compile(r'<g id="gnuplot_plot_\d+([a-z]*)"')


def text_box(m):
    """The box a text covers, estimated, and its text ('' for none)."""
    attrs, x, y, rot = m[1], float(m[2]), float(m[3]), float(m[5] or 0) % 360
    fs = float(re.search(r'font-size="([\d.]+)"', attrs).group(1))
    anchor = re.search(r'text-anchor="(\w+)"', attrs)
    s = re.sub(r'<[^>]+>', '', html.unescape(m[6])).strip()
    w = len(s) * EM * fs
    lo = {'start': 0, 'middle': -w / 2, 'end': -w}[anchor.group(1) if anchor else 'start']
    if rot == 270:          # written upwards
        return (x - fs * 0.8, y - lo - w, x + fs * 0.2, y - lo), s
    if rot == 90:           # written downwards
        return (x - fs * 0.2, y + lo, x + fs * 0.8, y + lo + w), s
    return (x + lo, y - fs * 0.8, x + lo + w, y + fs * 0.2), s


def group_close(svg, pos):
    """Where the <g> holding pos closes: a frame drawn again over the plots
    carries the panel's front objects (labels, arrows) in its group."""
    depth = 0
    for m in re.finditer(r'<g[ >]|</g>', svg[pos:]):
        depth += -1 if m[0] == '</g>' else 1
        if depth < 0:
            return pos + m.start()
    return len(svg)


def text_groups_after(svg, end):
    """Where the groups right after position end (a panel's frame group's
    close) end, while they hold texts alone: gnuplot 6 writes a panel's
    labels (and its empty ones) in groups of their own after its frame's,
    where 5.4 wrote them inside it; they are the panel's all the same."""
    while True:
        start = end + len('</g>')
        m = re.match(r'\s*<g\b[^>]*>', svg[start:])
        if not m:
            return end
        close = group_close(svg, start + m.end())
        body = svg[start + m.end():close]
        if '<path' in body or '<text' not in body or '<use' in body:
            return end
        end = close


def inside(a, b, pad=1.0):
    """Whether box a reaches into the interior of box b."""
    return a[0] < b[2] - pad and a[2] > b[0] + pad and a[1] < b[3] - pad and a[3] > b[1] + pad


def check(path):
    svg = open(path, encoding='utf-8').read()
    w, h = (float(re.search(r'\b%s="([\d.]+)"' % k, svg).group(1)) for k in ('width', 'height'))
    errors = []
    for m in KEYBOX.finditer(svg):
        pts = [float(v) for v in re.findall(r'[-\d.]+', m[1])]
        if any(x >= w - 1 or x <= 1 for x in pts[0::2]) or any(y >= h - 1 or y <= 1 for y in pts[1::2]):
            errors.append('a legend box is cut at the edge of the %gx%g canvas' % (w, h))
    for m in TEXT.finditer(svg):
        box, s = text_box(m)
        if s and box[0] < -1 or box[1] < -1 or box[2] > w + 1 or box[3] > h + 1:
            errors.append("text '%s' runs past the %gx%g canvas (%.0f..%.0f, %.0f..%.0f)"
                          % (s, w, h, box[0], box[2], box[1], box[3]))
    # The panels, in drawing order: each frame, and where its panel's
    # drawing ends: after its frame is drawn again over its plots (with
    # the front objects in the frame's group), and after its last plot
    # group (whose id letter is the panel's: 1a 2a 1b).
    frames, last = [], {}
    for m in FRAME.finditer(svg):
        xs = [float(m[i]) for i in (1, 3, 5, 7)]
        ys = [float(m[i]) for i in (2, 4, 6, 8)]
        box = (min(xs), min(ys), max(xs), max(ys))
        if box not in last:
            frames.append([m.start(), box])
        last[box] = text_groups_after(svg, group_close(svg, m.end()))
    letters, group_end = [], {}
    for m in PLOT.finditer(svg):
        if m[1] not in group_end:
            letters.append(m[1])
        group_end[m[1]] = svg.find('\n\t</g>', m.start())
    bounds = [max(last[f[1]], group_end[letters[k]] if k < len(letters) else 0)
              for k, f in enumerate(frames)]
    if len(frames) > 1:
        def panel(pos):
            """The index of the panel whose drawing holds pos."""
            for k, b in enumerate(bounds):
                if pos <= b:
                    return k
            return len(bounds)
        for i, (pi, fi) in enumerate(frames):
            for j, (pj, fj) in enumerate(frames[:i]):
                if inside(fi, fj):
                    errors.append('panel %d is drawn over panel %d' % (i + 1, j + 1))
        for m in TEXT.finditer(svg):
            box, s = text_box(m)
            own = panel(m.start())
            if not s:
                continue
            for k, (_, f) in enumerate(frames):
                if k != own and own < len(frames) and inside(box, f, pad=-CLEAR):
                    errors.append("text '%s' of panel %d lies on panel %d" % (s, own + 1, k + 1))
    for e in errors:
        print('%s: %s' % (path, e))
    return not errors


def yticks(path):
    """The labels of the first panel's left axis: texts ending left of its frame."""
    svg = open(path, encoding='utf-8').read()
    f = FRAME.search(svg)
    x0, y0, y1 = float(f[1]), min(float(f[2]), float(f[4])), max(float(f[2]), float(f[4]))
    out = []
    for m in TEXT.finditer(svg):
        box, s = text_box(m)
        if s and 'text-anchor="end"' in m[1] and box[2] <= x0 and y0 - 5 <= float(m[3]) <= y1 + 5:
            out.append(s)
    return out


def png_size(path):
    """Width and height from a PNG's header."""
    with open(path, 'rb') as f:
        head = f.read(24)
    assert head[:8] == b'\x89PNG\r\n\x1a\n', path + ': not a PNG'
    return struct.unpack('>II', head[16:24])


def png_edges(paths):
    """For each PNG, what is drawn on its outermost pixels all round:
    {path: [(edge, x, y), ...]} (x, y from the top left), read by gnuplot
    in one run."""
    found = {p: [] for p in paths}
    if not paths:
        return found
    d = tempfile.mkdtemp()
    try:
        lines, outs = ['set encoding utf8'], []
        for k, p in enumerate(paths):
            w, h = png_size(p)
            q = p.replace("'", "''")
            # every dx:dy:x0:y0:x1:y1: the first and last column (a step
            # of w - 1), then the first and last row; two reads of the
            # image, not four (each decodes it whole)
            for sides, (dx, dy) in (('columns', (w - 1, 1)), ('rows', (1, h - 1))):
                out = os.path.join(d, '%d-%s.txt' % (k, sides))
                outs.append((p, sides, w, h, out))
                lines += ["set table '%s'" % out,
                          "plot '%s' binary filetype=png every %d:%d:0:0:%d:%d with rgbimage"
                          % (q, dx, dy, w - 1, h - 1), 'unset table']
        script = os.path.join(d, 'edges.gp')
        open(script, 'w', encoding='utf-8').write('\n'.join(lines) + '\n')
        r = subprocess.run(['gnuplot', script], capture_output=True, text=True)
        for p, sides, w, h, out in outs:
            if not os.path.exists(out):
                raise SystemExit('%s: gnuplot could not read it: %s' % (p, r.stderr.strip()))
            for line in open(out):
                f = line.split()
                if len(f) < 5 or line.startswith('#'):
                    continue
                x, y, rgb = int(float(f[0])), h - 1 - int(float(f[1])), [float(v) for v in f[2:5]]
                # gnuplot counts rows from the bottom; near-white is antialiasing
                if min(rgb) < 245:
                    edge = (('left' if x == 0 else 'right') if sides == 'columns'
                            else ('top' if y == 0 else 'bottom'))
                    found[p].append((edge, x, y))
    finally:
        for f in os.listdir(d):
            os.unlink(os.path.join(d, f))
        os.rmdir(d)
    return found


def check_png(path, hits):
    """The errors of a PNG whose edges hold hits (png_edges)."""
    errors = []
    for edge in ('left', 'right', 'top', 'bottom'):
        at = [(x, y) for e, x, y in hits if e == edge]
        if at:
            along = [y for _, y in at] if edge in ('left', 'right') else [x for x, _ in at]
            errors.append('something is drawn on its %s edge (%s %d..%d): a legend or a '
                          'label cut at the edge of the image'
                          % (edge, 'rows' if edge in ('left', 'right') else 'columns',
                             min(along), max(along)))
    for e in errors:
        print('%s: %s' % (path, e))
    return not errors


if sys.argv[1] == '--yticks':
    # svgcheck.py --yticks FILE: prints the left axis' labels, one a line
    print('\n'.join(yticks(sys.argv[2])))
    sys.exit(0)
ok = True
for p in sys.argv[1:]:
    ok = check(p) and ok
pngs = [p[:-4] + '.png' for p in sys.argv[1:]
        if p.endswith('.svg') and os.path.exists(p[:-4] + '.png')]
for p, hits in png_edges(pngs).items():
    ok = check_png(p, hits) and ok
sys.exit(0 if ok else 1)
