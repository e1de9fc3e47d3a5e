"""xtics.py SVG...: the x tick labels of row-count axes in gnuplot SVGs are
distinct and do not overlap.

A row of x tick labels is a set of centred <text> elements on one baseline
holding row counts ("0", "500k", "1.25M").  Side-by-side panels share a
baseline: a new panel starts where the value falls.  Within a panel the
values must rise strictly (a repeated label, "1M 1M", fails), and any two
neighbours must be further apart than half their estimated widths (0.6 em
per character) plus a gap: "500.0k1.0M" fails.  Each file must have at
least one such row.  Exit status 1 with the reason when a check fails.
"""
import re
import sys

LABEL = re.compile(r'<g transform="translate\(([-\d.]+),([-\d.]+)\)"[^>]*font-size="([\d.]+)"'
                   r'[^>]*text-anchor="middle">\s*<text>([^<]*)</text>')
COUNT = re.compile(r'^(\d+(?:\.\d+)?)([kM]?)$')
SCALE = {'': 1, 'k': 1e3, 'M': 1e6}


def rows_of(svg):
    rows = {}
    for x, y, size, text in LABEL.findall(svg):
        m = COUNT.match(text.strip())
        if m:
            rows.setdefault(round(float(y), 1), []).append(
                (float(x), text.strip(), float(m.group(1)) * SCALE[m.group(2)], float(size)))
    return [sorted(r) for r in rows.values() if len(r) >= 3]


def check(path):
    rows = rows_of(open(path, encoding='utf-8').read())
    if not rows:
        return 'no row of x tick labels'
    for r in rows:
        for (x0, t0, v0, s0), (x1, t1, v1, s1) in zip(r, r[1:]):
            if t0 == t1:
                return 'tick label %s repeated: %s' % (t0, ' '.join(t for _, t, _, _ in r))
            need = 0.3 * (len(t0) * s0 + len(t1) * s1) + 4
            if x1 - x0 < need:
                return 'tick labels %s and %s overlap (%.1f px apart, %.1f needed)' % (
                    t0, t1, x1 - x0, need)
            if v1 == v0:
                return 'two ticks read %s and %s: the same value' % (t0, t1)
    return None


failed = 0
for p in sys.argv[1:]:
    why = check(p)
    if why:
        print('%s: %s' % (p, why))
        failed = 1
sys.exit(failed)
