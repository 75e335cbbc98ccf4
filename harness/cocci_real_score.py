#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""cocci_real_score.py: score a semantic-patch conversion of a real tree
against the hand conversion of the same tree (see cocci-real.sh).

  cocci_real_score.py PRE POST OURS REPORT SECOND_DIFF ERRORS SECONDS OUT.ktap

PRE, POST, OURS are directories holding the same kernel/trace/ files:
before the hand conversion, after it, and after our semantic patches.
REPORT is the report mode output of the semantic patches over PRE;
SECOND_DIFF the diff of a second run over OURS; ERRORS the number of
spatch runs that failed or wrote to stderr; SECONDS the run time.

A call site is a call of debugfs_create_file/dir, debugfs_remove or
debugfs_remove_recursive in PRE.  Each is followed into POST and into
OURS through a line matching that ignores debugfs/tracefs renames; it is
"moved" there when the line calls the tracefs counterpart (the era's
tracefs_remove_recursive() counts as tracefs_remove()).
"""
import difflib
import os
import re
import sys

SITE = re.compile(r'\b(debugfs_create_file|debugfs_create_dir|'
                  r'debugfs_remove_recursive|debugfs_remove)\s*\(')
MOVED = re.compile(r'\btracefs_(create_file|create_dir|remove_recursive|remove)\s*\(')
LEFT = re.compile(r'\bdebugfs_(create_file|create_dir|remove_recursive|remove)\s*\(')
ROOTCALL = re.compile(r'\b(\w+)\s*=\s*tracing_init_dentry\s*\(\s*\)')
HUNK = re.compile(r'^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@')

MOVED_MIN = 95.0	# % of the hand conversion's call sites
OFF_MAX = 5.0		# % of our changed lines outside its hunks
TIME_MAX = 60		# seconds


def read(path):
    try:
        with open(path, errors='replace') as f:
            return f.read().splitlines()
    except OSError:
        return []


def code_only(lines):
    """The lines with comments and string literals blanked."""
    out, incomment = [], False
    for ln in lines:
        res, i = [], 0
        while i < len(ln):
            if incomment:
                j = ln.find('*/', i)
                if j < 0:
                    i = len(ln)
                else:
                    incomment, i = False, j + 2
                continue
            c = ln[i]
            if ln.startswith('/*', i):
                incomment, i = True, i + 2
            elif ln.startswith('//', i):
                break
            elif c == '"':
                j = i + 1
                while j < len(ln) and ln[j] != '"':
                    j += 2 if ln[j] == '\\' else 1
                res.append('""')
                i = j + 1
            else:
                res.append(c)
                i += 1
        out.append(''.join(res))
    return out


def norm(ln):
    ln = ln.replace('tracefs', 'debugfs')
    ln = ln.replace('debugfs_remove_recursive(', 'debugfs_remove(')
    return ' '.join(ln.split())


def line_map(a, b):
    """pre line index -> other line index (or None), by a line matching that
    ignores the debugfs/tracefs renames."""
    sm = difflib.SequenceMatcher(None, [norm(x) for x in a],
                                 [norm(x) for x in b], autojunk=False)
    m = {}
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        for i in range(i1, i2):
            if op == 'equal':
                m[i] = j1 + (i - i1)
            elif op == 'replace':
                m[i] = min(j1 + (i - i1), j2 - 1)
            else:
                m[i] = None
    return m, sm


def function_of(code, i):
    """Name of the function around line i (kernel style: body braces in
    column 0), or '?'."""
    j = i
    while j >= 0 and not code[j].startswith('{'):
        if code[j].startswith('}') and j != i:
            return '?'
        j -= 1
    for k in range(j - 1, max(j - 6, -1), -1):
        m = re.findall(r'\b(\w+)\s*\(', code[k])
        if m:
            return m[0] if m[0] not in ('static', 'void', 'int') else m[-1]
    return '?'


def function_range(code, i):
    s = i
    while s > 0 and not code[s].startswith('{'):
        s -= 1
    e = i
    while e < len(code) - 1 and not code[e].startswith('}'):
        e += 1
    return s, e


def hand_hunks(diff_lines):
    """file -> [(first, last)] pre line numbers (1-based) of each hunk."""
    out, cur = {}, None
    for ln in diff_lines:
        if ln.startswith('--- '):
            cur = ln[4:].split('/', 2)[-1] if ln[4:] != '/dev/null' else None
        m = HUNK.match(ln)
        if m and cur:
            a, n = int(m.group(1)), int(m.group(2) or 1)
            out.setdefault(cur, []).append((a, a + max(n, 1) - 1))
    return out


def unified(a, b, name):
    return list(difflib.unified_diff(a, b, 'post/' + name, 'ours/' + name,
                                     lineterm='', n=3))


def main():
    pre, post, ours, report, second, errors, secs, out = sys.argv[1:9]
    errors, secs = int(errors), int(secs)
    results = []		# (ok, name, [diagnostics])
    hand_diff = read(os.path.join(os.path.dirname(pre.rstrip('/')), 'conversion.diff'))
    hunks = hand_hunks(hand_diff)
    reasons = {}
    for ln in read(report):
        m = re.match(r'^(?:\./)?([^:]+):(\d+):[^:]*: (.*)$', ln)
        if m:
            reasons.setdefault((m.group(1), int(m.group(2))), m.group(3))

    names = sorted(set(
        os.path.relpath(os.path.join(d, f), pre)
        for d, _, fs in os.walk(pre) for f in fs if f.endswith(('.c', '.h'))))
    tot = dict(tomove=0, moved=0, tokeep=0, kept=0, changed=0, off=0,
               idiom=0, idiom_ok=0, unexplained=0)
    fails_site, idiom_diag, off_diag, readable = [], [], [], []
    for name in names:
        a = read(os.path.join(pre, name))
        p = read(os.path.join(post, name))
        o = read(os.path.join(ours, name))
        ca = code_only(a)
        mp, _ = line_map(a, p)
        mo, smo = line_map(a, o)
        f = dict(tomove=0, moved=0, tokeep=0, kept=0, changed=0, off=0)
        diag = []
        for i, ln in enumerate(ca):
            m = SITE.search(ln)
            if not m:
                continue
            where = '%s:%d %s() in %s()' % (name, i + 1, m.group(1), function_of(ca, i))
            jp, jo = mp.get(i), mo.get(i)
            hand = jp is not None and MOVED.search(p[jp] or '') is not None
            got = jo is not None and MOVED.search(o[jo] or '') is not None
            gone = jo is None or not (MOVED.search(o[jo]) or LEFT.search(o[jo]))
            if hand:
                f['tomove'] += 1
                if got:
                    f['moved'] += 1
                else:
                    diag.append('not moved (the hand conversion moved it): ' + where +
                                ('; our report: ' + reasons[(name, i + 1)]
                                 if (name, i + 1) in reasons else ''))
            else:
                f['tokeep'] += 1
                why = reasons.get((name, i + 1))
                if not got and not gone:
                    f['kept'] += 1
                    if why:
                        diag.append('kept: %s: %s' % (where, why))
                    else:
                        tot['unexplained'] += 1
                        diag.append('kept WITHOUT A REASON in the report: ' + where)
                else:
                    diag.append('moved or lost (the hand conversion kept it): ' + where)
        # tracing_init_dentry() callers: the root and its uses as the hand
        # conversion left them.
        for i, ln in enumerate(ca):
            m = ROOTCALL.search(ln)
            if not m or function_of(ca, i) == 'tracing_init_dentry':
                continue
            x = m.group(1)
            s, e = function_range(ca, i)
            for k in range(s, e + 1):
                if not re.search(r'\b%s\b' % re.escape(x), ca[k]):
                    continue
                tot['idiom'] += 1
                jp, jo = mp.get(k), mo.get(k)
                tp = p[jp].strip() if jp is not None else None
                to = o[jo].strip() if jo is not None else None
                # the root and its uses; debugfs/tracefs renames of the
                # lines are the call-site measure's business
                if tp == to or (tp and to and norm(tp) == norm(to)):
                    tot['idiom_ok'] += 1
                else:
                    idiom_diag.append('%s:%d in %s(): hand %r, ours %r' %
                                      (name, k + 1, function_of(ca, k), tp, to))
        # our changed lines, and those outside the hand conversion's hunks
        hh = hunks.get(name, [])
        inside = lambda n: any(lo <= n <= hi for lo, hi in hh)
        for op, i1, i2, j1, j2 in smo.get_opcodes():
            if op == 'equal':
                # renames that norm() hides are changes too
                for i, j in zip(range(i1, i2), range(j1, j2)):
                    if a[i] != o[j]:
                        f['changed'] += 2
                        if not inside(i + 1):
                            f['off'] += 2
                            off_diag.append('%s:%d: %s' % (name, i + 1, o[j].strip()))
                continue
            n = (i2 - i1) + (j2 - j1)
            f['changed'] += n
            pos = range(i1 + 1, i2 + 1) if i2 > i1 else (i1, i1 + 1)
            if not any(inside(x) for x in pos):
                f['off'] += n
                for x in a[i1:i2]:
                    off_diag.append('%s:%d: -%s' % (name, i1 + 1, x.strip()))
                for x in o[j1:j2]:
                    off_diag.append('%s:%d: +%s' % (name, i1 + 1, x.strip()))
        if p != o:
            readable += unified(p, o, name)
        for k in f:
            tot[k] += f[k]
        if not (f['tomove'] or f['tokeep'] or f['changed'] or name in hunks):
            continue
        # a file fails on a site the hand conversion kept; misses and
        # over-reach are held to the thresholds of the whole tree below
        results.append((f['kept'] == f['tokeep'],
                        '%s: sites moved %d/%d, kept %d/%d, lines changed %d, off the hand hunks %d' %
                        (name, f['moved'], f['tomove'], f['kept'], f['tokeep'],
                         f['changed'], f['off']), diag))
        fails_site += [d for d in diag if not d.startswith('kept: ')]

    pct = lambda a, b: 100.0 * a / b if b else 100.0
    mv = pct(tot['moved'], tot['tomove'])
    results.append((tot['tomove'] > 0 and mv >= MOVED_MIN,
                    'call sites moved: %d/%d (%.1f%%, need >= %.0f%%)' %
                    (tot['moved'], tot['tomove'], mv, MOVED_MIN),
                    [d for d in fails_site if d.startswith('not moved')]))
    results.append((tot['tokeep'] > 0 and tot['kept'] == tot['tokeep'],
                    'call sites kept: %d/%d' % (tot['kept'], tot['tokeep']),
                    [d for d in fails_site if d.startswith('moved or lost')]))
    results.append((tot['unexplained'] == 0 and tot['tokeep'] > 0,
                    'kept sites with a reason in the report: %d/%d' %
                    (tot['kept'] - tot['unexplained'], tot['kept']), []))
    off = pct(tot['off'], tot['changed']) if tot['changed'] else 0.0
    results.append((tot['changed'] > 0 and off <= OFF_MAX,
                    'over-reach: %d of %d changed lines off the hand hunks (%.1f%%, need <= %.0f%%)' %
                    (tot['off'], tot['changed'], off, OFF_MAX), off_diag))
    results.append((tot['idiom'] > 0 and tot['idiom_ok'] == tot['idiom'],
                    'idiom: %d/%d lines of tracing_init_dentry() callers using the root as the hand conversion does' %
                    (tot['idiom_ok'], tot['idiom']), idiom_diag))
    results.append((errors == 0, 'spatch errors: %d' % errors, []))
    sd = read(second)
    nsd = len([x for x in sd if x[:1] in '+-' and x[:3] not in ('+++', '---')])
    results.append((nsd == 0, 'second run: %d changed lines' % nsd, sd[:40]))
    results.append((secs < TIME_MAX, 'run time: %ds (need < %ds)' % (secs, TIME_MAX), []))

    with open(os.path.join(os.path.dirname(out), 'cocci-real.diff'), 'w') as fd:
        fd.write('# ours against the hand conversion: --- post (hand), +++ ours\n')
        fd.write('\n'.join(readable) + ('\n' if readable else ''))
    lines = ['KTAP version 1', '1..%d' % len(results)]
    npass = 0
    for n, (ok, name, diag) in enumerate(results, 1):
        npass += ok
        lines.append('%s %d %s' % ('ok' if ok else 'not ok', n, name))
        lines += ['# ' + d for d in diag]
    with open(out, 'w') as fd:
        fd.write('\n'.join(lines) + '\n')
    print('\n'.join(lines))
    print('%d passed, %d failed' % (npass, len(results) - npass))
    return 0 if npass == len(results) else 1


if __name__ == '__main__':
    sys.exit(main())
