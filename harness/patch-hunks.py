#!/usr/bin/env python3
# patch-hunks.py PATCH_DIR OUT_DIR: the hunks of PATCH_DIR/*.patch, one diff
# per upstream file they touch, in OUT_DIR/PATH.diff (appended in the
# patches' order).  series.sh applies them per topic; loc.sh counts the
# lines of a file they change.
#
# A file is named by its "--- a/PATH" line, or by the "+++ b/PATH" line
# after "--- /dev/null" for a file the patch creates (its PATH.diff then
# starts with "--- /dev/null", which patch and git apply take as a new
# file).  Hunks are read by their line counts, so that a removed line that
# starts with "-- a/" is not taken for the next file's header.
import glob
import os
import re
import sys

HUNK = re.compile(r'^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@')

src, dst = sys.argv[1], sys.argv[2]
for p in sorted(glob.glob(os.path.join(src, '*.patch'))):
    lines = open(p).read().splitlines(True)
    cur = None          # the PATH.diff being written
    old = new = 0       # lines of the current hunk still to come
    i = 0
    while i < len(lines):
        ln = lines[i]
        if old > 0 or new > 0:      # inside a hunk
            if ln.startswith('\\'):  # "\ No newline at end of file"
                pass
            elif ln.startswith('-'):
                old -= 1
            elif ln.startswith('+'):
                new -= 1
            else:
                old -= 1
                new -= 1
            open(cur, 'a').write(ln)
            i += 1
            continue
        if ln.startswith('--- ') and i + 1 < len(lines) and lines[i + 1].startswith('+++ '):
            a = re.match(r'^--- (?:a/(\S+)|/dev/null)', ln)
            b = re.match(r'^\+\+\+ (?:b/(\S+)|/dev/null)', lines[i + 1])
            if not a or not b or not (a.group(1) or b.group(1)):
                sys.exit(f'patch-hunks: {p}: cannot read the file header: {ln.rstrip()}')
            path = a.group(1) or b.group(1)
            cur = os.path.join(dst, path + '.diff')
            os.makedirs(os.path.dirname(cur), exist_ok=True)
            open(cur, 'a').write(ln + lines[i + 1])
            i += 2
            continue
        m = HUNK.match(ln)
        if m and cur:
            old = int(m.group(1)) if m.group(1) is not None else 1
            new = int(m.group(2)) if m.group(2) is not None else 1
            open(cur, 'a').write(ln)
        elif ln.startswith('-- \n') or ln == '--\n':
            cur = None                  # the mail signature: nothing after
        i += 1
