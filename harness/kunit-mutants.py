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
#                  the file, the library's headers or TREE's include/, if
#                  TREE is a whole kernel tree such as build/tree), and
#                  that the cases it names exist in the suites; TREE is
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
    # FILE, WHAT, SEARCH, REPLACEMENT, the cases that should catch it.
    #
    # On 7.3 a name is checked by libfs (lookup_noperm_common() under
    # simple_start_creating() and the lookups), and the lookup of a new
    # entry, its -EEXIST and its dcache paths are simple_start_creating()'s
    # (LOOKUP_CREATE | LOOKUP_EXCL): the 6.12 mutants of the library's own
    # name check and lookup are gone with that code ("a name of exactly
    # NAME_MAX refused", '"." and ".." not refused', "creation does not
    # refuse a name that exists", "creation hashes a new dentry beside a
    # held negative one").  No one-token change of the library puts them
    # back: the cases that saw them (pft_name_too_long, pft_dot_names,
    # pft_bad_names, pft_eexist, pft_create_over_negative) now check what
    # the library gets from libfs.
    #
    # In pseudofs_remove(), whoever finds an entry still hashed removes it;
    # a second remover must leave the parent's link alone.  The early
    # d_unhashed() return makes a removal through a dentry already removed
    # do nothing, so only two removers racing reach this (6.12's
    # pft_remove_dir_twice no longer does).
    ('inode.c', 'removal drops the parent link of an entry already removed',
     '\tif (!simple_positive(victim))\n\t\treturn;\n',
     '\tif (!simple_positive(victim)) {\n\t\tif (d_is_dir(victim))\n\t\t\tdrop_nlink(dir);\n\t\treturn;\n\t}\n',
     ('pft_remove_race', 'pft_churn_remount_race')),
    # A change of name is no longer the library's: pseudofs_change_name()
    # went back into debugfs, its one user, as debugfs_change_name(), and
    # with it the mutants of its code ("a change of name forgets to move
    # the dentry", "... swallows a failed allocation", "... of a removed
    # entry says -EINVAL, not -ENOENT", "... to the entry's own fails
    # -EEXIST"): they would break debugfs, not fs/libpseudofs/.
    # pft_change_name, pft_change_name_bad and pft_fault[change_name] now
    # check debugfs_change_name() on debugfs.  Device nodes
    # (pseudofs_create_device(), into binderfs) and automount points
    # (pseudofs_create_automount(), into debugfs) went to their one user
    # too: pseudofs_create() is the one creation left with this text.
    ('inode.c', 'creation swallows a failed dentry allocation',
     '\tif (IS_ERR(dentry))\n\t\treturn dentry;\n\tinode = __pseudofs_new_inode(pfs, dentry->d_sb, mode);\n',
     '\tif (IS_ERR(dentry))\n\t\treturn PTR_ERR(dentry) == -ENOMEM ? NULL : dentry;\n'
     '\tinode = __pseudofs_new_inode(pfs, dentry->d_sb, mode);\n',
     ('pft_fault[file]', 'pft_fault[dir]', 'pft_fault[symlink]')),
    ('inode.c', 'lookup reports a failed allocation as -ENOENT',
     '\treturn lookup_noperm_positive_unlocked(&QSTR(name), parent);\n',
     '\tparent = lookup_noperm_positive_unlocked(&QSTR(name), parent);\n'
     '\treturn parent == ERR_PTR(-ENOMEM) ? ERR_PTR(-ENOENT) : parent;\n',
     ('pft_fault[lookup]',)),
    # 6.12's was on creation through a cached name; creation is
    # simple_start_creating()'s now, which checks no permission, and its
    # checking sibling start_creating() is no LOOKUP_EXCL: the lookup
    # keeps the property the library chooses
    ('inode.c', 'a lookup checks the calling task\'s permission on the parent',
     'lookup_noperm_positive_unlocked(&QSTR(name), parent)',
     'lookup_one_positive_unlocked(&nop_mnt_idmap, &QSTR(name), parent)',
     ('pft_no_permission_check', 'pfi_no_permission_check')),
    ('super.c', 'registering twice claims success',
     '\t\tpr_err("%s: registered twice\\n", pfs->type.name);\n\t\treturn -EBUSY;\n',
     '\t\tpr_err("%s: registered twice\\n", pfs->type.name);\n\t\treturn 0;\n',
     ('pft_register_twice',)),
    ('super.c', 'unregister with entries left claims success',
     '\t\tregister_filesystem(&pfs->type);\n\t\treturn -EBUSY;\n',
     '\t\tregister_filesystem(&pfs->type);\n\t\treturn 0;\n',
     ('pft_unregister_cycle',)),
    ('super.c', 'pseudofs_fc_owner() says no uid= was given',
     '\t*uid = fci->opts.set & BIT(PSEUDOFS_OPT_UID) ? fci->opts.uid : INVALID_UID;\n',
     '\t*uid = INVALID_UID;\n',
     ('pft_remount_all',)),
    ('super.c', 'the remount walk misses directories',
     '\t\tpseudofs_set_owner(inode, &sbi->opts, set);\n',
     '\t\tif (!S_ISDIR(inode->i_mode))\n\t\t\tpseudofs_set_owner(inode, &sbi->opts, set);\n',
     ('pft_remount_all', 'pfi_per_mount_independent', 'pft_churn_remount_race')),
    ('inode.c', 'a new entry is root\'s whatever uid= and gid= say',
     '\t\tpseudofs_init_owner(inode, &sbi->opts);\n',
     '\t\t(void)sbi;\n',
     ('pft_remount_all', 'pfi_late_entries_owned', 'pft_create_remount_race')),
    # 6.12's library stored the values of a filesystem's own options; on
    # 7.3 ->parse_param keeps them in pseudofs_fc_data() and
    # ->apply_options, which the library calls, applies them
    ('super.c', 'a new superblock never gets the filesystem\'s own options',
     '\t\terr = ops->apply_options(sb, fc, true);\n', '\t\terr = 0;\n',
     ('pfi_apply_fresh', 'pfi_own_option', 'pft_options_none_own', 'pfi_none_root_mode')),
    ('super.c', 'mounts of different keys share one superblock',
     '\treturn !new || sbi->key == new->key;\n', '\treturn 1;\n',
     ('pfi_per_key',)),
    ('inode.c', 'a user directory gets the library\'s operations, not those it was given',
     '\t\t\t       iops ?: &pseudofs_user_dir_inode_operations);\n',
     '\t\t\t       &pseudofs_user_dir_inode_operations);\n',
     ('pfi_user_dir_iops', 'pft_user_dir_own_iops')),
    ('file.c', 'a removal does not wait for the users of its files',
     '\t\tpseudofs_drain_one(users);\n', '',
     ('pfp_remove_waits_for_read', 'pfp_short_remove_waits', 'pfp_cancellation', 'pfp_get_put',
      'pfp_second_remover_waits')),
    # the bracket the three proxies' ->open take: a removed file opens
    ('file.c', 'a proxy opens a removed file',
     '\tif (err)\n\t\treturn -ENOENT;\n', '\tin.task = NULL;\n',
     ('pfp_open_after_remove', 'pfp_short')),
    ('super.c', 'an evicted inode never reaches ->inode_evicted',
     '\tif (ops && ops->inode_evicted)\n', '\tif (0)\n',
     ('pft_create_file', 'pft_create_dir', 'pft_remove_dir_twice', 'pft_lookup_outlives_removal')),
    # 6.12's PSEUDOFS_OPTIONS_NONE_LAX, which ignored a bad value of the
    # library's own options, is gone, and so is 7.3's PSEUDOFS_OPTIONS_LAX,
    # which ignored what ->parse_param says is not its own: debugfs, its
    # one user, returns 0 for those from a ->parse_param of its own (as
    # pseudofs_test and pseudofs_test_key do), and the library keeps no
    # code of it to break ("PSEUDOFS_OPTIONS_LAX refuses unknown options",
    # "... takes "source" from the VFS").  What the library still does is
    # pass on what ->parse_param returns, errors included (below).
    # 6.12's ->option_given, called for each option a mount or remount
    # applied, is ->apply_options of the whole context on 7.3
    ('super.c', 'a remount never reaches ->apply_options',
     '\t\terr = ops->apply_options(sb, fc, false);\n', '\t\terr = 0;\n',
     ('pfi_apply_remount', 'pfi_own_option_remount', 'pfi_apply_found_key', 'pft_options_none_own')),
    # 6.12's remount_replaces, a fixed option checked on remount,
    # remount_keeps_all and root_mode_always were flags of the library's
    # descriptor; on 7.3 they are what a client's ->apply_options and
    # ->show_options do (the suites' pfi_replace_apply, pfi_apply_options'
    # stats=, pfi_keep_apply, pfi_keep_show), and the library keeps no
    # code of them to break.  Nor are a string option's values the
    # library's any more ("a repeated string option starts again from 0":
    # pfi_parse_mask adds up in pseudofs_fc_data()).  The library part left
    # of remount_keeps_all is that PSEUDOFS_OPTIONS_NONE takes no uid=,
    # gid= or mode= of its own, so that a remount changes none (next).
    ('super.c', 'PSEUDOFS_OPTIONS_NONE: the library takes uid=, gid= and mode= anyway',
     '\tif (pseudofs_owner_options(pfs)) {\n\t\topt = fs_parse(',
     '\tif (1) {\n\t\topt = fs_parse(',
     ('pfi_none_remount', 'pft_no_options', 'pft_no_options_refused[uid]',
      'pfi_parse_param_keys[none_parses_owner]', 'pfi_fc_data_per_context')),
    # 7.3's ->remount_begin/dir/end became one ->remount after the walk,
    # then tracefs's ->apply_options before it (pseudofs_fc_owner())
    ('super.c', 'a remount with uid= or gid= gives no inode but the root the new owner',
     '\tsmp_mb();\t/* the new owner before the walk\'s stores */\n',
     '\treturn;\n',
     ('pft_remount_all',)),
    # 6.12's "a second remover of an entry reports it removed again" called
    # the ->entry_removed hook, which 7.3 does not have (->inode_evicted
    # runs once per inode, from the VFS): its text no longer compiles.
    # What else a second remover could do again is the parent's link
    # (mutant 1) or the tree's reference, a use-after-free no case would
    # survive.
    # issue 36: a second removal returns at once, as before 7.3's port did
    ('inode.c', 'a second removal of an entry does not wait for its users',
     '\t\tpseudofs_drain(dentry);\n\t\treturn;\n', '\t\treturn;\n',
     ('pfp_second_remover_waits',)),
    # issue 36: the drain waits for its own caller, inside the file's write,
    # noted in the users' slot (alone) or on their list (beside a read)
    ('file.c', 'a file\'s operation that removes the file waits for itself',
     '\t\tif (cmpxchg(&users->solo, current, NULL) == current &&\n',
     '\t\tif (0 &&\n',
     ('pfp_remove_self',)),
    ('file.c', 'one that removes it beside another call waits for itself',
     '\t\t\tif (in->task != current || in->dropped)\n', '\t\t\tif (1)\n',
     ('pfp_remove_self_beside_read',)),
    # issue 36: pollers wait on the file's own queue, in data its owner
    # frees once the file is removed, and are not told of the removal
    ('file.c', 'the full proxy\'s pollers wait on the queue in the file\'s data',
     '\t\twait = &t.pt;\n', '',
     ('pfp_poll_relay',)),
    ('file.c', 'a removal leaves the relay on that queue and wakes no poller',
     '\tif (refcount_dec_and_test(&users->active)) {\n\t\tpseudofs_relays_detach(users, NULL);\n'
     '\t\treturn;\n\t}\n',
     '\tif (refcount_dec_and_test(&users->active))\n\t\treturn;\n',
     ('pfp_poll_relay',)),
    ('file.c', 'a released file leaves its relays on the queues of its ->poll',
     '\t\tpseudofs_relays_detach(g->users, file);\n', '\t\t;\n',
     ('pfp_poll_relay_leaves',)),
    # pfp_get_put: the removal must say, once, which file it waits for
    ('file.c', 'a removal that waits long says nothing',
     '\t\t\tpseudofs_drain_report(users);\n',
     '\t\t\tif (0)\n\t\t\t\tpseudofs_drain_report(users);\n',
     ('pfp_get_put',)),

    # New on 7.3.  The full and short proxies are static operations that
    # look at a mask of the file's own methods, noted at creation.
    ('file.c', 'the full proxy\'s mask leaves out ->write',
     '\t       (real_fops->write ? PSEUDOFS_HAS_WRITE : 0) |\n', '',
     ('pfp_full_after_remove', 'pfp_full_missing')),
    ('file.c', 'the short proxy\'s mask leaves out ->write',
     '\t\t       (g->short_fops->write ? PSEUDOFS_HAS_WRITE : 0) |\n', '',
     ('pfp_short',)),
    # a method the file lacks fails as debugfs's does, removed or not
    ('file.c', 'a removed file\'s missing method fails -EIO, not as debugfs\'s',
     '\t\treturn missing;\t\t\t\t\t\t\\\n',
     '\t\treturn d_unlinked(file->f_path.dentry) ? -EIO : missing; \\\n',
     ('pfp_full_missing', 'pfp_short')),
    ('file.c', 'the short proxy reads a removed file as its end, not -EIO',
     '\tif (unlikely(ret))\t\t\t\t\t\t\\\n\t\treturn ret;\t\t\t\t\t\t\\\n',
     '\tif (unlikely(ret))\t\t\t\t\t\t\\\n'
     '\t\treturn ret == -EIO && !strcmp(#fops, "short_fops") &&\t\\\n'
     '\t\t       (bit) == PSEUDOFS_HAS_READ ? 0 : ret;\t\t\\\n',
     ('pfp_short', 'pfp_short_remove_waits')),
    ('inode.c', 'a file loses the aux pointer it was made with',
     '\tg->aux = aux;\n', '',
     ('pfp_aux', 'pfp_short')),
    ('inode.c', '->init_inode sees the proxy, not the file\'s own operations',
     '\tif (ops && ops->init_inode)\n\t\tops->init_inode(dentry, inode);\n'
     '\tif (proxy)\n\t\tinode->i_fop = pseudofs_proxies[proxy];\n',
     '\tif (proxy)\n\t\tinode->i_fop = pseudofs_proxies[proxy];\n'
     '\tif (ops && ops->init_inode)\n\t\tops->init_inode(dentry, inode);\n',
     ('pfp_open_after_remove',)),
    # typed options: ->parse_param, ->apply_options, pseudofs_fc_data()
    ('super.c', 'options the library does not take never reach ->parse_param',
     '\t\tif (opt != -ENOPARAM)\n\t\t\treturn min(opt, 0);\n', '\t\treturn min(opt, 0);\n',
     ('pfi_own_option', 'pfi_parse_param_keys[strict]', 'pfi_parse_param_keys[ignores]',
      'pfi_apply_fresh', 'pft_parse_unknown')),
    # 7.3's "PSEUDOFS_OPTIONS_LAX swallows the errors of ->parse_param",
    # now that a filesystem ignores options by returning 0 for them
    ('super.c', 'the errors of ->parse_param are swallowed',
     '\t\treturn pfs->desc->ops->parse_param(fc, param);\n',
     '\t\treturn pfs->desc->ops->parse_param(fc, param) == -ENOPARAM ? -ENOPARAM : 0;\n',
     ('pfi_own_option_refused', 'pfi_ignore_unknown')),
    ('super.c', 'a new superblock\'s ->apply_options is not told it is fresh',
     'ops->apply_options(sb, fc, true)', 'ops->apply_options(sb, fc, false)',
     ('pfi_apply_fresh', 'pfi_new_instance_fails', 'pfi_none_root_mode', 'pfi_apply_error[new_superblock]')),
    ('super.c', 'a remount that ->apply_options refuses applies uid=, gid= and mode= anyway',
     '\t\terr = ops->apply_options(sb, fc, false);\n\t\tif (err)\n\t\t\treturn err;\n',
     '\t\terr = ops->apply_options(sb, fc, false);\n',
     ('pfi_apply_refuses_remount', 'pfi_apply_error[remount]', 'pfi_apply_error[key_in_use]',
      'pfi_own_option_remount')),
    ('super.c', 'PSEUDOFS_OPTIONS_NONE shows uid=, gid= and mode=',
     '\tif (pseudofs_owner_options(pfs)) {\n\t\tif (!uid_eq(',
     '\tif (1) {\n\t\tif (!uid_eq(',
     ('pft_no_options',)),
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
            notes = []
            for n, ks in sorted(unknown.items()):
                if k in ks and n not in found:
                    if kernel:
                        problems.append(f'identifier {n} is nowhere in the library '
                                        'nor in include/')
                    else:
                        notes.append(f'note: identifier {n} not checked '
                                     '(no kernel headers in TREE)')
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
            for p in problems + notes:
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
