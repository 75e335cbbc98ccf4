#!/usr/bin/env python3
# kunit-mutants.py --list | --check [--diff] TREE | --only K TREE | --expect K:
# break fs/libpseudofs in TREE on purpose, one defect at a time, so that
# the KUnit cases written against it can be seen failing.  Each mutant
# puts back one defect, or swallows one error the library must return;
# none of them makes the kernel crash, so every case still runs.  A mutant
# is a search and replace on one file of fs/libpseudofs/: the search string
# must occur there exactly once.
#
#   --list         "K FILE: WHAT" for each mutant, K from 1; applies none
#   --only K TREE  applies the K-th mutant alone to TREE (what make mutants,
#                  harness/mutants.sh, does before each kunit.py run)
#   --check TREE   a dry run, no build: applies each mutant alone to a
#                  scratch copy of TREE's fs/libpseudofs/ and checks that
#                  its search string occurs exactly once, that the mutated
#                  file differs from TREE's only there, that the
#                  replacement keeps (), [] and {} balanced as the text it
#                  replaces, that the identifiers it brings are known (in
#                  the file, the library's headers or TREE's include/),
#                  and that the cases it names exist in the suites; TREE is
#                  not modified.  One line per mutant, then "N of N mutants
#                  apply"; --diff shows each mutant as a diff.
#   --expect K     the cases that should catch the K-th mutant, one a line
#                  (CASE, or CASE[PARAM] for one parameter of a case)
#
# Exit status: 0, or 1 naming each mutant that does not apply.  Mutants
# may overlap (two of them change one line differently), so they are only
# ever applied one at a time.
import difflib
import glob
import os
import re
import shutil
import signal
import sys
import tempfile

MUTANTS = [
    ('inode.c', 'removal drops the parent link of an entry already removed',
     '\tif (!simple_positive(victim))\n\t\treturn;\n',
     '\tif (!simple_positive(victim)) {\n\t\tif (d_is_dir(victim))\n\t\t\tdrop_nlink(dir);\n\t\treturn;\n\t}\n'),
    # Accepting names over NAME_MAX would be an equivalent mutant: the
    # directory's ->lookup() (simple_lookup()) refuses them with the same
    # -ENAMETOOLONG.  The bound can still be off by one the other way.
    ('inode.c', 'a name of exactly NAME_MAX refused',
     '\t\tif (len == NAME_MAX)\n', '\t\tif (len == NAME_MAX - 1)\n'),
    ('inode.c', '"." and ".." not refused',
     'if (!len || is_dot_dotdot(name, len))', 'if (!len)'),
    ('inode.c', 'rename does not check that the entry is in old_dir',
     ' || old_dentry->d_parent != old_dir ||', ' ||'),
    ('inode.c', 'rename forgets to move the dentry',
     '\t\td_move(old_dentry, dentry);\n', ''),
    ('inode.c', 'create swallows a failed dentry allocation',
     '\tdentry = pseudofs_start_creating(pfs, name, parent);\n\tif (IS_ERR(dentry))\n\t\treturn dentry;\n',
     '\tdentry = pseudofs_start_creating(pfs, name, parent);\n\tif (IS_ERR(dentry))\n\t\treturn PTR_ERR(dentry) == -ENOMEM ? NULL : dentry;\n'),
    ('inode.c', 'lookup reports a failed allocation as -ENOENT',
     '\t\tdentry = pseudofs_lookup_locked(parent, name, len);\n\t\tinode_unlock(d_inode(parent));\n',
     '\t\tdentry = pseudofs_lookup_locked(parent, name, len);\n\t\tif (dentry == ERR_PTR(-ENOMEM))\n\t\t\tdentry = ERR_PTR(-ENOENT);\n\t\tinode_unlock(d_inode(parent));\n'),
    ('inode.c', 'creation does not refuse a name that exists',
     '\tif (!IS_ERR(dentry) && d_really_is_positive(dentry)) {\n',
     '\tif (0) {\n'),
    ('inode.c', 'creation hashes a new dentry beside a held negative one',
     '\tif (dentry)\n\t\treturn dentry;\n\tdentry = d_alloc(parent, &q);\n',
     '\tif (dentry)\n\t\tdput(dentry);\n\tdentry = d_alloc(parent, &q);\n'),
    # tracefs's creation did this whenever its name was in the dcache
    ('inode.c', 'creation checks the calling task\'s permission on a cached name',
     '\tdentry = pseudofs_d_lookup(parent, &q);\n\tif (dentry)\n\t\treturn dentry;\n',
     '\tdentry = pseudofs_d_lookup(parent, &q);\n\tif (!IS_ERR_OR_NULL(dentry)) {\n\t\tdput(dentry);\n\t\treturn lookup_one_len(name, parent, len);\n\t}\n\tif (dentry)\n\t\treturn dentry;\n'),
    ('inode.c', 'rename swallows a failed allocation',
     '\treturn err ? ERR_PTR(err) : old_dentry;\n',
     '\treturn err && err != -ENOMEM ? ERR_PTR(err) : old_dentry;\n'),
    ('super.c', 'registering twice claims success',
     '\t\tpr_err("%s: registered twice\\n", pfs->type.name);\n\t\treturn -EBUSY;\n',
     '\t\tpr_err("%s: registered twice\\n", pfs->type.name);\n\t\treturn 0;\n'),
    ('super.c', 'unregister with entries left claims success',
     '\t\tregister_filesystem(&pfs->type);\n\t\treturn -EBUSY;\n',
     '\t\tregister_filesystem(&pfs->type);\n\t\treturn 0;\n'),
    ('super.c', 'the remount walk never calls ->remount_end',
     '\t\tops->remount_end(sb);\n', '\t\t;\n'),
    ('super.c', 'the remount walk misses directories',
     '\t\tif (inode->i_state & (I_NEW | I_FREEING | I_WILL_FREE)) {\n',
     '\t\tif (inode->i_state & (I_NEW | I_FREEING | I_WILL_FREE) || S_ISDIR(inode->i_mode)) {\n'),
    ('inode.c', 'a new entry is root\'s whatever uid= and gid= say',
     '\tif (pfs->remount_all) {\n\t\t/* ordered against the remount walk by ->i_lock */\n',
     '\tif (0) {\n'),
    ('super.c', 'mounts of different keys share one superblock',
     '\treturn sbi->key == new->key;\n', '\treturn 1;\n'),
    ('super.c', 'a filesystem\'s own options never reach the superblock',
     '\t\t\tWRITE_ONCE(sbi->values[i], fci->values[i]);\n', '\t\t\t;\n'),
    ('inode.c', 'user directories lose the filesystem\'s directory ->getattr',
     '\tif (iops && iops->getattr)\n', '\tif (0)\n'),
    ('file.c', 'a removal does not wait for the users of its files',
     '\t\tpseudofs_drain_one(users);\n', ''),
    ('file.c', 'a proxy opens a removed file',
     '\t\treturn err == -EIO ? -ENOENT : err;\n\terr = pseudofs_proxy_may_open(inode, file, real_fops);\n\tif (err)\n',
     '\t\treturn err == -EIO ? 0 : err;\n\terr = pseudofs_proxy_may_open(inode, file, real_fops);\n\tif (err)\n'),
    ('super.c', 'an evicted inode never reaches ->inode_evicted',
     '\tif (ops && ops->inode_evicted)\n', '\tif (0)\n'),
    ('super.c', 'PSEUDOFS_OPTIONS_NONE_LAX refuses a bad value of its own',
     ' && pfs->options != PSEUDOFS_OPTIONS_NONE_LAX)\n', ')\n'),
    ('super.c', 'a remount never reaches ->option_given',
     '\t\tif (pfs->ops && pfs->ops->option_given)\n', '\t\tif (!remount && pfs->ops && pfs->ops->option_given)\n'),
    ('super.c', 'remount_replaces leaves what a remount left out given',
     '\t\tWRITE_ONCE(sbi->given, fci->given);\n', '\t\tWRITE_ONCE(sbi->given, sbi->given | fci->given);\n'),
    ('super.c', 'a fixed option left out of a remount is not checked',
     '\tif (!pfs->remount_replaces)\n\t\tcheck &= fci->given;\n', '\tcheck &= fci->given;\n'),
    ('super.c', 'remount_keeps_all ignored: a remount applies its options',
     '\tif (pseudofs_of_fc(fc)->remount_keeps_all)\n', '\tif (0)\n'),
    ('super.c', 'a repeated string option starts again from 0',
     '\tu64 v = fci->values[opt];\n', '\tu64 v = 0;\n'),
    ('super.c', 'root_mode_always shown in mode=',
     '\tumode_t mode = opts->mode & ~pfs->root_mode_always;\n', '\tumode_t mode = opts->mode;\n'),
    ('super.c', 'the remount walk shows files to ->remount_dir',
     '\t\tif (remount_dir && S_ISDIR(inode->i_mode) &&\n', '\t\tif (remount_dir &&\n'),
    # pft_churn_remount_race: two threads remove "shared" whenever they find it
    ('inode.c', 'a second remover of an entry reports it removed again',
     '\tif (!simple_positive(victim))\n\t\treturn;\n',
     '\tif (!simple_positive(victim)) {\n\t\tif (ops && ops->entry_removed)\n'
     '\t\t\tops->entry_removed(victim);\n\t\treturn;\n\t}\n'),
    # pfp_get_put: the removal must say, once, which file it waits for
    ('file.c', 'a removal that waits long says nothing',
     '\t\t\tpseudofs_drain_report(users->dentry);\n',
     '\t\t\tif (0)\n\t\t\t\tpseudofs_drain_report(users->dentry);\n'),
]

LIB = 'fs/libpseudofs'
KEYWORDS = set("""auto break case char const continue default do double else enum
extern float for goto if inline int long register return short signed sizeof
static struct switch typedef union unsigned void volatile while bool true false
NULL""".split())


def mutants():
    """(K, FILE, WHAT, OLD, NEW, EXPECT) for each mutant, K from 1"""
    for k, m in enumerate(MUTANTS, 1):
        f, what, old, new, *rest = m
        yield k, f, what, old, new, tuple(rest[0]) if rest else ()


def usage():
    sys.exit('usage: kunit-mutants.py --list | --check [--diff] TREE | '
             '--only K TREE | --expect K')


def pick(arg):
    try:
        k = int(arg)
    except ValueError:
        k = 0
    if not 1 <= k <= len(MUTANTS):
        sys.exit(f'kunit-mutants: no mutant {arg} (1..{len(MUTANTS)})')
    return next(m for m in mutants() if m[0] == k)


def apply(tree, m):
    """Apply mutant m to TREE; what is wrong with it, or None"""
    k, f, what, old, new, _ = m
    path = f'{tree}/{LIB}/{f}'
    try:
        src = open(path).read()
    except OSError as e:
        return f'{e.strerror}: {LIB}/{f}'
    n = src.count(old)
    if n != 1:
        return (f'its search string occurs {n} times in {LIB}/{f}, not once: '
                'rewrite it for this source')
    with open(path, 'w') as out:
        out.write(src.replace(old, new))
    return None


def balance(text):
    return [text.count(a) - text.count(b) for a, b in ('()', '[]', '{}')]


def idents(text):
    return set(re.findall(r'\b[A-Za-z_]\w*\b', text)) - KEYWORDS


def known_cases(tree):
    """{case: set of the strings its file quotes} of the suites in TREE"""
    cases = {}
    for t in sorted(glob.glob(f'{tree}/{LIB}/tests/*.c')):
        src = open(t).read()
        quoted = set(re.findall(r'"([^"\\]*)"', src))
        for c in re.findall(r'KUNIT_CASE(?:_SLOW|_PARAM(?:_ATTR)?|_ATTR)?\(\s*(\w+)', src):
            cases[c] = quoted
    return cases


def in_headers(tree, names):
    """The names of @names found as words in TREE's include/"""
    found, left = set(), set(names)
    pats = {n: re.compile(r'\b' + re.escape(n) + r'\b') for n in left}
    for h in glob.iglob(f'{tree}/include/**/*.h', recursive=True):
        if not left:
            break
        try:
            src = open(h, errors='replace').read()
        except OSError:
            continue
        for n in [n for n in left if n in src and pats[n].search(src)]:
            found.add(n)
            left.discard(n)
    return found


def check(tree, show_diff):
    """The dry run of --check: 0 if every mutant applies once"""
    libdir = f'{tree}/{LIB}'
    if not os.path.isdir(libdir):
        sys.exit(f'kunit-mutants: no {libdir}')
    cases = known_cases(tree)
    headers = ''.join(open(h).read() for h in
                      (f'{libdir}/internal.h', f'{tree}/include/linux/libpseudofs.h')
                      if os.path.exists(h))
    kernel = os.path.exists(f'{tree}/include/linux/fs.h')
    # identifiers a replacement brings that the library's own sources lack
    unknown = {}
    for k, f, what, old, new, _ in mutants():
        try:
            src = open(f'{libdir}/{f}').read()
        except OSError:
            continue
        for n in idents(new) - idents(old):
            if not re.search(r'\b' + n + r'\b', src + headers):
                unknown.setdefault(n, []).append(k)
    found = in_headers(tree, unknown) if kernel else set()
    bad = []
    with tempfile.TemporaryDirectory(prefix='kunit-mutants.') as scratch:
        for m in mutants():
            k, f, what, old, new, expect = m
            problems = []
            if f not in {os.path.basename(p) for p in glob.glob(f'{libdir}/*.c')}:
                problems.append(f'no file {LIB}/{f}')
            else:
                work = f'{scratch}/{k}'
                os.makedirs(f'{work}/{LIB}')
                shutil.copy(f'{libdir}/{f}', f'{work}/{LIB}/{f}')
                err = apply(work, m)
                if err:
                    problems.append(err)
                else:
                    a = open(f'{libdir}/{f}').read()
                    b = open(f'{work}/{LIB}/{f}').read()
                    i = a.index(old)
                    if a == b or b != a[:i] + new + a[i + len(old):]:
                        problems.append('the mutated file differs elsewhere, or not at all')
                    if show_diff:
                        sys.stdout.writelines(difflib.unified_diff(
                            a.splitlines(True), b.splitlines(True),
                            f'a/{LIB}/{f}', f'b/{LIB}/{f}', n=2))
            if balance(old) != balance(new):
                problems.append('the replacement does not balance (), [] and {} '
                                'as the text it replaces')
            for n, ks in sorted(unknown.items()):
                if k in ks and n not in found:
                    problems.append(f'identifier {n} is nowhere in the library'
                                    + (' nor in include/' if kernel else
                                       ' (no kernel headers in TREE to look in)'))
            for c in expect:
                base, _, param = c.partition('[')
                if base not in cases:
                    problems.append(f'no case {base} in {LIB}/tests/')
                elif param and param.rstrip(']') not in cases[base]:
                    problems.append(f'case {base} has no parameter "{param.rstrip("]")}"')
            if not expect:
                problems.append('names no case that should catch it')
            print(f'{k:2d} {"BAD" if problems else "ok "} {f}: {what}'
                  + (f'  [{", ".join(expect)}]' if expect else ''))
            for p in problems:
                print(f'       {p}')
            if problems:
                bad.append(str(k))
    n = len(MUTANTS)
    print(f'{n - len(bad)} of {n} mutants apply to {tree} (dry run, nothing built)',
          flush=True)
    if bad:
        print(f'kunit-mutants: mutant{"s" if len(bad) > 1 else ""} {", ".join(bad)} '
              'of harness/kunit-mutants.py do not apply (see above)', file=sys.stderr)
    return 1 if bad else 0


signal.signal(signal.SIGPIPE, signal.SIG_DFL)
args = sys.argv[1:]
if args == ['--list']:
    for k, f, what, *_ in mutants():
        print(f'{k} {f}: {what}')
    sys.exit(0)
if len(args) == 2 and args[0] == '--expect':
    print('\n'.join(pick(args[1])[5]))
    sys.exit(0)
if len(args) == 3 and args[0] == '--only':
    m = pick(args[1])
    err = apply(args[2], m)
    if err:
        sys.exit(f'kunit-mutants: mutant {m[0]} ({m[1]}: {m[2]}): {err}')
    print(f'mutant {m[0]}: {m[1]}: {m[2]}')
    sys.exit(0)
if args[:1] == ['--check'] and len(args) in (2, 3):
    show = '--diff' in args[1:-1]
    if len(args) == 3 and not show:
        usage()
    sys.exit(check(args[-1], show))
usage()
