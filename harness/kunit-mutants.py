#!/usr/bin/env python3
# kunit-mutants.py [--list | --only K] TREE: break fs/libpseudofs in TREE on
# purpose, once per defect the review found, so that the KUnit cases
# written for them can be seen failing.  Each mutant puts back one defect,
# or swallows one error the library must return; none of them makes the
# kernel crash, so every case still runs.  Prints the mutants applied;
# fails if one no longer matches the source.  --only K applies the K-th
# mutant alone (1-based); --list prints "K FILE: WHAT" for each and applies
# none.  make mutants (harness/mutants.sh) runs kunit.py on each alone.
import sys

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

args = sys.argv[1:]
only = None
if args[:1] == ['--list']:
    for k, (f, what, _, _) in enumerate(MUTANTS, 1):
        print(f'{k} {f}: {what}')
    sys.exit(0)
if args[:1] == ['--only'] and len(args) >= 2:
    only = int(args[1])
    if not 1 <= only <= len(MUTANTS):
        sys.exit(f'kunit-mutants: no mutant {only} (1..{len(MUTANTS)})')
    args = args[2:]
if len(args) != 1:
    sys.exit('usage: kunit-mutants.py [--list | --only K] TREE')
tree = args[0]
for k, (f, what, old, new) in enumerate(MUTANTS, 1):
    if only is not None and k != only:
        continue
    path = f'{tree}/fs/libpseudofs/{f}'
    src = open(path).read()
    if src.count(old) != 1:
        sys.exit(f'kunit-mutants: {f}: cannot apply "{what}"')
    open(path, 'w').write(src.replace(old, new))
    print(f'mutant: {f}: {what}')
