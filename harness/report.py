#!/usr/bin/env python3
"""report.py RESULTS_DIR: tables per suite, ftracetest parity, console checks.

Counts every case of every suite on every kernel and ends with the plain line
'N passed, N failed, N skipped'; exits 1 on any failure.
"""
import os
import re
import sys

RES = sys.argv[1]
# make check-quick: RES holds the patched kernel's results only; the stock
# kernel's, for parity, are the last make check's (report.py RES --quick STOCK).
QUICK = len(sys.argv) > 3 and sys.argv[2] == '--quick'
STOCK_RES = sys.argv[3] if QUICK else RES


def res_of(kernel):
    """Where a kernel's results are: stock's may come from another run."""
    return STOCK_RES if kernel.startswith('stock') else RES
HARNESS = os.path.dirname(os.path.abspath(__file__))
LINE = re.compile(r'^(\s*)(ok|not ok)\s+(\d+)\s*(?:-\s*)?([^#]*?)\s*(?:#\s*(.*))?$')

passed = failed = skipped = 0
problems = []


def count(kind, what):
    global passed, failed, skipped
    if kind == 'pass':
        passed += 1
    elif kind == 'skip':
        skipped += 1
    else:
        failed += 1
        problems.append(what)


def read(path):
    try:
        with open(path, errors='replace') as f:
            return f.read().splitlines()
    except OSError:
        return None


def cases(lines, indent=0):
    """(name, result, directive) of the KTAP test lines at one indentation."""
    out = []
    for ln in lines:
        m = LINE.match(ln)
        if not m or len(m.group(1)) != indent:
            continue
        directive = (m.group(5) or '').strip()
        res = 'ok' if m.group(2) == 'ok' else 'not ok'
        d = directive.split()[0].upper() if directive else ''
        if res == 'ok' and d in ('SKIP', 'XFAIL'):
            res = d.lower()
        elif res == 'not ok' and d in ('UNRESOLVED', 'ERROR'):
            res = d.lower()
        out.append((m.group(4).strip(), res, directive))
    return out


def finished(lines):
    return any(re.match(r'^# END \S+ rc=', ln) for ln in lines)


def table(title, rows):
    print(f'\n== {title}')
    for r in rows:
        print('  ' + r)


def kind_of(res):
    """How a KTAP result counts: pass, skip or fail."""
    return 'pass' if res in ('ok', 'xfail') else 'skip' if res == 'skip' else 'fail'


def plain_suite(suite, kernel, required=True):
    """A suite whose every case must be ok (or skip).  A suite that is not
    required (a baseline) is tallied and shown but does not count."""
    path = os.path.join(RES, f'{suite}-{kernel}.ktap' if kernel else f'{suite}.ktap')
    lines = read(path)
    if lines is None:
        if required:
            count('fail', f'{suite}-{kernel}: no results ({path})')
        return None
    cs = cases(lines)
    if not cs:
        if required:
            count('fail', f'{suite}-{kernel}: no test cases in {path}')
        return None
    n = {'pass': 0, 'fail': 0, 'skip': 0}
    for name, res, directive in cs:
        kind = kind_of(res)
        n[kind] += 1
        if required:
            count(kind, f'{suite}{"-" + kernel if kernel else ""}: {name} {res} {directive}'.rstrip())
    return n, cs


ITERATIONS = re.compile(r'^#\s*([^\s:/]+): (\d+) iterations in (\d+) ?s\b')


def iterations(kernel):
    """{scenario: (iterations, seconds)} from the stress suite's '# NAME: N
    iterations in S s' lines (racers, NAME/RACER, are left out)."""
    out = {}
    for ln in read(os.path.join(RES, f'stress-{kernel}.ktap')) or []:
        m = ITERATIONS.match(ln)
        if m:
            out[m.group(1)] = (int(m.group(2)), int(m.group(3)))
    return out


def stress_table():
    s, p = iterations('stock-debug'), iterations('patched-debug')
    rows = [f'{"scenario":<28} {"stock-debug":>18} {"patched-debug":>18}   patched/stock']
    for name in sorted(set(s) | set(p)):
        def cell(d):
            return f'{d[name][0]:>8} in {d[name][1]:>4}s' if name in d else f'{"-":>18}'
        ratio = ''
        if name in s and name in p and s[name][0] and s[name][1] and p[name][1]:
            ratio = f'{(p[name][0] / p[name][1]) / (s[name][0] / s[name][1]):.2f}'
        rows.append(f'{name:<28} {cell(s)} {cell(p)}   {ratio}')
    if len(rows) == 1:
        rows.append('(no "# scenario: N iterations in S s" lines)')
    table('stress iterations per scenario (stock-debug is the baseline, not required)', rows)


def static_table():
    """make static: one line per check, our files beside stock's same files."""
    rows = [m.group(4) + (f'  ({m.group(2)})' if m.group(2) != 'ok' else '')
            for m in (LINE.match(ln) for ln in read(os.path.join(RES, 'static.ktap')) or []) if m]
    if rows:
        table('static checks, ours vs stock (make static; details in static.log)', rows)


def kunit(kernel, required):
    """KUnit's KTAP: from a boot's console (kunit-patched.ktap, ...) or from
    kunit.py (kunit-tool.ktap).  Every result counts: a case, or each
    parameter of a parameterised case (the lines one level deeper)."""
    path = os.path.join(RES, f'kunit-{kernel}.ktap')
    lines = read(path)
    if lines is None:
        if required:
            count('fail', f'kunit-{kernel}: no KUnit output' +
                  (' (make kunit)' if kernel == 'tool' else ' in the console'))
        return None
    suites = []
    cur = None
    for ln in lines:
        m = re.match(r'^    # Subtest: (\S+)', ln)
        if m:
            cur = [m.group(1), []]
            suites.append(cur)
            continue
        if cur is not None:
            m = LINE.match(ln)
            if m and len(m.group(1)) in (4, 8):
                cur[1].append(ln)
    rows = []
    for name, body in suites:
        cs, params, ncases = [], [], 0
        for ln in body:
            indent = len(LINE.match(ln).group(1))
            (c,) = cases([ln], indent)
            if indent == 8:
                params.append(c)
                continue
            ncases += 1
            cs += [(f'{c[0]}[{p[0]}]', p[1], p[2]) for p in params] or [c]
            params = []
        kinds = [kind_of(c[1]) for c in cs]
        p, s, f = (kinds.count(k) for k in ('pass', 'skip', 'fail'))
        for c, kind in zip(cs, kinds):
            count(kind, f'kunit-{kernel}: {name}.{c[0]} {c[1]}')
        rows.append(f'{name:<28} {p:4d} ok {f:4d} not ok {s:4d} skip'
                    f'   ({ncases} cases, {len(cs)} results)')
    if required and not any(n == 'libpseudofs' for n, _ in suites):
        count('fail', f'kunit-{kernel}: the libpseudofs suite did not run')
    return rows


RANK = {'ok': 4, 'xfail': 4, 'skip': 3, 'unresolved': 1, 'error': 0, 'not ok': 0, 'missing': -1}


def known_stock_failures():
    known = {}
    for ln in read(os.path.join(HARNESS, 'ftracetest-known.txt')) or []:
        if ln.strip() and not ln.startswith('#'):
            name, _, why = ln.partition('|')
            known[name.strip()] = why.strip()
    return known


def ftracetest():
    stock = read(os.path.join(RES, 'ftracetest-stock.ktap'))
    patched = read(os.path.join(RES, 'ftracetest-patched.ktap'))
    rows, diffs = [], []
    if stock is None or patched is None or not finished(stock) or not finished(patched):
        count('fail', 'ftracetest: a run did not finish on '
              + ', '.join(k for k, v in (('stock', stock), ('patched', patched))
                          if v is None or not finished(v)))
    s = {n: r for n, r, _ in cases(stock or [])}
    p = {n: r for n, r, _ in cases(patched or [])}
    known = known_stock_failures()
    with open(os.path.join(RES, 'ftracetest-parity.txt'), 'w') as out:
        for name in sorted(set(s) | set(p)):
            rs, rp = s.get(name, 'missing'), p.get(name, 'missing')
            out.write(f'{rs:<10} {rp:<10} {name}\n')
            # stock: a failure is only tolerated where we know and say why
            if rs in ('ok', 'xfail'):
                count('pass', '')
            elif rs == 'skip' or (rs != 'missing' and name in known):
                count('skip', '')
            else:
                count('fail', f'ftracetest-stock: {name}: {rs} (not in harness/ftracetest-known.txt)')
            # patched: never worse than stock
            if RANK[rp] < RANK[rs]:
                count('fail', f'ftracetest parity: {name}: stock {rs}, patched {rp}')
                diffs.append(f'WORSE    stock {rs:<10} patched {rp:<10} {name}')
            elif RANK[rp] > RANK[rs]:
                count('pass' if rp in ('ok', 'xfail') else 'skip', '')
                diffs.append(f'better   stock {rs:<10} patched {rp:<10} {name}')
            elif rp in ('ok', 'xfail'):
                count('pass', '')
            else:
                count('skip', '')
    for k, v in (('stock', s), ('patched', p)):
        tally = {}
        for r in v.values():
            tally[r] = tally.get(r, 0) + 1
        rows.append(f'{k:<8} {len(v):4d} cases: ' + ', '.join(f'{n} {r}' for r, n in sorted(tally.items())))
    rows.append('differences (patched vs stock):' + ('' if diffs else ' none'))
    rows += ['  ' + d for d in diffs]
    table('ftracetest (per-case results: ftracetest-parity.txt)', rows)


# Entries that only the patched kernel has, by design: each KUnit suite of
# the library registers its debugfs directory.
TREE_ONLY_PATCHED = ('/sys/kernel/debug/kunit/libpseudofs',
                     '/sys/kernel/debug/kunit/libpseudofs_fault',
                     '/sys/kernel/debug/kunit/libpseudofs_instances',
                     '/sys/kernel/debug/kunit/libpseudofs_proxy')


TREE_ROOTS = ('/sys/kernel/debug', '/sys/kernel/tracing', '/sys/kernel/security',
              '/proc/sys/fs/binfmt_misc', '/sys/fs/pstore', '/dev/binderfs', '/sys/fs/bpf')
# '# entry UID:GID:MODE:NLINK:INO:TYPE PATH': TYPE may hold spaces ('regular
# empty file'), the path starts at the first ' /'
TREE_ENTRY = re.compile(r'^# entry (\d+:\d+:\d+:\d+):(\d+):([^/]*?) (/.*)$')
TREE_AGAIN = re.compile(r'^# root-again (/\S+) (\d+) (\d+)$')


EVENTFS_FILE = re.compile(r'^/sys/kernel/tracing/(instances/[^/]+/)?events/')


def tree_ino_fixed(path, attrs):
    """Whether stock fixes the inode number of PATH: each root but pstore's
    (1, from simple_fill_super() or binderfs's and bpffs's own), binfmt_misc's
    status and register (2 and 3, simple_fill_super()'s files), every
    binderfs entry (binderfs numbers them: control 2, devices minor + 3,
    the rest iunique()) and every eventfs file (EVENTFS_FILE_INODE_INO).
    The other numbers are get_next_ino()'s, which differ from kernel to
    kernel: they are only held to be distinct within their filesystem.
    pstore's root is get_next_ino()'s too, a new one for each superblock:
    the tree suite mounts it twice (root-again)."""
    return (path in TREE_ROOTS and path != '/sys/fs/pstore' or
            path in ('/proc/sys/fs/binfmt_misc/status', '/proc/sys/fs/binfmt_misc/register') or
            path.startswith('/dev/binderfs/') or
            bool(EVENTFS_FILE.match(path)) and not attrs.endswith(':directory'))


def tree_parity():
    """The debugfs, tracefs, securityfs, binfmt_misc, pstore, binderfs and
    bpffs trees userspace sees must match stock's, entry by entry: owner,
    group, mode, link count and type everywhere, the inode number where
    stock fixes it (tree_ino_fixed()), distinct numbers within each
    filesystem, and for pstore's root whether a new superblock gives it a
    new number."""
    def entries(kernel):
        lines = read(os.path.join(res_of(kernel), f'tree-{kernel}.ktap'))
        if lines is None:
            return None, None
        out, again = {}, {}
        for ln in lines:
            m = TREE_ENTRY.match(ln)
            if m:
                attrs, ino, typ, path = m.groups()
                out[path] = (f'{attrs}:{typ}', int(ino))
            m = TREE_AGAIN.match(ln)
            if m:
                again[m.group(1)] = 'a new number' if m.group(2) != m.group(3) else 'the same number'
        return out, again
    (s, s_again), (p, p_again) = entries('stock'), entries('patched')
    rows = []
    if s is None and QUICK:
        return stock_missing('tree parity')
    for root in TREE_ROOTS:
        if s is None or p is None:
            count('fail', f'tree parity {root}: no listing')
            continue

        def under(d, patched):
            return {k: v for k, v in d.items() if (k == root or k.startswith(root + '/'))
                    and not (patched and any(k == o or k.startswith(o + '/') for o in TREE_ONLY_PATCHED))}
        ss, pp = under(s, False), under(p, True)
        # a directory holding one of TREE_ONLY_PATCHED has a link more for it
        for o in TREE_ONLY_PATCHED:
            parent = os.path.dirname(o)
            if o in p and parent in pp and p[o][0].endswith(':directory'):
                a = pp[parent][0].split(':')
                a[3] = str(int(a[3]) - 1)
                pp[parent] = (':'.join(a), pp[parent][1])

        def seen(d):
            return {(k, v[0] + (f' ino {v[1]}' if tree_ino_fixed(k, v[0]) else '')) for k, v in d.items()}

        def shared(d):
            """get_next_ino()'s numbers that more than one entry has."""
            inos = [v[1] for k, v in d.items() if not tree_ino_fixed(k, v[0])]
            return len(inos) - len(set(inos))
        diff = sorted(seen(ss) ^ seen(pp))
        what = [f'{k} {v}' for k, v in diff[:5]]
        ns, np_ = shared(ss), shared(pp)
        if np_ > ns:
            what.append(f'{np_} entries share an inode number with another, stock {ns}')
        if root in s_again or root in p_again:
            a, b = s_again.get(root, 'no second mount'), p_again.get(root, 'no second mount')
            if a != b:
                what.append(f'a new superblock gives the root {b}, stock {a}')
        count('fail' if what or not ss else 'pass', f'tree parity {root}: ' + '; '.join(what))
        fixed = sum(1 for k, v in ss.items() if tree_ino_fixed(k, v[0]))
        rows.append(f'{root:<26} stock {len(ss):5d} entries, patched {len(pp):5d}, '
                    f'differences {len(diff)}, inode numbers compared {fixed}, shared {ns}/{np_}'
                    + (f', new root number on a new superblock: stock {s_again.get(root)}, '
                       f'patched {p_again.get(root)}' if root in s_again or root in p_again else ''))
    table('trees as userspace sees them (path, owner, mode, links, type; fixed inode numbers): '
          'patched vs stock', rows)


def stock_missing(what):
    """make check-quick without a make check before it: nothing to hold
    the patched kernel to, said and skipped."""
    count('skip', '')
    table(what, [f'skipped: no stock results in {STOCK_RES} (make check makes them)'])


# Suites that run on stock and patched alike and must answer every case the
# same way on both (each kernel's own results are counted by plain_suite).
PARITY_SUITES = ('securityfs', 'tracecmd', 'binfmt_misc', 'binderfs', 'bpffs', 'pstore')


def suite_parity(suite):
    """Case by case, the patched kernel's result must be stock's: a case
    that passes on one kernel only, or that only one kernel ran, fails."""
    res = {}
    for k in ('stock', 'patched'):
        lines = read(os.path.join(res_of(k), f'{suite}-{k}.ktap'))
        res[k] = None if lines is None else {n: kind_of(r) for n, r, _ in cases(lines)}
    if res['stock'] is None and QUICK:
        return stock_missing(f'{suite} parity')
    if res['stock'] is None or res['patched'] is None:
        count('fail', f'{suite} parity: no results on ' +
              ', '.join(k for k in res if res[k] is None))
        table(f'{suite}: patched vs stock, case by case', ['(missing results)'])
        return
    s, p = res['stock'], res['patched']
    diffs = []
    for name in sorted(set(s) | set(p)):
        rs, rp = s.get(name, 'missing'), p.get(name, 'missing')
        if rs != rp:
            diffs.append(f'{name}: stock {rs}, patched {rp}')
    if not s:
        diffs.append('no cases')
    count('fail' if diffs else 'pass', f'{suite} parity: ' + '; '.join(diffs[:5]))
    table(f'{suite}: patched vs stock, case by case',
          [f'{len(s)} cases on stock, {len(p)} on patched, differences {len(diffs)}']
          + ['  ' + d for d in diffs])


CONSOLE_BAD = [
    ('KASAN report', r'BUG: KASAN'),
    ('lockdep splat', r'possible recursive locking|circular locking|WARNING: suspicious RCU usage|'
                      r'inconsistent lock state|WARNING: possible|WARNING: .*lock|'
                      r'INFO: possible .*locking|DEADLOCK'),
    ('list corruption', r'list_add corruption|list_del corruption'),
    ('WARNING', r'WARNING:|------------\[ cut here \]'),
    ('BUG or Oops', r'BUG:|Oops:|Kernel panic - not syncing: (?!VFS)'),
    ('kmemleak leak', r'kmemleak: \d+ new suspected memory leaks'),
]


def console(kernel, strict):
    lines = read(os.path.join(RES, f'console-{kernel}.log'))
    if lines is None:
        count('fail', f'console-{kernel}: missing')
        return []
    rows = []
    for what, rx in CONSOLE_BAD:
        hits = [ln for ln in lines if re.search(rx, ln)]
        if strict:
            count('fail' if hits else 'pass', f'console-{kernel}: {what}: {hits[:1]}')
        rows.append(f'{kernel:<14} {what:<15} {len(hits)}' + (f'   first: {hits[0].strip()[:90]}' if hits else ''))
    return rows


def smp(kernel, required):
    """The debug kernels must come up with two CPUs."""
    lines = read(os.path.join(RES, f'console-{kernel}.log'))
    if lines is None:
        return []
    up = [m.group(1) for m in (re.search(r'smp: Brought up \d+ nodes?, (\d+) CPUs?', ln) for ln in lines) if m]
    cpus = int(up[-1]) if up else 1
    if required:
        count('pass' if cpus >= 2 else 'fail', f'console-{kernel}: {cpus} CPU(s), want 2')
    return [f'{kernel:<14} {"CPUs":<15} {cpus}']


def main():
    phases = read(os.path.join(RES, 'phases.txt')) or []
    for ln in phases:
        if 'FAILED' in ln:
            count('fail', f'phase failed: {ln.strip()}')

    # (suite, kernels whose results count, kernels shown as a baseline)
    for suite, kernels, baseline in (('guest', ('stock', 'patched'), ()),
                                     ('stress', ('patched-debug',), ('stock-debug',)),
                                     ('failslab', ('patched-debug',), ()),
                                     ('kunitfault', ('patched-debug',), ()),
                                     ('kmemleak', ('patched-debug',), ('stock-debug',)),
                                     ('tree', ('stock', 'patched'), ()),
                                     ('securityfs', ('stock', 'patched'), ()),
                                     ('binfmt_misc', ('stock', 'patched'), ()),
                                     ('binderfs', ('stock', 'patched'), ()),
                                     ('bpffs', ('stock', 'patched'), ()),
                                     ('pstore', ('stock', 'patched', 'patched-debug'), ('stock-debug',)),
                                     ('tracecmd', ('stock', 'patched'), ()),
                                     ('bench', ('stock', 'patched'), ()),
                                     ('samplefs', ('patched',), ()),
                                     ('tallyfs', ('patched',), ()),
                                     ('modules', ('patched-debug',), ()),
                                     ('kunitmod', ('patched-debug',), ()),
                                     ('cocci-corpus', None, ()),
                                     ('cocci-real', None, ()),
                                     ('cocci-mix', None, ()),
                                     ('static', None, ())):
        rows = []
        for k in (kernels or ('',)) + baseline:
            name = f'{suite}-{k}' if k else suite
            r = plain_suite(suite, k, k not in baseline) if k else None
            if k in baseline:
                name += ' (baseline)'
            if not k:
                path = os.path.join(RES, f'{suite}.ktap')
                if os.path.exists(path):
                    r = plain_suite(*(suite.split('-', 1) if '-' in suite else (suite, '')))
                else:
                    count('fail', f'{suite}: no results')
            if r:
                n, _ = r
                rows.append(f'{name:<30} {n["pass"]:4d} ok {n["fail"]:4d} not ok {n["skip"]:4d} skip')
        table(suite, rows)
    stress_table()
    static_table()

    rows = []
    for k, req in (('patched', True), ('patched-debug', True), ('stock', False), ('stock-debug', False)):
        r = kunit(k, req)
        if r:
            rows += [f'{k:<14} ' + x for x in r]
    table('KUnit at boot (kunit-<kernel>.ktap)', rows)
    r = kunit('tool', True)
    elapsed = [ln for ln in read(os.path.join(RES, 'kunit-tool.log')) or []
               if ln.startswith('# kunit.py ')]
    table('KUnit with kunit.py (make check: exec on patched-debug; make kunit: UML; kunit-tool.ktap)',
          [f'{"kunit.py":<14} ' + x for x in r or []] + [ln[2:] for ln in elapsed[-1:]])

    tree_parity()
    for suite in PARITY_SUITES:
        suite_parity(suite)
    ftracetest()

    rows = console('patched-debug', True) + smp('patched-debug', True)
    if os.path.exists(os.path.join(RES, 'console-stock-debug.log')):
        rows += console('stock-debug', False) + smp('stock-debug', False)  # for comparison only
    rows += console('patched', False) + console('stock', False)
    # the patched console is held to stock's: no more warnings than stock
    def n(kernel, rx):
        lines = read(os.path.join(res_of(kernel), f'console-{kernel}.log')) or []
        return sum(1 for ln in lines if re.search(rx, ln))
    for what, rx in CONSOLE_BAD:
        ns, np = n('stock', rx), n('patched', rx)
        count('pass' if np <= ns else 'fail', f'console-patched: {np} x {what}, stock has {ns}')
    table('consoles (patched-debug must be clean; stock-debug for comparison; patched no worse than stock)', rows)

    if phases:
        table('phases', [ln.strip() for ln in phases])
    for f, title in (('kernels.txt', 'kernel builds (time, ccache)'), ('boots.txt', 'boots (a pair runs side by side)')):
        lines = read(os.path.join(RES, f))
        if lines:
            table(title, [ln.strip() for ln in lines])
    if problems:
        table('FAILURES', problems[:80] + ([f'... and {len(problems) - 80} more'] if len(problems) > 80 else []))
    print(f'\n{passed} passed, {failed} failed, {skipped} skipped')
    return 1 if failed else 0


# make check-quick: the suites of one patched boot, KUnit twice (kunit.py
# and at boot), parity with the stock results of the last make check.
QUICK_SUITES = ('pstore', 'guest', 'tree', 'samplefs', 'tallyfs', 'tracecmd', 'binfmt_misc', 'binderfs',
                'bpffs', 'securityfs')


def main_quick():
    for ln in read(os.path.join(RES, 'phases.txt')) or []:
        if 'FAILED' in ln:
            count('fail', f'phase failed: {ln.strip()}')
    for suite in QUICK_SUITES:
        r = plain_suite(suite, 'patched')
        if r:
            n, _ = r
            table(suite, [f'{suite + "-patched":<30} {n["pass"]:4d} ok {n["fail"]:4d} not ok '
                          f'{n["skip"]:4d} skip'])
    table('KUnit with kunit.py (make kunit: UML, kunit-tool.ktap)', kunit('tool', True) or [])
    table('KUnit at boot (kunit-patched.ktap)', kunit('patched', True) or [])
    tree_parity()
    for suite in PARITY_SUITES:
        suite_parity(suite)
    rows = console('patched', False)
    if os.path.exists(os.path.join(STOCK_RES, 'console-stock.log')):
        def n(kernel, rx):
            return sum(1 for ln in read(os.path.join(res_of(kernel), f'console-{kernel}.log')) or []
                       if re.search(rx, ln))
        for what, rx in CONSOLE_BAD:
            ns, np = n('stock', rx), n('patched', rx)
            count('pass' if np <= ns else 'fail', f'console-patched: {np} x {what}, stock has {ns}')
    table('console (patched no worse than the last make check\'s stock)', rows)
    for f, title in (('phases.txt', 'phases'), ('kernels.txt', 'kernel builds (time, ccache)')):
        lines = read(os.path.join(RES, f))
        if lines:
            table(title, [ln.strip() for ln in lines])
    if problems:
        table('FAILURES', problems[:80])
    print(f'\n{passed} passed, {failed} failed, {skipped} skipped')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main_quick() if QUICK else main())
