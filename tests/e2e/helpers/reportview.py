"""reportview.py REPORT WIDTH: opens a copy of REPORT, alone in a folder of
its own (as a report saved from an email is), in headless Chromium at
WIDTH pixels, and prints what the browser laid out, as JSON:
  imgs   the <img> elements        shown  those decoded and drawn
  table  the right edge of the summary table (px)
  over   how far the widest table's box scrolls past its width (px; 0 =
         every table fits): the summary, a comparison's ratios
  page   the page's scroll width (px)
A probe script is added to the copy only; report.html itself has none."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

src, width = sys.argv[1], int(sys.argv[2])
browser = shutil.which('chromium-headless-shell') or shutil.which('chromium')
assert browser, 'no chromium'
PROBE = '''<script>
window.addEventListener('load', function () {
  var t = document.querySelector('table.sum'), all = document.querySelectorAll('table.sum');
  var im = document.images, ok = 0, over = 0;
  for (var i = 0; i < im.length; i++) if (im[i].complete && im[i].naturalWidth > 0) ok++;
  for (var k = 0; k < all.length; k++)
    over = Math.max(over, all[k].parentNode.scrollWidth - all[k].parentNode.clientWidth);
  var r = {imgs: im.length, shown: ok, page: document.documentElement.scrollWidth,
           table: t ? Math.ceil(t.getBoundingClientRect().right) : 0, over: over};
  var p = document.createElement('pre'); p.id = 'probe'; p.textContent = JSON.stringify(r);
  document.body.appendChild(p);
});
</script>'''
d = tempfile.mkdtemp()
try:
    page = open(src, encoding='utf-8').read().replace('</body>', PROBE + '</body>')
    open(os.path.join(d, 'report.html'), 'w', encoding='utf-8').write(page)
    out = subprocess.run([browser, '--no-sandbox', '--disable-gpu', '--hide-scrollbars',
                          '--user-data-dir=' + os.path.join(d, 'profile'),
                          '--window-size=%d,900' % width, '--virtual-time-budget=10000',
                          '--dump-dom', 'file://' + os.path.join(d, 'report.html')],
                         capture_output=True, text=True, timeout=120).stdout
    m = re.search(r'<pre id="probe">(.*?)</pre>', out)
    assert m, 'the browser ran no probe'
    print(json.dumps(json.loads(m.group(1))))
finally:
    shutil.rmtree(d)
