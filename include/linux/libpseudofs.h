/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libpseudofs.h - a library for in-kernel pseudo filesystems
 *
 * A pseudo filesystem keeps its whole tree in the dcache and takes uid=,
 * gid= and mode= mount options, plus any of its own.  It has one
 * superblock for the whole system (debugfs, tracefs), one per mount
 * (binderfs, bpffs) or one per key such as a namespace (binfmt_misc).
 * The plumbing lives in fs/libpseudofs/; a filesystem describes itself
 * with a struct pseudofs and keeps only its policy.  Not to be confused
 * with <linux/pseudo_fs.h>, init_pseudo() for unmountable kernel-internal
 * filesystems such as sockfs and pipefs.
 */
#ifndef _LINUX_LIBPSEUDOFS_H
#define _LINUX_LIBPSEUDOFS_H

#include <linux/fs.h>

struct fs_context;
struct fs_parameter_spec;
struct pseudofs_state;

/**
 * enum pseudofs_instances - how the superblocks of a filesystem are made
 * @PSEUDOFS_SINGLE: one for the whole system, made by pseudofs_register()
 *	and kept by an internal mount; a %NULL parent means its root.
 * @PSEUDOFS_PER_MOUNT: a new one for every mount.
 * @PSEUDOFS_PER_KEY: one for each value ->instance_key() returns, for
 *	example a user or network namespace; mounts with the same key share
 *	it.
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
 * @PSEUDOFS_OPTIONS_LAX: the same, but anything else is ignored (debugfs).
 * @PSEUDOFS_OPTIONS_NONE: no uid=, gid= or mode=: only the filesystem's
 *	own, if any, and nothing shown for the others (securityfs).
 * @PSEUDOFS_OPTIONS_NONE_LAX: the same, but anything else, and a value of
 *	the filesystem's own options that does not parse, is ignored: what
 *	the mount data parsers of old did (pstore).
 */
enum pseudofs_options {
	PSEUDOFS_OPTIONS_STRICT,
	PSEUDOFS_OPTIONS_LAX,
	PSEUDOFS_OPTIONS_NONE,
	PSEUDOFS_OPTIONS_NONE_LAX,
};

/**
 * enum pseudofs_proxy - how a regular file is kept safe from its removal
 * @PSEUDOFS_PROXY_NONE: not at all: the file's operations run as given,
 *	and may run after pseudofs_remove() returned.
 * @PSEUDOFS_PROXY_OPEN: ->open runs between pseudofs_file_get() and
 *	pseudofs_file_put() and fails with -%ENOENT once the file is removed;
 *	the other operations take that bracket themselves where they need it.
 * @PSEUDOFS_PROXY_FULL: ->open, ->read, ->write, ->llseek, ->poll and
 *	->unlocked_ioctl all run inside the bracket and fail with -%EIO (->poll
 *	with %EPOLLHUP) once the file is removed; ->release always runs.
 *
 * pseudofs_remove() of a proxied file waits, with no directory locked, for
 * the operations in the bracket to return, so that once it returned
 * nothing reaches the file's ->i_private through it any more.
 */
enum pseudofs_proxy {
	PSEUDOFS_PROXY_NONE,
	PSEUDOFS_PROXY_OPEN,
	PSEUDOFS_PROXY_FULL,
};

/**
 * struct pseudofs_cancellation - a way to stop a blocked file operation
 * @list: the library's, on the file's list of cancellations
 * @cancel: called by a removal waiting for the operation, with the file's
 *	dentry and @cancel_data: make the operation return soon
 * @cancel_data: for @cancel
 *
 * See pseudofs_enter_cancellation().
 */
struct pseudofs_cancellation {
	struct list_head list;
	void (*cancel)(struct dentry *dentry, void *cancel_data);
	void *cancel_data;
};

/* Which of uid=, gid= and mode= a remount gave (->remount_dir) */
#define PSEUDOFS_OPT_UID	BIT(0)
#define PSEUDOFS_OPT_GID	BIT(1)
#define PSEUDOFS_OPT_MODE	BIT(2)

/**
 * struct pseudofs_operations - a filesystem's hooks, all optional
 * @instance_key: with %PSEUDOFS_PER_KEY, the key of the superblock a mount
 *	gets, from its context (e.g. @fc->user_ns).  The filesystem keeps
 *	the key alive as long as the superblock: the superblock holds
 *	@fc->user_ns already.
 * @new_instance: called when a mount made a new superblock, after its
 *	options were applied, to create its first entries under @root.
 *	An error fails the mount.  Never called for %PSEUDOFS_SINGLE, whose
 *	entries are made once pseudofs_register() returned.
 * @kill_instance: called when a superblock goes, before its entries do.
 * @parse_string: turns the value of one of the filesystem's own
 *	fs_param_is_string options into the u64 that pseudofs_option()
 *	returns: *@result holds what the same request gave the option before
 *	(0 if nothing), so that repeats can add up.  Return 0, or a negative
 *	errno that fails the request.
 * @check_option: called for each of the filesystem's own options parsed,
 *	with its value as pseudofs_option() will return it, to refuse a
 *	value out of range: return 0, or a negative errno with a message
 *	logged by errorf().
 * @option_given: called when a mount or remount applies one of the
 *	filesystem's own options to @sb, with its value, for an option whose
 *	effect lives outside the superblock (pstore's kmsg_bytes is the
 *	system's).  Called with @sb->s_umount held; may sleep.
 * @show_options: shows the filesystem's own options in /proc/mounts, in
 *	place of the library, which shows those given with their values.
 *	uid=, gid= and mode= are shown by the library before.
 * @init_inode: sets up a new inode before its dentry becomes positive;
 *	called with the parent directory locked, for the entries the
 *	library creates in one call (pseudofs_create_file() and its
 *	siblings); entries made in steps are set up by their maker alone.
 * @entry_removed: called for every positive dentry that pseudofs_remove()
 *	takes out of the tree, once, with its parent locked, before the
 *	tree's reference to it is dropped.
 * @inode_evicted: called when an inode leaves memory: once its entry was
 *	removed and the last file open on it closed, or when its superblock
 *	goes.  Releases what @inode->i_private keeps; may sleep.
 * @user_mkdir: userspace mkdir of @name in a directory that
 *	pseudofs_create_user_dir() made; @dentry is the VFS's negative
 *	dentry.  Called with the directory unlocked (the VFS holds a
 *	reference to it, @dentry->d_parent), so that the hook can create the
 *	new directory and what goes in it with pseudofs_create_dir() and
 *	friends.  @name is a copy, freed when the hook returns.  Return 0 or
 *	a negative errno.
 * @user_rmdir: userspace rmdir of @dentry, named @name, in such a
 *	directory; called as @user_mkdir, with @dentry unlocked too.
 *	Without it, rmdir removes @dentry and everything below with
 *	pseudofs_remove().
 * @remount_begin: with @pseudofs.remount_all, called before a remount
 *	with uid= or gid= walks the inodes of @sb; @set holds the
 *	PSEUDOFS_OPT_* bits given.  May sleep.
 * @remount_dir: called for every directory of the walk that is attached
 *	to a dentry, under its ->i_lock, after its owner was reset, to update
 *	what the directory keeps for entries it has not created yet.  Must
 *	not sleep.  The dentry may go as soon as ->i_lock is dropped: what it
 *	alone keeps alive can be followed here if @remount_begin holds off
 *	its release.
 * @remount_end: called after the walk.
 * @may_open: called by the proxies of enum pseudofs_proxy before the real
 *	->open, inside the bracket, with the file's own operations: return
 *	0, or a negative errno that fails the open (debugfs's lockdown).
 *
 * The @user_mkdir and @user_rmdir hooks of a filesystem run one at a
 * time: none can remove what another is still filling in.
 */
struct pseudofs_operations {
	void *(*instance_key)(struct fs_context *fc);
	int (*new_instance)(struct dentry *root);
	void (*kill_instance)(struct super_block *sb);
	int (*parse_string)(struct fs_context *fc, int opt, char *value,
			    u64 *result);
	int (*check_option)(struct fs_context *fc, int opt, u64 value);
	void (*option_given)(struct super_block *sb, int opt, u64 value);
	int (*show_options)(struct seq_file *m, struct dentry *root);
	void (*init_inode)(struct dentry *dentry, struct inode *inode);
	void (*entry_removed)(struct dentry *dentry);
	void (*inode_evicted)(struct inode *inode);
	int (*user_mkdir)(struct dentry *dentry, const char *name);
	int (*user_rmdir)(struct dentry *dentry, const char *name);
	void (*remount_begin)(struct super_block *sb, unsigned int set);
	void (*remount_dir)(struct inode *inode, unsigned int set);
	void (*remount_end)(struct super_block *sb);
	int (*may_open)(struct inode *inode, struct file *file,
			const struct file_operations *real_fops);
};

/**
 * struct pseudofs - descriptor of a pseudo filesystem
 * @type: the file_system_type; set .name and .owner, and .init_fs_context
 *	to wrap pseudofs_init_fs_context() if mounting needs a check.
 *	pseudofs_register() fills in the rest.
 * @magic: superblock magic number
 * @instances: how superblocks are made
 * @options: which mount options are taken
 * @remount_all: uid= and gid= are for every inode, not only the root: a
 *	remount gives them all the new owner, and entries made later get the
 *	owner in force (mode= is always for the root only)
 * @owner_is_mounter: without uid= and gid=, the root belongs to the fsuid
 *	and fsgid of the task that mounts, not to root (bpffs)
 * @default_mode: permission bits of the root without a mode= option
 * @root_mode_always: permission bits the root has whatever mode= says,
 *	which /proc/mounts leaves out of mode= (bpffs's S_ISVTX)
 * @params: the filesystem's own mount options, beside uid=, gid= and
 *	mode=: flags, bools, enums, 32 or 64-bit integers and strings that
 *	->parse_string turns into a u64, whose @opt values are below 64; see
 *	pseudofs_option()
 * @remount_replaces: a remount sets all of the filesystem's own options:
 *	one it leaves out is no longer given, as if never (binderfs).
 *	Otherwise a remount changes only the options it gives.
 * @remount_fixed: BIT_ULL(opt) of each own option that only a new
 *	superblock takes: a remount that would change it fails
 * @remount_keeps_all: a remount checks the options it is given and changes
 *	none of them, the filesystem's own or uid=, gid= and mode= (bpffs
 *	never had a remount)
 * @instance_size: size of the per-superblock data of the filesystem,
 *	zeroed when the superblock is made; see pseudofs_instance_data()
 * @ops: hooks, may be %NULL
 * @d_ops: dentry operations of the superblock, may be %NULL
 * @file_iops: inode operations of regular files, may be %NULL
 * @dir_iops: inode operations of directories, default
 *	simple_dir_inode_operations; the directories of
 *	pseudofs_create_user_dir() use its ->permission, ->getattr and
 *	->setattr
 * @link_iops: inode operations of symlinks, default
 *	simple_symlink_inode_operations
 * @inode_size: size of the per-filesystem inode structure, 0 for a bare
 *	inode
 * @inode_offset: offset of the struct inode within it
 * @state: the library's, from pseudofs_register() to pseudofs_unregister()
 */
struct pseudofs {
	struct file_system_type type;
	unsigned long magic;
	enum pseudofs_instances instances;
	enum pseudofs_options options;
	bool remount_all;
	bool owner_is_mounter;
	umode_t default_mode;
	umode_t root_mode_always;
	const struct fs_parameter_spec *params;
	bool remount_replaces;
	u64 remount_fixed;
	bool remount_keeps_all;
	size_t instance_size;
	const struct pseudofs_operations *ops;
	const struct dentry_operations *d_ops;
	const struct inode_operations *file_iops;
	const struct inode_operations *dir_iops;
	const struct inode_operations *link_iops;
	size_t inode_size;
	size_t inode_offset;
	struct pseudofs_state *state;
};

/* Initializer for a struct pseudofs whose inodes are embedded in @type. */
#define PSEUDOFS_INODE(type, member)				\
	.inode_size = sizeof(type), .inode_offset = offsetof(type, member)

static inline struct pseudofs *pseudofs_of(const struct super_block *sb)
{
	return container_of(sb->s_type, struct pseudofs, type);
}

int pseudofs_register(struct pseudofs *pfs);
int pseudofs_unregister(struct pseudofs *pfs);
bool pseudofs_registered(const struct pseudofs *pfs);
int pseudofs_init_fs_context(struct fs_context *fc);
void *pseudofs_instance_data(const struct super_block *sb);
u64 pseudofs_option(const struct super_block *sb, int opt);
bool pseudofs_option_given(const struct super_block *sb, int opt);

struct dentry *pseudofs_start_creating(struct pseudofs *pfs, const char *name,
				       struct dentry *parent);
struct dentry *pseudofs_failed_creating(struct dentry *dentry);
struct dentry *pseudofs_end_creating(struct dentry *dentry);
struct inode *pseudofs_new_inode(struct super_block *sb, umode_t mode);

struct dentry *pseudofs_create_file(struct pseudofs *pfs, const char *name,
				    umode_t mode, struct dentry *parent,
				    void *data, enum pseudofs_proxy proxy,
				    const struct file_operations *fops);
struct dentry *pseudofs_create_dir(struct pseudofs *pfs, const char *name,
				   umode_t mode, struct dentry *parent);
struct dentry *pseudofs_create_device(struct pseudofs *pfs, const char *name,
				      umode_t mode, struct dentry *parent,
				      dev_t dev, void *data,
				      const struct file_operations *fops);
struct dentry *pseudofs_create_user_dir(struct pseudofs *pfs, const char *name,
					umode_t mode, struct dentry *parent);
struct dentry *pseudofs_create_symlink(struct pseudofs *pfs, const char *name,
				       umode_t mode, struct dentry *parent,
				       const char *target,
				       const struct inode_operations *iops);
struct dentry *pseudofs_create_automount(struct pseudofs *pfs,
					 const char *name,
					 struct dentry *parent,
					 void *data, void *fsdata);
struct dentry *pseudofs_lookup(struct pseudofs *pfs, const char *name,
			       struct dentry *parent);
void pseudofs_remove(struct pseudofs *pfs, struct dentry *dentry);
struct dentry *pseudofs_rename(struct pseudofs *pfs, struct dentry *old_dir,
			       struct dentry *old_dentry,
			       struct dentry *new_dir, const char *new_name);


int pseudofs_file_get(struct dentry *dentry);
void pseudofs_file_put(struct dentry *dentry);
const struct file_operations *pseudofs_real_fops(const struct file *file);
bool pseudofs_full_proxy_covers(const struct file_operations *fops);
void pseudofs_enter_cancellation(struct file *file,
				 struct pseudofs_cancellation *c);
void pseudofs_leave_cancellation(struct file *file,
				 struct pseudofs_cancellation *c);

#endif /* _LINUX_LIBPSEUDOFS_H */
