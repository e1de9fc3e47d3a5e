"""reportcheck.py DIR: DIR/report.html carries its graphs (see images.bash).

Parsed with html.parser: every src, href (and CSS url()) is a data: URI;
every <img> decodes to a PNG 1280 pixels wide; the graphs named in the
captions ("plots/NAME.png") are as many as the images, each the very
bytes of DIR/plots/NAME.png."""
import base64
import html.parser
import os
import re
import struct
import sys

d = sys.argv[1]
text = open(os.path.join(d, 'report.html'), encoding='utf-8').read()


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.imgs, self.refs, self.caption, self.names = [], [], False, []

    def handle_starttag(self, tag, attrs):
        for k, v in attrs:
            if k in ('src', 'href', 'srcset', 'data', 'poster'):
                self.refs.append(v or '')
        if tag == 'img':
            self.imgs.append(dict(attrs).get('src', ''))
        if tag == 'figcaption':
            self.caption = True

    def handle_endtag(self, tag):
        if tag == 'figcaption':
            self.caption = False

    def handle_data(self, data):
        if self.caption:
            self.names += re.findall(r'plots/([\w.-]+)\.png', data)


p = Page()
p.feed(text)
for ref in p.refs:
    assert ref.startswith('data:'), 'report.html refers to another file: ' + ref[:80]
assert not re.search(r'url\(\s*[\'"]?(?!data:)', text), 'report.html has a CSS url()'
assert p.imgs, 'no graph in report.html'
assert len(p.imgs) == len(p.names), (len(p.imgs), p.names)
for src, name in zip(p.imgs, p.names):
    head = 'data:image/png;base64,'
    assert src.startswith(head), 'graph %s is not an inline PNG' % name
    png = base64.b64decode(src[len(head):], validate=True)
    assert png[:8] == b'\x89PNG\r\n\x1a\n', name
    assert struct.unpack('>I', png[16:20])[0] == 1280, name
    assert png == open(os.path.join(d, 'plots', name + '.png'), 'rb').read(), \
        name + ' differs from plots/' + name + '.png'
