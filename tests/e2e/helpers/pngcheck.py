"""pngcheck.py FILE MIN_HEIGHT EXACT MIN_COLOURS: see images.bash."""
import struct
import sys
import zlib

path, min_h, exact, min_colours = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", int(sys.argv[4])
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
assert w == 1280 and (h == min_h if exact else h >= min_h), (w, h)
assert depth == 8 and ctype in (2, 6), hdr
bpp = 3 if ctype == 2 else 4
raw, stride, prev, colours = zlib.decompress(idat), w * bpp, bytearray(w * bpp), set()
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
    colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp))
    prev = line
    chroma = [k for k in colours if len(set(k)) > 1]
    if len(colours) >= min_colours and len(chroma) >= 4:
        break
else:
    raise AssertionError("blank-looking PNG: %d colours" % len(colours))
