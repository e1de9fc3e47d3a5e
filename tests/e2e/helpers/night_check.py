#!/usr/bin/env python3
"""Checks of a results folder's timeline.csv against its chunks.csv, for
tests/e2e/night.bats.

  night_check.py sums DIR       every recorded chunk's timeline rows add up
                                exactly to its chunk_rows (write) and reads
                                (read); every row belongs to a recorded
                                chunk; no row twice; a phase's intervals
                                follow each other without gaps or overlaps
  night_check.py stall DIR ROW MS
                                the chunk holding row ROW has
                                write_stall_max_ms >= MS and a write row with
                                ops 0 spanning at least MS/1000 - 2 intervals
  night_check.py metrics DIR COPIES
                                every .prom in COPIES carries, on every
                                sample, the labels of its cell as chunks.csv
                                writes them, and its chunk's row count
  night_check.py sysroot FIXTURE ROOT DIR
                                copies FIXTURE to ROOT and links
                                ROOT/sys/dev/block/MAJ:MIN of the device
                                holding DIR (as mountinfo and stat name
                                it) to the fixture's one disk, so that a
                                run under DIR with SQLSOAK_SYSROOT=ROOT
                                finds that disk
"""
import csv
import shutil
import glob
import os
import re
import sys
from collections import defaultdict


def rows(path):
    with open(path, newline='') as f:
        return list(csv.DictReader(f))


def key(r):
    return (r['cell'], r['repeat'], r['chunk'])


def fail(msg):
    print(msg, file=sys.stderr)
    sys.exit(1)


def sums(d):
    chunks = rows(os.path.join(d, 'chunks.csv'))
    tl = rows(os.path.join(d, 'timeline.csv'))
    if not tl:
        fail('timeline.csv has no rows')
    recorded = {key(r): r for r in chunks}
    got = defaultdict(lambda: defaultdict(int))
    seen = set()
    for r in tl:
        k = key(r)
        if k not in recorded:
            fail(f'timeline row of chunk {k} not in chunks.csv')
        ident = (k, r['phase'], r['start_unix_s'])
        if ident in seen:
            fail(f'timeline row twice: {ident}')
        seen.add(ident)
        got[k][r['phase']] += int(r['ops'])
    for k, c in recorded.items():
        if got[k]['write'] != int(c['chunk_rows']):
            fail(f'chunk {k}: write ops {got[k]["write"]} != chunk_rows {c["chunk_rows"]}')
        if got[k]['read'] != int(c['reads']):
            fail(f'chunk {k}: read ops {got[k]["read"]} != reads {c["reads"]}')
    # within one phase of one chunk, each interval starts where the last ended
    # (to 10 µs; the file holds µs); a commit row interrupts the write rows
    runs = defaultdict(list)
    for r in tl:
        runs[key(r)].append(r)
    for k, rs in runs.items():
        for a, b in zip(rs, rs[1:]):
            end = float(a['start_unix_s']) + float(a['span_s'])
            same = a['phase'] == b['phase'] or {a['phase'], b['phase']} == {'write', 'commit'}
            if same and abs(float(b['start_unix_s']) - end) > 1e-5:
                fail(f'chunk {k}: a gap or overlap between {a} and {b}')
    print(f'{len(tl)} timeline rows, {len(recorded)} chunks: sums exact')


def stall(d, row, ms):
    row, ms = int(row), float(ms)
    chunks = rows(os.path.join(d, 'chunks.csv'))
    tl = rows(os.path.join(d, 'timeline.csv'))
    c = next(r for r in chunks if int(r['rows']) - int(r['chunk_rows']) <= row < int(r['rows']))
    if not float(c['write_stall_max_ms']) >= ms:
        fail(f'write_stall_max_ms {c["write_stall_max_ms"]} < {ms}')
    idle = [r for r in tl if key(r) == key(c) and r['phase'] == 'write' and r['ops'] == '0']
    if not idle or max(float(r['span_s']) for r in idle) < ms / 1000 * 0.5:
        fail(f'no write interval without progress in chunk {key(c)}: {idle}')
    print(f'chunk {c["chunk"]}: write_stall_max_ms {c["write_stall_max_ms"]}, '
          f'idle {max(float(r["span_s"]) for r in idle)} s')


SAMPLE = re.compile(r'^([a-z_]+)\{(.*)\} (\S+)$')
LABEL = re.compile(r'([a-z_]+)="((?:[^"\\]|\\.)*)"')


def metrics(d, copies):
    chunks = rows(os.path.join(d, 'chunks.csv'))
    header = list(chunks[0].keys())
    ident = header[1:header.index('read_from') + 1]
    ident.remove('sqlite_source_id')
    files = sorted(glob.glob(os.path.join(copies, '*.prom')))
    if not files:
        fail('no metrics files')
    for path in files:
        m = re.search(r'cell-(\d+)-(\d+)-chunk-(-?\d+)', path)
        cell, rep, chunk = m.groups()
        want = next(r for r in chunks if (r['cell'], r['repeat']) == (cell, rep))
        samples = 0
        for line in open(path):
            if line.startswith('#'):
                continue
            s = SAMPLE.match(line.strip())
            if not s:
                fail(f'{path}: not a sample: {line}')
            labels = dict(LABEL.findall(s.group(2)))
            for col in ident:
                if labels.get(col) != want[col]:
                    fail(f'{path}: {s.group(1)} label {col}={labels.get(col)!r}, '
                         f'chunks.csv has {want[col]!r}')
            if s.group(1) == 'sqlsoak_rows':
                c = next(r for r in chunks if key(r) == (cell, rep, chunk))
                if s.group(3) != c['rows']:
                    fail(f'{path}: sqlsoak_rows {s.group(3)} != {c["rows"]}')
            samples += 1
        if samples < 2:
            fail(f'{path}: {samples} samples')
    print(f'{len(files)} metrics files, labels as chunks.csv')


def sysroot(fixture, root, d):
    shutil.copytree(fixture, root, symlinks=True)
    disk = os.listdir(os.path.join(root, 'sys', 'block'))[0]
    real = os.path.realpath(d)
    devs = {os.stat(real).st_dev}
    best = ''
    for line in open('/proc/self/mountinfo'):
        f = line.split()
        mp = f[4].replace('\\040', ' ')
        if (real == mp or real.startswith(mp.rstrip('/') + '/')) and len(mp) >= len(best):
            best, majmin = mp, f[2]
            source = f[f.index('-') + 2]
    maj, mi = map(int, majmin.split(':'))
    devs.add(os.makedev(maj, mi))
    if source.startswith('/dev/') and os.path.exists(source):
        devs.add(os.stat(source).st_rdev)
    os.makedirs(os.path.join(root, 'sys', 'dev', 'block'), exist_ok=True)
    for dev in devs:
        link = os.path.join(root, 'sys', 'dev', 'block', f'{os.major(dev)}:{os.minor(dev)}')
        if not os.path.lexists(link):
            os.symlink(os.path.join('..', '..', 'block', disk), link)
    print(disk)


if __name__ == '__main__':
    {'sums': sums, 'stall': stall, 'metrics': metrics, 'sysroot': sysroot}[sys.argv[1]](*sys.argv[2:])
