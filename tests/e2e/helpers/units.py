"""src/model/units.h's rule in Python, for the tests that rebuild a sentence
from the CSV: three significant figures, trailing zeros kept, the next unit
taken at 1000 once rounded, no e-notation."""


def num(v):
    a = abs(v)
    d = 0 if a >= 99.95 else 1 if a >= 9.995 else 2
    low = 0.9995
    while 0 < a < low:
        low /= 10
        d += 1
    return "0" if a == 0 else "%s%.*f" % ("-" if v < 0 else "", d, a)


def scaled(v, units, sep):
    a, u = abs(v), 0
    while a >= 999.5 and u + 1 < len(units):
        a /= 1000
        u += 1
    return num(a if v >= 0 else -a) + (sep + units[u] if units[u] else "")


def rate(r):
    return scaled(r, ["", "k", "M", "G"], "")


def secs_us(us):
    """A duration given in µs, below a minute: "12.2 µs", "2.54 ms", "1.50 s"."""
    return scaled(us, ["µs", "ms", "s"], " ")


def nbytes(b):
    return "%.0f bytes" % b if b < 999.5 else scaled(b, ["bytes", "kB", "MB", "GB", "TB", "PB"], " ")


def secs(s):
    """A duration in seconds: "26.0 s", then "1.50 min" from 60 s, "1.50 h"."""
    if abs(s) < 60:
        return secs_us(s * 1e6)
    if abs(s) < 3600:
        return num(s / 60) + " min"
    return num(s / 3600) + " h"


def ratio(r):
    return num(r) + "x"


def interval(lo, hi):
    return num(lo) + ".." + num(hi)


def pct(p):
    return num(p) + "%"


# A figure as the sentences give it, for a regular expression: "1.50k", "26.0", "397".
FIG = r"([0-9][0-9.]*[kMG]?)"


def parse(text):
    """A figure in units' form back to a number: "1.50k" is 1500.0."""
    mult = {"k": 1e3, "M": 1e6, "G": 1e9}
    return float(text[:-1]) * mult[text[-1]] if text[-1] in mult else float(text)


def near(text, value):
    """Whether text states value to its three significant figures (half a unit
    of its last digit is at most 0.5% of it)."""
    shown = parse(text)
    return abs(shown - value) <= 0.005 * abs(shown) + 1e-9
