# Checks of drawn graphs, shared by the plot tests (load helpers/images).

# check_png FILE MIN_HEIGHT EXACT [MIN_COLOURS]: a valid 1280-wide PNG,
# MIN_HEIGHT tall (exactly, when EXACT is 1), not blank: at least
# MIN_COLOURS (8) distinct colours of which 4 are not grey (data lines,
# heat cells, bars).  Decoded with zlib alone: no imaging library needed.
check_png() {
    python3 "$BATS_TEST_DIRNAME/helpers/pngcheck.py" "$1" "$2" "$3" "${4:-8}"
}

# check_svg FILE TEXT...: an SVG holding each TEXT and some drawn paths,
# laid out whole: no text or legend past the canvas, no panel over
# another (helpers/svgcheck.py).
check_svg() {
    local f=$1; shift
    head -c 600 "$f" | grep -q '<svg'
    [ "$(grep -c '<path' "$f")" -ge 5 ]
    python3 "$BATS_TEST_DIRNAME/helpers/svgcheck.py" "$f"
    for t in "$@"; do grep -qF -- "$t" "$f" || { echo "missing '$t' in $f"; return 1; }; done
}

# check_report_refs DIR: DIR/report.html is self-contained: it refers to
# no other file and no network (no src or href but a data: URI), and it
# holds every graph of DIR/plots drawn for it: each <img> a PNG inside the
# page, 1280 pixels wide, one per plots/NAME.png its captions name.
check_report_refs() {
    local dir=$1
    [ -s "$dir/report.html" ]
    python3 "$BATS_TEST_DIRNAME/helpers/reportcheck.py" "$dir"
}
