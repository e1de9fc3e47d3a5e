#!/usr/bin/env python3
"""Checks the project's pages (README.md and docs/*.md) for the debris a
splice leaves: a sentence, or a run of twelve words, said three times or
more; a command listed twice in a commands table; a link to a page or a
heading that does not exist.

    doccheck.py [--repeats N] PAGE...

Prints one line per defect and exits 1 when there is any."""
import re
import sys
from collections import Counter
from pathlib import Path


# A run of this many words said three times is a splice, not a habit of
# style (a shorter one can be: "is refused with one line naming the file").
RUN = 12


def prose(text):
    """The page without its code blocks, indented code and table rows."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced or line.startswith("    ") or line.startswith("|"):
            out.append("")
            continue
        out.append(line)
    return "\n".join(out)


def sentences(text):
    flat = re.sub(r"\s+", " ", prose(text))
    for s in re.split(r"(?<=[.!?])\s+(?=[A-Z`*(])", flat):
        s = s.strip()
        if len(s) >= 30:
            yield s


def slug(heading):
    """GitHub's anchor for a heading."""
    h = heading.strip().lower()
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


def anchors(text):
    seen, out = Counter(), set()
    for line in text.splitlines():
        m = re.match(r"#{1,6} (.*)", line)
        if m:
            s = slug(m.group(1))
            out.add(s if seen[s] == 0 else "%s-%d" % (s, seen[s]))
            seen[s] += 1
    return out


def commands_twice(text):
    """The first cell of each row of a table whose header is "command"."""
    bad, in_table, seen = [], False, Counter()
    for line in text.splitlines():
        if re.match(r"\|\s*command\s*\|", line):
            in_table, seen = True, Counter()
            continue
        if in_table and not line.startswith("|"):
            in_table = False
        if in_table and not re.match(r"\|\s*-", line):
            cell = line.split("|")[1].strip()
            word = " ".join(cell.strip("`").split()[:2])
            seen[word] += 1
            if seen[word] == 2:
                bad.append(word)
    return bad


def main(argv):
    repeats = 3
    if len(argv) > 2 and argv[1] == "--repeats":
        repeats, argv = int(argv[2]), argv[2:]
    pages = [Path(p) for p in argv[1:]]
    missing = [p for p in pages if not p.is_file()]
    if missing:
        print("no such page: %s" % missing[0])
        return 2
    texts = {p.resolve(): p.read_text() for p in pages}
    defects = []
    for page in pages:
        text = texts[page.resolve()]
        for s, n in Counter(sentences(text)).items():
            if n >= repeats:
                defects.append("%s: said %d times: %s" % (page, n, s[:100]))
        words = re.sub(r"\s+", " ", prose(text)).split(" ")
        runs = Counter(" ".join(words[i:i + RUN]) for i in range(len(words) - RUN + 1))
        for run, n in runs.items():
            if n >= repeats:
                defects.append("%s: words said %d times: %s" % (page, n, run))
        for word in commands_twice(text):
            defects.append("%s: the commands table lists %s twice" % (page, word))
        for target in re.findall(r"\]\(([^)\s]+)\)", prose(text)):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, frag = target.partition("#")
            dest = (page.parent / path).resolve() if path else page.resolve()
            if not dest.exists():
                defects.append("%s: a link to a missing page: %s" % (page, target))
                continue
            if frag and dest.suffix == ".md":
                body = texts.get(dest) or dest.read_text()
                if frag not in anchors(body):
                    defects.append("%s: a link to a missing heading: %s" % (page, target))
    for d in defects:
        print(d)
    return 1 if defects else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
