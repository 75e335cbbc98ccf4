/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pseudofs.h - library for single-instance in-kernel pseudo filesystems
 *
 * debugfs and tracefs keep their whole tree in the dcache, under a single
 * superblock that an internal mount keeps while the filesystem is
 * registered, and take uid=, gid= and mode= mount options.
 * The plumbing for that lives in fs/libpseudofs/; a filesystem describes
 * itself with a struct pseudofs and keeps only its policy.
 */
#ifndef _LINUX_PSEUDOFS_H
#define _LINUX_PSEUDOFS_H

#include <linux/fs.h>

struct fs_context;
struct fs_parameter;
struct kmem_cache;
struct seq_file;
struct vfsmount;

/* struct pseudofs.flags: per-filesystem policy */
#define PSEUDOFS_STRICT_OPTIONS	BIT(0)	/* reject unknown mount options */
#define PSEUDOFS_REMOUNT_ALL	BIT(1)	/* remount uid=/gid= reach every inode */
#define PSEUDOFS_NO_OPTIONS	BIT(2)	/* no uid=/gid=/mode=: refused, never shown */

/* struct pseudofs_mount_opts.set: which options were given */
#define PSEUDOFS_OPT_UID	BIT(0)
#define PSEUDOFS_OPT_GID	BIT(1)
#define PSEUDOFS_OPT_MODE	BIT(2)

/**
 * struct pseudofs_mount_opts - mount options of a pseudo filesystem
 * @uid: owner of the root directory
 * @gid: group of the root directory
 * @mode: permission bits of the root directory
 * @set: PSEUDOFS_OPT_* bits of the options given explicitly
 */
struct pseudofs_mount_opts {
	kuid_t uid;
	kgid_t gid;
	umode_t mode;
	unsigned int set;
};

/**
 * struct pseudofs_operations - per-filesystem hooks, all optional
 * @init_inode: set up a new inode before its dentry becomes positive;
 *	called with the parent directory locked.
 * @remove: called for every positive dentry that pseudofs_remove() takes
 *	out of the tree, once, with its parent locked, before the tree's
 *	reference to it is dropped.
 * @remount_inode: with %PSEUDOFS_REMOUNT_ALL, called on remount for every
 *	inode attached to a dentry, under its ->i_lock, after its owner was
 *	reset; @set holds the PSEUDOFS_OPT_* bits given.  Must not sleep.
 *	The dentry may go as soon as ->i_lock is dropped: what it alone keeps
 *	alive can be followed here if @remount_begin holds off its release.
 * @remount_begin: called before the remount walk, may sleep; its return
 *	value is handed to @remount_end, called after the walk.
 * @remount_end: see @remount_begin.
 * @mkdir: userspace mkdir of @name in a directory that
 *	pseudofs_create_user_dir() made; @dentry is the VFS's negative dentry.
 *	Called with the directory unlocked (the VFS holds a reference to
 *	it, @dentry->d_parent), so that the hook can create the new
 *	directory and what goes in it with pseudofs_create_dir() and
 *	friends.  @name is a copy, freed when the hook returns.  Return 0 or
 *	a negative errno.
 * @rmdir: userspace rmdir of @dentry, named @name, in such a directory;
 *	called as @mkdir, with @dentry unlocked too.  Without it, rmdir
 *	removes @dentry and everything below with pseudofs_remove().
 *
 * The library runs the @mkdir and @rmdir hooks of a filesystem one at a
 * time: none can remove what another is still filling in.
 */
struct pseudofs_operations {
	void (*init_inode)(struct dentry *dentry, struct inode *inode);
	void (*remove)(struct dentry *dentry);
	void (*remount_inode)(struct inode *inode, unsigned int set);
	int (*remount_begin)(void);
	void (*remount_end)(int cookie);
	int (*mkdir)(struct dentry *dentry, const char *name);
	int (*rmdir)(struct dentry *dentry, const char *name);
};

/**
 * struct pseudofs - descriptor of a pseudo filesystem
 * @type: the file_system_type; set .name and .owner, and .init_fs_context
 *	to wrap pseudofs_init_fs_context() if mounting needs a check.
 *	pseudofs_register() fills in the rest.
 * @magic: superblock magic number
 * @default_mode: permission bits of the root without a mode= option
 * @flags: PSEUDOFS_* policy flags
 * @ops: policy hooks, may be NULL
 * @d_ops: dentry operations of the superblock, may be NULL
 * @file_iops: inode operations of regular files, may be NULL
 * @dir_iops: inode operations of directories, default simple_dir_inode_operations
 * @link_iops: inode operations of symlinks, default simple_symlink_inode_operations
 * @user_dir_iops: inode operations of the directories that
 *	pseudofs_create_user_dir() makes, default ->lookup, ->mkdir and
 *	->rmdir only; any given must have pseudofs_mkdir() and pseudofs_rmdir()
 * @inode_size: size of the per-filesystem inode structure, 0 for a bare inode
 * @inode_offset: offset of the struct inode within it
 * @mount: internal mount, from pseudofs_register() to pseudofs_unregister()
 * @inode_cache: slab of inodes
 * @registered: set once pseudofs_register() succeeded
 * @user_dir_mutex: serializes the ->mkdir and ->rmdir hooks
 */
struct pseudofs {
	struct file_system_type type;
	unsigned long magic;
	umode_t default_mode;
	unsigned int flags;
	const struct pseudofs_operations *ops;
	const struct dentry_operations *d_ops;
	const struct inode_operations *file_iops;
	const struct inode_operations *dir_iops;
	const struct inode_operations *link_iops;
	const struct inode_operations *user_dir_iops;
	size_t inode_size;
	size_t inode_offset;
	/* owned by the library */
	struct vfsmount *mount;
	struct kmem_cache *inode_cache;
	bool registered;
	struct mutex user_dir_mutex;
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

int pseudofs_init_fs_context(struct fs_context *fc);
int pseudofs_parse_param(struct fs_context *fc, struct fs_parameter *param);
int pseudofs_reconfigure(struct fs_context *fc);
int pseudofs_show_options(struct seq_file *m, struct dentry *root);

struct dentry *pseudofs_start_creating(struct pseudofs *pfs, const char *name,
				       struct dentry *parent);
struct dentry *pseudofs_failed_creating(struct pseudofs *pfs,
					struct dentry *dentry);
struct dentry *pseudofs_end_creating(struct dentry *dentry);
struct inode *pseudofs_new_inode(struct super_block *sb, umode_t mode);
struct dentry *pseudofs_instantiate(struct dentry *dentry, struct inode *inode);

struct dentry *pseudofs_create_entry(struct pseudofs *pfs, const char *name,
				     umode_t mode, struct dentry *parent,
				     void *data,
				     const struct file_operations *fops,
				     const struct inode_operations *iops);
struct dentry *pseudofs_create_file(struct pseudofs *pfs, const char *name,
				    umode_t mode, struct dentry *parent,
				    void *data, void *fsdata,
				    const struct file_operations *fops);
struct dentry *pseudofs_create_dir(struct pseudofs *pfs, const char *name,
				   umode_t mode, struct dentry *parent);
struct dentry *pseudofs_create_user_dir(struct pseudofs *pfs, const char *name,
					umode_t mode, struct dentry *parent);
int pseudofs_mkdir(struct mnt_idmap *idmap, struct inode *dir,
		   struct dentry *dentry, umode_t mode);
int pseudofs_rmdir(struct inode *dir, struct dentry *dentry);
struct dentry *pseudofs_create_symlink(struct pseudofs *pfs, const char *name,
				       struct dentry *parent,
				       const char *target);
struct dentry *pseudofs_create_automount(struct pseudofs *pfs,
					 const char *name,
					 struct dentry *parent,
					 void *fsdata, void *data);
struct dentry *pseudofs_lookup(struct pseudofs *pfs, const char *name,
			       struct dentry *parent);
void pseudofs_remove(struct pseudofs *pfs, struct dentry *dentry);
struct dentry *pseudofs_rename(struct pseudofs *pfs, struct dentry *old_dir,
			       struct dentry *old_dentry,
			       struct dentry *new_dir, const char *new_name);

#endif /* _LINUX_PSEUDOFS_H */
