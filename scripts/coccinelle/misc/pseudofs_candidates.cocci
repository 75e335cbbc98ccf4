// SPDX-License-Identifier: GPL-2.0-only
/// Find the pseudo filesystems that still carry plumbing libpseudofs holds,
/// and say for each what the library offers it and what it lacks.
///
/// libfs's simple_start_creating(), simple_done_creating(),
/// d_make_persistent(), d_make_discardable() and simple_recursive_removal()
/// are the primitives the library is built on, not plumbing: a file that
/// only creates and removes entries with them is not reported.  A file is
/// reported, once, for any of:
///
///  - an internal mount pinned with simple_pin_fs() (and dropped with
///    simple_release_fs()) to create entries, unless the file is an
///    init_pseudo() filesystem of anonymous inodes (drm, vfio, ...);
///
///  - its own uid=, gid= or mode= options: an fs_parameter_spec entry
///    (fsparam_u32(), fsparam_uid(), fsparam_gid(), fsparam_u32oct(), ...)
///    named "uid", "gid" or "mode", or a ",uid=%u"-like string printed by
///    the ->show_options of its super_operations; in a file that makes its
///    superblocks with get_tree_single(), get_tree_nodev() or
///    get_tree_keyed() (never get_tree_bdev()) and makes inodes or entries;
///
///  - superblocks made with get_tree_single(), get_tree_nodev() or
///    get_tree_keyed() by a fill_super that makes the inodes itself
///    (new_inode() or simple_fill_super(), directly or through a function
///    of the file), in a file that fills its tree with d_make_persistent(),
///    simple_start_creating() or simple_fill_super().  A root alone (nullfs,
///    failfs) or a disk filesystem is no pseudo filesystem.
///
/// The line is at the first simple_pin_fs() call, or else at the first
/// get_tree_*() call.  It names the filesystem, the plumbing found (with,
/// as context, the mainline primitives it creates and removes with), what
/// the library offers for it, and what the library lacks for it: from a
/// table kept below, by the file's path in the tree, or else from the
/// facts.  Files that include <linux/libpseudofs.h> are library clients
/// already, and the file that defines simple_pin_fs() is libfs: neither is
/// reported.  Report only; nothing is changed.
///
// Confidence: Moderate
// Copyright: (C) 2026 The libpseudofs authors.
// URL: https://coccinelle.gitlabpages.inria.fr/website
// Comments: Facts are kept per file, so a filesystem split over several .c
// files is seen in each file alone (configfs is reported for mount.c, where
// it pins its mount; efivarfs for super.c, where it parses its options).
// The table says what the library lacks for the filesystems of Linux 7.3;
// it is keyed by the path spatch is given, relative to the tree's top.
// Options: --no-includes --include-headers

virtual context
virtual org
virtual report
// Accepted so that "make coccicheck MODE=patch" runs; there is nothing to
// patch.
virtual patch

@initialize:python@
@@
# Facts, per file (with --include, rules also see the forced headers).
facts = {}

# Name constraints as functions: coccinelle built with OCaml Str (Debian
# 13 and later) reads "=~" regexes in another syntax than with PCRE (1.1.1).
def is_fsparam(name):
	return name.startswith('fsparam_')

OWNER = ('uid', 'gid', 'mode')

# What the library lacks, per file of Linux 7.3: (name, what it lacks).
LACKS = {
	'security/apparmor/apparmorfs.c': ('apparmorfs',
		'a handle on its internal mount: policy_get_link() jumps into '
		'aafs_mnt with nd_jump_link(), and aa_mk_null_file() pins '
		'securityfs by its type to make .null and keep it as a struct '
		'path (aa_null)'),
	'fs/configfs/mount.c': ('configfs',
		'the config_item/config_group tree mirrored by its own struct '
		'configfs_dirent tree (fs/configfs/dir.c, inode.c): default '
		'groups, item symlinks (->allow_link/->drop_link), attributes '
		'with a buffer per open and binary attributes, '
		'configfs_depend_item()'),
	'fs/fuse/control.c': ('fusectl',
		'an owner per entry: the directory of each connection (named by '
		"its fc->dev) and its files take the connection's user_id and "
		'group_id, which only ->init_inode could set, one entry at a time '
		'from ->i_private; the tree is filled again from fuse_conn_list at '
		'each mount (->new_instance) and changed under fuse_mutex from '
		'outside, through the superblock it keeps (fuse_control_sb)'),
	'fs/devpts/inode.c': ('devpts',
		'uid=, gid= and mode= for the pty nodes made later (without '
		"uid=/gid=, the opener's fsuid/fsgid), not for the root; the "
		'ptmx node of each instance, whose mode ptmxmode= changes on '
		'remount; the instance found from a /dev/ptmx path '
		'(devpts_acquire(), devpts_mntget()) and held by the tty through '
		's_active; newinstance (a no-op: every mount is a new instance) '
		'and max= with the kernel.pty sysctls'),
	'drivers/usb/gadget/function/f_fs.c': ('functionfs',
		'a mount whose source names the function instance it claims '
		'before the superblock exists (ffs_acquire_dev(), busy fails the '
		"mount), the instance's ffs_data outliving umount; uid=/gid= "
		'(plain u32) for the files too, and three modes (rmode= for the '
		'root, fmode= for the files, mode= for both); ep0 and the '
		'endpoint files, device-backed, made when userspace writes the '
		'descriptors to ep0 and removed on reset'),
	'drivers/usb/gadget/legacy/inode.c': ('gadgetfs',
		'a tree that claims the one UDC while mounted: fill_super makes '
		'the ep0 file named after the UDC ($CHIP) and kill_sb drops '
		'the_device; endpoint files made when the host configures the '
		'gadget; owner and mode from module parameters (default_uid, '
		'default_gid, default_perm), not mount options'),
	'net/sunrpc/rpc_pipe.c': ('rpc_pipefs',
		'the superblock of a key found and announced from outside: '
		"rpc_get_sb_net() returns the net's superblock under "
		'pipefs_sb_lock, and the RPC_PIPEFS_MOUNT/UMOUNT notifiers '
		'(rpc_pipefs_notifier_list) let nfs, nfsd and auth_gss add and '
		'drop their directories and pipe inodes (struct rpc_inode, '
		'rpc_mkpipe_dentry()) per net superblock'),
	'fs/nfsd/nfsctl.c': ('nfsd',
		'nfsctl transaction files: a write runs the command the inode '
		"number picks (write_op[ino], numbered by simple_fill_super()'s "
		'tree_descr) and the answer is read back from the same open file '
		'(simple_transaction_get()/_set()/_read()); per net namespace, '
		'the clients/ directory filled by the NFSv4 state code '
		"(nfsd_client_mkdir()) and the net's threads shut down at umount"),
	'drivers/android/binder/rust_binderfs.c': ('binder (Rust)',
		'a Rust binding: the binder contexts and the per-process log '
		"files are the Rust driver's (rust_binder_main.rs calls "
		'rust_binderfs_create_proc_file() and rust_binderfs_remove_file(), '
		'and this file rust_binder_new_context()), and the library has '
		'no Rust API; only this C glue could move, as '
		'drivers/android/binderfs.c did'),
	'arch/s390/hypfs/inode.c': ('s390_hypfs',
		'little: a tree dropped and made again whole when userspace '
		'writes update (hypfs_delete_tree() over a list chained through '
		'->d_fsdata), at most once a second, with files holding a copy of '
		"the hypervisor's data; uid=/gid= (plain u32) default to the "
		"mounter's"),
	'arch/powerpc/platforms/cell/spufs/inode.c': ('spufs',
		'creation by a system call: spu_create(2) hands spufs_create() a '
		'path and a negative dentry of a userspace mount, and the context '
		"or gang directory is made there under the VFS's lock and filled "
		'from the spufs_dir_contents tables, each inode holding its '
		'spu_context (struct spufs_inode_info)'),
	'drivers/xen/xenfs/super.c': ('xenfs',
		'only a table form: its files come from a tree_descr '
		'(simple_fill_super()), chosen by xen_initial_domain(), where the '
		'library makes them one call each'),
	'security/selinux/selinuxfs.c': ('selinuxfs',
		'a subtree replaced whole: a policy load builds new booleans/ and '
		'class/ directories in a hidden .swapover directory and swaps them '
		'in with d_exchange(); inode numbers that encode the boolean or '
		'class and permission (sel_ino); a handle on its internal mount '
		'(selinux_null, the struct path of its null node, opened by the '
		'LSM hooks)'),
	'security/smack/smackfs.c': ('smackfs',
		'only a table form: its files come from one tree_descr indexed by '
		'their inode numbers (simple_fill_super()), where the library '
		'makes them one call each'),
	'fs/efivarfs/super.c': ('efivarfs',
		'variables as files: made and removed by userspace (->create, '
		'->unlink in fs/efivarfs/inode.c) and read and written through to '
		"the firmware; the tree made from the firmware's variables at each "
		'mount (efivar_init()) and synced again on thaw after hibernation '
		'(->freeze_fs/->unfreeze_fs)'),
	'fs/autofs/inode.c': ('autofs',
		"the automount daemon's protocol: its pipe (fd=, pgrp=, "
		'minproto=/maxproto=, direct/indirect/offset), ->d_automount and '
		"->d_manage on the dentries, expiry and the ioctls; the daemon's "
		'own mkdir and symlink in the tree (fs/autofs/root.c); uid=/gid= '
		"that default to the mounter's"),
	'fs/hugetlbfs/inode.c': ('hugetlbfs',
		'everything of a memory filesystem, which it is, not a pseudo '
		'one: files made by userspace (->create, ->mknod, ->symlink, '
		'->rename) in a page cache of huge pages with mmap, size=, '
		'min_size=, nr_inodes= and pagesize= per mount'),
	'fs/ramfs/inode.c': ('ramfs',
		'everything of a memory filesystem, which it is, not a pseudo '
		'one: files made and written by userspace (->create, ->mknod, '
		'->symlink, ->rename) in the page cache'),
	'mm/shmem.c': ('tmpfs',
		'everything of a memory filesystem, which it is, not a pseudo '
		'one: userspace files in swap-backed page cache, size=, '
		'nr_inodes=, huge=, quotas, xattrs, idmapped mounts, and shm_mnt '
		'for shared anonymous memory'),
	'ipc/mqueue.c': ('mqueue',
		'queues as files made by userspace: mq_open(2) on the IPC '
		"namespace's own internal mount (mq_create_mount()) and "
		'open(O_CREAT)/unlink in a mount (->create, ->unlink), each inode '
		'holding its queue (struct mqueue_inode_info); only '
		'PSEUDOFS_SINGLE is mounted internally'),
	'fs/ocfs2/dlmfs/dlmfs.c': ('ocfs2_dlmfs',
		'regular files made by userspace (->create) that are DLM locks: '
		'the open mode picks the lock level and the file reads and writes '
		'the lock value block; each inode holds its lock resource (struct '
		'dlmfs_inode_private)'),
}

def ff(p):
	s = facts.get(p.file)
	if s is None:
		s = facts[p.file] = {'lib': False, 'pins': [], 'anon': set(),
				     'opts': [], 'showfns': set(), 'shows': [],
				     'types': [], 'trees': [], 'bdev': False,
				     'makers': {}, 'calls': {}, 'entries': set(),
				     'removal': set(), 'mounts': set(),
				     'uops': set(), 'alloc_inode': False,
				     'decided': None}
	return s

def unq(c):
	return str(c).strip('"')

def fns(names):
	return ', '.join('%s()' % n for n in names)

def first_fns(names, most=3):
	names = sorted(set(names))
	more = len(names) - most
	return fns(names[:most]) + (' and %d more' % more if more > 0 else '')

def makes_inodes(s, fn):
	"""fn calls new_inode() or simple_fill_super(), or a function of the
	file that does."""
	if 'closure' not in s:
		made = set(s['makers'])
		while True:
			more = set(f for (f, calls) in s['calls'].items()
				   if f not in made and calls & made)
			if not more:
				break
			made |= more
		s['closure'] = made
	return fn in s['closure']

def owner_options(s):
	"""uid=, gid=, mode= the file parses or shows itself."""
	found = set(n for (n, fn, f) in s['opts'] if n in OWNER)
	for (c, fn) in s['shows']:
		if fn in s['showfns']:
			for n in OWNER:
				if ',%s=' % n in c or '"%s=' % n in c:
					found.add(n)
	return [n for n in OWNER if n in found]

TREE = ('d_make_persistent', 'simple_start_creating', 'simple_fill_super')

def plumbing(s):
	"""(pins, owner options, get_tree_*() calls) if the file is to be
	reported, else None."""
	pins = s['pins'] if not s['anon'] else []
	owner = owner_options(s)
	supers = s['trees'] if not s['bdev'] else []
	tree = s['entries'] & set(TREE)
	pseudo = supers and (tree or 'new_inode' in s['entries'])
	inst = [t for t in supers if tree and makes_inodes(s, t[1])]
	if not (pins or (owner and pseudo) or inst):
		return None
	return pins, owner if pseudo else [], inst or supers

def norm(e):
	return ''.join(str(e).split())

# The order the context names the primitives in.
PRIMITIVES = ('simple_start_creating', 'new_inode', 'd_make_persistent',
	      'd_instantiate', 'd_add', 'simple_fill_super')

def describe(s, path, pins, owner, supers):
	name, lack = LACKS.get(path, (None, None))
	if name is None:
		for key in LACKS:
			if path.endswith('/' + key):
				name, lack = LACKS[key]
				break
	if name is None:
		name = unq(s['types'][0]) if s['types'] else path
	kinds = sorted(set(t[0] for t in supers))
	has = []
	offers = []
	if pins:
		has.append('pins a mount with simple_pin_fs() in %s' %
			   first_fns(fn for (fn, l, c) in pins))
	if owner:
		has.append('parses %s itself' % ', '.join(n + '=' for n in owner))
	if supers:
		made = sorted(set(t[1] for t in supers if makes_inodes(s, t[1])))
		has.append('makes its superblocks with %s%s' % (fns(kinds),
			   ' (%s makes the inodes)' % fns(made) if made else ''))
	if s['mounts']:
		has.append('keeps an internal mount with %s' % fns(sorted(s['mounts'])))
	made = [e for e in PRIMITIVES if e in s['entries']]
	if made == ['new_inode']:
		made = []	# inodes, but no entry: the root, said above
	if made:
		has.append("creates entries with %s%s (mainline's primitives)" % (
			   ' + '.join('%s()' % e for e in made),
			   ' and removes them with %s' % fns(sorted(s['removal']))
			   if s['removal'] else ''))
	elif s['removal']:
		has.append("removes entries with %s (mainline's primitives)" %
			   fns(sorted(s['removal'])))

	if 'get_tree_single' in kinds and (pins or s['mounts']):
		offers.append('PSEUDOFS_SINGLE: the internal mount, for as long '
			      'as it is registered' +
			      (', no pin per entry' if pins else ''))
	elif 'get_tree_single' in kinds:
		offers.append('PSEUDOFS_SINGLE, or PSEUDOFS_PER_KEY with one '
			      'constant key for a superblock that lives while '
			      'mounted (as pstore)')
	elif pins:
		offers.append('an internal mount for as long as it is '
			      'registered (PSEUDOFS_SINGLE), no pin per entry')
	if 'get_tree_nodev' in kinds:
		offers.append('PSEUDOFS_PER_MOUNT')
	for key in sorted(set(t[3] for t in supers if t[0] == 'get_tree_keyed')):
		offers.append('PSEUDOFS_PER_KEY with ->instance_key() giving %s' % key)
	if owner:
		own = sorted(set(n if f == 'fsparam_flag' else n + '='
				 for (n, fn, f) in s['opts'] if n not in OWNER))
		more = len(own) - 6
		offers.append('uid=, gid= and mode= parsed, shown and applied on '
			      'remount (PSEUDOFS_OPTIONS_STRICT)' +
			      (', its own %s%s through ->parse_param and '
			       '->show_options' % (', '.join(own[:6]),
			       ' and %d more' % more if more > 0 else '')
			       if own else ''))
	if made:
		offers.append('pseudofs_create_file()/_dir()/_device()/_symlink() '
			      '(or in steps: pseudofs_start_creating(), '
			      'pseudofs_new_inode(), simple_done_creating())')
	if s['removal']:
		offers.append('pseudofs_remove()')
	if s['alloc_inode']:
		offers.append('inodes in a structure of its own (PSEUDOFS_INODE())')
	if lack is None:
		lack = generic_lack(s, supers)
	return '%s: %s. Offers: %s. Lacks: %s.' % (name, '; '.join(has),
						   '; '.join(offers), lack)

def generic_lack(s, supers):
	"""What the facts say the library lacks, for a file not in LACKS."""
	out = []
	uops = sorted(s['uops'] - {'mkdir', 'get_link'})
	if uops:
		out.append('entries made by userspace (%s): only ->user_mkdir and '
			   '->user_rmdir are offered' %
			   ', '.join('->' + u for u in uops))
	if s['mounts'] and any(k != 'get_tree_single' for (k, f, fn, key, l, c)
			       in supers):
		out.append('an internal mount per superblock: only '
			   'PSEUDOFS_SINGLE is mounted internally')
	if 'simple_fill_super' in s['entries']:
		out.append("a table of files (simple_fill_super()'s tree_descr), "
			   'made one call each by the library')
	if not out:
		out.append('nothing these rules can see (not in the table of '
			   'pseudofs_candidates.cocci: read the file)')
	return '; '.join(out)

def decide(p):
	"""The reason, if p is the line of its file; else None."""
	s = ff(p)
	if s['lib']:
		return None
	if s['decided'] is None:
		s['decided'] = (None, None)
		found = plumbing(s)
		if found:
			pins, owner, supers = found
			if pins:
				at = min((l, c) for (fn, l, c) in pins)
			else:
				at = min((l, c) for (k, f, fn, key, l, c) in supers)
			s['decided'] = (at, describe(s, p.file, pins, owner, supers))
	at, why = s['decided']
	return why if at == (int(p.line), int(p.column)) else None

// A library client, or libfs itself: nothing to report in this file.
@pseudofs_h@
position p;
@@
#include <linux/libpseudofs.h>@p

@script:python@
p << pseudofs_h.p;
@@
ff(p[0])['lib'] = True

@libfs@
position p;
@@
simple_pin_fs@p(...) { ... }

@script:python@
p << libfs.p;
@@
ff(p[0])['lib'] = True

// An internal mount pinned to create entries.
@pin@
expression T, M, C;
position p;
@@
simple_pin_fs@p(T, M, C)

@script:python@
p << pin.p;
@@
ff(p[0])['pins'].append((p[0].current_element, int(p[0].line), int(p[0].column)))

// ... or to make anonymous inodes of an init_pseudo() filesystem.
@anon@
identifier f = {init_pseudo, alloc_anon_inode};
position p;
@@
f@p(...)

@script:python@
f << anon.f;
p << anon.p;
@@
ff(p[0])['anon'].add(str(f))

// Mount options: the entries of an fs_parameter_spec table ...
@opt@
identifier f : script:python() { is_fsparam(f) };
constant char[] c;
expression E;
position p;
@@
f@p(c, E, ...)

@script:python@
f << opt.f;
c << opt.c;
p << opt.p;
@@
ff(p[0])['opts'].append((unq(c), p[0].current_element, str(f)))

// ... and what ->show_options prints.
@show_op@
identifier S, F;
position p;
@@
struct super_operations S@p = { ..., .show_options = F, ... };

@script:python@
F << show_op.F;
p << show_op.p;
@@
ff(p[0])['showfns'].add(str(F))

@show@
identifier f = {seq_printf, seq_puts};
expression M;
constant char[] c;
position p;
@@
f@p(M, c, ...)

@script:python@
c << show.c;
p << show.p;
@@
ff(p[0])['shows'].append((str(c), p[0].current_element))

// Superblocks, and the inodes their fill_super makes.
@fstype@
identifier S;
expression N;
position p;
@@
struct file_system_type S@p = { ..., .name = N, ... };

@script:python@
N << fstype.N;
p << fstype.p;
@@
ff(p[0])['types'].append(str(N))

@super@
identifier g = {get_tree_single, get_tree_nodev, get_tree_keyed};
identifier F;
expression C;
position p;
@@
g@p(C, F, ...)

@script:python@
g << super.g;
F << super.F;
p << super.p;
@@
ff(p[0])['trees'].append((str(g), str(F), p[0].current_element, None,
			  int(p[0].line), int(p[0].column)))

@keyed@
identifier F;
expression C, K;
position p;
@@
get_tree_keyed@p(C, F, K)

@script:python@
K << keyed.K;
p << keyed.p;
@@
s = ff(p[0])
s['trees'] = [t[:3] + (norm(K),) + t[4:]
	      if (t[4], t[5]) == (int(p[0].line), int(p[0].column)) else t
	      for t in s['trees']]

@bdev@
identifier f = {get_tree_bdev, get_tree_bdev_flags, mount_bdev};
position p;
@@
f@p(...)

@script:python@
p << bdev.p;
@@
ff(p[0])['bdev'] = True

@maker@
identifier f = {new_inode, simple_fill_super};
position p;
@@
f@p(...)

@script:python@
f << maker.f;
p << maker.p;
@@
ff(p[0])['makers'].setdefault(p[0].current_element, set()).add(str(f))

@call@
identifier g;
position p;
@@
g@p(...)

@script:python@
g << call.g;
p << call.p;
@@
ff(p[0])['calls'].setdefault(p[0].current_element, set()).add(str(g))

// The entries it makes and removes (context: the mainline primitives).
@entry@
identifier f = {new_inode, d_make_persistent, simple_start_creating,
		simple_fill_super, d_instantiate, d_add};
position p;
@@
f@p(...)

@script:python@
f << entry.f;
p << entry.p;
@@
ff(p[0])['entries'].add(str(f))

@removal@
identifier f = {simple_recursive_removal, d_make_discardable,
		simple_remove_by_name};
position p;
@@
f@p(...)

@script:python@
f << removal.f;
p << removal.p;
@@
ff(p[0])['removal'].add(str(f))

@kmount@
identifier f = {kern_mount, fc_mount, fc_mount_longterm, vfs_kern_mount};
position p;
@@
f@p(...)

@script:python@
f << kmount.f;
p << kmount.p;
@@
ff(p[0])['mounts'].add(str(f))

// What userspace may do in its tree, and its own inode structure.
@uop@
identifier S, F;
identifier fld = {create, mknod, symlink, link, rename, mkdir, get_link};
position p;
@@
struct inode_operations S@p = { ..., .fld = F, ... };

@script:python@
fld << uop.fld;
F << uop.F;
p << uop.p;
@@
if not str(F).startswith('simple_'):
	ff(p[0])['uops'].add(str(fld))

@alloc@
identifier S, F;
position p;
@@
struct super_operations S@p = { ..., .alloc_inode = F, ... };

@script:python@
p << alloc.p;
@@
ff(p[0])['alloc_inode'] = True

// All facts are in: the line of each file reported.
@site@
identifier f = {simple_pin_fs, get_tree_single, get_tree_nodev,
		get_tree_keyed};
position p;
@@
f@p(...)

@script:python decide@
f << site.f;
p << site.p;
sf;
@@
why = decide(p[0])
coccinelle.sf = cocci.make_ident(str(f) if why else '__pseudofs_no_candidate__')

@depends on context@
position site.p;
identifier decide.sf;
@@
* sf@p(...)

@script:python depends on org@
p << site.p;
@@
why = decide(p[0])
if why:
	coccilib.org.print_todo(p[0], 'candidate for libpseudofs: ' + why)

@script:python depends on report@
p << site.p;
@@
why = decide(p[0])
if why:
	print('%s:%s: candidate for libpseudofs: %s' % (p[0].file, p[0].line, why))
