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


excerpts = []  # (console, its first report's lines): see report_excerpt()


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


def case_diags(lines, most=4):
    """The last @most "# " lines before each top-level KTAP result (what a
    guest case said before it was judged), in the order of cases(lines)."""
    out, said = [], []
    for ln in lines:
        m = LINE.match(ln)
        if m and not m.group(1):
            out.append(said[-most:])
            said = []
        elif ln.startswith('# ') and not ln.startswith('# Totals'):
            said.append(ln[2:].strip())
    return out


PLAN = re.compile(r'^1\.\.(\d+)\s*(?:#.*)?$')
END = re.compile(r'^# END (\S+) rc=(-?\d+)')


def plan_of(lines):
    """The top-level plan '1..N' of a KTAP file, None if it has none.  A
    file may hold several documents one after the other (each with its own
    header and plan): their plans are added up."""
    ns = [int(m.group(1)) for m in (PLAN.match(ln) for ln in lines) if m]
    return sum(ns) if ns else None


def plan_problem(what, lines, results):
    """What is wrong with a file's plan against its number of top-level
    results, or None: no plan, or a plan of another number."""
    plan = plan_of(lines)
    if plan is None:
        return f'{what}: no plan (1..N) for its {results} results'
    if plan != results:
        return f'{what}: plan 1..{plan} but {results} results'
    return None


def end_problem(what, lines, cs):
    """What is wrong with the '# END SUITE rc=N' line guest/init writes when a
    suite's shell has ended (boot.sh keeps it as the file's last line), or
    None.  No such line: the suite did not finish (killed with the guest,
    a crash, a timeout).  rc != 0: it ended badly, e.g. rc=137 when killed
    part-way; a suite's own 'a case failed' status (rc=1: lib.sh's ktap_end,
    ftracetest) is no more than its not ok cases say, and those are judged
    case by case, so rc=1 beside a case not ok is not counted twice."""
    ends = [m for m in (END.match(ln) for ln in lines) if m]
    if not ends:
        return f'{what} did not finish (no "# END" line)'
    rc = int(ends[-1].group(2))
    if rc == 0 or (rc == 1 and any(kind_of(r) == 'fail' for _, r, _ in cs)):
        return None
    return f'{what} ended rc={rc}'


def suite_results(suite, cs):
    """The cases without the 'not ok 1 SUITE-did-not-finish' boot.sh adds
    to a file that has no END line (it is no result of the suite's)."""
    return [c for c in cs if c[0] != f'{suite}-did-not-finish']


def table(title, rows):
    print(f'\n== {title}')
    for r in rows:
        print('  ' + r)


def kind_of(res):
    """How a KTAP result counts: pass, skip or fail."""
    return 'pass' if res in ('ok', 'xfail') else 'skip' if res == 'skip' else 'fail'


def plain_suite(suite, kernel, required=True):
    """A suite whose every case must be ok (or skip).  A suite that is not
    required (a baseline) is tallied and shown but does not count.  Its file
    must have a plan and as many results; a guest suite's (one with a
    kernel, written by boot.sh) must also have ended with rc=0.  Returns
    the tally, the cases and a note for the table (what is wrong), or None."""
    name = f'{suite}-{kernel}' if kernel else suite
    path = os.path.join(RES, f'{name}.ktap')
    lines = read(path)
    if lines is None:
        if required:
            count('fail', f'{name}: no results ({path})')
        return None
    cs = cases(lines)
    if not cs:
        if required:
            count('fail', f'{name}: no test cases in {path}')
        return None
    n = {'pass': 0, 'fail': 0, 'skip': 0}
    for (case, res, directive), said in zip(cs, case_diags(lines)):
        kind = kind_of(res)
        n[kind] += 1
        # a failure says why, as its case did: CI shows no more than this
        why = f' ({" | ".join(said)})' if kind == 'fail' and said else ''
        if required:
            count(kind, f'{name}: {case} {res} {directive}'.rstrip() + why)
    own = suite_results(suite, cs)
    wrong = [plan_problem(os.path.basename(path), lines, len(own))]
    if kernel:
        wrong.append(end_problem(name, lines, cs))
    wrong = [w for w in wrong if w]
    # boot.sh's 'not ok 1 SUITE-did-not-finish' has counted this file's
    # missing END (and the plan it fell short of): said in the table only
    if required and len(own) == len(cs):
        for w in wrong:
            count('fail', w)
    return n, cs, '; '.join(wrong)


def tally_row(name, r):
    """A plain suite's line in its table, with what is wrong with its file."""
    n, _, wrong = r
    return (f'{name:<30} {n["pass"]:4d} ok {n["fail"]:4d} not ok {n["skip"]:4d} skip'
            + (f'   ({wrong})' if wrong else ''))


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


# The library's KUnit suites: each must run on every kernel whose KUnit
# results are required (the boots of patched and patched-debug, kunit.py,
# and the suites built as modules and loaded on patched-debug).
KUNIT_SUITES = ('libpseudofs', 'libpseudofs_fault', 'libpseudofs_instances', 'libpseudofs_proxy')
SUBTEST = re.compile(r'^ {4}# Subtest: (\S+)')
INIT_FAILED = re.compile(r'^ {4}# failed to initialize')


def kunit_parse(lines):
    """KUnit's KTAP, one or several documents one after the other (the
    built-in suites at boot are one; each module loaded prints its own
    'KTAP version 1', '1..N' for its suites).  Returns the top-level
    results (the suites' own lines) and {suite: dict} with, per suite, its
    plan ('    1..N'), its case results (name, result, directive; a
    parameterised case as one result per parameter, 'case[param]'), the
    number of cases, its top-level result and the '# failed to initialize'
    line if any.  Lines of neither (the console's other messages) are left
    out.  A suite that fails to initialize prints that line and its
    top-level 'not ok K SUITE', with its header and plan before them or
    (Linux 6.12) without: the line goes to the suite of the next top-level
    result."""
    top, suites = [], {}
    cur, params, init_failed = None, [], None

    def suite(name):
        return suites.setdefault(name, {'plan': None, 'cases': [], 'ncases': 0,
                                        'result': None, 'init_failed': None})
    for ln in lines:
        m = SUBTEST.match(ln)
        if m:
            cur, params = suite(m.group(1)), []
            continue
        if INIT_FAILED.match(ln):
            init_failed = ln.strip()
            continue
        m = re.match(r'^ {4}1\.\.(\d+)', ln)
        if m and cur is not None:
            cur['plan'] = int(m.group(1))
            continue
        m = LINE.match(ln)
        if not m:
            continue
        indent = len(m.group(1))
        (c,) = cases([ln], indent)
        if indent == 0:
            top.append(c)
            s = suite(c[0])
            s['result'] = c[1]
            if init_failed:
                s['init_failed'], init_failed = init_failed, None
            cur, params = None, []
        elif cur is None:
            continue
        elif indent == 8:
            params.append(c)
        elif indent == 4:
            cur['ncases'] += 1
            cur['cases'] += [(f'{c[0]}[{p[0]}]', p[1], p[2]) for p in params] or [c]
            params = []
    return top, suites


def kunit_problems(kernel, lines, top, suites, required):
    """What is wrong with a KUnit file beside its cases: the top-level
    plans against the suites' results; per suite, a failed initialisation,
    no top-level result, a top-level not ok that no case of its explains,
    a plan other than its number of cases; a required suite missing."""
    what = f'kunit-{kernel}'
    wrong = [plan_problem(f'{what}.ktap', lines, len(top))]
    for name, st in suites.items():
        failing = any(kind_of(r) == 'fail' for _, r, _ in st['cases'])
        if st['init_failed']:
            wrong.append(f'{what}: {name}: {st["init_failed"].lstrip("# ")}')
        elif st['result'] is None:
            wrong.append(f'{what}: {name}: no top-level result (the suite did not end)')
        elif st['plan'] is None:
            wrong.append(f'{what}: {name}: no plan (no "# Subtest:" header and "1..N" before its cases)')
        elif st['plan'] != st['ncases']:
            wrong.append(f'{what}: {name}: plan 1..{st["plan"]} but {st["ncases"]} case results')
        elif st['result'] == 'not ok' and not failing:
            wrong.append(f'{what}: {name}: not ok, and no case of it is')
    if required:
        wrong += [f'{what}: required suite {name} did not run'
                  for name in KUNIT_SUITES if name not in suites]
    return [w for w in wrong if w]


def kunit(kernel, required):
    """KUnit's KTAP: from a boot's console (kunit-patched.ktap, ...), from
    kunit.py (kunit-tool.ktap), or of the suites loaded as modules
    (kunit-module-patched-debug.ktap).  Every result counts: a case, or each
    parameter of a parameterised case (the lines one level deeper).  The
    table's rows, or None."""
    path = os.path.join(RES, f'kunit-{kernel}.ktap')
    lines = read(path)
    if lines is None:
        if required:
            count('fail', f'kunit-{kernel}: no KUnit output' +
                  (' (make kunit)' if kernel == 'tool' else
                   f' ({path})' if kernel.startswith('module-') else ' in the console'))
        return None
    top, suites = kunit_parse(lines)
    rows = []
    for name, st in suites.items():
        cs = st['cases']
        kinds = [kind_of(c[1]) for c in cs]
        p, s, f = (kinds.count(k) for k in ('pass', 'skip', 'fail'))
        for c, kind in zip(cs, kinds):
            count(kind, f'kunit-{kernel}: {name}.{c[0]} {c[1]}')
        note = ('init failed' if st['init_failed'] else
                'no result' if st['result'] is None else st['result'])
        rows.append(f'{name:<28} {p:4d} ok {f:4d} not ok {s:4d} skip'
                    f'   ({st["ncases"]} cases, {len(cs)} results; suite {note})')
    for w in kunit_problems(kernel, lines, top, suites, required):
        if required:
            count('fail', w)
        rows.append(f'  {w}')
    return rows


def kunit_same_as(kernel, other):
    """The suites in kunit-KERNEL.ktap must give, case by case (each
    parameter of a parameterised case), the names and results they gave in
    kunit-OTHER.ktap: the suites as modules as they ran built in.  One
    failure per suite that differs (a suite missing from KERNEL is said
    by kunit() already)."""
    a = read(os.path.join(RES, f'kunit-{kernel}.ktap'))
    b = read(os.path.join(RES, f'kunit-{other}.ktap'))
    if a is None or b is None:
        return []
    sa, sb = kunit_parse(a)[1], kunit_parse(b)[1]
    rows = []
    for name in sa:
        ra = {c: r for c, r, _ in sa[name]['cases']}
        rb = {c: r for c, r, _ in sb.get(name, {'cases': []})['cases']}
        diffs = [f'{c}: {ra.get(c, "missing")} vs {rb.get(c, "missing")}'
                 for c in list(ra) + [c for c in rb if c not in ra] if ra.get(c) != rb.get(c)]
        if name not in sb:
            diffs = [f'not in kunit-{other}.ktap']
        if diffs:
            count('fail', f'kunit-{kernel} vs kunit-{other}: {name}: {len(diffs)} differences: '
                  + '; '.join(diffs[:4]))
        rows.append(f'{name:<28} {len(ra):4d} results, {len(diffs)} differences from {other}')
    return rows


RANK = {'ok': 4, 'xfail': 4, 'skip': 3, 'unresolved': 1, 'error': 0, 'not ok': 0, 'missing': -1}


def known_stock_failures():
    known = {}
    for ln in read(os.path.join(HARNESS, 'ftracetest-known.txt')) or []:
        if ln.strip() and not ln.startswith('#'):
            name, _, why = ln.partition('|')
            known[name.strip()] = why.strip()
    return known


def ftracetest_run(kernel):
    """One kernel's ftracetest file, checked as a whole: there, ended rc=0
    (or rc=1, ftracetest's status when a case failed: the cases say which),
    and then its plan (ftracetest -K prints 'TAP version 13', '1..N') met.
    The lines, or None; what is wrong is counted as a failure."""
    path = os.path.join(RES, f'ftracetest-{kernel}.ktap')
    lines = read(path)
    if lines is None:
        count('fail', f'ftracetest-{kernel}: no results ({path})')
        return None
    cs = cases(lines)
    # a run that did not end well falls short of its plan: one failure
    wrong = (end_problem(f'ftracetest-{kernel}', lines, cs) or
             plan_problem(os.path.basename(path), lines, len(suite_results('ftracetest', cs))))
    if wrong:
        count('fail', wrong)
    return lines


def ftracetest():
    stock, patched = ftracetest_run('stock'), ftracetest_run('patched')
    rows, diffs = [], []
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


# The candidates report of make tree (harness/candidates.sh) on Linux 7.3:
# exactly these files, one line each, each with what the library offers and
# lacks; never the library, its clients, libfs or the benchmark.
CANDIDATES = (
    ('arch/powerpc/platforms/cell/spufs/inode.c', 'spufs'),
    ('arch/s390/hypfs/inode.c', 's390_hypfs'),
    ('drivers/android/binder/rust_binderfs.c', 'rust_binderfs'),
    ('drivers/usb/gadget/function/f_fs.c', 'functionfs'),
    ('drivers/usb/gadget/legacy/inode.c', 'gadgetfs'),
    ('drivers/xen/xenfs/super.c', 'xenfs'),
    ('fs/autofs/inode.c', 'autofs'),
    ('fs/configfs/mount.c', 'configfs'),
    ('fs/devpts/inode.c', 'devpts'),
    ('fs/efivarfs/super.c', 'efivarfs'),
    ('fs/fuse/control.c', 'fusectl'),
    ('fs/hugetlbfs/inode.c', 'hugetlbfs'),
    ('fs/nfsd/nfsctl.c', 'nfsd'),
    ('fs/ocfs2/dlmfs/dlmfs.c', 'ocfs2_dlmfs'),
    ('fs/ramfs/inode.c', 'ramfs'),
    ('ipc/mqueue.c', 'mqueue'),
    ('mm/shmem.c', 'tmpfs'),
    ('net/sunrpc/rpc_pipe.c', 'rpc_pipefs'),
    ('security/apparmor/apparmorfs.c', 'apparmorfs'),
    ('security/selinux/selinuxfs.c', 'selinuxfs'),
    ('security/smack/smackfs.c', 'smackfs'),
)
NOT_CANDIDATES = re.compile(r'^(fs/libfs\.c|fs/libpseudofs/|lib/test_pseudofs_|samples/pseudofs/'
                            r'|fs/debugfs/inode\.c|fs/tracefs/inode\.c|security/inode\.c|fs/binfmt_misc\.c'
                            r'|fs/pstore/inode\.c|drivers/android/binderfs\.c|kernel/bpf/(inode|token)\.c)$')
CANDIDATE_LINE = re.compile(r'^([^:\s]+):\d+: candidate for libpseudofs: [^:]+: .+\. Offers: .+\. Lacks: .+\.$')


def candidates():
    """pseudofs-candidates.report: each file of CANDIDATES listed once, in
    the right form, and nothing else."""
    path = os.path.join(RES, 'pseudofs-candidates.report')
    lines = read(path)
    what = 'pseudofs-candidates'
    if lines is None:
        count('fail', f'{what}: no report ({path})')
        return
    listed = {}
    for ln in lines:
        m = CANDIDATE_LINE.match(ln)
        f = m.group(1) if m else ln.split(':', 1)[0]
        listed[f] = listed.get(f, 0) + 1
        if not m:
            count('fail', f'{what}: {f}: a line without its filesystem, offers and lacks')
        elif NOT_CANDIDATES.match(f):
            count('fail', f'{what}: {f} listed, the library or one of its clients')
    rows = []
    for f, name in CANDIDATES:
        n = listed.pop(f, 0)
        count('pass' if n == 1 else 'fail',
              f'{what}: {name} ({f}) ' + ('not listed' if not n else f'listed {n} times'))
        rows.append(f'{name:<14} {f}' + ('' if n == 1 else f'  ({n} lines, want 1)'))
    for f in sorted(listed):
        count('fail', f'{what}: {f} listed, not expected on 7.3 (harness/report.py CANDIDATES)')
        rows.append(f'{"?":<14} {f}  (not expected)')
    table(f'pseudofs candidates (make tree: {len(lines)} listed, {len(CANDIDATES)} expected)', rows)


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
    first = None
    for what, rx in CONSOLE_BAD:
        hits = [i for i, ln in enumerate(lines) if re.search(rx, ln)]
        if strict and hits and (first is None or hits[0] < first):
            first = hits[0]
        hits = [lines[i] for i in hits]
        if strict:
            count('fail' if hits else 'pass', f'console-{kernel}: {what}: {hits[:1]}')
        rows.append(f'{kernel:<14} {what:<15} {len(hits)}' + (f'   first: {hits[0].strip()[:90]}' if hits else ''))
    if first is not None:
        excerpts.append((f'console-{kernel}.log', report_excerpt(lines, first)))
    return rows


def report_excerpt(lines, i, most=45):
    """The first report of a console that must be clean, from its first
    line to the end of its trace (at most MOST lines), for the end of the
    output: a CI log that shows only its tail still says where it was."""
    out = []
    for ln in lines[i:i + most]:
        out.append(ln.rstrip('\r\n')[:160])
        if re.search(r'---\[ end trace|^={20,}', STAMP.sub('', ln)) and len(out) > 1:
            break
    return out


# A console's reports compared by what and where, not by how many: each
# report's signature is its kind and its place, as the kernel's own lines
# give them, without offsets, CPU or PID:
#   WARNING: CPU: 1 PID: 57 at fs/libpseudofs/file.c:123 pseudofs_drain+0x45/0x90 [m]
#       -> WARNING, pseudofs_drain, fs/libpseudofs/file.c:123
#   BUG: KASAN: slab-use-after-free in foo+0x1/0x2        -> KASAN report, foo
#   a lockdep splat: its header, and the 'file.c:N' line of an RCU splat,
#       else the function of its first lock line (', at: func+0x..': the
#       lock the task is trying to acquire, or the one it takes), else the
#       first RIP: or call-trace frame
#   a list corruption: the first call-trace frame outside list_debug.c
#   any other BUG or Oops: the function of the 'RIP: 0010:func+0x..' after
#       it, else of its first call-trace frame
# A WARNING keeps its file:line as part of its place: a function may hold
# several WARN_ONs, and a new one in patched must not hide behind stock's
# other one in the same function.  The price: where the patch moved the
# lines of a function (the overlay changed its file), the same WARN_ON sits
# at another line in patched, and it is a new report, a failure.  Its
# message then names the line stock has it at, in the same function and
# file: read the two lines, and if they are the same WARN_ON, the overlay
# moved it (the failure stands until the warning itself is gone from
# patched or stock's matches again).  A function's compiler suffix
# (.constprop.0, .isra.0, .cold) is left out: it comes and goes with code
# around it.
STAMP = re.compile(r'^\[\s*\d+\.\d+\]\s?(?:\[\s*[CT]\d+\]\s?)?')
FUNC = r'([^\s+?]+)\+0x[0-9a-f]+/0x[0-9a-f]+'
# frames of the reporting itself, not of the code reported on
GENERIC_FRAME = re.compile(r'^(dump_stack|show_stack|print_|__warn|warn_|report_bug|handle_bug|'
                           r'exc_|asm_exc_|__lock_acquire|lock_acquire|lock_release|validate_chain|'
                           r'check_|lockdep_|__might_|might_|__schedule_bug|__list_\w*valid|kasan_|'
                           r'__kasan|panic|debug_check)')
REPORT_END = re.compile(r'---\[ end trace|</TASK>|^={20,}')


def func_name(f):
    """A function's name without the compiler's suffix."""
    return f.split('.')[0]


def report_kind(ln):
    """The kind (of CONSOLE_BAD) of a report that starts at this console
    line, or None.  '[ cut here ]' opens the WARNING or BUG that follows it,
    '*** DEADLOCK ***' is a line inside a lockdep splat: neither starts one."""
    if 'cut here' in ln or 'DEADLOCK' in ln:
        return None
    if re.search(r'WARNING: (CPU: \d+ PID: \d+ )?at \S+:\d+ ', ln):
        return 'WARNING'  # a WARN_ON, even where its file or function says 'lock'
    return next((what for what, rx in CONSOLE_BAD if re.search(rx, ln)), None)


def report_place(what, lines, i):
    """What the lines after a report's first line (until its trace ends, a
    report of another kind starts, or 80 lines) say of where it is: the
    first 'file.c:N ' line, lock line's function, RIP function and
    call-trace frame (each '' if none).  A report of the same kind does not
    end it: 'BUG: unable to handle page fault' is followed by its 'Oops:'
    and then their RIP; nor does the WARNING or BUG that a list corruption
    is reported by."""
    where = {'file': '', 'lock': '', 'rip': '', 'frame': ''}
    ours = (None, what) + (('WARNING', 'BUG or Oops') if what == 'list corruption' else ())
    trace = False
    for ln in lines[i + 1:i + 80]:
        if report_kind(ln) not in ours or REPORT_END.search(ln):
            break
        m = re.match(r'^(\S+\.[chS]:\d+)\s', ln)
        if m and not where['file']:
            where['file'] = m.group(1)
        m = re.search(r', at: ' + FUNC, ln)
        if m and not where['lock']:
            where['lock'] = func_name(m.group(1))
        m = re.search(r'RIP: \w+:' + FUNC, ln)
        if m and not where['rip']:
            where['rip'] = func_name(m.group(1))
        if 'Call Trace:' in ln:
            trace = True
        m = re.match(r'^\s+' + FUNC, ln)
        if trace and m and not where['frame'] and not GENERIC_FRAME.match(m.group(1)):
            where['frame'] = func_name(m.group(1))
    return where


def plain(text):
    """A report's words without its numbers (addresses, CPU, PID, counts)."""
    return re.sub(r'\b(0x)?[0-9a-f]*\d[0-9a-f]*\b', 'N', text).strip()


def signature(what, lines, i):
    """(kind, function, file:line) of the report at lines[i] (see above)."""
    ln = lines[i]
    after = report_place(what, lines, i)
    # the report's own words from where it matched, for want of a place
    text = plain(ln[re.search(dict(CONSOLE_BAD)[what], ln).start():])
    if what == 'KASAN report':
        m = re.search(r'BUG: KASAN: \S+ in ' + FUNC, ln)
        return (what, func_name(m.group(1)) if m else after['rip'] or after['frame'], '')
    if what == 'WARNING':
        m = re.search(r'WARNING: .*?at (\S+:\d+) ' + FUNC, ln)
        if m:
            return (what, func_name(m.group(2)), m.group(1))
        f = after['rip'] or after['frame']
        return (what, f, '' if f else text)
    if what == 'lockdep splat':
        m = re.search(r'(?:WARNING|INFO|BUG): (.*)', ln)
        head = plain(m.group(1) if m else ln).rstrip('!')
        if after['file']:  # an RCU splat: its file:line (its lock lines are the locks held)
            return (f'{what}: {head}', '', after['file'])
        return (f'{what}: {head}', after['lock'] or after['rip'] or after['frame'], '')
    if what == 'list corruption':
        m = re.search(r'(list_\w+ corruption)', ln)
        return (f'{what}: {m.group(1)}', after['frame'] or after['rip'], '')
    if what == 'BUG or Oops':
        f = after['rip'] or after['frame']
        return (what, '', text) if 'Kernel panic' in ln or not f else (what, f, '')
    return (what, '', text)


def show(sig):
    """A signature in words: 'WARNING at f (file.c:12)'."""
    what, f, where = sig
    return what + (f' at {f}' if f else '') + (f' ({where})' if where else '')


def console_reports(kernel):
    """{signature: its first line} of the reports in console-KERNEL.log, in
    the order they came; None without the console."""
    lines = read(os.path.join(res_of(kernel), f'console-{kernel}.log'))
    if lines is None:
        return None
    lines = [STAMP.sub('', ln.rstrip('\r')) for ln in lines]
    out = {}
    for i, ln in enumerate(lines):
        what = report_kind(ln)
        if what:
            out.setdefault(signature(what, lines, i), ln.strip())
    return out


def console_vs_stock():
    """The patched console holds no report that stock's lacks, by signature:
    a new WARNING is not made up for by one of stock's that patched lacks.
    Stock's reports are shown.  One count per kind of CONSOLE_BAD without a
    new report, one failure per new report.  The table's rows."""
    s, p = console_reports('stock'), console_reports('patched')
    if s is None or p is None:
        return [f'(no console-{k}.log: reports not compared)' for k, v in (('stock', s), ('patched', p))
                if v is None]
    rows = [f'stock has {len(s)} report(s)' + (':' if s else '')]
    rows += [f'  {show(sig)}   first: {first[:90]}' for sig, first in list(s.items())[:30]]
    rows += [f'  ... and {len(s) - 30} more'] if len(s) > 30 else []
    new = {sig: first for sig, first in p.items() if sig not in s}
    for what, _ in CONSOLE_BAD:
        mine = [sig for sig in new if sig[0].split(':')[0] == what]
        if not mine:
            count('pass', '')
        for sig in mine:
            moved = [w for k, f, w in s if (k, f) == sig[:2] and w and sig[2]
                     and w.split(':')[0] == sig[2].split(':')[0]]
            count('fail', f'console-patched: {show(sig)}, which stock does not have'
                  + (f' (stock has it at {moved[0]}: did the patch move the line?)' if moved else '')
                  + f': {new[sig][:120]}')
    rows.append(f'patched has {len(p)} report(s), {len(new)} that stock does not have' + (':' if new else ''))
    rows += [f'  NEW {show(sig)}   first: {first[:90]}' for sig, first in new.items()]
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


def failures_table():
    """The failures, the first 80 (all of them with REPORT_ALL_FAILURES=1 in
    the environment, as harness/report-selftest.sh runs it)."""
    most = len(problems) if os.environ.get('REPORT_ALL_FAILURES') == '1' else 80
    for name, lines in excerpts:
        table(f'first report on {name}', lines)
    if problems:
        table('FAILURES', problems[:most] + ([f'... and {len(problems) - most} more']
                                            if len(problems) > most else []))


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
            if k in baseline:
                name += ' (baseline)'
            if k or os.path.exists(os.path.join(RES, f'{suite}.ktap')):
                r = plain_suite(suite, k, k not in baseline)
            else:
                r = None
                count('fail', f'{suite}: no results')
            if r:
                rows.append(tally_row(name, r))
        table(suite, rows)
    stress_table()
    static_table()

    rows = []
    for k, req in (('patched', True), ('patched-debug', True), ('stock', False), ('stock-debug', False),
                   ('module-patched-debug', True)):
        r = kunit(k, req)
        if r:
            rows += [f'{k:<20} ' + x for x in r]
    rows += [f'{"module vs boot":<20} ' + x for x in kunit_same_as('module-patched-debug', 'patched-debug')]
    table('KUnit at boot (kunit-<kernel>.ktap; module-patched-debug: the suites as modules, '
          'loaded on patched-debug)', rows)
    r = kunit('tool', True)
    elapsed = [ln for ln in read(os.path.join(RES, 'kunit-tool.log')) or []
               if ln.startswith('# kunit.py ')]
    table('KUnit with kunit.py (make check: exec on patched-debug; make kunit: UML; kunit-tool.ktap)',
          [f'{"kunit.py":<14} ' + x for x in r or []] + [ln[2:] for ln in elapsed[-1:]])

    candidates()
    tree_parity()
    for suite in PARITY_SUITES:
        suite_parity(suite)
    ftracetest()

    rows = console('patched-debug', True) + smp('patched-debug', True)
    if os.path.exists(os.path.join(RES, 'console-stock-debug.log')):
        rows += console('stock-debug', False) + smp('stock-debug', False)  # for comparison only
    rows += console('patched', False) + console('stock', False)
    # a boot that stalled and was booted again (boot.sh): its first console
    # held to the same rule as the second
    for k in ('patched-debug', 'stock-debug', 'patched', 'stock'):
        if os.path.exists(os.path.join(RES, f'console-{k}.stalled.log')):
            rows += console(f'{k}.stalled', k == 'patched-debug')
    table('consoles (patched-debug must be clean; stock-debug for comparison; lines per kind)', rows)
    table('console reports, patched vs stock (patched: no report that stock lacks, by kind and place)',
          console_vs_stock())

    if phases:
        table('phases', [ln.strip() for ln in phases])
    for f, title in (('kernels.txt', 'kernel builds (time, ccache)'), ('boots.txt', 'boots (a pair runs side by side)')):
        lines = read(os.path.join(RES, f))
        if lines:
            table(title, [ln.strip() for ln in lines])
    again = [ln.split()[0] for ln in read(os.path.join(RES, 'boots.txt')) or [] if 'booted again' in ln]
    if again:
        print(f'\nbooted again after an emulator stall (boot.sh): {", ".join(again)}'
              f' (first consoles: console-NAME.stalled.log)')
    failures_table()
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
            table(suite, [tally_row(f'{suite}-patched', r)])
    table('KUnit with kunit.py (make kunit: UML, kunit-tool.ktap)', kunit('tool', True) or [])
    table('KUnit at boot (kunit-patched.ktap)', kunit('patched', True) or [])
    tree_parity()
    for suite in PARITY_SUITES:
        suite_parity(suite)
    rows = console('patched', False)
    if os.path.exists(os.path.join(STOCK_RES, 'console-stock.log')):
        rows += console_vs_stock()
    else:
        rows.append(f'no console-stock.log in {STOCK_RES}: reports not compared')
    table('console (patched: no report that the last make check\'s stock lacks, by kind and place)', rows)
    for f, title in (('phases.txt', 'phases'), ('kernels.txt', 'kernel builds (time, ccache)')):
        lines = read(os.path.join(RES, f))
        if lines:
            table(title, [ln.strip() for ln in lines])
    failures_table()
    print(f'\n{passed} passed, {failed} failed, {skipped} skipped')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main_quick() if QUICK else main())
