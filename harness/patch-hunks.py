#!/usr/bin/env python3
# patch-hunks.py PATCH_DIR OUT_DIR: the hunks of PATCH_DIR/*.patch, one diff
# per upstream file they touch, in OUT_DIR/PATH.diff (appended in the
# patches' order).  series.sh applies them per topic; loc.sh counts the
# lines of a file they change.
import glob
import os
import re
import sys

src, dst = sys.argv[1], sys.argv[2]
for p in sorted(glob.glob(os.path.join(src, '*.patch'))):
    cur = None
    for ln in open(p).read().splitlines(True):
        m = re.match(r'^--- a/(\S+)', ln)
        if m:
            cur = os.path.join(dst, m.group(1) + '.diff')
            os.makedirs(os.path.dirname(cur), exist_ok=True)
            open(cur, 'a').write(ln)
        elif cur and not ln.startswith('-- \n'):
            open(cur, 'a').write(ln)
