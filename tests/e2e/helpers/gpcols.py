#!/usr/bin/env python3
"""The columns the gnuplot scripts read, held to the data files written.

    gpcols.py SCRIPTS_DIR DATA_DIR...

The scripts of plots/ find their columns by name (column('rows'),
strcol('label'), using 'rows':'read_s'); a name no data file has gives no
error in gnuplot, only an empty series.  Every name a script reads must be
a header field of some .tsv under the DATA_DIRs (the data of runs that
drew every graph; sqlsoak writes each header from its file's row of
src/results/tsvschema.c's table, where each column is named once).  Prints each name missing, with its scripts, and exits 1
if any is; 0 otherwise.  A name built at run time (column(c)) is not seen.
"""
import glob
import os
import re
import sys

CALL = re.compile(r"\b(?:column|strcol|stringcolumn|unmeasured|num0|pos0|posbig)"
                  r"\(\s*['\"]([A-Za-z_][A-Za-z_0-9]*)['\"]\s*\)")
USING = re.compile(r"(?:\busing\s+|:)'([A-Za-z_][A-Za-z_0-9]*)'(?=\s*[:,)\s\"\\]|$)")


def read_names(scripts):
    names = {}
    for path in sorted(glob.glob(os.path.join(scripts, '*.gp'))):
        with open(path) as f:
            text = re.sub(r'(?m)#.*$', '', f.read())
        for m in list(CALL.finditer(text)) + list(USING.finditer(text)):
            names.setdefault(m.group(1), set()).add(os.path.basename(path))
    return names


def written(dirs):
    have = set()
    for d in dirs:
        for path in glob.glob(os.path.join(d, '**', '*.tsv'), recursive=True):
            with open(path) as f:
                have.update(f.readline().rstrip('\n').split('\t'))
    return have


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    names, have = read_names(argv[1]), written(argv[2:])
    if len(names) < 1 or not have:
        print('gpcols: no column names in the scripts, or no data files', file=sys.stderr)
        return 2
    missing = sorted(n for n in names if n not in have)
    for n in missing:
        print('%s: read by %s, written by no data file' % (n, ', '.join(sorted(names[n]))))
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
