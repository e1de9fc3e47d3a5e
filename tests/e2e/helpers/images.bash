# Checks of drawn graphs, shared by the plot tests (load helpers/images).

# check_png FILE MIN_HEIGHT EXACT [MIN_COLOURS]: a valid 1280-wide PNG,
# MIN_HEIGHT tall (exactly, when EXACT is 1), not blank: at least
# MIN_COLOURS (8) distinct colours of which 4 are not grey (data lines,
# heat cells, bars).  Decoded with zlib alone: no imaging library needed.
check_png() {
    python3 "$BATS_TEST_DIRNAME/helpers/pngcheck.py" "$1" "$2" "$3" "${4:-8}"
}

# check_svg FILE TEXT...: an SVG holding each TEXT and some drawn paths.
check_svg() {
    local f=$1; shift
    head -c 600 "$f" | grep -q '<svg'
    [ "$(grep -c '<path' "$f")" -ge 5 ]
    for t in "$@"; do grep -qF -- "$t" "$f" || { echo "missing '$t' in $f"; return 1; }; done
}

# check_report_refs DIR: DIR/report.html is self-contained: no network
# reference, and every src/href names a file that exists.
check_report_refs() {
    local dir=$1
    [ -s "$dir/report.html" ]
    # (a negated command would not fail a bats test: set -e ignores it)
    if grep -qE '(src|href)="(https?:)?//' "$dir/report.html"; then return 1; fi
    python3 - "$dir" <<'PY'
import os, re, sys, urllib.parse
d = sys.argv[1]
html = open(os.path.join(d, 'report.html'), encoding='utf-8').read()
refs = re.findall(r'(?:src|href)="([^"]*)"', html)
assert refs, 'no images in report.html'
for ref in refs:
    path = os.path.join(d, urllib.parse.unquote(ref))
    assert os.path.isfile(path), 'report.html references missing ' + ref
PY
}
