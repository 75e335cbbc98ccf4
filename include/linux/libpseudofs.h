/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libpseudofs.h - a library for in-kernel pseudo filesystems, which keep
 * their tree in the dcache (not <linux/pseudo_fs.h>'s unmountable ones)
 */
#ifndef _LINUX_LIBPSEUDOFS_H
#define _LINUX_LIBPSEUDOFS_H

#include <linux/fs.h>
#include <linux/namei.h>

struct fs_context;
struct fs_parameter;
struct pseudofs_state;

/**
 * enum pseudofs_instances - how the superblocks of a filesystem are made
 * @PSEUDOFS_SINGLE: one for the whole system (debugfs, tracefs), kept by an
 *	internal mount; a %NULL parent means its root.
 * @PSEUDOFS_PER_MOUNT: a new one for every mount (binderfs, bpffs).
 * @PSEUDOFS_PER_KEY: one for each value ->instance_key() returns, e.g. a
 *	user namespace (binfmt_misc), shared by the mounts with that key.
 */
enum pseudofs_instances {
	PSEUDOFS_SINGLE,
	PSEUDOFS_PER_MOUNT,
	PSEUDOFS_PER_KEY,
};

/**
 * enum pseudofs_options - the mount options a filesystem takes
 * @PSEUDOFS_OPTIONS_STRICT: uid=, gid=, mode= and the filesystem's own;
 *	anything else fails the mount or remount.
 * @PSEUDOFS_OPTIONS_NONE: only the filesystem's own (->parse_param), if any
 *	(securityfs, binfmt_misc; pstore, binderfs, bpffs parse their own).
 */
enum pseudofs_options {
	PSEUDOFS_OPTIONS_STRICT,
	PSEUDOFS_OPTIONS_NONE,
};

/**
 * enum pseudofs_proxy - how a regular file is kept safe from its removal
 * @PSEUDOFS_PROXY_NONE: not at all: the file's operations run as given, and
 *	may run after pseudofs_remove() returned.
 * @PSEUDOFS_PROXY_OPEN: ->open runs between pseudofs_file_get() and
 *	pseudofs_file_put() and fails with -%ENOENT once the file is removed;
 *	the other operations take that bracket themselves where they need it.
 * @PSEUDOFS_PROXY_FULL: ->open, ->read, ->write, ->llseek, ->poll and
 *	->unlocked_ioctl run inside the bracket, and fail with -%EIO (->poll
 *	with %EPOLLHUP) once the file is removed, or as debugfs's if the file
 *	lacks them; ->release always runs; no other is carried.  Pollers wait
 *	on a queue of the library's, woken by those ->poll gives poll_wait()
 *	and, with %EPOLLHUP, by the removal.
 * @PSEUDOFS_PROXY_SHORT: for pseudofs_create_file_short(): ->open is
 *	simple_open(), and it, ->read, ->write and ->llseek run as with
 *	%PSEUDOFS_PROXY_FULL.  No module reference is taken and there is no
 *	->release: the operations' module removes the file before it goes.
 *
 * pseudofs_remove() of a proxied file waits, with no directory locked, for
 * the operations in the bracket, but not for its caller's own.
 */
enum pseudofs_proxy {
	PSEUDOFS_PROXY_NONE,
	PSEUDOFS_PROXY_OPEN,
	PSEUDOFS_PROXY_FULL,
	PSEUDOFS_PROXY_SHORT,
};

/**
 * struct pseudofs_cancellation - a way to stop a blocked file operation
 * @list: the library's, on the file's list of cancellations
 * @cancel: called by a removal waiting for the operation, with the file's
 *	dentry and @cancel_data: make the operation return soon
 * @cancel_data: for @cancel
 */
struct pseudofs_cancellation {
	struct list_head list;
	void (*cancel)(struct dentry *dentry, void *cancel_data);
	void *cancel_data;
};

/**
 * struct pseudofs_short_fops - the operations of a file of the short proxy
 * @read: as &file_operations.read, may be %NULL
 * @write: as &file_operations.write, may be %NULL
 * @llseek: as &file_operations.llseek, may be %NULL
 */
struct pseudofs_short_fops {
	ssize_t (*read)(struct file *file, char __user *buf, size_t len,
			loff_t *ppos);
	ssize_t (*write)(struct file *file, const char __user *buf, size_t len,
			 loff_t *ppos);
	loff_t (*llseek)(struct file *file, loff_t offset, int whence);
};

/**
 * struct pseudofs_operations - a filesystem's hooks, all optional
 * @instance_key: with %PSEUDOFS_PER_KEY, the key of the superblock a mount
 *	gets (e.g. @fc->user_ns), kept alive as long as the superblock.
 * @new_instance: after a mount made a superblock and applied its options,
 *	creates its first entries under @root (not for %PSEUDOFS_SINGLE); an
 *	error fails the mount.  @root->d_sb->s_umount is held; may sleep.
 * @kill_instance: called when a superblock goes, before its entries do,
 *	also one whose mount failed.  May sleep and remove entries.
 * @parse_param: parses one of the filesystem's own mount options (any but
 *	"source", uid=, gid= and mode=) into pseudofs_fc_data(@fc).  Return 0, -%ENOPARAM
 *	for an option not the filesystem's (refused), or another negative errno,
 *	logged by errorf() or invalfc(), that fails the mount or remount.
 * @apply_options: applies pseudofs_fc_data(@fc), and what it needs of
 *	pseudofs_fc_owner(@fc), to @sb: a new one (@fresh) after uid=, gid= and
 *	mode=, before ->new_instance; or, before them, one in use, by a remount
 *	or a mount that found it.  An error fails the mount or remount and must
 *	leave @sb as it was.  @sb->s_umount is held.
 * @show_options: shows the filesystem's own options, after uid=, gid=, mode=.
 * @init_inode: sets up a new inode of pseudofs_create_*() before its dentry
 *	becomes positive, the parent locked: must not create or remove entries
 *	nor change the file type.  A regular file's ->i_fop are its own (the
 *	short proxy's for pseudofs_create_file_short()): its proxy comes after.
 * @inode_evicted: called once an inode leaves memory, after its entry ended
 *	and its last open file closed: the place to free what ->i_private keeps.
 * @user_mkdir: userspace mkdir of @name in a directory of
 *	pseudofs_create_user_dir(), @dentry the VFS's negative dentry, with the
 *	directory unlocked: the hook creates it with pseudofs_create_dir() and
 *	friends.  Return 0 or a negative errno.
 * @user_rmdir: userspace rmdir of @dentry, as @user_mkdir: the hook removes
 *	it.  The two, both needed, run one at a time; @name is freed after.
 */
struct pseudofs_operations {
	void *(*instance_key)(struct fs_context *fc);
	int (*new_instance)(struct dentry *root);
	void (*kill_instance)(struct super_block *sb);
	int (*parse_param)(struct fs_context *fc, struct fs_parameter *param);
	int (*apply_options)(struct super_block *sb, struct fs_context *fc,
			     bool fresh);
	int (*show_options)(struct seq_file *m, struct dentry *root);
	void (*init_inode)(struct dentry *dentry, struct inode *inode);
	void (*inode_evicted)(struct inode *inode);
	int (*user_mkdir)(struct dentry *dentry, const char *name);
	int (*user_rmdir)(struct dentry *dentry, const char *name);
};

/**
 * struct pseudofs_desc - what a pseudo filesystem is, constant
 * @magic: superblock magic number
 * @instances: how superblocks are made
 * @options: which mount options are taken
 * @remount_all: uid= and gid= are for every inode, not only the root: a
 *	remount gives them all the new owner, and entries made later get the
 *	owner in force (mode= is always for the root only)
 * @default_mode: permission bits of the root without a mode= option
 * @fc_size: size of pseudofs_fc_data(), zeroed when a context is set up
 * @instance_size: size of pseudofs_instance_data(), zeroed with a superblock
 * @ops: hooks, may be %NULL
 * @d_ops: dentry operations of the superblock, may be %NULL
 * @root_iops: inode operations of the root, default simple_dir_inode_operations
 * @dir_iops: inode operations of the other directories, same default (but
 *	those of pseudofs_create_user_dir())
 * @file_iops: inode operations of regular files, may be %NULL
 * @inode_size: size of the per-filesystem inode structure, which starts with
 *	its struct inode (PSEUDOFS_INODE()); 0 for a bare inode
 * @inode_cache: name of the inodes' slab cache, default the type's name
 */
struct pseudofs_desc {
	unsigned long magic;
	enum pseudofs_instances instances;
	enum pseudofs_options options;
	bool remount_all;
	umode_t default_mode;
	size_t fc_size;
	size_t instance_size;
	const struct pseudofs_operations *ops;
	const struct dentry_operations *d_ops;
	const struct inode_operations *root_iops;
	const struct inode_operations *dir_iops;
	const struct inode_operations *file_iops;
	size_t inode_size;
	const char *inode_cache;
};

/* Initializer for a struct pseudofs_desc whose inodes start a @type */
#define PSEUDOFS_INODE(type, member) \
	.inode_size = sizeof(type) + BUILD_BUG_ON_ZERO(offsetof(type, member))

/**
 * struct pseudofs - a pseudo filesystem
 * @type: its file_system_type; set .name and .owner, and .init_fs_context
 *	to wrap pseudofs_init_fs_context() if mounting needs a check or its
 *	options other defaults.  pseudofs_register() fills in the rest.
 * @desc: what it is
 * @state: the library's, from pseudofs_register() to pseudofs_unregister()
 */
struct pseudofs {
	struct file_system_type type;
	const struct pseudofs_desc *desc;
	struct pseudofs_state *state;
};

static inline struct pseudofs *pseudofs_of(const struct super_block *sb)
{
	return container_of(sb->s_type, struct pseudofs, type);
}

int pseudofs_register(struct pseudofs *pfs);
int pseudofs_unregister(struct pseudofs *pfs);
bool pseudofs_registered(const struct pseudofs *pfs);
int pseudofs_init_fs_context(struct fs_context *fc);
void *pseudofs_instance_data(const struct super_block *sb);
void *pseudofs_fc_data(const struct fs_context *fc);
void pseudofs_fc_owner(const struct fs_context *fc, kuid_t *uid, kgid_t *gid);

struct dentry *pseudofs_start_creating(struct pseudofs *pfs, const char *name,
				       struct dentry *parent);
struct inode *pseudofs_new_inode(struct super_block *sb, umode_t mode);

struct dentry *pseudofs_create_file_aux(struct pseudofs *pfs,
					const char *name, umode_t mode,
					struct dentry *parent, void *data,
					const void *aux,
					enum pseudofs_proxy proxy,
					const struct file_operations *fops);
struct dentry *pseudofs_create_file_short(struct pseudofs *pfs,
					  const char *name, umode_t mode,
					  struct dentry *parent, void *data,
					  const void *aux,
					  const struct pseudofs_short_fops *fops);

/* pseudofs_create_file_aux() for a file without aux */
static inline struct dentry *
pseudofs_create_file(struct pseudofs *pfs, const char *name, umode_t mode,
		     struct dentry *parent, void *data,
		     enum pseudofs_proxy proxy,
		     const struct file_operations *fops)
{
	return pseudofs_create_file_aux(pfs, name, mode, parent, data, NULL,
					proxy, fops);
}

struct dentry *pseudofs_create_dir(struct pseudofs *pfs, const char *name,
				   umode_t mode, struct dentry *parent);
struct dentry *pseudofs_create_user_dir(struct pseudofs *pfs, const char *name,
					umode_t mode, struct dentry *parent,
					const struct inode_operations *iops);
struct dentry *pseudofs_user_dir_mkdir(struct mnt_idmap *idmap,
				       struct inode *dir, struct dentry *dentry,
				       umode_t mode);
int pseudofs_user_dir_rmdir(struct inode *dir, struct dentry *dentry);
struct dentry *pseudofs_create_symlink(struct pseudofs *pfs, const char *name,
				       umode_t mode, struct dentry *parent,
				       const char *target,
				       const struct inode_operations *iops);
struct dentry *__pseudofs_lookup(struct pseudofs *pfs, const char *name,
				 struct dentry *parent);

/* IS_ERR_OR_NULL() in one compare, not two: %NULL - 1 is above every error */
static __always_inline bool __pseudofs_err_or_null(const void *ptr)
{
	return unlikely((unsigned long)ptr - 1 >= -MAX_ERRNO - 1UL);
}

/**
 * pseudofs_lookup - look up an existing entry, without the task's permission
 * @pfs: the pseudo filesystem
 * @name: its name
 * @parent: its directory, %NULL for the root of a %PSEUDOFS_SINGLE filesystem
 *
 * Return: the dentry (it pins no mount: dput() it before the last umount),
 * ERR_PTR(-%ENOENT) if there is none, or see pseudofs_start_creating().
 */
static inline struct dentry *pseudofs_lookup(struct pseudofs *pfs,
					     const char *name,
					     struct dentry *parent)
{
	if (__pseudofs_err_or_null(name) || __pseudofs_err_or_null(parent) ||
	    !d_can_lookup(parent) || parent->d_sb->s_type != &pfs->type)
		return __pseudofs_lookup(pfs, name, parent);
	return lookup_noperm_positive_unlocked(&QSTR(name), parent);
}
void pseudofs_remove(struct pseudofs *pfs, struct dentry *dentry);

int pseudofs_file_get(struct dentry *dentry);
void pseudofs_file_put(struct dentry *dentry);
void *pseudofs_file_aux(const struct file *file);
void pseudofs_enter_cancellation(struct file *file,
				 struct pseudofs_cancellation *c);
void pseudofs_leave_cancellation(struct file *file,
				 struct pseudofs_cancellation *c);

#endif /* _LINUX_LIBPSEUDOFS_H */
