#!/usr/bin/env python3
"""promcheck.py FILE...: checks Prometheus text-format files as a scraper
and promtool's lint would, with no server: each file must parse with the
prometheus_client parser (Debian's python3-prometheus-client), and every
metric family must have HELP and TYPE lines before its samples, a valid
name (a counter's ending in _total), valid label names, and no two samples
with the same labels.  Prints one line per problem; exits 1 on any."""
import math
import re
import sys

from prometheus_client.parser import text_string_to_metric_families

NAME = re.compile(r'^[a-zA-Z_:][a-zA-Z0-9_:]*$')
LABEL = re.compile(r'^[a-zA-Z_][a-zA-Z0-9_]*$')


def problems(path):
    text = open(path, encoding='utf-8').read()
    if not text.endswith('\n'):
        yield 'does not end with a newline'
    declared = {}
    for n, line in enumerate(text.splitlines(), 1):
        m = re.match(r'^# (HELP|TYPE) (\S+)(?: (.*))?$', line)
        if m:
            declared.setdefault(m.group(2), set()).add(m.group(1))
            if m.group(1) == 'TYPE' and m.group(3) == 'counter' and not m.group(2).endswith('_total'):
                yield f'line {n}: a counter whose name does not end in _total'
            continue
        if not line or line.startswith('#'):
            continue
        name = re.match(r'^[^{ ]+', line).group(0)
        if declared.get(name) != {'HELP', 'TYPE'}:
            yield f'line {n}: sample of {name} before its HELP and TYPE lines'
    try:
        families = list(text_string_to_metric_families(text))
    except Exception as e:  # the parser's own word for a malformed file
        yield f'does not parse: {e}'
        return
    for fam in families:
        if not NAME.match(fam.name):
            yield f'{fam.name}: not a valid metric name'
        if not fam.documentation:
            yield f'{fam.name}: no help text'
        seen = set()
        for s in fam.samples:
            for k in s.labels:
                if not LABEL.match(k) or k.startswith('__'):
                    yield f'{s.name}: label name {k!r} is not valid'
            key = (s.name, tuple(sorted(s.labels.items())))
            if key in seen:
                yield f'{s.name}: two samples with the labels {dict(key[1])}'
            seen.add(key)
            if fam.type == 'counter' and (math.isnan(s.value) or s.value < 0):
                yield f'{s.name}: a counter at {s.value}'
    if not families:
        yield 'no metric at all'


bad = 0
for path in sys.argv[1:]:
    for p in problems(path):
        print(f'{path}: {p}')
        bad += 1
sys.exit(1 if bad else 0)
