"""pngcheck.py FILE MIN_HEIGHT EXACT MIN_COLOURS: see images.bash.
pngcheck.py --key FILE: the colours drawn in the band over the first
panel, where a legend above it stands (from 45 rows above its frame to 4
above it: the frame is the first row of #444444 across a third of the
width), one '#rrggbb' a line, the background and greys left out: what the
report's PNG shows there, as cairo drew it (gnuplot's SVG may draw a
legend's sample otherwise)."""
import struct
import sys
import zlib


def rows(path):
    """The PNG's header (w, h, depth, colour type), then each row's bytes
    and its bytes per pixel."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, hdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            hdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype = hdr[:4]
    yield w, h, depth, ctype
    assert depth == 8 and ctype in (2, 6), hdr
    bpp = 3 if ctype == 2 else 4
    raw, stride, prev = zlib.decompress(idat), w * bpp, bytearray(w * bpp)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        yield line, bpp
        prev = line


def key(path):
    it = rows(path)
    next(it)
    seen = []
    for line, bpp in it:
        frame = sum(1 for i in range(0, len(line), bpp) if bytes(line[i:i + 3]) == b"\x44\x44\x44")
        if frame * bpp * 3 > len(line):
            break
        seen.append(set(bytes(line[i:i + 3]) for i in range(0, len(line), bpp)))
    else:
        raise AssertionError("no panel's frame")
    found = set().union(*seen[max(0, len(seen) - 45):len(seen) - 4])
    for k in sorted(found):
        if len(set(k)) > 1:        # neither white, black nor grey
            print("#%02x%02x%02x" % tuple(k))


def check(path, min_h, exact, min_colours):
    it = rows(path)
    w, h, depth, ctype = next(it)
    assert w == 1280 and (h == min_h if exact else h >= min_h), (w, h)
    colours = set()
    for line, bpp in it:
        colours.update(bytes(line[i:i + 3]) for i in range(0, len(line), bpp))
        chroma = [k for k in colours if len(set(k)) > 1]
        if len(colours) >= min_colours and len(chroma) >= 4:
            return
    raise AssertionError("blank-looking PNG: %d colours" % len(colours))


if sys.argv[1] == "--key":
    key(sys.argv[2])
else:
    check(sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", int(sys.argv[4]))
